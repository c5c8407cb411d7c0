/**
 * The one place that decides what `ewzanim check` does with a path: walks directories (the
 * core's workspace walk, the language server's too) and dispatches each file by kind to the
 * core. A file's kind is decided once (by the walk, or here for a file named on the command
 * line) and carried to the check. Add a kind here (manifests) and the CLI checks it.
 */
import { checkFileOnce, checkManifestPack, type CheckOptions } from '../formats/index';
import { type AssetKind, type FileKind, KIND_SERVICES, kindByMagic, type KindOfPath, kindsByName } from '../formats/fileKinds';
import type { FileAccess } from '../formats/fileAccess';
import type { ClipRangeLinter } from '../formats/clipRangeLint';
import type { FormatDiagnostic } from '../formats/diagnostics';
import { type BinaryCheckPool, type PooledFile, type PooledFileCheck, pooledOptions, withBoneNames } from '../formats/checkPool';
import { mapInParallel } from '../formats/inParallel';
import { offerCheckedFacts } from '../formats/manifest/assetFacts';
import { AssetSummaryCache } from '../formats/manifest/summaryCache';
import { normalisedPath } from '../formats/paths';
import { DEFAULT_EXCLUDE, ExcludeFilter } from '../formats/workspace/exclude';
import { walkWorkspace } from '../formats/workspace/walk';
import { readManifestEarly } from './earlyManifest';
import { errorText } from './io';

export interface CheckedFile {
  /** As given on the command line, or the given directory joined with the walked names. */
  path: string;
  kind: AssetKind;
  diagnostics: FormatDiagnostic[];
}

/** A path that could not be checked at all (missing, unreadable, unsupported): exit status 2. */
export interface PathProblem {
  path: string;
  message: string;
}

export interface PathCheck {
  files: CheckedFile[];
  problems: PathProblem[];
}

/** `check` validates the kinds the registry gives a check (a manifest brings every asset it lists with it). */
const checkable = (kind: FileKind | undefined): kind is FileKind => kind !== undefined && KIND_SERVICES[kind.kind].check;

export interface PathCheckOptions extends CheckOptions {
  /** Globs a folder walk skips besides `node_modules`, `target` and hidden folders (`--exclude`). */
  exclude?: readonly string[];
  /** What a name is; default the registry with `kinds` (the user's MSH extensions). */
  kindOf?: KindOfPath;
  /**
   * What the files checked so far in this run taught (one per `check` run, shared by its
   * paths): a manifest's rules use it instead of reading a listed file the walk checked.
   */
  facts?: AssetSummaryCache;
  /**
   * Worker threads for the content checks of a folder's files (same results, in the same order);
   * they read files through Node's file access, so pass one only where `access` is that.
   */
  pool?: BinaryCheckPool;
  /** Where a clip named on the command line (not found by a walk) is linted in ranges (`ewzanim check FILE`'s range workers). */
  rangeWorkers?: NamedClipRanges;
}

/** Threads that lint the frame ranges of a large clip named alone. */
export interface NamedClipRanges {
  /** Clips of fewer bytes are checked whole on the calling thread. */
  readonly splitMinBytes: number;
  /** Where the ranges of the clip at `path` are linted. */
  linter(path: string): ClipRangeLinter;
}

/** Files checked at once: enough to keep the disk busy, few enough to bound open files and memory. */
const PARALLEL_CHECKS = 16;

/** A folder's skeletons up to this many are checked on the calling thread, sooner than a worker's round trip; more go to the pool. */
const SKELETONS_CHECKED_HERE = 8;

/** A file as `check` met it, with its one key (`normalisedPath`: `./a` and `a` are one file), computed once. */
interface MetFile {
  path: string;
  key: string;
}

function met(path: string): MetFile {
  return { path, key: normalisedPath(path) };
}

/**
 * A path's check as it fills: each file once (by its key), in the order met, under the path the
 * walk met it by where it did (a manifest's resolved `a` is reported as the walk's `./a`).
 */
class Collector {
  private readonly reported = new Set<string>();
  /** The walk's path of each file it found, by key. */
  private readonly walked = new Map<string, string>();
  constructor(readonly into: PathCheck) {}

  /** The files a walk found: a later outcome for one of them takes the walk's path. */
  walkFound(files: readonly MetFile[]): void {
    for (const { path, key } of files) this.walked.set(key, path);
  }

  /** Whether `file` has its outcome already. */
  has(file: MetFile): boolean {
    return this.reported.has(file.key);
  }

