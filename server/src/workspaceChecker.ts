/**
 * Workspace diagnostics: finds every supported file at start, checks them with the core and
 * publishes per file; re-checks files reported created/changed/deleted, debounced and in the
 * background (every step awaits I/O, so requests are answered in between).
 */
import type { PooledFile } from '../../formats/checkPool';
import type { FormatDiagnostic } from '../../formats/diagnostics';
import type { FileAccess } from '../../formats/fileAccess';
import { type FileKind, kindsByName } from '../../formats/fileKinds';
import type { CheckStatusParams } from '../../protocol/serverStatus';
import type { AssetCheck } from './coreChecks';
import type { DiagnosticsStore } from './diagnosticsStore';
import { ExcludeFilter } from '../../formats/workspace/exclude';
import { walkWorkspace } from '../../formats/workspace/walk';
import { hostTurn, turnsEvery } from '../../formats/hostTurn';
import { mapInParallel } from '../../formats/inParallel';

/** Quiet time after the last file event before a re-check starts. */
export const RECHECK_DEBOUNCE_MS = 150;
/** Binary files checked at once: overlaps reads without holding many chunks in memory. */
const PARALLEL_CHECKS = 8;
/** With a pool, checks in flight per worker: each busy while this thread stats and publishes. */
const CHECKS_PER_WORKER = 4;
/** At most this often a status notification while a pass runs. */
const STATUS_INTERVAL_MS = 250;

export interface Progress {
  report(done: number, total: number): void;
  done(): void;
}

export interface WorkspaceCheckerDeps {
  files: FileAccess;
  store: DiagnosticsStore;
  /** Binary asset of the kind the walk or a file event found -> core diagnostics (checkFile with the current cap, or a manifest check's). */
  checkAsset(path: string, kind: FileKind): Promise<readonly FormatDiagnostic[]>;
  /** Optional: many at once, each answered as it is checked (a pool's batches); else `checkAsset` several at once. */
  checkAssets?(files: readonly PooledFile[], each: (index: number, checked: AssetCheck) => void): Promise<void>;
  /** A pass is about to check this many binary files: a pool starts the threads it will use for them now. */
  expectBinaries?(count: number): void;
  /** The queued skeletons are checked: the clips after them are judged against them as they are read. */
  skeletonsChecked?(): void;
  /** A pass's binary files are checked, its manifests are next: check threads may be let go meanwhile. */
  binariesChecked?(): Promise<void>;
  /** A pass begins (its manifests may use the stats its binary checks took); returns its end. */
  beginPass?(): () => void;
  /** Binary checks `checkAsset` runs at once besides this thread (a pool's workers), if any. */
  checkThreads?: number;
  /** Re-checks a manifest (from its unsaved text when open) and stores its diagnostics itself. */
  checkManifest(path: string): Promise<void>;
  /** Forgets a deleted manifest or asset (cached summaries, open results). */
  forget(path: string): void;
  roots(): readonly string[];
  exclude(): readonly string[];
  /** Extensions read as NRes/MSH files (setting `ewzanim.msh.extensions`). */
  mshExtensions(): readonly string[];
  sendStatus(status: CheckStatusParams): void;
  /** A progress report for a full scan (work-done progress in the client). */
  beginProgress(title: string): Promise<Progress>;
  log(message: string): void;
}

/** A binary file's check; no diagnostics when it failed (logged) or the file is no longer known. */
interface CheckedBinary {
  path: string;
  diagnostics?: readonly FormatDiagnostic[];
}

export class WorkspaceChecker {
  /** Every supported file found, with the kind its name was given when it was found. */
  private readonly known = new Map<string, FileKind>();
  private readonly queue = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private passChecked = 0;
  private passQueued = 0;
  private lastStatus = 0;
  private filter: ExcludeFilter;

  constructor(private readonly deps: WorkspaceCheckerDeps) {
    this.filter = new ExcludeFilter(deps.exclude(), deps.roots());
  }

  isKnown(path: string): boolean {
    return this.known.has(path);
  }

