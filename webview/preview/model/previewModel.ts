/**
 * The clip preview's state without the DOM or the GPU: the scene (clip, skeleton, mesh), the
 * player or the mixer, the playback mode and bone-count rule, what is shown, selection and
 * hover (kept in step with the hex editor), the pose to draw (through pose.ts only), the links'
 * source and the notices. Every change is announced with `onChange`; app.ts connects it to the
 * page and the renderer.
 */
import type { BindRule } from '../../../formats/keyframeBind';
import type { BoneTransform } from '../../../formats/records';
import type { HostToPreviewMessage, LoopMode, PlaybackMode, PreviewToHostMessage } from '../../../protocol/preview';
import { animatedBounds } from '../bounds';
import type { Bounds } from '../camera';
import { Player } from '../player';
import { BONE_OUTPUT_FLOATS, MAX_OUTPUT_BONES, transformAt } from '../pose';
import type { PoseSource, Visibility } from '../renderer';
import { buildScene, poseInputs, type PreviewScene } from '../scene';
import { DEFAULT_VISIBILITY } from '../viewState';
import { Emitter } from './events';
import { MixerSession } from './mixerSession';
import { describeAssets, describeBoneCounts } from './sceneText';
import { SelectionSync } from './selectionSync';
import type { AnimationViewModel, ModelChange } from './viewModel';

export type LoadMessage = Extract<HostToPreviewMessage, { type: 'load' }>;
/** How a load ended: nothing to draw, a first view (fit the camera), or a reload keeping the view. */
export type LoadOutcome = 'fatal' | 'fresh' | 'kept';

export interface PreviewModelOptions {
  /** Runs `task` after `ms` (a notice's expiry); setTimeout by default. */
  later?(task: () => void, ms: number): void;
}

/** How long an export's outcome stays in the notice. */
export const NOTICE_MS = 6000;

export class PreviewModel implements AnimationViewModel {
  scene?: PreviewScene;
  player = new Player(1, 30);
  mode: PlaybackMode = 'stamp';
  rule: BindRule = 'console';
  show: Visibility = { ...DEFAULT_VISIBILITY };
  frameRate = 30;
  readonly mix = new MixerSession();
  readonly selection = new SelectionSync();
  /** The last load's source of links, bone names and the reason nothing draws. */
  private loaded: { linkSource?: string; boneNames?: readonly string[]; fatal?: string; axesChosen: boolean } = { axesChosen: false };
  /** A notice that expires (export outcomes), and the last such notice (tests read it). */
  private flash: { text?: string; last?: string } = {};
  private fitted?: { rule: BindRule; bounds: Bounds };
  private readonly changes = new Emitter<ModelChange>();
  private readonly mixedPose = new Float32Array(MAX_OUTPUT_BONES * BONE_OUTPUT_FLOATS);

  constructor(private readonly post: (message: PreviewToHostMessage) => void, private readonly options: PreviewModelOptions = {}) {}

  onChange(listener: (change: ModelChange) => void): () => void {
    return this.changes.on(listener);
  }

  // ---- Host messages ------------------------------------------------------------------------

  load(message: LoadMessage): LoadOutcome {
    this.frameRate = message.frameRate;
    const result = buildScene(message.clip, message.skeleton, message.mesh);
    if ('fatal' in result) {
      this.scene = undefined;
      this.loaded = { ...this.loaded, fatal: result.fatal };
      this.emit('scene');
      return 'fatal';
    }
    const scene = result.scene;
    const keep = message.keepState && this.scene !== undefined;
    const previous = this.player;
    this.scene = scene;
    this.fitted = undefined;
    this.loaded = { linkSource: message.linkSource, boneNames: message.boneNames, axesChosen: this.loaded.axesChosen };
    this.player = new Player(scene.clip.frames, this.frameRate);
    Object.assign(this.player, { speed: previous.speed, loop: previous.loop, mode: previous.mode });
    if (keep) {
      this.player.playing = previous.playing;
      this.player.position = Math.min(previous.position, scene.clip.frames - 1);
      if (this.selection.selectedBone >= scene.clip.bones) this.selection.selectedBone = -1;
    } else {
      this.selection.selectedBone = -1;
      if (!this.loaded.axesChosen) this.show = { ...this.show, axes: !scene.mesh };
    }
    // A reload replaces the mixer's first clip: start the mixer again from it, with the same second clip.
    this.mix.stop();
    if (this.mode === 'mixer') this.startMixer();
    this.emit('scene');
    return keep ? 'kept' : 'fresh';
  }