  /** `file`'s outcome, unless it has one already. */
  add(file: MetFile, outcome: CheckedFile | PathProblem): void {
    if (!('diagnostics' in outcome)) {
      this.into.problems.push(outcome);
    } else if (!this.reported.has(file.key)) {
      this.reported.add(file.key);
      const walkedPath = this.walked.get(file.key);
      this.into.files.push(walkedPath === undefined || walkedPath === outcome.path ? outcome : { ...outcome, path: walkedPath });
    }
  }
}

/** The core reports read failures as this diagnostic; the CLI makes them exit status 2. */
export const UNREADABLE_CODE = 'file/unreadable';

/** One binary file; its facts go to `facts` for the manifests that list it. */
async function checkOneFile(access: FileAccess, path: string, kind: FileKind, options: PathCheckOptions, pool?: BinaryCheckPool): Promise<CheckedFile | PathProblem> {
  try {
    return outcomeOf(path, kind, await checkFileOnce(access, path, kind, options, pool), options);
  } catch (error) {
    return { path, message: `cannot read: ${errorText(error)}` };
  }
}

/** A file a pool's worker checked whole (`BinaryCheckPool.checkFiles`), its motion messages named here as `checkFileOnce` names them. */
async function pooledOutcome(path: string, kind: FileKind, checked: PooledFileCheck, options: PathCheckOptions): Promise<CheckedFile | PathProblem> {
  try {
    return outcomeOf(path, kind, { ...(await withBoneNames(checked, options)), stat: checked.stat }, options);
  } catch (error) {
    return { path, message: `cannot read: ${errorText(error)}` };
  }
}

/** What the report says of a checked file (an unreadable one is a path problem); its facts offered to `facts`. */
function outcomeOf(path: string, kind: FileKind, checked: PooledFileCheck, options: PathCheckOptions): CheckedFile | PathProblem {
  const { result, stat } = checked;
  const unreadable = result.diagnostics.find((d) => d.code === UNREADABLE_CODE);
  if (unreadable) return { path, message: unreadable.message };
  if (options.facts && stat && options.motion === undefined) offerCheckedFacts(options.facts, checked, stat, options.maxKeyframeProblems);
  return { path, kind: kind.kind, diagnostics: result.diagnostics };
}

/**
 * `files` checked, outcomes in their order: on the pool's workers many to a message where it
 * takes whole files (a clip it splits, or a file whose worker failed, checked from here), else
 * several at once from this thread.
 */
async function checkFiles(access: FileAccess, files: readonly PooledFile[], options: PathCheckOptions, pool: BinaryCheckPool | undefined): Promise<(CheckedFile | PathProblem)[]> {
  if (!pool?.checkFiles) {
    // With a pool, enough in flight to keep every worker busy while this thread reads the next stats.
    const inFlight = pool ? Math.max(PARALLEL_CHECKS, 4 * (pool.size ?? 1)) : PARALLEL_CHECKS;
    return mapInParallel(files, inFlight, (file) => checkOneFile(access, file.path, file.kind, options, pool));
  }
  const outcomes = new Array<CheckedFile | PathProblem>(files.length);
  const settling: Promise<void>[] = [];
  await pool.checkFiles(files, pooledOptions(options), (index, checked) => {
    const { path, kind } = files[index]!;
    const outcome = checked ? pooledOutcome(path, kind, checked, options) : checkOneFile(access, path, kind, options, pool);
    settling.push(outcome.then((o) => void (outcomes[index] = o)));
  });
  await Promise.all(settling);
  return outcomes;
}

/**
 * A folder: the core's workspace walk (its skip rule and symlink handling), then each file
 * found, in walk order. The binary files are checked first (several at once), so that a
 * manifest among them finds every listed file's facts and reads none of them again.
 */
