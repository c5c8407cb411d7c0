/**
 * Picking what to export: an animation, a skin or a mesh by index or by name (a selector that
 * is a non-negative integer is an index), with the defaults the exporter documents.
 */
import type { Animation, Document, Mesh, Node, Skin } from '@gltf-transform/core';
import type { GltfPointers } from './pointers';
import type { GltfProblemList } from './problems';

export type Selector = string | number;

function quoted(names: readonly string[]): string {
  return names.map((name, index) => `${index} "${name}"`).join(', ');
}

function select<T extends { getName(): string }>(items: readonly T[], selector: Selector): T | undefined {
  if (typeof selector === 'number' || /^\d+$/.test(selector)) return items[Number(selector)];
  return items.find((item) => item.getName() === selector);
}

export function selectAnimation(document: Document, selector: Selector | undefined, problems: GltfProblemList): Animation {
  const animations = document.getRoot().listAnimations();
  if (animations.length === 0) problems.fail('gltf/no-animation', '/animations', 'The file has no animation to export.');
  if (selector === undefined) return animations[0];
  return select(animations, selector) ??
    problems.fail('gltf/no-animation', '/animations', `No animation ${JSON.stringify(String(selector))}; the file has ${quoted(animations.map((a) => a.getName()))}.`);
}

/** How many of `skin`'s joints `animation` moves: through a channel on the joint or on an ancestor. */
export function drivenJointCount(animation: Animation, skin: Skin): number {
  const targets = new Set<Node>();
  for (const channel of animation.listChannels()) {
    const node = channel.getTargetNode();
    if (node && channel.getTargetPath() !== 'weights') targets.add(node);
  }
  const moved = (joint: Node): boolean => {
    // Bounded walk: a malformed file's cycle is reported elsewhere.
    let steps = 0;
    for (let at: Node | null = joint; at && steps < 10_000; at = at.getParentNode(), steps++) if (targets.has(at)) return true;
    return false;
  };
  return skin.listJoints().filter(moved).length;
}

/** `selector`, else the skin whose joints the animation drives most (the first on a tie). */
export function selectSkin(document: Document, animation: Animation | undefined, selector: Selector | undefined, pointers: GltfPointers, problems: GltfProblemList): Skin {
  const skins = document.getRoot().listSkins();
  if (skins.length === 0) problems.fail('gltf/no-skin', '/skins', 'The file has no skin: there are no joints to export.');
  if (selector !== undefined) {
    return select(skins, selector) ?? problems.fail('gltf/no-skin', '/skins', `No skin ${JSON.stringify(String(selector))}; the file has ${quoted(skins.map((s) => s.getName()))}.`);
  }
  if (!animation) return skins[0];
  let best = skins[0];
  let bestCount = -1;
  for (const skin of skins) {
    const count = drivenJointCount(animation, skin);
    if (count > bestCount) {
      best = skin;
      bestCount = count;
    }
  }
  if (bestCount === 0) {
    problems.report('gltf/skin-not-driven', pointers.skin(best), `${pointers.animation(animation)} moves none of the joints of any skin; exporting ${pointers.skin(best)}, whose joints keep their rest pose.`);
  }
  return best;
}

/** `selector`, else the mesh of the first node skinned with `skin`, else the first mesh. */
export function selectMesh(document: Document, skin: Skin | undefined, selector: Selector | undefined, problems: GltfProblemList): Mesh {
  const root = document.getRoot();
  const meshes = root.listMeshes();
  if (meshes.length === 0) problems.fail('gltf/no-mesh', '/meshes', 'The file has no mesh.');
  if (selector !== undefined) {
    return select(meshes, selector) ?? problems.fail('gltf/no-mesh', '/meshes', `No mesh ${JSON.stringify(String(selector))}; the file has ${quoted(meshes.map((m) => m.getName()))}.`);
  }
  const skinned = root.listNodes().find((node) => node.getMesh() && (skin ? node.getSkin() === skin : node.getSkin()));
  return skinned?.getMesh() ?? meshes[0];
}
