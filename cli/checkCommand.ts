/**
 * `ewzanim check [--format F] PATH...`: compiler-style lines, the JSON report of issue 2, a
 * SARIF 2.1.0 log or GitHub annotation commands, all from one `CheckReport`.
 */
import type { ByteRange, FormatDiagnostic, TextRange } from '../formats/diagnostics';
import type { BinaryCheckPool } from '../formats/checkPool';
import { countBySeverity } from '../formats/diagnostics';
import { AssetSummaryCache } from '../formats/manifest/summaryCache';
import { exportedBoneNames } from '../formats/gltf/exportRecord';
import type { BoneNameLookup } from '../formats/motion/boneNames';
import type { MotionOptions } from '../formats/motion/motionOptions';
import type { CheckFormat } from './args';
import { kindsByName } from '../formats/fileKinds';
import { createCheckPool, type WorkerCheckPool } from '../node/checkPool';
import type { ClipRangeWorkerPool } from '../node/clipRangeWorkerPool';
import { nodeFileAccess } from '../node/fileAccess';
import { blockingSmallReads } from '../node/syncFileAccess';
import { checkPath, type NamedClipRanges } from './checkPath';
import { startRangeWorkersFor } from './checkRangeWorkers';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import type { CheckReport } from './report/checkReport';
import { githubAnnotations } from './report/github';
import { sarifLog } from './report/sarif';

/** `file:offset: severity code: message` (text ranges: `file:line:column:`, both 1-based). */
export function diagnosticLine(path: string, d: FormatDiagnostic): string {
  let where = path;
  if (d.byteRange) where += `:${d.byteRange.start}`;
  else if (d.range) where += `:${d.range.start.line + 1}:${d.range.start.character + 1}`;
  return `${where}: ${d.severity} ${d.code}: ${d.message}`;
}

/** One diagnostic of `check --json`: exactly the keys issue 2 specifies, in its order. */
interface JsonDiagnostic {
  code: string;
  severity: FormatDiagnostic['severity'];
  message: string;
  byteRange?: ByteRange;
  /** Manifests (text files) carry a line/character range instead of a byte range. */
  range?: TextRange;
}

function jsonDiagnostic(d: FormatDiagnostic): JsonDiagnostic {
  const base: JsonDiagnostic = { code: d.code, severity: d.severity, message: d.message };
  if (d.byteRange) return { ...base, byteRange: { start: d.byteRange.start, end: d.byteRange.end } };
  if (d.range) return { ...base, range: d.range };
  return base;
}

/** Which files a folder holds for `check`: `--msh-ext` and `--exclude`. */
export interface WalkOptions {
  mshExtensions?: readonly string[];
  exclude?: readonly string[];
  /** `--pop-degrees`, `--jump-ratio`: the motion rules' thresholds (the settings' defaults otherwise). */
  motion?: Partial<MotionOptions>;
  /** Worker threads for a folder's content checks; only with Node's file access as `io.access`. */
  pool?: BinaryCheckPool;
  /** Threads for the ranges of a large clip named on the command line; only with Node's file access as `io.access`. */
  rangeWorkers?: NamedClipRanges;
  /** `checkCommand`: a named clip of at least this many bytes is linted in ranges on workers started for it (default `CLIP_SPLIT_MIN_BYTES`). */
  clipSplitMinBytes?: number;
  /** `checkCommand`: threads a run may use, its own included (default one per core, at most 8: `defaultPoolSize`). */
  threads?: number;
  /** `checkCommand`: one line on stderr saying which worker threads the run started and used (default: `EWZANIM_DEBUG_THREADS` is set). */
  reportThreads?: boolean;
}

export type { CheckReport } from './report/checkReport';

