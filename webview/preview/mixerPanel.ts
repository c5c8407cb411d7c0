/**
 * The mixer's controls in the side panel: the second clip (clips of the same bone count, from
 * the host), per action a weight slider and a speed, the crossfade duration and button, the
 * effective weights, and the way back to the console's exact frames.
 */
import type { ClipChoice } from '../../protocol/preview';
import type { ValueElement } from './dom';

export interface MixerPanelEvents {
  chooseClip(uri: string): void;
  weight(action: 0 | 1, value: number): void;
  speed(action: 0 | 1, value: number): void;
  crossfade(seconds: number): void;
  exactFrames(): void;
}

export class MixerPanel {
  private readonly names: HTMLElement[];
  private readonly weights: HTMLInputElement[];
  private readonly speeds: ValueElement[];
  private readonly clipSelect: ValueElement;
  private readonly duration: ValueElement;
  private readonly crossfadeButton: HTMLElement;
  private readonly weightText: HTMLElement;
  private readonly second: HTMLElement;

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
    this.duration = q('mix-duration');
    this.crossfadeButton = q('mix-crossfade');
    this.weightText = q('mix-weights');
    this.second = q('mix-second');
    for (const i of [0, 1] as const) {
      this.weights[i].addEventListener('input', () => events.weight(i, Number(this.weights[i].value)));
      this.speeds[i].addEventListener('change', () => {
        const value = Number(this.speeds[i].value);
        if (Number.isFinite(value)) events.speed(i, value);
      });
    }
    this.clipSelect.addEventListener('change', () => { if (this.clipSelect.value) events.chooseClip(this.clipSelect.value); });
    this.crossfadeButton.addEventListener('click', () => events.crossfade(Math.max(0, Number(this.duration.value) || 0)));
    q('mix-exact').addEventListener('click', () => events.exactFrames());
  }

  show(visible: boolean): void {
    this.root.hidden = !visible;
  }

  setPrimary(name: string): void {
    this.names[0].textContent = name;
  }

  /** The clips offered as the second action. */
  setChoices(clips: ClipChoice[]): void {
    const current = this.clipSelect.value;
    this.clipSelect.textContent = '';
    for (const clip of clips) {
      const option = document.createElement('vscode-option') as HTMLElement & { value: string; description: string };
      option.setAttribute('value', clip.uri);
      option.setAttribute('description', `${clip.path} · ${clip.frames} frames`);
      option.textContent = clip.name;
      if (clip.uri === current) option.setAttribute('selected', '');
      this.clipSelect.appendChild(option);
    }
    if (clips.length === 0) this.clipSelect.setAttribute('placeholder', 'No other clip with this bone count');
  }

  setSecondary(name: string): void {
    this.second.hidden = false;
    this.names[1].textContent = name;
    this.weights[1].value = '0';
    this.crossfadeButton.removeAttribute('disabled');
  }

  /** Effective weights after fades (and the sliders, when a crossfade moved a weight from 0 to 1). */
  showWeights(effective: number[], weights: number[]): void {
    weights.forEach((w, i) => { if (Number(this.weights[i].value) !== w) this.weights[i].value = String(w); });
    this.weightText.textContent = effective.map((w, i) => `${i === 0 ? 'first' : 'second'} ${w.toFixed(2)}`).join(' · ');
    this.root.dataset.weights = effective.map((w) => w.toFixed(3)).join(',');
  }
}
