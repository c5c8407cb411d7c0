/**
 * The clip preview's state without the DOM or the GPU: the scene (clip, skeleton, mesh), the
 * player or the mixer, the playback mode and bone-count rule, what is shown, selection and
 * hover (kept in step with the hex editor), the pose to draw (through pose.ts only), the links'
 * source and the notices. Every change is announced with `onChange`; app.ts connects it to the
 * page and the renderer.
 */
import type { BindRule } from '../../../formats/keyframeBind';
import { formatDecimals } from '../../../formats/numberText';
import type { BoneTransform } from '../../../formats/records';
import type { HostToPreviewMessage, LoopMode, PlaybackMode, PreviewToHostMessage } from '../../../protocol/preview';
import { animatedBounds } from '../bounds';
import type { Bounds } from '../camera';
import { CurvesModel } from '../curves/curvesModel';
import { GhostModel, type GhostView } from '../ghost/ghostModel';
import { LayersModel } from '../layers/layersModel';
import type { Player } from '../player';
import type { PoseSource, ViewState, Visibility } from '../renderer';
import { buildScene, poseInputs, type PreviewScene } from '../scene';
import type { BonePickGesture } from '../boneSelection';
import { DEFAULT_VISIBILITY } from '../viewState';
import { Emitter } from './events';
import type { MixerSession } from './mixerSession';
import { exportOutcome, localSpaceNotice, Notices } from './notices';
import { Playback } from './playback';
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

export class PreviewModel implements AnimationViewModel {
  scene?: PreviewScene;
  rule: BindRule = 'console';
  show: Visibility = { ...DEFAULT_VISIBILITY };
  readonly playback = new Playback();
  readonly selection = new SelectionSync();
  readonly notes: Notices;
  /** The Curves panel: shown or not, frames in view, the selected bone's channels, the motion findings. */
  readonly curves = new CurvesModel(() => this.emit('settings'));
  /** The mixer's layers above the base, the meshes attached to bones, and the mix file. */
  readonly layers: LayersModel;
  /** A second clip drawn as a ghost at the same frame (Compare Clips' B), and its legend's toggle. */
  readonly ghost = new GhostModel();
  /** The last load's source of links and bone names; whether the user chose the axes toggle. */
  private loaded: { linkSource?: string; boneNames?: readonly string[]; axesChosen: boolean } = { axesChosen: false };
  private fitted?: { rule: BindRule; bounds: Bounds };
  private readonly changes = new Emitter<ModelChange>();

  constructor(private readonly post: (message: PreviewToHostMessage) => void, options: PreviewModelOptions = {}) {
    this.notes = new Notices(options.later ?? ((task, ms) => void setTimeout(task, ms)), () => this.emit('notice'));
    this.layers = new LayersModel({
      post, mix: this.mix, frameRate: () => this.frameRate, scene: () => this.scene,
      changed: () => this.noteMixProblem(undefined), notice: (text) => this.flashNotice(text), enterMixer: () => this.setMode('mixer'),
    });
  }

  onChange(listener: (change: ModelChange) => void): () => void {
    return this.changes.on(listener);
  }

  get player(): Player {
    return this.playback.player;
  }

  get mode(): PlaybackMode {
    return this.playback.mode;
  }

  get mix(): MixerSession {
    return this.playback.mix;
  }

  get frameRate(): number {
    return this.playback.frameRate;
  }

  // ---- Host messages ------------------------------------------------------------------------

