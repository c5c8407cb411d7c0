/**
 * The mixer's controls in the side panel: the second clip (clips of the same bone count, from
 * the host, after a "none" entry), per action a weight slider and a speed, the crossfade
 * duration and button, the effective weights, and the way back to the console's exact frames.
 * `render` shows a MixerPanelState (model/mixerPanelState.ts) and nothing else, so the widgets
 * always say what the model mixes.
 */
import { formatDecimals } from '../../formats/numberText';
import type { ValueElement } from './dom';
import type { MixerActionView, MixerChoiceView, MixerPanelState } from './model/mixerPanelState';

export interface MixerPanelEvents {
  chooseClip(uri: string): void;
  weight(action: 0 | 1, value: number): void;
  speed(action: 0 | 1, value: number): void;
  crossfade(seconds: number): void;
  exactFrames(): void;
}

/** The first entry of the choice: no second clip. */
const NONE_LABEL = 'None: pick a clip to mix';

export class MixerPanel {
  private readonly names: HTMLElement[];
  private readonly weights: HTMLInputElement[];
  private readonly speeds: ValueElement[];
  private readonly clipSelect: ValueElement;
  private readonly crossfadeButton: HTMLElement;
  private readonly weightText: HTMLElement;
  private readonly second: HTMLElement;
  private shownChoices = '';

  constructor(private readonly root: HTMLElement, events: MixerPanelEvents) {
    const action = (i: 0 | 1): string => `
      <div class="action" data-action="${i}">
        <span class="name"></span>
        <label for="mix-weight-${i}">Weight</label>
        <input id="mix-weight-${i}" type="range" min="0" max="1" step="0.01" value="${i === 0 ? 1 : 0}" aria-label="Weight of ${i === 0 ? 'the first' : 'the second'} clip">
        <span></span>
        <label>Speed</label>
        <vscode-textfield id="mix-speed-${i}" type="number" min="-4" max="4" step="0.25" value="1" title="Speed of this clip (its time scale; negative plays backwards)" aria-label="Speed of ${i === 0 ? 'the first' : 'the second'} clip"></vscode-textfield>
        <span>x</span>
      </div>`;
    root.innerHTML = `
      <h3>Mixer</h3>
      ${action(0)}
      <label for="mix-clip">Second clip (same bone count)</label>
      <vscode-single-select id="mix-clip" aria-label="Second clip (same bone count)"></vscode-single-select>
      <div id="mix-status" role="status"></div>
      <div id="mix-second" hidden>${action(1)}</div>
      <div class="row">
        <vscode-textfield id="mix-duration" type="number" min="0" step="0.1" value="0.5" title="Crossfade duration in seconds" aria-label="Crossfade duration in seconds"></vscode-textfield> s
        <vscode-button id="mix-crossfade" disabled title="Fade the clip that shows most out and the other in">Crossfade</vscode-button>
      </div>
      <div class="weights" id="mix-weights"></div>
      <vscode-button id="mix-exact" secondary title="Back to exact frames, as keyframe_bind draws them">Exact frames</vscode-button>`;
    const q = <T extends HTMLElement>(id: string): T => root.querySelector<T>(`#${id}`)!;
    this.names = [0, 1].map((i) => root.querySelector<HTMLElement>(`.action[data-action="${i}"] .name`)!);
    this.weights = [q<HTMLInputElement>('mix-weight-0'), q<HTMLInputElement>('mix-weight-1')];
    this.speeds = [q<ValueElement>('mix-speed-0'), q<ValueElement>('mix-speed-1')];
    this.clipSelect = q('mix-clip');
    this.crossfadeButton = q('mix-crossfade');
    this.weightText = q('mix-weights');
    this.second = q('mix-second');
    const duration = q<ValueElement>('mix-duration');
    for (const i of [0, 1] as const) {
      this.weights[i].addEventListener('input', () => events.weight(i, Number(this.weights[i].value)));
      this.speeds[i].addEventListener('change', () => events.speed(i, Number(this.speeds[i].value)));
    }
    this.clipSelect.addEventListener('change', () => { if (this.clipSelect.value) events.chooseClip(this.clipSelect.value); });
    const crossfade = (): void => { if (!this.crossfadeButton.hasAttribute('disabled')) events.crossfade(Math.max(0, Number(duration.value) || 0)); };
    this.crossfadeButton.addEventListener('click', crossfade);
    q('mix-exact').addEventListener('click', () => events.exactFrames());
  }

  render(state: MixerPanelState): void {
    this.root.hidden = !state.visible;
    if (!state.visible) return;
    this.showChoices(state.choices, state.chosen);
    this.root.querySelector('#mix-status')!.textContent = state.loading ? `Loading ${state.loading}...` : '';
    this.showAction(0, state.first);
    this.second.hidden = !state.second;
    this.showAction(1, state.second);
    this.crossfadeButton.toggleAttribute('disabled', !state.crossfadeEnabled);
    this.weightText.textContent = state.weightsText;
    this.root.dataset.weights = [state.first, state.second].filter((a): a is MixerActionView => Boolean(a)).map((a) => formatDecimals(a.weight, 3)).join(',');
  }

  private showAction(i: 0 | 1, action: MixerActionView | undefined): void {
    if (!action) return;
    this.names[i].textContent = action.name;
    // A slider being dragged keeps the pointer's value; the model follows it.
    if (Number(this.weights[i].value) !== action.weight && document.activeElement !== this.weights[i]) this.weights[i].value = String(action.weight);
    if (document.activeElement !== this.speeds[i] && Number(this.speeds[i].value) !== action.speed) this.speeds[i].value = String(action.speed);
  }

  /** The options (rebuilt only when the list changes, so an open list stays open) and the one chosen. */
  private showChoices(choices: MixerChoiceView[], chosen: string): void {
    const key = JSON.stringify(choices);
    if (key !== this.shownChoices) {
      this.shownChoices = key;
      const none = option('', NONE_LABEL, choices.length ? '' : 'No other clip with this bone count');
      this.clipSelect.replaceChildren(none, ...choices.map((c) => option(c.uri, c.name, c.description)));
    }
    if (this.clipSelect.value !== chosen) this.clipSelect.value = chosen;
  }
}

function option(value: string, label: string, description: string): HTMLElement {
  const element = document.createElement('vscode-option');
  element.setAttribute('value', value);
  if (description) element.setAttribute('description', description);
  element.textContent = label;
  return element;
}