  /** Supported files currently known (after `exclude`). */
  fileCount(): number {
    return this.known.size;
  }

  /** Finds every supported file and checks them all; clears files no longer included. */
  async scanAll(): Promise<void> {
    const progress = await this.deps.beginProgress('Checking Nethercore ZX files');
    const started = Date.now();
    try {
      this.filter = new ExcludeFilter(this.deps.exclude(), this.deps.roots());
      const kindOf = kindsByName({ mshExtensions: this.deps.mshExtensions() });
      const { files: found, problems } = await walkWorkspace(this.deps.files, this.deps.roots(), this.filter, kindOf, turnsEvery());
      for (const problem of problems) this.deps.log(`workspace walk: ${problem.path}: ${problem.message}`);
      // The walk's sort of 10,000 paths and the bookkeeping below each in a turn of its own.
      await hostTurn();
      const stillThere = new Set(found.map((f) => f.path));
      for (const path of [...this.known.keys()]) {
        if (!stillThere.has(path)) this.removed(path);
      }
      for (const { path, kind } of found) {
        this.known.set(path, kind);
        this.queue.add(path);
      }
      await hostTurn();
      await this.drain((done, total) => progress.report(done, total));
      // A pass ends with an idle status; with nothing found there was no pass, so say it here.
      if (found.length === 0) this.status('idle', true);
      this.deps.log(`checked ${found.length} files in ${Date.now() - started} ms`);
    } finally {
      progress.done();
    }
  }

  /** A watcher event. Created and changed files are re-checked after a short quiet time. */
  fileEvent(path: string, type: 'created' | 'changed' | 'deleted'): void {
    const kind = this.known.get(path) ?? kindsByName({ mshExtensions: this.deps.mshExtensions() })(path);
    if (!kind) return;
    if (type === 'deleted') {
      this.removed(path);
      this.queueManifests();
    } else {
      if (this.filter.excludesFile(path) || !this.insideRoots(path)) return;
      // What was learnt about the old content (cached summaries and lint results) is stale.
      this.deps.forget(path);
      this.known.set(path, kind);
      this.queue.add(path);
    }
    this.schedule();
  }

  /** Waits until nothing is queued or running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.timer || this.running) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
        await this.drain();
      }
      if (this.running) await this.running;
    }
  }

  private insideRoots(path: string): boolean {
    return this.deps.roots().some((root) => path === root || path.startsWith(root.endsWith('/') ? root : `${root}/`));
  }

  private removed(path: string): void {
    this.known.delete(path);
    this.queue.delete(path);
    this.deps.forget(path);
    this.deps.store.delete(path);
  }

  private queueManifests(): void {
    for (const [path, kind] of this.known) if (kind.kind === 'manifest') this.queue.add(path);
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.drain();
    }, RECHECK_DEBOUNCE_MS);
  }

  /**
   * Checks everything queued, then stops. Binary files go first, skeletons before the rest (a clip
   * is then judged against their bind poses as it is read), and leave what they taught in the
   * cache: the manifests checked last list those files and read none of them again.
   */
  private async drain(report?: (done: number, total: number) => void): Promise<void> {
    while (this.running) await this.running;
    if (this.queue.size === 0) return;
    const endPass = this.deps.beginPass?.();
    this.running = this.runPass(report).finally(() => {
      endPass?.();
      this.running = undefined;
    });
    await this.running;
  }

