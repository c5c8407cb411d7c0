/**
 * The clip preview's state without the DOM or the GPU: the scene (clip, skeleton, mesh), the
 * player or the mixer, the playback mode and bone-count rule, what is shown, selection and
 * hover (kept in step with the hex editor), the pose to draw (through pose.ts only), the links'
 * source and the notices. Every change is announced with `onChange`; app.ts connects it to the
 * page and the renderer. Its parts: Playback, Notices, LoadedScene (the scene and
 * what follows from it alone), ViewChoices, Transport, BoneFocus, MixerControls (the mixer panel's actions),
 * CurvesModel, LayersModel, GhostModel.
 */
import type { BindRule } from '../../../formats/keyframeBind';
import { formatDecimals } from '../../../formats/numberText';
import type { BoneTransform } from '../../../formats/records';
import type { HostToPreviewMessage, LoopMode, PlaybackMode, PreviewToHostMessage } from '../../../protocol/preview';
import type { Bounds } from '../camera';
import { CurvesModel } from '../curves/curvesModel';
import { GhostModel, type GhostView } from '../ghost/ghostModel';
import { LayersModel } from '../layers/layersModel';
import { joinLines, type PoseSource, type ViewState, type Visibility } from '../renderer';
import { buildScene, poseInputs, type PreviewScene } from '../scene';
import { BoneFocus } from './boneFocus';
import { Emitter } from './events';
import { LoadedScene } from './loadedScene';
import { MixerControls } from './mixerControls';
import type { MixerSession } from './mixerSession';
import { exportOutcome, localSpaceNotice, Notices } from './notices';
import { Playback } from './playback';
import { ViewChoices } from './viewChoices';
import { Transport } from './transport';
import type { AnimationViewModel, ModelChange } from './viewModel';

export type LoadMessage = Extract<HostToPreviewMessage, { type: 'load' }>;
/** How a load ended: nothing to draw, a first view (fit the camera), or a reload keeping the view. */
export type LoadOutcome = 'fatal' | 'fresh' | 'kept';

export interface PreviewModelOptions {
  /** Runs `task` after `ms` (a notice's expiry); setTimeout by default. */
  later?(task: () => void, ms: number): void;
}

export class PreviewModel implements AnimationViewModel {
  /** The scene of the last load and what it says of itself (labels, assets line, export name, Fit's bounds). */
  readonly loaded = new LoadedScene();
  readonly playback = new Playback();
  /** The selected and hovered bones, in step with the hex editor. */
  readonly selection: BoneFocus;
  readonly notes: Notices;
  /** The Curves panel: shown or not, frames in view, the selected bone's channels, the motion findings. */
  readonly curves = new CurvesModel(() => this.emit('settings'));
  /** The mixer's layers above the base, the meshes attached to bones, and the mix file. */
  readonly layers: LayersModel;
  /** A second clip drawn as a ghost at the same frame (Compare Clips' B), and its legend's toggle. */
  readonly ghost = new GhostModel(() => this.emit('settings'));
  /** The mixer panel's actions and the host's answers about the mix. */
  readonly mixer: MixerControls;
  /** Play, stop, seek, step. */
  readonly transport: Transport;
  private readonly choices = new ViewChoices();
  private readonly changes = new Emitter<ModelChange>();

  constructor(post: (message: PreviewToHostMessage) => void, options: PreviewModelOptions = {}) {
    this.selection = new BoneFocus(this, post, (change) => this.emit(change));
    this.notes = new Notices(options.later ?? ((task, ms) => void setTimeout(task, ms)), () => this.emit('notice'));
    this.layers = new LayersModel({
      post, mix: this.mix, frameRate: () => this.playback.frameRate, scene: () => this.scene,
      changed: () => this.noteMixProblem(undefined), notice: (text) => this.notes.show(text), enterMixer: () => this.setMode('mixer'),
    });
    this.mixer = new MixerControls(this.mix, {
      post, mixChanged: (problem) => this.noteMixProblem(problem), panelChanged: () => this.emit('mixer'), play: () => this.setPlaying(true),
      secondArriving: (uri) => this.layers.secondArriving(uri), secondArrived: () => this.layers.secondArrived(),
    });
    this.transport = new Transport(this.playback, { scene: () => this.scene, changed: (change) => this.emit(change), report: () => this.selection.report() });
  }

  get scene(): PreviewScene | undefined {
    return this.loaded.scene;
  }

  /** What is shown: mesh, wireframe, bones, axes, grid. */
  get show(): Visibility {
    return this.choices.show;
  }

  /** The bone-count rule the pose is drawn under. */
  get rule(): BindRule {
    return this.choices.rule;
  }

  onChange(listener: (change: ModelChange) => void): () => void {
    return this.changes.on(listener);
  }

  get mode(): PlaybackMode {
    return this.playback.mode;
  }

  get mix(): MixerSession {
    return this.playback.mix;
  }

  load(message: LoadMessage): LoadOutcome {
    this.playback.frameRate = message.frameRate;
    const result = buildScene(message.clip, message.skeleton, message.mesh);
    this.notes.localSpace = 'fatal' in result ? undefined : localSpaceNotice(message.clip.bytes, message.skeleton?.bytes);
    if ('fatal' in result) {
      this.loaded.failed();
      this.notes.fatal = result.fatal;
      this.emit('scene');
      return 'fatal';
    }
    const scene = result.scene;
    const keep = message.keepState && this.scene !== undefined;
    this.loaded.loaded(scene, message.linkSource, message.boneNames);
    this.notes.fatal = undefined;
    this.layers.loaded(message.clip.uri, message.boneNames, message.boneParents);
    this.curves.load(scene.clip.bytes, { boneCount: scene.clip.bones, frameCount: scene.clip.frames }, { ...message.motion, frameRate: message.frameRate, boneNames: message.boneNames }, keep);
    this.selection.loaded(scene.clip.bones, keep);
    if (!keep) this.choices.freshScene(scene.mesh !== undefined);
    // A reload replaces the mixer's first clip: the mixer starts again from it, with the same second clip.
    this.noteMixProblem(this.playback.reset(scene, keep));
    this.emit('scene');
    return keep ? 'kept' : 'fresh';
  }

