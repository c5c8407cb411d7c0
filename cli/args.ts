/** Command-line parsing for `ewzanim`: turns argv into one typed command or a usage error. */
import { parseArgs } from 'node:util';
import { DEFAULT_FPS, DEFAULT_MAX_PROBLEMS, helpTopicOf, type HelpRequest } from './usage';
import { UsageError, usageErrorOf } from './usageError';

export { UsageError };

/** Half-open index range `[start, end)`; `end` undefined means "to the last one". */
export interface IndexRange {
  start: number;
  end?: number;
}

/** What `check` prints: compiler-style lines, JSON, SARIF 2.1.0 or GitHub workflow commands. */
export type CheckFormat = 'text' | 'json' | 'sarif' | 'github';
export const CHECK_FORMATS: readonly CheckFormat[] = ['text', 'json', 'sarif', 'github'];

export type Command =
  | HelpRequest
  | { name: 'version' }
  | { name: 'check'; paths: string[]; format: CheckFormat; maxProblems: number; mshExtensions?: string[]; exclude?: string[]; motion?: { popMinDegrees?: number; jumpRatio?: number } }
  | {
      name: 'dump';
      path: string;
      json: boolean;
      frames?: IndexRange;
      bones?: IndexRange;
      vertices?: IndexRange;
      /** NRes files: the model of an archive (default 0), and ranges of its nodes, keys and map words. */
      model?: number;
      nodes?: IndexRange;
      keys?: IndexRange;
      map?: IndexRange;
      mshExtensions?: string[];
    }
  | { name: 'info'; path: string; fps: number; maxProblems: number; mshExtensions?: string[] }
  | { name: 'listing'; path: string; fps: number; from: number; all: boolean }
  | { name: 'lsp' };

function nonNegativeInteger(text: string, what: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`${what} must be a non-negative integer, got "${text}"`);
  return Number(text);
}

/** `--pop-degrees N` (1..180) and `--jump-ratio N` (>= 1): the motion rules' thresholds, as the settings take them. */
function motionThresholds(popDegrees: string | undefined, jumpRatio: string | undefined): { popMinDegrees?: number; jumpRatio?: number } | undefined {
  if (popDegrees === undefined && jumpRatio === undefined) return undefined;
  const motion: { popMinDegrees?: number; jumpRatio?: number } = {};
  if (popDegrees !== undefined) {
    motion.popMinDegrees = positiveNumber(popDegrees, '--pop-degrees');
    if (motion.popMinDegrees > 180) throw new UsageError(`--pop-degrees must be at most 180, got "${popDegrees}"`);
  }
  if (jumpRatio !== undefined) {
    motion.jumpRatio = positiveNumber(jumpRatio, '--jump-ratio');
    if (motion.jumpRatio < 1) throw new UsageError(`--jump-ratio must be at least 1, got "${jumpRatio}"`);
  }
  return motion;
}

function positiveNumber(text: string, what: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) throw new UsageError(`${what} must be a positive number, got "${text}"`);
  return value;
}

/** `A:B`, `A:` or `:B` (half-open), or a single index `N` meaning `N:N+1`. */
export function parseRange(text: string, option: string): IndexRange {
  const colon = text.indexOf(':');
  if (colon < 0) {
    const index = nonNegativeInteger(text, option);
    return { start: index, end: index + 1 };
  }
  const startText = text.slice(0, colon);
  const endText = text.slice(colon + 1);
  const start = startText === '' ? 0 : nonNegativeInteger(startText, `${option} start`);
  const end = endText === '' ? undefined : nonNegativeInteger(endText, `${option} end`);
  if (end !== undefined && end < start) throw new UsageError(`${option} ${text}: the end is before the start`);
  return { start, end };
}

const OPTIONS = {
  json: { type: 'boolean' },
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  'max-problems': { type: 'string' },
  fps: { type: 'string' },
  frames: { type: 'string' },
  bones: { type: 'string' },
  vertices: { type: 'string' },
  from: { type: 'string' },
  all: { type: 'boolean' },
  stdio: { type: 'boolean' },
  model: { type: 'string' },
  node: { type: 'string' },
  keys: { type: 'string' },
  map: { type: 'string' },
  'msh-ext': { type: 'string' },
  exclude: { type: 'string', multiple: true },
  'pop-degrees': { type: 'string' },
  'jump-ratio': { type: 'string' },
} as const;

