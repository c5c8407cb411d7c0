/**
 * The scene of the last load and what follows from it alone: bone names and notes, the assets
 * line with the links' source, the bone-count lines, the file name for exports, and the bounds
 * Fit frames under each rule (computed once per scene and rule). No DOM.
 */
import type { BindRule } from '../../../formats/keyframeBind';
import { animatedBounds } from '../bounds';
import type { Bounds } from '../camera';
import type { PreviewScene } from '../scene';
import { describeAssets, describeBoneCounts } from './sceneText';

export class LoadedScene {
  /** Undefined while nothing can be drawn (no load yet, or the last one failed). */
  scene?: PreviewScene;
  /** Where the skeleton and mesh came from (a manifest's links, a pick), for the assets line. */
  private linkSource?: string;
  private boneNames?: readonly string[];
  private fitted?: { rule: BindRule; bounds: Bounds };

  /** A scene loaded, with its links' source and its bones' names where known. */
  loaded(scene: PreviewScene, linkSource: string | undefined, boneNames: readonly string[] | undefined): void {
    this.scene = scene;
    this.linkSource = linkSource;
    this.boneNames = boneNames;
    this.fitted = undefined;
  }

  /** The load failed: nothing to draw. */
  failed(): void {
    this.scene = undefined;
  }

  /** A bone's exported name, if the load brought one. */
  boneName(bone: number): string | undefined {
    return this.boneNames?.[bone] || undefined;
  }

  boneLabel(bone: number): string {
    return this.boneName(bone) ?? `bone ${bone}`;
  }

  /** A remark on a bone in the list ("not in skeleton"). */
  boneNote(bone: number): string | undefined {
    const skeleton = this.scene?.skeleton;
    return skeleton && bone >= skeleton.bones ? 'not in skeleton' : undefined;
  }

  /** The line above the view: clip, skeleton, mesh and where they came from. */
  get assetsLine(): string {
    return this.scene ? describeAssets(this.scene, this.linkSource) : '';
  }

  /** Why the two bone-count rules draw this scene differently (empty when they agree). */
  get boneCountLines(): string[] {
    return this.scene ? describeBoneCounts(this.scene) : [];
  }

  /** The file name for exports, without its extension. */
  get baseName(): string {
    return (this.scene?.clip.name ?? 'clip').replace(/\.[^.]+$/, '');
  }

  /** The bounds Fit frames: the animated bounds under `rule`, computed once per scene and rule. */
  fitBounds(rule: BindRule): Bounds | undefined {
    const scene = this.scene;
    if (!scene) return undefined;
    if (!this.fitted || this.fitted.rule !== rule) this.fitted = { rule, bounds: animatedBounds(scene, rule) };
    return this.fitted.bounds;
  }
}
