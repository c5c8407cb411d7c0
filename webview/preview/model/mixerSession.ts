/**
 * The mixer's side of the preview model: the clips offered as the second action, the one asked
 * for while its bytes travel, the one loaded (kept across reloads of the first clip), and the
 * mixer itself (mixerMode.ts over the core's AnimationMixer). No DOM.
 */
import type { MixerLoop } from '../../../formats/mixer';
import type { ClipChoice, PreviewFile } from '../../../protocol/preview';
import { MixerMode } from '../mixerMode';
import type { SceneClip } from '../scene';

export interface SecondClip {
  uri: string;
  name: string;
  bytes: Uint8Array;
}

export class MixerSession {
  mixer?: MixerMode;
  /** Clips of the first clip's bone count, as the host listed them. */
  choices: ClipChoice[] = [];
  /** The clip asked for with `loadMixClip`, until its bytes come. */
  pending?: ClipChoice;
  /** The second clip in the mix, kept so that a reload of the first clip keeps the mix. */
  second?: SecondClip;
  /** Told whenever the mixer starts (again) or stops: the layers bind to it. */
  started?: (mixer: MixerMode | undefined) => void;

  /** Starts the mixer on `clip` (again, after a reload), with the second clip if one was mixed; returns why that one no longer mixes. */
  start(clip: SceneClip, frameRate: number, loop: MixerLoop, frame: number): string | undefined {
    this.mixer = new MixerMode(clip.name, clip.bytes, frameRate);
    this.mixer.setLoop(loop);
    this.mixer.seek(frame);
    this.started?.(this.mixer);
    const second = this.second;
    if (!second) return undefined;
    this.second = undefined;
    return this.mix(second);
  }

  stop(): void {
    this.mixer = undefined;
    this.started?.(undefined);
  }

  /** The choice asked for; undefined when `uri` is not offered (or is the clip already mixed). */
  choose(uri: string): ClipChoice | undefined {
    const choice = this.choices.find((c) => c.uri === uri);
    if (!choice || choice.uri === this.second?.uri) return undefined;
    this.pending = choice;
    return choice;
  }

  /** The bytes of a clip asked for: mixed as the second action, or why not. */
  receive(file: PreviewFile): string | undefined {
    if (this.pending?.uri === file.uri) this.pending = undefined;
    return this.mix({ uri: file.uri, name: file.name, bytes: file.bytes });
  }

  /** The host could not read the clip asked for. */
  failed(uri: string): void {
    if (this.pending?.uri === uri) this.pending = undefined;
  }

  /** Sets an action's weight (0 or more); false without that action. */
  setWeight(action: 0 | 1, weight: number): boolean {
    const a = this.mixer?.actions[action];
    if (!a) return false;
    a.weight = Math.max(0, weight);
    this.mixer!.advance(0);
    return true;
  }

  /** Sets an action's speed (its time scale; negative plays backwards); false without that action or a number. */
  setSpeed(action: 0 | 1, speed: number): boolean {
    const a = this.mixer?.actions[action];
    if (!a || !Number.isFinite(speed)) return false;
    a.timeScale = speed;
    return true;
  }

  /** Crossfades to the clip that shows less over `seconds`; false without a second clip. */
  crossfade(seconds: number): boolean {
    if (!this.mixer?.secondary) return false;
    this.mixer.crossfade(Math.max(0, seconds));
    return true;
  }

  private mix(clip: SecondClip): string | undefined {
    if (!this.mixer) return undefined;
    try {
      this.mixer.setSecondary(clip.name, clip.bytes);
      this.second = clip;
      return undefined;
    } catch (error) {
      return `${clip.name} cannot be mixed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
}
