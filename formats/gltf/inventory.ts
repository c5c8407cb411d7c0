/**
 * What a .gltf/.glb offers the exporter (`ewzanim export animation --list`, the VS Code quick
 * picks): its animations with their lengths and interpolations, its skins, its meshes.
 */
import type { Document } from '@gltf-transform/core';
import { accessorValues } from './accessorValues';
import { GltfPointers } from './pointers';
import { frameCountFor, type Interpolation } from './sampler';
import { localSpaceDifference, type LocalSpaceDifference } from './scene';
import { drivenJointCount } from './selection';

export interface AnimationEntry {
  index: number;
  name: string;
  channels: number;
  /** Latest key time of any channel with readable times (seconds). */
  lastKeyTime: number;
  /** Frames the export writes at the frame rate asked for. */
  frameCount: number;
  interpolations: Interpolation[];
  /** Of each skin, how many joints this animation moves (a channel on the joint or an ancestor). */
  drivenJoints: number[];
}

export interface SkinEntry {
  index: number;
  name: string;
  joints: number;
  hasInverseBindMatrices: boolean;
  localSpace?: LocalSpaceDifference;
}

export interface MeshEntry {
  index: number;
  name: string;
  primitives: number;
  vertices: number;
  skinned: boolean;
}

export interface GltfInventory {
  animations: AnimationEntry[];
  skins: SkinEntry[];
  meshes: MeshEntry[];
}

export function gltfInventory(document: Document, frameRate: number): GltfInventory {
  const root = document.getRoot();
  const pointers = new GltfPointers(document);
  const skins = root.listSkins();
  const skinnedMeshes = new Set(root.listNodes().filter((n) => n.getSkin()).map((n) => n.getMesh()));
  return {
    animations: root.listAnimations().map((animation) => {
      let lastKeyTime = 0;
      for (const sampler of animation.listSamplers()) {
        const input = sampler.getInput();
        if (!input || input.getCount() === 0) continue;
        const { values } = accessorValues(input);
        const last = values[values.length - 1];
        if (Number.isFinite(last)) lastKeyTime = Math.max(lastKeyTime, last);
      }
      return {
        index: pointers.animationIndex(animation),
        name: animation.getName(),
        channels: animation.listChannels().length,
        lastKeyTime,
        frameCount: frameCountFor(lastKeyTime, frameRate),
        interpolations: [...new Set(animation.listSamplers().map((s) => s.getInterpolation() as Interpolation))],
        drivenJoints: skins.map((skin) => drivenJointCount(animation, skin)),
      };
    }),
    skins: skins.map((skin) => {
      const difference = localSpaceDifference(document, skin);
      return {
        index: pointers.skinIndex(skin),
        name: skin.getName(),
        joints: skin.listJoints().length,
        hasInverseBindMatrices: skin.getInverseBindMatrices() !== null,
        ...(difference ? { localSpace: difference } : {}),
      };
    }),
    meshes: root.listMeshes().map((mesh) => ({
      index: pointers.meshIndex(mesh),
      name: mesh.getName(),
      primitives: mesh.listPrimitives().length,
      vertices: mesh.listPrimitives().reduce((sum, p) => sum + (p.getAttribute('POSITION')?.getCount() ?? 0), 0),
      skinned: skinnedMeshes.has(mesh),
    })),
  };
}