/** Which options each command takes; any other is a usage error. */
export const COMMAND_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  check: ['json', 'format', 'max-problems', 'msh-ext', 'exclude', 'pop-degrees', 'jump-ratio'],
  dump: ['json', 'frames', 'bones', 'vertices', 'model', 'node', 'keys', 'map', 'msh-ext'],
  info: ['fps', 'max-problems', 'msh-ext'],
  listing: ['fps', 'from', 'all'],
  lsp: ['stdio'],
};

/** `--msh-ext .msh,.rlb`: the extensions read as NRes/MSH files (replacing the default `.msh`). */
export function mshExtensions(text: string | undefined): { mshExtensions?: string[] } {
  if (text === undefined) return {};
  const list = text.split(',').map((e) => e.trim().toLowerCase()).filter((e) => e !== '');
  const bad = list.find((e) => !/^\.[a-z0-9_-]+$/.test(e));
  if (list.length === 0 || bad !== undefined) throw new UsageError(`--msh-ext takes extensions such as .msh,.rlb, got "${text}"`);
  return { mshExtensions: list };
}

function checkFormat(format: string | undefined, json: boolean): CheckFormat {
  if (format === undefined) return json ? 'json' : 'text';
  const known = CHECK_FORMATS.find((f) => f === format);
  if (!known) throw new UsageError(`--format must be one of ${CHECK_FORMATS.join(', ')}, got "${format}"`);
  if (json && known !== 'json') throw new UsageError(`--json and --format ${known} contradict each other`);
  return known;
}

export function parseCommand(argv: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageErrorOf(error);
  }
  const { values, positionals } = parsed;
  const [name, ...operands] = positionals;
  if (name === 'help') return { name: 'help', ...helpTopicOf(operands) };
  if (values.help || (name === undefined && !values.version)) return { name: 'help', ...helpTopicOf([name, ...operands]) };
  if (values.version) return { name: 'version' };
  const allowed = COMMAND_OPTIONS[name];
  if (!allowed) throw new UsageError(`unknown command "${name}" (commands: check, dump, info, listing, diff, textconv, lsp, export, help)`);
  for (const [option, value] of Object.entries(values)) {
    if (value !== undefined && option !== 'help' && option !== 'version' && !allowed.includes(option)) {
      throw new UsageError(`${name} does not take --${option}`);
    }
  }
  const maxProblems =
    values['max-problems'] === undefined ? DEFAULT_MAX_PROBLEMS : nonNegativeInteger(values['max-problems'], '--max-problems');
  const json = values.json ?? false;
  if (name === 'check') {
    if (operands.length === 0) throw new UsageError('check needs at least one PATH');
    const exclude = values.exclude?.filter((glob) => glob !== '');
    const motion = motionThresholds(values['pop-degrees'], values['jump-ratio']);
    return { name, paths: operands, format: checkFormat(values.format, json), maxProblems, ...mshExtensions(values['msh-ext']), ...(exclude?.length ? { exclude } : {}), ...(motion ? { motion } : {}) };
  }
  if (name === 'lsp') {
    if (operands.length > 0) throw new UsageError('lsp takes no operands (it speaks LSP on stdin/stdout)');
    return { name };
  }
  if (operands.length !== 1) throw new UsageError(`${name} takes exactly one FILE, got ${operands.length}`);
  const path = operands[0] as string;
  if (name === 'info') {
    const fps = values.fps === undefined ? DEFAULT_FPS : positiveNumber(values.fps, '--fps');
    return { name, path, fps, maxProblems, ...mshExtensions(values['msh-ext']) };
  }
  if (name === 'listing') {
    const fps = values.fps === undefined ? DEFAULT_FPS : positiveNumber(values.fps, '--fps');
    const from = values.from === undefined ? 0 : nonNegativeInteger(values.from, '--from');
    return { name, path, fps, from, all: values.all ?? false };
  }
  return {
    name: 'dump',
    path,
    json,
    frames: values.frames === undefined ? undefined : parseRange(values.frames, '--frames'),
    bones: values.bones === undefined ? undefined : parseRange(values.bones, '--bones'),
    vertices: values.vertices === undefined ? undefined : parseRange(values.vertices, '--vertices'),
    ...(values.model === undefined ? {} : { model: nonNegativeInteger(values.model, '--model') }),
    ...(values.node === undefined ? {} : { nodes: parseRange(values.node, '--node') }),
    ...(values.keys === undefined ? {} : { keys: parseRange(values.keys, '--keys') }),
    ...(values.map === undefined ? {} : { map: parseRange(values.map, '--map') }),
    ...mshExtensions(values['msh-ext']),
  };
}
