/**
 * The mixer panel's actions on the model: choose the second clip (asked of the host), set an
 * action's weight or speed, crossfade; and the host's answers (the clips to choose from, the
 * second clip or why it did not load). The mix itself is the MixerSession; the model hears what
 * changed through `MixerControlsHost`.
 */
import type { HostToPreviewMessage, PreviewToHostMessage } from '../../../protocol/preview';
import type { MixerSession } from './mixerSession';

export interface MixerControlsHost {
  post(message: PreviewToHostMessage): void;
  /** The mix changed (and the pose with it); `problem` says why a clip did not mix. */
  mixChanged(problem: string | undefined): void;
  /** The panel's state changed, not the pose. */
  panelChanged(): void;
  play(): void;
  /** The second clip arrived and is about to be mixed (the layers take it too), and after it was. */
  secondArriving(uri: string): void;
  secondArrived(): void;
}

/** The host's answers about the mix: the clips to choose from, the second clip, or why it did not load. */
export type MixerAnswer = Extract<HostToPreviewMessage, { type: 'clips' | 'mixClip' | 'mixClipFailed' }>;

export class MixerControls {
  constructor(
    private readonly mix: MixerSession,
    private readonly host: MixerControlsHost,
  ) {}

  receive(answer: MixerAnswer): void {
    switch (answer.type) {
      case 'clips':
        this.mix.choices = answer.clips;
        this.host.panelChanged();
        return;
      case 'mixClip':
        this.host.secondArriving(answer.file.uri);
        this.host.mixChanged(this.mix.receive(answer.file));
        this.host.secondArrived();
        return;
      case 'mixClipFailed':
        this.mix.failed(answer.uri);
        this.host.mixChanged(answer.reason);
        return;
    }
  }

  /** Asks the host for the clips that can be mixed (mixer mode started). */
  listClips(): void {
    this.host.post({ type: 'listClips' });
  }

  /** Asks the host for a clip of `uri` to mix (the panel's choice). */
  chooseClip(uri: string): void {
    if (this.mix.choose(uri)) this.host.post({ type: 'loadMixClip', uri });
    this.host.panelChanged();
  }

  setWeight(action: 0 | 1, weight: number): void {
    if (this.mix.setWeight(action, weight)) this.host.mixChanged(undefined);
  }

  setSpeed(action: 0 | 1, speed: number): void {
    if (this.mix.setSpeed(action, speed)) this.host.panelChanged();
  }

  /** Crossfades to the clip that shows less over `seconds`, and plays. */
  crossfade(seconds: number): void {
    if (!this.mix.crossfade(seconds)) return;
    this.host.mixChanged(undefined);
    this.host.play();
  }
}