  handle(message: Exclude<HostToPreviewMessage, LoadMessage>): void {
    switch (message.type) {
      case 'select': this.selectFromHost(message.frame, message.bone); break;
      case 'frameRate':
        this.frameRate = message.frameRate;
        this.player.frameRate = message.frameRate;
        break;
      case 'clips':
        this.mix.choices = message.clips;
        this.emit('mixer');
        break;
      case 'mixClip': this.noteMixProblem(this.mix.receive(message.file)); break;
      case 'mixClipFailed':
        this.mix.failed(message.uri);
        this.noteMixProblem(message.reason);
        break;
      case 'exported': this.flashNotice(exportOutcome(message.kind, message.outcome, message.detail)); break;
    }
  }

  // ---- Time ---------------------------------------------------------------------------------

  private get mixing(): boolean {
    return this.mode === 'mixer' && this.mix.mixer !== undefined;
  }

  get frameCount(): number {
    return this.scene?.clip.frames ?? 0;
  }

  get currentFrame(): number {
    // Seconds back to frames: 12 / 30 * 30 may land a hair under 12.
    return this.mixing ? Math.floor(this.mix.mixer!.position + 1e-6) : this.player.frame;
  }

  get position(): number {
    return this.mixing ? this.mix.mixer!.position : this.player.position;
  }

  get playing(): boolean {
    return this.player.playing;
  }

  setPlaying(playing: boolean): void {
    if (this.player.playing === playing || (playing && !this.scene)) return;
    this.player.playing = playing;
    this.emit('playing');
    if (!playing) this.reportSelection();
  }

  advance(seconds: number): boolean {
    if (!this.player.playing) return false;
    let changed: boolean;
    if (this.mixing) {
      this.mix.mixer!.advance(seconds * this.player.speed);
      changed = true;
      this.emit('mixer');
    } else {
      changed = this.player.advance(seconds);
    }
    if (changed) this.emit('time');
    if (!this.player.playing) {
      this.emit('playing');
      this.reportSelection();
    }
    return changed;
  }

  /** Stops and shows `frame` (clamped to the clip). */
  seek(frame: number): void {
    if (!this.scene) return;
    this.setPlaying(false);
    const clamped = Math.min(this.scene.clip.frames - 1, Math.max(0, Math.round(frame)));
    if (this.mixing) {
      this.mix.mixer!.seek(clamped);
      this.emit('mixer');
    }
    this.player.seek(clamped);
    this.emit('time');
  }

  /** Steps `delta` frames (wrapping one step in repeat mode) and tells the other views. */
  stepBy(delta: number): void {
    if (!this.scene) return;
    this.setPlaying(false);
    if (this.mixing) this.seek(this.currentFrame + delta);
    else if (Math.abs(delta) === 1) this.player.step(delta as 1 | -1);
    else this.player.seek(this.player.frame + delta);
    this.emit('time');
    this.reportSelection();
  }

  /** Seeks and tells the other views (the frame field, Home/End, the end of a scrub). */
  goTo(frame: number): void {
    this.seek(frame);
    this.reportSelection();
  }

  // ---- Settings -----------------------------------------------------------------------------

  setMode(mode: PlaybackMode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    if (mode !== 'mixer') this.player.mode = mode;
    else if (!this.mix.mixer) {
      this.startMixer();
      this.post({ type: 'listClips' });
    }
    this.emit('settings');
    this.emit('mixer');
  }