  load(message: LoadMessage): LoadOutcome {
    this.playback.frameRate = message.frameRate;
    const result = buildScene(message.clip, message.skeleton, message.mesh);
    this.notes.localSpace = 'fatal' in result ? undefined : localSpaceNotice(message.clip.bytes, message.skeleton?.bytes);
    if ('fatal' in result) {
      this.scene = undefined;
      this.notes.fatal = result.fatal;
      this.emit('scene');
      return 'fatal';
    }
    const scene = result.scene;
    const keep = message.keepState && this.scene !== undefined;
    this.scene = scene;
    this.fitted = undefined;
    this.notes.fatal = undefined;
    this.loaded = { linkSource: message.linkSource, boneNames: message.boneNames, axesChosen: this.loaded.axesChosen };
    this.layers.loaded(message.clip.uri, message.boneNames, message.boneParents);
    this.curves.load(scene.clip.bytes, { boneCount: scene.clip.bones, frameCount: scene.clip.frames }, { ...message.motion, frameRate: message.frameRate, boneNames: message.boneNames }, keep);
    if (!keep || this.selection.selectedBone >= scene.clip.bones) this.selection.selectedBone = -1;
    if (!keep) this.selection.clearPicks();
    if (!keep && !this.loaded.axesChosen) this.show = { ...this.show, axes: !scene.mesh };
    // A reload replaces the mixer's first clip: the mixer starts again from it, with the same second clip.
    this.noteMixProblem(this.playback.reset(scene, keep));
    this.emit('scene');
    return keep ? 'kept' : 'fresh';
  }

  handle(message: Exclude<HostToPreviewMessage, LoadMessage>): void {
    switch (message.type) {
      case 'select': this.selectFromHost(message.frame, message.bone); break;
      case 'showCurves': this.curves.setShown(true); break;
      case 'frameRate':
        this.playback.frameRate = message.frameRate;
        this.player.frameRate = message.frameRate;
        break;
      case 'clips':
        this.mix.choices = message.clips;
        this.emit('mixer');
        break;
      case 'mixClip':
        this.layers.secondArriving(message.file.uri);
        this.noteMixProblem(this.mix.receive(message.file));
        this.layers.secondArrived();
        break;
      case 'mixClipFailed':
        this.mix.failed(message.uri);
        this.noteMixProblem(message.reason);
        break;
      case 'exported': this.flashNotice(exportOutcome(message.kind, message.outcome, message.detail)); break;
      case 'ghost': {
        const problem = this.ghost.receive(message.ghost);
        if (problem) this.flashNotice(problem);
        this.emit('settings');
        break;
      }
      case 'meshes': case 'layerClip': case 'attachmentMesh': case 'mix': case 'mixSaved': this.layers.handle(message); break;
    }
  }

  // ---- Time ---------------------------------------------------------------------------------

  get frameCount(): number {
    return this.scene?.clip.frames ?? 0;
  }

  get currentFrame(): number {
    return this.playback.currentFrame;
  }

  get position(): number {
    return this.playback.position;
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
    const changed = this.playback.advance(seconds);
    if (this.playback.mixing) this.emit('mixer');
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
    this.playback.seek(Math.min(this.scene.clip.frames - 1, Math.max(0, Math.round(frame))));
    if (this.playback.mixing) this.emit('mixer');
    this.emit('time');
  }