  handle(message: Exclude<HostToPreviewMessage, LoadMessage>): void {
    switch (message.type) {
      case 'select': this.selection.follow(message.frame, message.bone); break;
      case 'showCurves': this.curves.setShown(true); break;
      case 'frameRate':
        this.playback.frameRate = message.frameRate;
        this.playback.player.frameRate = message.frameRate;
        break;
      case 'clips': case 'mixClip': case 'mixClipFailed': this.mixer.receive(message); break;
      case 'exported': this.notes.show(exportOutcome(message.kind, message.outcome, message.detail)); break;
      case 'ghost': {
        const problem = this.ghost.receive(message.ghost);
        if (problem) this.notes.show(problem);
        this.emit('settings');
        break;
      }
      case 'meshes': case 'layerClip': case 'attachmentMesh': case 'mix': case 'mixSaved': this.layers.handle(message); break;
    }
  }

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
    return this.playback.player.playing;
  }

  setPlaying(playing: boolean): void {
    this.transport.setPlaying(playing);
  }

  advance(seconds: number): boolean {
    return this.transport.advance(seconds);
  }

  /** Stops and shows `frame` (clamped to the clip). */
  seek(frame: number): void {
    this.transport.seek(frame);
  }

  setMode(mode: PlaybackMode): void {
    if (mode === this.mode) return;
    const { started, problem } = this.playback.setMode(mode, this.scene);
    if (started) this.mixer.listClips();
    this.emit('settings');
    this.noteMixProblem(problem);
  }

  setRule(rule: BindRule): void {
    this.choices.rule = rule;
    this.emit('settings');
  }

  setSpeed(speed: number): void {
    this.playback.player.speed = speed > 0 ? speed : 1;
    this.emit('settings');
  }

  setLoop(loop: LoopMode): void {
    this.playback.setLoop(loop);
    this.emit('settings');
  }

  /** Shows or hides a part of the view; the axes' default follows the mesh until the user chooses. */
  setVisible(what: keyof Visibility, visible: boolean): void {
    this.choices.set(what, visible);
    this.emit('settings');
  }

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
    return this.selection.selectedBones;
  }

  boneLabel(bone: number): string {
    return this.loaded.boneLabel(bone);
  }

  hover(bone: number): void {
    this.selection.hover(bone);
  }

  /** The selected (else hovered) bone's transform at the shown time, for the readout. */
  readout(): { bone: number; label: string; where: string; transform: BoneTransform } | undefined {
    const scene = this.scene;
    const bone = this.selectedBone >= 0 ? this.selectedBone : this.hoveredBone;
    if (!scene || bone < 0 || bone >= scene.clip.bones) return undefined;
    const frame = this.currentFrame;
    const blend = this.mode === 'blended' && this.position !== frame ? ` +${formatDecimals(this.position - frame, 2)}` : '';
    const where = this.mode === 'mixer' ? `mixed, frame ${frame}` : `frame ${frame}${blend}`;
    const name = this.loaded.boneName(bone);
    return { bone, label: name ? `${name} (bone ${bone})` : `bone ${bone}`, where, transform: this.playback.transform(scene, bone) };
  }

  pose(): PoseSource | undefined {
    return this.scene ? this.playback.pose(this.scene, this.rule) : undefined;
  }

  /** Lines drawn over the scene with `pose`: the meshes attached to bones, and the ghost where one is shown (with `view`). */
  overlayLines(pose: PoseSource | undefined, view?: Pick<ViewState, 'gizmoLength' | 'palette'>): Float32Array | undefined {
    const attached = this.layers.overlayLines(pose);
    const ghost = view && this.scene && pose?.kind === 'keyframes'
      ? this.ghost.lines(this.ghostView(), poseInputs(this.scene, pose.rule), this.scene.clip.bones, pose.request, view)
      : undefined;
    return joinLines(attached, ghost);
  }

  /** What the ghost shows at the frame shown (undefined without a ghost). */
  ghostView(): GhostView | undefined {
    const pose = this.pose();
    return this.ghost.view(pose?.kind === 'keyframes' ? pose.request : undefined, this.mode, this.selectedBone);
  }

  /** The bounds Fit frames: the animated bounds under the rule shown. */
  fitBounds(): Bounds | undefined {
    return this.loaded.fitBounds(this.rule);
  }

  /** The bone-count banner's lines: empty when both rules draw alike, and in mixer mode. */
  get mismatchLines(): string[] {
    return this.mode !== 'mixer' ? this.loaded.boneCountLines : [];
  }

  get notices(): string[] {
    return [this.notes.fatal, ...(this.scene?.problems ?? []), this.notes.localSpace, this.notes.transient].filter((l): l is string => Boolean(l));
  }

  /** The problems the host's status reports. */
  get problems(): string[] {
    return this.notes.fatal ? [this.notes.fatal] : this.scene?.problems ?? [];
  }

  /** The mix changed (and the pose with it); `problem` says why a clip did not mix. */
  private noteMixProblem(problem: string | undefined): void {
    if (problem) this.notes.show(problem);
    this.emit('mixer');
    this.emit('time');
  }

  private emit(change: ModelChange): void {
    this.changes.emit(change);
  }
}
