/**
 * JSON pointers for the objects of a read Document. @gltf-transform keeps every list in the
 * order of the file's JSON arrays when it reads one, so an object's index in its root list is
 * its index in the file.
 */
import type { Accessor, Animation, AnimationChannel, AnimationSampler, Document, Mesh, Node, Skin } from '@gltf-transform/core';

export class GltfPointers {
  private readonly nodes: Map<Node, number>;
  private readonly accessors: Map<Accessor, number>;
  private readonly animations: Map<Animation, number>;
  private readonly skins: Map<Skin, number>;
  private readonly meshes: Map<Mesh, number>;

  constructor(document: Document) {
    const root = document.getRoot();
    this.nodes = indexMap(root.listNodes());
    this.accessors = indexMap(root.listAccessors());
    this.animations = indexMap(root.listAnimations());
    this.skins = indexMap(root.listSkins());
    this.meshes = indexMap(root.listMeshes());
  }

  nodeIndex(node: Node): number {
    return this.nodes.get(node) ?? -1;
  }

  node(node: Node): string {
    return `/nodes/${this.nodeIndex(node)}`;
  }

  accessor(accessor: Accessor): string {
    return `/accessors/${this.accessors.get(accessor) ?? -1}`;
  }

  animationIndex(animation: Animation): number {
    return this.animations.get(animation) ?? -1;
  }

  animation(animation: Animation): string {
    return `/animations/${this.animationIndex(animation)}`;
  }

  channel(animation: Animation, channel: AnimationChannel): string {
    return `${this.animation(animation)}/channels/${animation.listChannels().indexOf(channel)}`;
  }

  sampler(animation: Animation, sampler: AnimationSampler): string {
    return `${this.animation(animation)}/samplers/${animation.listSamplers().indexOf(sampler)}`;
  }

  skinIndex(skin: Skin): number {
    return this.skins.get(skin) ?? -1;
  }

  skin(skin: Skin): string {
    return `/skins/${this.skinIndex(skin)}`;
  }

  meshIndex(mesh: Mesh): number {
    return this.meshes.get(mesh) ?? -1;
  }

  mesh(mesh: Mesh): string {
    return `/meshes/${this.meshIndex(mesh)}`;
  }
}

function indexMap<T>(items: readonly T[]): Map<T, number> {
  return new Map(items.map((item, index) => [item, index]));
}

/** A node's name, else `node N`: how messages and reports name joints. */
export function nodeLabel(node: Node, pointers: GltfPointers): string {
  const name = node.getName();
  return name ? `"${name}"` : `node ${pointers.nodeIndex(node)}`;
}