  /** Steps `delta` frames (wrapping one step in repeat mode) and tells the other views. */
  stepBy(delta: number): void {
    if (!this.scene) return;
    this.setPlaying(false);
    this.playback.step(delta, this.scene.clip.frames - 1);
    if (this.playback.mixing) this.emit('mixer');
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
    const { started, problem } = this.playback.setMode(mode, this.scene);
    if (started) this.post({ type: 'listClips' });
    this.emit('settings');
    this.noteMixProblem(problem);
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
    this.playback.setLoop(loop);
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

  /** Every selected bone (Ctrl/Shift-click in the bone list adds some), `selectedBone` among them. */
  get selectedBones(): readonly number[] {
    return this.selection.selectedBones(this.boneCount);
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

  /**
   * A click on `bone` in the bone list: selects it alone, or clears the selection when it is the
   * one selected; with Ctrl (`toggle`) or Shift (`range`) adds to the selection. The other views follow.
   */
  selectBone(bone: number, gesture: BonePickGesture = 'only'): void {
    this.selection.pick(bone, gesture);
    this.emit('selection');
    if (this.selection.selectedBone >= 0) this.sendSelection(this.selection.report(this.currentFrame, true));
  }

  /** Shows `frame` with `bone` selected (a click on the curves); the other views follow. */
  selectKeyframe(frame: number, bone: number): void {
    if (!this.scene || bone < 0 || bone >= this.scene.clip.bones) return;
    this.seek(frame);
    this.selection.selectedBone = bone;
    this.emit('selection');
    this.sendSelection(this.selection.report(this.currentFrame, true));
  }

  /** The selected (else hovered) bone's transform at the shown time, for the readout. */
  readout(): { bone: number; label: string; where: string; transform: BoneTransform } | undefined {
    const scene = this.scene;
    const bone = this.selectedBone >= 0 ? this.selectedBone : this.hoveredBone;
    if (!scene || bone < 0 || bone >= scene.clip.bones) return undefined;
    const frame = this.currentFrame;
    const blend = this.mode === 'blended' && this.position !== frame ? ` +${formatDecimals(this.position - frame, 2)}` : '';
    const where = this.mode === 'mixer' ? `mixed, frame ${frame}` : `frame ${frame}${blend}`;
    const name = this.loaded.boneNames?.[bone];
    return { bone, label: name ? `${name} (bone ${bone})` : `bone ${bone}`, where, transform: this.playback.transform(scene, bone) };
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

  // ---- What is drawn and said ---------------------------------------------------------------

  pose(): PoseSource | undefined {
    return this.scene ? this.playback.pose(this.scene, this.rule) : undefined;
  }

  /** Lines drawn over the scene with `pose`: the meshes attached to bones, and the ghost where one is shown (with `view`). */
  overlayLines(pose: PoseSource | undefined, view?: Pick<ViewState, 'gizmoLength' | 'palette'>): Float32Array | undefined {
    const attached = this.layers.overlayLines(pose);
    const ghost = view && this.scene && pose?.kind === 'keyframes'
      ? this.ghost.lines(this.ghostView(), poseInputs(this.scene, pose.rule), this.scene.clip.bones, pose.request, view)
      : undefined;
    if (!ghost || !attached) return ghost ?? attached;
    const all = new Float32Array(attached.length + ghost.length);
    all.set(attached);
    all.set(ghost, attached.length);
    return all;
  }

  /** What the ghost shows at the frame shown (undefined without a ghost). */
  ghostView(): GhostView | undefined {
    const pose = this.pose();
    return this.ghost.view(pose?.kind === 'keyframes' ? pose.request : undefined, this.mode, this.selectedBone);
  }

  /** Shows or hides the ghost (the legend's toggle). */
  setGhostShown(shown: boolean): void {
    this.ghost.shown = shown;
    this.emit('settings');
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
    return [this.notes.fatal, ...(this.scene?.problems ?? []), this.notes.localSpace, this.notes.transient].filter((l): l is string => Boolean(l));
  }

  /** The problems the host's status reports. */
  get problems(): string[] {
    return this.notes.fatal ? [this.notes.fatal] : this.scene?.problems ?? [];
  }

  /** A line in the notice for a few seconds. */
  flashNotice(text: string): void {
    this.notes.show(text);
  }

  /** The file name for exports, without its extension. */
  get baseName(): string {
    return (this.scene?.clip.name ?? 'clip').replace(/\.[^.]+$/, '');
  }

  // ---- The mixer ----------------------------------------------------------------------------

  /** Asks the host for a clip of `uri` to mix (the panel's choice). */
  chooseMixClip(uri: string): void {
    if (this.mix.choose(uri)) this.post({ type: 'loadMixClip', uri });
    this.emit('mixer');
  }

  setMixWeight(action: 0 | 1, weight: number): void {
    if (this.mix.setWeight(action, weight)) this.noteMixProblem(undefined);
  }

  setMixSpeed(action: 0 | 1, speed: number): void {
    if (this.mix.setSpeed(action, speed)) this.emit('mixer');
  }

  /** Crossfades to the clip that shows less over `seconds`, and plays. */
  crossfade(seconds: number): void {
    if (!this.mix.crossfade(seconds)) return;
    this.noteMixProblem(undefined);
    this.setPlaying(true);
  }

  /** The mix changed (and the pose with it); `problem` says why a clip did not mix. */
  private noteMixProblem(problem: string | undefined): void {
    if (problem) this.flashNotice(problem);
    this.emit('mixer');
    this.emit('time');
  }

  private emit(change: ModelChange): void {
    this.changes.emit(change);
  }
}
