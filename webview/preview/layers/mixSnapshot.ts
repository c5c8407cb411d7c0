/**
 * The mix as a mix file holds it (paths as URIs, for the host to relativise): the base (the
 * shown clip and its crossfade partner) at layer 0 with their weights and speeds, the layers
 * above in order with their masks (weights to 0.001), and the attached meshes. Pure.
 */
import type { MixLayerSpec } from '../../../formats/mixer';
import type { MixWithUris } from '../../../protocol/preview';
import type { MixerSession } from '../model/mixerSession';
import type { PreviewAttachment } from './attachments';
import type { PreviewLayer } from './layerStack';

interface Blend {
  weight: number;
  speed: number;
  additive: boolean;
  mask: Float32Array | null;
}

function spec(clip: string, layer: number, s: Blend): MixLayerSpec {
  return { clip, layer, weight: s.weight, speed: s.speed, additive: s.additive, mask: s.mask ? Array.from(s.mask, (w) => Math.round(w * 1000) / 1000) : null };
}

export function mixSnapshot(shownUri: string, session: MixerSession, layers: readonly PreviewLayer[], attachments: readonly PreviewAttachment[]): MixWithUris {
  const mixer = session.mixer;
  const base: MixLayerSpec[] = [];
  if (mixer) {
    base.push(spec(shownUri, 0, { weight: mixer.primary.weight, speed: mixer.primary.timeScale, additive: false, mask: null }));
    const second = session.second;
    if (mixer.secondary && second) base.push(spec(second.uri, 0, { weight: mixer.secondary.weight, speed: mixer.secondary.timeScale, additive: false, mask: null }));
  }
  return {
    version: 1,
    layers: [...base, ...layers.filter((l) => l.uri).map((l, i) => spec(l.uri, i + 1, l))],
    attachments: attachments.map((a) => ({ mesh: a.mesh, bone: a.bone, position: [...a.offset.position], rotation: [...a.offset.rotation], scale: a.offset.scale })),
  };
}