  private async runPass(report?: (done: number, total: number) => void): Promise<void> {
    this.passChecked = 0;
    this.passQueued = 0;
    while (this.queue.size > 0) {
      const batch = [...this.queue];
      this.queue.clear();
      const kindOf = (path: string): string | undefined => this.known.get(path)?.kind;
      // A file deleted since it was queued is no longer known: nothing to check.
      const binaries = batch.filter((p) => kindOf(p) !== undefined && kindOf(p) !== 'manifest');
      const manifests = batch.filter((p) => kindOf(p) === 'manifest');
      // A changed asset can change what a manifest says about it (bone counts, kinds).
      if (binaries.length > 0) {
        for (const path of this.known.keys()) if (kindOf(path) === 'manifest' && !manifests.includes(path)) manifests.push(path);
      }
      this.passQueued += binaries.length + manifests.length;
      const step = (): void => {
        this.passChecked++;
        report?.(this.passChecked, this.passQueued);
        this.status('checking');
      };
      if (binaries.length > 0) this.deps.expectBinaries?.(binaries.length);
      const skeletons = binaries.filter((p) => kindOf(p) === 'skeleton');
      await this.checkBinaries(skeletons, step);
      if (skeletons.length > 0) this.deps.skeletonsChecked?.();
      await this.checkBinaries(binaries.filter((p) => kindOf(p) !== 'skeleton'), step);
      if (binaries.length > 0) await this.deps.binariesChecked?.().catch((e: unknown) => this.deps.log(`stopping idle check workers: ${String(e)}`));
      // Read and parsed only now, not beside the binary checks as `check FOLDER` does: a model of
      // 10,000 entries (~10 MiB, and its parse's garbage) then lived while the workers did, and the
      // scan's peak RSS went past 150 MiB for a tail ~0.2 s shorter.
      for (const path of manifests) {
        if (this.known.has(path)) await this.deps.checkManifest(path).catch((e: unknown) => this.deps.log(`manifest ${path}: ${String(e)}`));
        step();
      }
    }
    this.status('idle', true);
  }

  /**
   * Checks `paths` several at once and stores their diagnostics in the order given (the walk's),
   * each as soon as it and every path before it are done: the publishes come in a stable order.
   */
  private async checkBinaries(paths: readonly string[], step: () => void): Promise<void> {
    const done: (CheckedBinary | undefined)[] = new Array(paths.length);
    let stored = 0;
    const settle = (index: number, checked: CheckedBinary): void => {
      done[index] = checked;
      for (; stored < paths.length && done[stored]; stored++) {
        this.store(done[stored]!);
        done[stored] = undefined;
        step();
      }
    };
    const checkAssets = this.deps.checkAssets;
    if (!checkAssets) {
      const threads = this.deps.checkThreads ?? 0;
      const inFlight = threads > 1 ? Math.max(PARALLEL_CHECKS, CHECKS_PER_WORKER * threads) : PARALLEL_CHECKS;
      await mapInParallel(paths, inFlight, async (path, index) => settle(index, await this.checkBinary(path)));
      return;
    }
    const files: PooledFile[] = [];
    const indexOf: number[] = [];
    paths.forEach((path, index) => {
      const kind = this.known.get(path);
      if (!kind) return settle(index, { path });
      files.push({ path, kind });
      indexOf.push(index);
    });
    await checkAssets(files, (at, checked) => {
      const { path } = files[at]!;
      settle(indexOf[at]!, 'error' in checked ? this.failed(path, checked.error) : { path, diagnostics: checked.diagnostics });
    });
  }

  private async checkBinary(path: string): Promise<CheckedBinary> {
    const kind = this.known.get(path);
    if (!kind) return { path };
    try {
      return { path, diagnostics: await this.deps.checkAsset(path, kind) };
    } catch (error) {
      return this.failed(path, error);
    }
  }

  private failed(path: string, error: unknown): CheckedBinary {
    this.deps.log(`check ${path} failed: ${String(error)}`);
    return { path };
  }

  private store({ path, diagnostics }: CheckedBinary): void {
    // Deleted while it was being checked: its problems must not come back.
    if (diagnostics && this.known.has(path)) this.deps.store.set(path, diagnostics);
  }

  private status(state: 'checking' | 'idle', force = false): void {
    const now = Date.now();
    if (!force && now - this.lastStatus < STATUS_INTERVAL_MS) return;
    this.lastStatus = now;
    const { errors, warnings, others } = this.deps.store.totals();
    this.deps.sendStatus({ state, checked: this.passChecked, queued: this.passQueued, files: this.known.size, errors, warnings, others });
  }
}
