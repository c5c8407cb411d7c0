/**
 * `ewzanim diff A B`: what changed between two clips, skeletons, meshes or MSH files, by meaning
 * (the core's `diffFiles`), as text, JSON or markdown, with CI gates (`--max-angle`,
 * `--max-position`, `--max-scale`: exit 1 above). Takes git's conventions too: two paths
 * (`git difftool`'s `$LOCAL $REMOTE`) or the seven arguments of `GIT_EXTERNAL_DIFF`
 * (path old-file old-hex old-mode new-file new-hex new-mode). Two large clips are compared in
 * frame ranges on worker threads (`node/clipDiffPool.ts`), the same result as one thread.
 */
import {
  type DiffGates,
  type FileDiff,
  type GateFailure,
  diffDocument,
  diffFiles,
  diffMarkdownOf,
  diffTextOf,
  gateFailures,
  hasGates,
} from '../formats/diff';
import { nodeFileAccess } from '../node/fileAccess';
import { createClipDiffPool } from '../node/clipDiffPool';
import { mshExtensions } from './args';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { jsonText, type JsonValue } from './jsonText';
import { helpTopicOf, type HelpRequest } from './usage';
import { UsageError, parseArgv } from './usageError';

export const DIFF_FORMATS = ['text', 'json', 'markdown'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

export interface DiffCommand {
  name: 'diff';
  pathA: string;
  pathB: string;
  /** The paths git gave (GIT_EXTERNAL_DIFF's arguments), shown instead of its temporary files' names. */
  gitPaths?: { a: string; b: string };
  format: DiffFormat;
  gates: DiffGates;
  gridColumns?: number;
  worst?: number;
  mshExtensions?: string[];
}

const OPTIONS = {
  json: { type: 'boolean' },
  format: { type: 'string' },
  'max-angle': { type: 'string' },
  'max-position': { type: 'string' },
  'max-scale': { type: 'string' },
  worst: { type: 'string' },
  'grid-columns': { type: 'string' },
  'msh-ext': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The options `diff` takes (its --help names each). */
export const DIFF_OPTIONS: readonly string[] = Object.keys(OPTIONS).filter((o) => o !== 'help');

/**
 * git's GIT_EXTERNAL_DIFF calls the program with 7 arguments (path old-file old-hex old-mode
 * new-file new-hex new-mode), or 9 for a rename (then the new path and the similarity header).
 */
const GIT_EXTERNAL_DIFF_ARGS = 7;
const GIT_EXTERNAL_DIFF_RENAME_ARGS = 9;
/** Where git puts an absent side (a file added or deleted). */
const NULL_DEVICE = '/dev/null';

function nonNegativeNumber(text: string, what: string, minimum = 0): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < minimum) throw new UsageError(`${what} must be a number >= ${minimum}, got "${text}"`);
  return value;
}

