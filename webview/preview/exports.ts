/** The panel's exports: the frame shown as PNG, and the clip played once, recorded as WebM. */
import type { PreviewToHostMessage } from '../../protocol/preview';
import { encodePng, recordWebm } from './exporter';
import type { PreviewModel } from './model/previewModel';
import type { Stage } from './stage';

export class PreviewExports {
  constructor(
    private readonly model: PreviewModel,
    private readonly stage: Stage,
    private readonly post: (message: PreviewToHostMessage) => void,
  ) {}

  async png(): Promise<void> {
    if (!this.model.scene) return;
    this.stage.drawNow();
    const image = await this.stage.readPixels();
    if (!image) return;
    const bytes = await encodePng(image.width, image.height, image.rgba);
    this.post({ type: 'export', kind: 'png', suggestedName: `${this.model.loaded.baseName}-frame${this.model.currentFrame}.png`, bytes });
  }

  /** Plays the clip once from its first frame while the canvas is recorded, then restores the player. */
  async video(): Promise<void> {
    const model = this.model;
    const canvas = this.stage.renderers.canvas;
    const scene = model.scene;
    if (!canvas || !scene) return;
    model.notes.show('Recording the clip once...');
    const player = model.playback.player;
    const saved = { position: player.position, loop: player.loop, playing: player.playing };
    const started = performance.now();
    let stopWatching = (): void => undefined;
    try {
      model.setPlaying(false);
      const bytes = await recordWebm(canvas, model.playback.frameRate, (done) => {
        model.seek(0);
        if (model.mode === 'mixer') {
          // The mixer has no end: record the first clip's length at the chosen speed.
          setTimeout(() => { model.setPlaying(false); done(); }, (1000 * scene.clip.frames) / model.playback.frameRate / player.speed);
        } else {
          player.loop = 'once';
          stopWatching = model.onChange((change) => { if (change === 'playing' && !model.playing) done(); });
        }
        model.setPlaying(true);
      });
      this.post({ type: 'export', kind: 'webm', suggestedName: `${model.loaded.baseName}.webm`, bytes });
    } catch (error) {
      model.notes.show(`Recording failed after ${Math.round(performance.now() - started)} ms: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      stopWatching();
      player.loop = saved.loop;
      player.position = saved.position;
      model.setPlaying(saved.playing);
      this.stage.drawNow();
    }
  }
}
