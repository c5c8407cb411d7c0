/**
 * What the mixer panel shows, derived from the model alone, so that its widgets cannot drift
 * from the mix: the choice shows the clip mixed (or the one on its way, or none; never a clip
 * that is not loaded), sliders show the weights in effect, Crossfade is enabled only with two
 * clips loaded. No DOM; mixerPanel.ts renders it.
 */
import { formatDecimals } from '../../../formats/numberText';
import type { PreviewModel } from './previewModel';

export interface MixerChoiceView {
  uri: string;
  name: string;
  /** Where it is and how long, and whether the checks found errors in it. */
  description: string;
}

export interface MixerActionView {
  name: string;
  /** The weight in effect (fades included), 0..1: the slider's position. */
  weight: number;
  speed: number;
}

export interface MixerPanelState {
  visible: boolean;
  choices: MixerChoiceView[];
  /** The choice shown: the clip being loaded, else the clip mixed, else '' (no second clip). */
  chosen: string;
  /** Set while the chosen clip's bytes are on their way. */
  loading?: string;
  first?: MixerActionView;
  second?: MixerActionView;
  crossfadeEnabled: boolean;
  /** "first 1.00 · second 0.00" */
  weightsText: string;
}

export function mixerPanelState(model: PreviewModel): MixerPanelState {
  const mix = model.mix;
  const mixer = model.mode === 'mixer' ? mix.mixer : undefined;
  const actions = mixer?.actions ?? [];
  const views = actions.map((a): MixerActionView => ({ name: a.clip.name, weight: a.getEffectiveWeight(), speed: a.timeScale }));
  return {
    visible: model.mode === 'mixer',
    choices: mix.choices.map((c) => ({ uri: c.uri, name: c.name, description: `${c.path} \u00b7 ${c.frames} frames${c.errors ? ` \u00b7 ${c.errors} error${c.errors === 1 ? '' : 's'}` : ''}` })),
    chosen: mix.pending?.uri ?? (mixer?.secondary ? mix.second?.uri ?? '' : ''),
    loading: mix.pending?.name,
    first: views[0],
    second: views[1],
    crossfadeEnabled: Boolean(mixer?.secondary) && !mix.pending,
    weightsText: views.map((v, i) => `${i === 0 ? 'first' : 'second'} ${formatDecimals(v.weight, 2)}`).join(' \u00b7 '),
  };
}