  setRule(rule: BindRule): void {
    this.rule = rule;
    this.emit('settings');
  }

  setSpeed(speed: number): void {
    this.player.speed = speed > 0 ? speed : 1;
    this.emit('settings');
  }

  setLoop(loop: LoopMode): void {
    this.player.loop = loop;
    this.mix.mixer?.setLoop(loop);
    this.emit('settings');
  }

  /** Shows or hides a part of the view; the axes' default follows the mesh until the user chooses. */
  setVisible(what: keyof Visibility, visible: boolean): void {
    if (what === 'axes') this.loaded.axesChosen = true;
    this.show = { ...this.show, [what]: visible };
    this.emit('settings');
  }

  // ---- Bones --------------------------------------------------------------------------------

  get boneCount(): number {
    return this.scene?.clip.bones ?? 0;
  }

  get selectedBone(): number {
    return this.selection.selectedBone;
  }

  get hoveredBone(): number {
    return this.selection.hoveredBone;
  }

  boneLabel(bone: number): string {
    return this.loaded.boneNames?.[bone] || `bone ${bone}`;
  }

  /** A remark on a bone in the list ("not in skeleton"). */
  boneNote(bone: number): string | undefined {
    const skeleton = this.scene?.skeleton;
    return skeleton && bone >= skeleton.bones ? 'not in skeleton' : undefined;
  }

  hover(bone: number): void {
    this.selection.hoveredBone = bone;
    this.emit('hover');
  }

  /** Selects `bone`, or clears the selection when it is selected; the other views follow. */
  selectBone(bone: number): void {
    this.selection.selectedBone = this.selection.selectedBone === bone ? -1 : bone;
    this.emit('selection');
    if (this.selection.selectedBone >= 0) this.sendSelection(this.selection.report(this.currentFrame, true));
  }

  /** The selected (else hovered) bone's transform at the shown time, for the readout. */
  readout(): { bone: number; label: string; where: string; transform: BoneTransform } | undefined {
    const scene = this.scene;
    const bone = this.selectedBone >= 0 ? this.selectedBone : this.hoveredBone;
    if (!scene || bone < 0 || bone >= scene.clip.bones) return undefined;
    const frame = this.currentFrame;
    const blend = this.mode === 'blended' && this.position !== frame ? ` +${(this.position - frame).toFixed(2)}` : '';
    const where = this.mode === 'mixer' ? `mixed, frame ${frame}` : `frame ${frame}${blend}`;
    const transform = this.mixing ? this.mix.mixer!.transformOf(bone) : transformAt(poseInputs(scene), this.player.request(), bone);
    const name = this.loaded.boneNames?.[bone];
    return { bone, label: name ? `${name} (bone ${bone})` : `bone ${bone}`, where, transform };
  }

  /** Tells the host (and so the hex editor) where the user is, once per change. */
  reportSelection(): void {
    if (!this.scene || this.player.playing) return;
    this.sendSelection(this.selection.report(this.currentFrame));
  }

  private selectFromHost(frame: number, bone: number): void {
    if (!this.selection.receive(frame, bone) || !this.scene) return;
    this.seek(frame);
    this.selection.selectedBone = bone >= 0 && bone < this.scene.clip.bones ? bone : -1;
    this.selection.reported(this.currentFrame);
    this.emit('selection');
  }

  private sendSelection(selection: { frame: number; bone: number } | undefined): void {
    if (selection) this.post({ type: 'selected', ...selection });
  }

  // ---- What is drawn ------------------------------------------------------------------------

  pose(): PoseSource | undefined {
    const scene = this.scene;
    if (!scene) return undefined;
    if (this.mixing) return { kind: 'matrices', pose: this.mixedPose, bones: this.mix.mixer!.poseMatrices(poseInputs(scene), this.mixedPose) };
    return { kind: 'keyframes', request: this.player.request(), rule: this.rule };
  }

