/**
 * The models of one NRes file, ready to pose: layout and animation from the core
 * (`openMshBytes`, `readMshAnimationFromBytes`), node parents and names, and the poses the
 * runtime's sampling gives (`poseMshModel`, with the two-pose blend).
 */
import type { vec3 } from 'gl-matrix';
import { type MshAnimation, type MshModelLayout, type MshModelPose, NO_PARENT, nodeName, nodeParent, openMshBytes, poseMshModel, readMshAnimationFromBytes } from '../../formats/msh';
import { fitPositions, nodePositions, type Fit } from './scene';

/** Frames sampled to fit the camera (evenly spread over longer animations). */
const FIT_SAMPLES = 64;

export interface PosableModel {
  layout: MshModelLayout;
  animation: MshAnimation;
  parents: (number | undefined)[];
  names: (string | undefined)[];
  fit: Fit;
}

export interface OpenedFile {
  models: PosableModel[];
  /** Why nothing can be posed, when `models` is empty. */
  problem?: string;
}

export function openModels(bytes: Uint8Array): OpenedFile {
  const { layout } = openMshBytes(bytes);
  if (layout.container === 'rsli') return { models: [], problem: 'An RsLi container: encrypted and compressed, out of scope.' };
  const models: PosableModel[] = [];
  for (const model of layout.models) {
    const animation = model.animated ? readMshAnimationFromBytes(bytes, model) : undefined;
    if (!animation) continue;
    const parents = [...Array(model.nodeCount).keys()].map((node) => {
      const parent = nodeParent(model, node);
      return parent === NO_PARENT ? undefined : parent;
    });
    const names = [...Array(model.nodeCount).keys()].map((node) => nodeName(model, node));
    models.push({ layout: model, animation, parents, names, fit: fitOver(animation, model.frameCount) });
  }
  if (models.length === 0) return { models, problem: layout.models.length === 0 ? 'No model in this file (run the checks: Problems panel).' : 'No model can be posed (Res1, Res8 and Res19 are needed; see the Problems panel).' };
  return { models };
}

function fitOver(animation: MshAnimation, frames: number): Fit {
  const positions: vec3[] = [];
  const samples = Math.max(1, Math.min(frames, FIT_SAMPLES));
  for (let i = 0; i < samples; i++) positions.push(...nodePositions(poseMshModel(animation, samples === 1 ? 0 : (i * (frames - 1)) / (samples - 1))));
  return fitPositions(positions);
}

/** The model at time `t` (frames), blended towards `blendTime` by `weight` when weight > 0. */
export function poseAt(model: PosableModel, t: number, blendTime: number, weight: number): MshModelPose {
  return weight > 0 ? poseMshModel(model.animation, t, { time: blendTime, blend: weight }) : poseMshModel(model.animation, t);
}