export async function runChecks(
  io: CliIo,
  paths: readonly string[],
  maxProblems: number,
  walk: WalkOptions = {},
): Promise<CheckReport> {
  const report: CheckReport = { files: [], problems: [], errors: 0, warnings: 0 };
  // This thread only waits while a check reads: small files are read without a hand-off to libuv's threads.
  const access = io.access === nodeFileAccess ? blockingSmallReads : io.access;
  // One run reads each file once: a manifest after its folder (or in it) reuses what the walk learned.
  const facts = new AssetSummaryCache({ oneRun: true });
  // Motion messages name the bones of a clip exported from glTF (its export record).
  const boneNamesOf: BoneNameLookup = (clip, bones) => exportedBoneNames(io.access, clip, bones);
  for (const path of paths) {
    const checked = await checkPath(access, path, { maxKeyframeProblems: maxProblems, kinds: { mshExtensions: walk.mshExtensions }, exclude: walk.exclude, facts, pool: walk.pool, rangeWorkers: walk.rangeWorkers, ...(walk.motion ? { motion: walk.motion } : {}), boneNamesOf });
    report.files.push(...checked.files);
    report.problems.push(...checked.problems);
  }
  for (const file of report.files) {
    const counts = countBySeverity(file.diagnostics);
    report.errors += counts.errors;
    report.warnings += counts.warnings;
  }
  return report;
}

/** What `EWZANIM_DEBUG_THREADS` shows: the worker threads a run started and what they took. */
function threadReport(pool: WorkerCheckPool | undefined, ranges: ClipRangeWorkerPool | undefined): string {
  const checks = pool ? `${pool.started} of ${pool.size} check workers started` : 'no check pool';
  const clip = ranges ? `${ranges.started} range workers started (${ranges.ready} loaded), ${ranges.rangesOnWorkers} of ${ranges.ranges} clip ranges linted on them` : 'no range workers';
  return `ewzanim: threads: ${checks}; ${clip}\n`;
}

export async function checkCommand(
  io: CliIo,
  paths: readonly string[],
  format: CheckFormat,
  maxProblems: number,
  cwd = process.cwd(),
  walk: WalkOptions = {},
): Promise<number> {
  // The pools' workers read through Node's file access: only when that is what this run reads with.
  const nodeReads = io.access === nodeFileAccess;
  // First of all: a large clip's range workers load while its stat and header are read.
  const kindOf = kindsByName({ mshExtensions: walk.mshExtensions });
  const ranges = !walk.rangeWorkers && nodeReads ? startRangeWorkersFor(paths, kindOf, walk.clipSplitMinBytes, walk.threads) : undefined;
  const owned = !walk.pool && nodeReads ? createCheckPool(walk.threads) : undefined;
  let report: CheckReport;
  try {
    report = await runChecks(io, paths, maxProblems, { ...walk, pool: walk.pool ?? owned, rangeWorkers: walk.rangeWorkers ?? ranges });
  } finally {
    if (walk.reportThreads ?? Boolean(process.env.EWZANIM_DEBUG_THREADS)) io.err(threadReport(owned, ranges));
    await Promise.all([owned?.close(), ranges?.close()]);
  }
  for (const problem of report.problems) io.err(`ewzanim: ${problem.path}: ${problem.message}\n`);
  const summary = { files: report.files.length, errors: report.errors, warnings: report.warnings };
  if (format === 'json') {
    const files = report.files.map((f) => ({ path: f.path, kind: f.kind, diagnostics: f.diagnostics.map(jsonDiagnostic) }));
    await io.out(JSON.stringify({ files, summary }) + '\n');
  } else if (format === 'sarif') {
    await io.out(JSON.stringify(sarifLog(report, cwd), null, 2) + '\n');
  } else {
    const lines =
      format === 'github'
        ? githubAnnotations(report, cwd)
        : report.files.flatMap((file) => file.diagnostics.map((d) => diagnosticLine(file.path, d)));
    for (const line of lines) await io.out(line + '\n');
    const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
    io.err(`${plural(summary.files, 'file')} checked: ${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}\n`);
  }
  if (report.problems.length > 0) return EXIT_USAGE;
  return report.errors > 0 ? EXIT_ERRORS : EXIT_OK;
}