  /** The bounds Fit frames: the animated bounds under the rule shown, computed once per scene and rule. */
  fitBounds(): Bounds | undefined {
    const scene = this.scene;
    if (!scene) return undefined;
    if (!this.fitted || this.fitted.rule !== this.rule) this.fitted = { rule: this.rule, bounds: animatedBounds(scene, this.rule) };
    return this.fitted.bounds;
  }

  /** The line above the view: clip, skeleton, mesh and where they came from. */
  get assetsLine(): string {
    return this.scene ? describeAssets(this.scene, this.loaded.linkSource) : '';
  }

  /** The bone-count banner's lines: empty when both rules draw alike, and in mixer mode. */
  get mismatchLines(): string[] {
    return this.scene && this.mode !== 'mixer' ? describeBoneCounts(this.scene) : [];
  }

  get notices(): string[] {
    return [this.loaded.fatal, ...(this.scene?.problems ?? []), this.flash.text].filter((l): l is string => Boolean(l));
  }

  /** The problems the host's status reports. */
  get problems(): string[] {
    return this.loaded.fatal ? [this.loaded.fatal] : this.scene?.problems ?? [];
  }

  /** The last expiring notice (tests read it after it expired). */
  get lastNotice(): string | undefined {
    return this.flash.last;
  }

  /** A line in the notice for a few seconds. */
  flashNotice(text: string): void {
    this.flash = { text, last: text };
    this.emit('notice');
    (this.options.later ?? ((task, ms) => void setTimeout(task, ms)))(() => {
      if (this.flash.text !== text) return;
      this.flash = { last: text };
      this.emit('notice');
    }, NOTICE_MS);
  }

  // ---- The mixer ----------------------------------------------------------------------------

  /** Asks the host for a clip of `uri` to mix (the panel's choice). */
  chooseMixClip(uri: string): void {
    if (this.mix.choose(uri)) this.post({ type: 'loadMixClip', uri });
    this.emit('mixer');
  }

  setMixWeight(action: 0 | 1, weight: number): void {
    const a = this.mix.mixer?.actions[action];
    if (!a) return;
    a.weight = Math.max(0, weight);
    this.mix.mixer!.advance(0);
    this.emit('mixer');
    this.emit('time');
  }

  setMixSpeed(action: 0 | 1, speed: number): void {
    const a = this.mix.mixer?.actions[action];
    if (!a || !Number.isFinite(speed)) return;
    a.timeScale = speed;
    this.emit('mixer');
  }

  /** Crossfades to the clip that shows less over `seconds`, and plays. */
  crossfade(seconds: number): void {
    if (!this.mix.mixer?.secondary) return;
    this.mix.mixer.crossfade(Math.max(0, seconds));
    this.emit('mixer');
    this.emit('time');
    this.setPlaying(true);
  }

  private startMixer(): void {
    const scene = this.scene;
    if (!scene) return;
    this.noteMixProblem(this.mix.start(scene.clip, this.frameRate, this.player.loop, this.player.frame));
  }

  private noteMixProblem(problem: string | undefined): void {
    if (problem) this.flashNotice(problem);
    this.emit('mixer');
    this.emit('time');
  }

  /** The file name for exports, without its extension. */
  get baseName(): string {
    return (this.scene?.clip.name ?? 'clip').replace(/\.[^.]+$/, '');
  }

  private emit(change: ModelChange): void {
    this.changes.emit(change);
  }
}

function exportOutcome(kind: 'png' | 'webm', outcome: 'saved' | 'cancelled' | 'failed', detail?: string): string {
  const what = kind === 'png' ? 'PNG' : 'Video';
  if (outcome === 'saved') return `${what} saved${detail ? `: ${detail}` : '.'}`;
  if (outcome === 'cancelled') return `${what} not saved (cancelled).`;
  return `${what} could not be saved${detail ? `: ${detail}` : '.'}`;
}