async function walk(access: FileAccess, directory: string, options: PathCheckOptions, kindOf: KindOfPath, into: Collector): Promise<void> {
  const exclude = new ExcludeFilter([...DEFAULT_EXCLUDE, ...(options.exclude ?? [])], [directory]);
  const { files, problems } = await walkWorkspace(access, [directory], exclude, kindOf);
  into.into.problems.push(...problems);
  const found = files.filter((file): file is { path: string; kind: FileKind } => checkable(file.kind)).map((file) => ({ ...file, ...met(file.path) }));
  into.walkFound(found);
  const binaries = found.filter((file) => file.kind.kind !== 'manifest');
  const pool = options.pool;
  pool?.expectFiles?.(binaries.length);
  const checkAll = async (files: readonly { path: string; kind: FileKind }[], on: BinaryCheckPool | undefined) => {
    const outcomes = await checkFiles(access, files, options, on);
    return files.map((file, i) => [file.path, outcomes[i]!] as const);
  };
  // Skeletons first: each clip is then judged against their bind poses as it is read (anim/local-space), not read again.
  // A few are checked on this thread (no round trip to a worker before the clips go out), many on the pool.
  const skeletonFiles = binaries.filter((file) => file.kind.kind === 'skeleton');
  const skeletons = await checkAll(skeletonFiles, skeletonFiles.length <= SKELETONS_CHECKED_HERE ? undefined : pool);
  const facts = options.facts;
  if (facts) pool?.knowBindPoses?.(facts.bindPoses());
  // The first batches go to the workers at once; this thread then reads, parses and judges each manifest meanwhile.
  const others = checkAll(binaries.filter((file) => file.kind.kind !== 'skeleton'), pool);
  const early = new Map(pool && facts ? found.filter((file) => file.kind.kind === 'manifest').map((file) => [file.path, readManifestEarly(access, file.path, facts)] as const) : []);
  const checked = new Map([...skeletons, ...(await others)]);
  for (const file of found) {
    // A manifest also checks the assets it lists, which the walk reaches too: once each.
    if (into.has(file)) continue;
    const outcome = checked.get(file.path);
    if (outcome) {
      into.add(file, outcome);
      continue;
    }
    const manifest = early.get(file.path);
    await manifest?.ready;
    await checkInto(manifest ? manifest.access(access) : access, file, file.kind, options, into);
  }
}

async function checkInto(access: FileAccess, file: MetFile, kind: FileKind, options: PathCheckOptions, into: Collector, pool?: BinaryCheckPool): Promise<void> {
  if (into.has(file)) return;
  const { path } = file;
  if (kind.kind !== 'manifest') {
    into.add(file, await checkOneFile(access, path, kind, options, pool));
    return;
  }
  try {
    for (const r of await checkManifestPack(access, path, options, options.facts)) {
      // `add` keeps the first outcome of each file: one the walk already reported stays.
      if (r.kind !== 'unknown') into.add(met(r.path), { path: r.path, kind: r.kind, diagnostics: r.diagnostics });
    }
  } catch (error) {
    into.add(file, { path, message: `cannot read: ${errorText(error)}` });
  }
}

/**
 * A file named on the command line is a manifest when its name says TOML (`nether.dev.toml`,
 * `game/nether.toml.bak`): the user asked for it. Only a folder walk keeps to the exact names
 * `nether.toml` / `ember.toml`, so that it does not pick up every other TOML file.
 */
export function namesTomlFile(path: string): boolean {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  return /\.toml(\.|$)/i.test(name);
}

/**
 * Checks one command-line path: a supported file (or a TOML file, as a manifest), or a directory
 * searched recursively.
 */
export async function checkPath(access: FileAccess, path: string, options: PathCheckOptions): Promise<PathCheck> {
  const into: PathCheck = { files: [], problems: [] };
  const collector = new Collector(into);
  const kindOf = options.kindOf ?? kindsByName(options.kinds);
  let stat;
  try {
    stat = await access.stat(path);
  } catch (error) {
    into.problems.push({ path, message: `cannot read: ${errorText(error)}` });
    return into;
  }
  if (!stat) {
    into.problems.push({ path, message: 'no such file or folder' });
  } else if (stat.isDirectory) {
    await walk(access, path, options, kindOf, collector);
  } else {
    const kind = kindOf(path) ?? (namesTomlFile(path) ? { kind: 'manifest' as const } : await kindByMagic(access, path));
    if (checkable(kind)) {
      // A file named alone goes to the pool only where the pool splits it across workers already running (a large clip);
      // else a large clip's ranges go to the range workers started for it, and any other file is checked on this thread.
      const pool = options.pool;
      const split = pool?.splits?.(kind.kind, stat.size) === true && (pool.running ?? 0) > 0;
      const ranges = !split && kind.kind === 'clip' && options.rangeWorkers && stat.size >= options.rangeWorkers.splitMinBytes ? options.rangeWorkers.linter(path) : undefined;
      await checkInto(access, met(path), kind, ranges ? { ...options, rangeLinter: ranges } : options, collector, split ? pool : undefined);
    } else into.problems.push({ path, message: 'not a supported file (see ewzanim --help for the extensions)' });
  }
  return into;
}
