/**
 * What the manifest rules learned about each referenced file (its summary, its glTF skins and
 * animations, what its first bytes are), keyed by path (`normalisedPath`: `./clips/a` and
 * `clips/a` are one file) and invalidated by size and modification time: re-validating after
 * one clip changed reads only that clip.
 */
import type { FormatDiagnostic } from '../diagnostics';
import type { FileStat } from '../fileAccess';
import type { LocalSpaceVerdict } from '../motion/localSpace';
import { normalisedPath } from '../paths';
import type { AssetSummary } from '../records';
import type { SniffedFormat } from './contentSniff';
import { type BindPose, inverseBindsFrom } from './bindPose';
import type { GltfInfo } from './gltfInfo';
import type { ManifestModel } from './model';

export interface FileFacts {
  /** The signature found in the first bytes, if any. */
  sniffed?: SniffedFormat;
  /** Native clip, skeleton or mesh: the binary core's summary... */
  summary?: AssetSummary;
  /** ...and its diagnostics (capped per file), so a pack check need not lint the file again. */
  diagnostics?: FormatDiagnostic[];
  gltf?: GltfInfo;
  /**
   * A native clip read whole: the records of the frames `localSpaceSampleFrames` picks, one frame
   * after another, so that `anim/local-space` reads the clip no second time; empty when the
   * file ends before the last of them.
   */
  localSpaceSamples?: Uint8Array;
  /** A native skeleton read whole: its bytes (header and inverse binds), for `anim/local-space`. */
  skeletonBytes?: Uint8Array;
  /**
   * A native clip judged when it was read against the skeletons of its bone count this run
   * already knew (`BindPose`): `anim/local-space`'s verdict by `bindPoseKey`, so that neither
   * the clip's frames nor a second read of it are needed. Replaces `localSpaceSamples`.
   */
  localSpaceVerdicts?: Record<string, LocalSpaceVerdict>;
}

/** At most this many bytes of sampled frames and skeletons wait in a cache for `anim/local-space`. */
export const RULE_BYTES_BUDGET = 16 * 1024 * 1024;

interface Cached {
  size: number;
  mtimeMs: number;
  /** Facts depend on how the file is used (kind, problem limit): part of the key. */
  purpose: string;
  facts: FileFacts;
}

export class AssetSummaryCache {
  private readonly entries = new Map<string, Cached>();
  /** Stats of offered facts, kept only by a cache of one short run (see the constructor) or during a pass (`beginPass`). */
  private readonly runStats = new Map<string, FileStat>();
  /** Passes begun and not yet ended (`beginPass`). */
  private openPasses = 0;
  private readonly inFlight = new Map<string, Promise<FileFacts>>();
  /** The last parse of each manifest: when a clip changes, the manifest text usually did not. */
  private readonly models = new Map<string, { text: string; model: ManifestModel }>();
  /** Bytes the entries carry for `anim/local-space` (`withinBudget`)... */
  private heldBytes = 0;
  /** ...and the keys of the entries that carry them: releasing any other file's costs no more than a look here. */
  private readonly holding = new Set<string>();
  /** The bind pose of each native skeleton whose bytes came with its facts (`bindPoses`). */
  private readonly poses = new Map<string, BindPose>();
  /** Files actually read (cache misses) since creation: for tests and the bench. */
  misses = 0;

  /**
   * `oneRun`: the cache lives for one short run (one `ewzanim check`), so the stat taken when a
   * file's facts were offered stands for the whole run and the asset rules need not stat it
   * again. A cache that outlives file changes (the language server's) leaves it false.
   */
  constructor(private readonly options: { oneRun?: boolean } = {}) {}

