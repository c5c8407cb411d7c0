/**
 * What the layers panel shows, derived from the model alone so that its widgets cannot drift
 * from the mix: each layer's clip (or the one on its way), its layer number, the weight in
 * effect, speed, blend mode and mask (a tick per bone, with the bone's name where known), the
 * presets or why there are none; each attachment's mesh, bone and offset (rotation as Euler
 * degrees, XYZ). No DOM; layersPanel.ts renders it.
 */
import { boneRangesText } from '../../../formats/mixer/boneMask';
import { eulerDegrees } from '../../../formats/rotationMath';
import type { PreviewModel } from '../model/previewModel';
import { BUILTIN_BOX } from './attachments';

export interface LayerView {
  id: number;
  /** Its layer number: 1 is just over the base (the shown clip), higher numbers on top. */
  layer: number;
  /** The clip chosen ('' for none yet). */
  uri: string;
  name: string;
  /** Set while the clip's bytes are on their way. */
  loading: boolean;
  /** The weight in effect (the action's, once mixed). */
  weight: number;
  speed: number;
  additive: boolean;
  /** Per bone: whether the mask reaches it (weight above 0). */
  maskBones: boolean[];
  /** "all bones", "10 of 24 bones" */
  maskText: string;
  /** The bones the mask reaches, as ranges ("1-14, 33-39"; '' for every bone). */
  maskRanges: string;
  /** The preset the mask equals, else 'custom'. */
  preset: 'all' | 'upper' | 'lower' | 'custom';
  canMoveUp: boolean;
  canMoveDown: boolean;
}

export interface AttachmentView {
  id: number;
  /** A mesh file's URI, or `builtin:box`. */
  mesh: string;
  name: string;
  loading: boolean;
  bone: number;
  position: [number, number, number];
  /** Euler XYZ in degrees, as the fields show it. */
  rotation: [number, number, number];
  scale: number;
}

export interface LayersPanelState {
  /** The layers part shows in mixer mode; attachments show in every mode. */
  layersVisible: boolean;
  layers: LayerView[];
  clipChoices: { uri: string; name: string }[];
  /** The label of each bone of the shown clip. */
  bones: string[];
  /** Why the upper/lower presets are unavailable ('' when they are available). */
  presetsUnavailable: string;
  attachments: AttachmentView[];
  /** The built-in box first, then the pack's meshes. */
  meshChoices: { uri: string; name: string }[];
}

export function layersPanelState(model: PreviewModel): LayersPanelState {
  const layers = model.layers;
  const bones = Array.from({ length: model.boneCount }, (_, b) => model.boneLabel(b));
  const presets = layers.presets;
  const count = layers.stack.layers.length;
  return {
    layersVisible: model.mode === 'mixer',
    layers: layers.stack.layers.map((l, i): LayerView => {
      const reached = bones.map((_, b) => !l.mask || l.mask[b] > 0);
      const list = reached.flatMap((on, b) => (on ? [b] : []));
      const full = !l.mask || l.mask.every((w) => w === 1);
      const key = list.join();
      const preset = full ? 'all' : !('unavailable' in presets) && l.mask!.every((w) => w === 0 || w === 1) ? (key === presets.upper.join() ? 'upper' : key === presets.lower.join() ? 'lower' : 'custom') : 'custom';
      return {
        id: l.id, layer: i + 1, uri: l.uri, name: l.name, loading: l.pending,
        weight: l.action ? l.action.getEffectiveWeight() : l.weight, speed: l.speed, additive: l.additive,
        maskBones: reached, maskText: !l.mask ? 'all bones' : `${list.length} of ${bones.length} bones`,
        maskRanges: l.mask ? boneRangesText(list) : '', preset,
        canMoveUp: i < count - 1, canMoveDown: i > 0,
      };
    }),
    clipChoices: model.mix.choices.map((c) => ({ uri: c.uri, name: c.name })),
    bones,
    presetsUnavailable: 'unavailable' in presets ? presets.unavailable : '',
    attachments: layers.attachments.items.map((a): AttachmentView => {
      const e = eulerDegrees(a.offset.rotation);
      return {
        id: a.id, mesh: a.mesh, name: a.name, loading: a.pending, bone: a.bone,
        position: [...a.offset.position], rotation: [round(e.x), round(e.y), round(e.z)], scale: a.offset.scale,
      };
    }),
    meshChoices: [{ uri: BUILTIN_BOX, name: 'Box (built in)' }, ...layers.meshChoices.map((m) => ({ uri: m.uri, name: m.name }))],
  };
}

/** Degrees to 0.01 (what a field shows). */
function round(degrees: number): number {
  return Math.round(degrees * 100) / 100 + 0;
}