function positiveInteger(text: string, what: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${what} must be a positive integer, got "${text}"`);
  return Number(text);
}

function diffFormat(format: string | undefined, json: boolean): DiffFormat {
  if (format === undefined) return json ? 'json' : 'text';
  const known = DIFF_FORMATS.find((f) => f === format);
  if (!known) throw new UsageError(`--format must be one of ${DIFF_FORMATS.join(', ')}, got "${format}"`);
  if (json && known !== 'json') throw new UsageError(`--json and --format ${known} contradict each other`);
  return known;
}

/** `argv` after the word `diff`. */
export function parseDiffCommand(argv: readonly string[]): DiffCommand | HelpRequest {
  const { values, positionals } = parseArgv(argv, OPTIONS);
  if (values.help) return { name: 'help', ...helpTopicOf(['diff']) };
  let paths: { pathA: string; pathB: string; gitPaths?: { a: string; b: string } };
  if (positionals.length === 2) paths = { pathA: positionals[0] as string, pathB: positionals[1] as string };
  else if (positionals.length === GIT_EXTERNAL_DIFF_ARGS) paths = { pathA: positionals[1] as string, pathB: positionals[4] as string, gitPaths: { a: positionals[0] as string, b: positionals[0] as string } };
  else if (positionals.length === GIT_EXTERNAL_DIFF_RENAME_ARGS) {
    paths = { pathA: positionals[1] as string, pathB: positionals[4] as string, gitPaths: { a: positionals[0] as string, b: positionals[7] as string } };
  } else throw new UsageError(`diff takes two files A B (or git's 7 or 9 GIT_EXTERNAL_DIFF arguments), got ${positionals.length}`);
  const gates: DiffGates = {};
  if (values['max-angle'] !== undefined) gates.maxAngle = nonNegativeNumber(values['max-angle'], '--max-angle');
  if (values['max-position'] !== undefined) gates.maxPosition = nonNegativeNumber(values['max-position'], '--max-position');
  if (values['max-scale'] !== undefined) gates.maxScale = nonNegativeNumber(values['max-scale'], '--max-scale', 1);
  return {
    name: 'diff',
    ...paths,
    format: diffFormat(values.format, values.json ?? false),
    gates,
    ...(values['grid-columns'] !== undefined ? { gridColumns: positiveInteger(values['grid-columns'], '--grid-columns') } : {}),
    ...(values.worst !== undefined ? { worst: positiveInteger(values.worst, '--worst') } : {}),
    ...mshExtensions(values['msh-ext']),
  };
}

/** A number JSON can carry: non-finite values as the strings "Infinity", "-Infinity", "NaN". */
function jsonValueOf(value: unknown): JsonValue {
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (Array.isArray(value)) return value.map(jsonValueOf);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonValueOf(v)]));
  return value as JsonValue;
}

function jsonReport(command: DiffCommand, diff: FileDiff, failures: GateFailure[]): string {
  const gates = { given: hasGates(command.gates), ...command.gates, pass: failures.length === 0, failures };
  return jsonText(jsonValueOf({ files: { a: command.pathA, b: command.pathB }, ...diff, gates })) + '\n';
}

/** One side absent (git's /dev/null for an added or deleted file): nothing to compare. */
async function absentSide(io: CliIo, command: DiffCommand): Promise<number> {
  const side = command.pathA === NULL_DEVICE ? `${command.gitPaths?.b ?? command.pathB} is new` : `${command.gitPaths?.a ?? command.pathA} was deleted`;
  if (command.format === 'json') await io.out(jsonText({ files: { a: command.pathA, b: command.pathB }, absent: command.pathA === NULL_DEVICE ? 'a' : 'b' }) + '\n');
  else await io.out(`${side}: nothing to compare\n`);
  return EXIT_OK;
}

export async function diffCommand(io: CliIo, command: DiffCommand): Promise<number> {
  if (command.pathA === NULL_DEVICE || command.pathB === NULL_DEVICE) return absentSide(io, command);
  // The pool's workers read through Node's file access: only when that is what this run reads with.
  const pool = io.access === nodeFileAccess ? createClipDiffPool() : undefined;
  let diff: Awaited<ReturnType<typeof diffFiles>>;
  try {
    diff = await diffFiles(io.access, command.pathA, command.pathB, {
      ...(command.gridColumns !== undefined ? { gridColumns: command.gridColumns } : {}),
      ...(command.mshExtensions ? { mshExtensions: command.mshExtensions } : {}),
      ...(pool ? { rangeDiffer: pool.differ(command.pathA, command.pathB) } : {}),
    });
  } finally {
    await pool?.close();
  }
  if ('failure' in diff) {
    io.err(`ewzanim: ${diff.failure.code}: ${diff.failure.message}\n`);
    return EXIT_USAGE;
  }
  const failures = gateFailures(diff, command.gates);
  if (command.format === 'json') {
    await io.out(jsonReport(command, diff, failures));
  } else {
    const names = command.gitPaths ? { a: `a/${command.gitPaths.a}`, b: `b/${command.gitPaths.b}` } : { a: command.pathA, b: command.pathB };
    const document = diffDocument(diff, { names, ...(command.worst !== undefined ? { worstRows: command.worst } : {}), gates: { given: hasGates(command.gates), failures } });
    await io.out(command.format === 'markdown' ? diffMarkdownOf(document) : diffTextOf(document));
  }
  return failures.length > 0 ? EXIT_ERRORS : EXIT_OK;
}