  /**
   * A cache that outlives file changes (the language server's) made a one-run cache for a while:
   * one pass over the workspace, whose binary checks offer facts that its manifests then use
   * with the stats taken for them (a file changed meanwhile is invalidated by its watcher event,
   * and checked again with its manifests in a later pass). The returned function ends the pass.
   */
  beginPass(): () => void {
    this.openPasses++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.openPasses === 0 && !this.options.oneRun) this.runStats.clear();
    };
  }

  /** This run's stat of an offered file (a one-run cache, or one in a pass). */
  runStat(path: string): FileStat | undefined {
    return this.runStats.get(normalisedPath(path));
  }

  /** The facts of an unchanged file, without waiting: the common case of a re-validation. */
  fresh(path: string, stat: FileStat, purpose: string): FileFacts | undefined {
    return this.freshEntry(normalisedPath(path), stat, purpose);
  }

  /** `fresh` by the entry's key (`normalisedPath`). */
  private freshEntry(key: string, stat: FileStat, purpose: string): FileFacts | undefined {
    const hit = this.entries.get(key);
    return hit && hit.size === stat.size && hit.mtimeMs === stat.mtimeMs && hit.purpose === purpose ? hit.facts : undefined;
  }

  async facts(file: string, stat: FileStat, purpose: string, compute: () => Promise<FileFacts>): Promise<FileFacts> {
    const path = normalisedPath(file);
    const hit = this.freshEntry(path, stat, purpose);
    if (hit) return hit;
    // Two entries naming one file (a glTF used as mesh, skeleton and clips) share one read.
    const key = `${path}\u0000${stat.size}\u0000${stat.mtimeMs}\u0000${purpose}`;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    this.misses++;
    const promise = compute().then((facts) => {
      this.releaseEntryBytes(path);
      this.notePose(path, stat, facts);
      this.entries.set(path, { size: stat.size, mtimeMs: stat.mtimeMs, purpose, facts: this.withinBudget(path, facts) });
      return facts;
    });
    this.inFlight.set(key, promise);
    try {
      return await promise;
    } finally {
      this.inFlight.delete(key);
    }
  }

  /**
   * Facts another check computed from the same bytes (a folder walk over the listed files): a
   * later `facts` call for this file, unchanged, with this purpose, reads nothing.
   */
  offer(file: string, stat: FileStat, purpose: string, facts: FileFacts): void {
    const path = normalisedPath(file);
    this.releaseEntryBytes(path);
    this.notePose(path, stat, facts);
    this.entries.set(path, { size: stat.size, mtimeMs: stat.mtimeMs, purpose, facts: this.withinBudget(path, facts) });
    if (this.options.oneRun || this.openPasses > 0) this.runStats.set(path, stat);
  }

  /**
   * The bind poses of the native skeletons offered or read so far, current versions only: a
   * clip checked after them is judged against those of its bone count when it is read.
   */
  bindPoses(): BindPose[] {
    return [...this.poses.values()];
  }

  private notePose(path: string, stat: FileStat, facts: FileFacts): void {
    this.poses.delete(path);
    const bones = facts.summary?.kind === 'skeleton' ? facts.summary.boneCount : undefined;
    const inverseBinds = bones !== undefined && facts.skeletonBytes ? inverseBindsFrom(facts.skeletonBytes, bones) : undefined;
    if (inverseBinds) this.poses.set(path, { path, size: stat.size, mtimeMs: stat.mtimeMs, bones: bones!, inverseBinds });
  }

  /** The size and modification time the cached facts of `path` describe (this check's stat of it). */
  statOf(path: string): FileStat | undefined {
    const hit = this.entries.get(normalisedPath(path));
    return hit && { size: hit.size, mtimeMs: hit.mtimeMs, isDirectory: false };
  }

  /** Drops the bytes a file's facts carry for `anim/local-space` once it judged them (its verdicts are kept). */
  releaseBytes(path: string): void {
    this.releaseEntryBytes(normalisedPath(path));
  }

  /** `releaseBytes` by the entry's key (`normalisedPath`). */
  private releaseEntryBytes(key: string): void {
    if (!this.holding.delete(key)) return;
    const facts = this.entries.get(key)!.facts;
    this.heldBytes -= (facts.localSpaceSamples?.length ?? 0) + (facts.skeletonBytes?.length ?? 0);
    delete facts.localSpaceSamples;
    delete facts.skeletonBytes;
  }

  /**
   * `facts`, keeping the bytes it carries for `anim/local-space` only while all of them held
   * together stay within `RULE_BYTES_BUDGET`: past it, that rule reads the file again instead
   * (bounded memory wins over reading each file once, on workspaces of many thousand clips).
   */
  private withinBudget(key: string, facts: FileFacts): FileFacts {
    const carried = (facts.localSpaceSamples?.length ?? 0) + (facts.skeletonBytes?.length ?? 0);
    if (carried === 0) return facts;
    if (this.heldBytes + carried <= RULE_BYTES_BUDGET) {
      this.heldBytes += carried;
      this.holding.add(key);
      return facts;
    }
    const { localSpaceSamples: _samples, skeletonBytes: _skeleton, ...kept } = facts;
    return kept;
  }

  /** The model of `text`, parsed again only when the manifest's text changed. */
  async modelAsync(path: string, text: string, parse: () => Promise<ManifestModel>): Promise<ManifestModel> {
    const hit = this.models.get(path);
    if (hit && hit.text === text) return hit.model;
    const model = await parse();
    this.models.set(path, { text, model });
    return model;
  }

  /** The summary last computed for `path`, whatever its age (hover on a manifest path). */
  peek(path: string): FileFacts | undefined {
    return this.entries.get(normalisedPath(path))?.facts;
  }

  /** Forget one file (e.g. an editor holds unsaved changes to it). */
  invalidate(file: string): void {
    const path = normalisedPath(file);
    this.releaseEntryBytes(path);
    this.poses.delete(path);
    this.entries.delete(path);
    this.runStats.delete(path);
  }

  clear(): void {
    this.entries.clear();
    this.poses.clear();
    this.heldBytes = 0;
    this.holding.clear();
    this.runStats.clear();
    this.models.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
