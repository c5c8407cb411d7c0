/** Command-line parsing of `ewzanim export animation|skeleton|mesh|gltf ...`. */
import { parseArgs } from 'node:util';
import { DEFAULT_EXPORT_FRAME_RATE, DEFAULT_SHELL_DISTANCE_CM, type ExportSpace } from '../formats/gltf';
import { helpTopicOf, type HelpRequest } from './usage';
import { UsageError, usageErrorOf } from './usageError';

export type ReportFormat = 'md' | 'json';

export type ExportCommand =
  | {
      name: 'export';
      kind: 'animation';
      model: string;
      output?: string;
      animation?: string;
      skin?: string;
      frameRate: number;
      space: ExportSpace;
      shellDistanceCm: number;
      maxErrorCm?: number;
      report: ReportFormat;
      list: boolean;
      /** The FBX2glTF binary for an .fbx model (else found on PATH or in node_modules/fbx2gltf). */
      fbx2gltf?: string;
    }
  | { name: 'export'; kind: 'skeleton'; model: string; output: string; skin?: string; animation?: string; fbx2gltf?: string }
  | { name: 'export'; kind: 'mesh'; model: string; output: string; mesh?: string; skin?: string; fbx2gltf?: string }
  | { name: 'export'; kind: 'gltf'; clip: string; skeleton: string; mesh?: string; output: string; frameRate: number };

const OPTIONS = {
  output: { type: 'string', short: 'o' },
  animation: { type: 'string' },
  skin: { type: 'string' },
  mesh: { type: 'string' },
  skeleton: { type: 'string' },
  'frame-rate': { type: 'string' },
  space: { type: 'string' },
  'shell-distance': { type: 'string' },
  'max-error': { type: 'string' },
  report: { type: 'string' },
  list: { type: 'boolean' },
  fbx2gltf: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const EXPORT_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  animation: ['output', 'animation', 'skin', 'frame-rate', 'space', 'shell-distance', 'max-error', 'report', 'list', 'fbx2gltf'],
  skeleton: ['output', 'skin', 'animation', 'fbx2gltf'],
  mesh: ['output', 'mesh', 'skin', 'fbx2gltf'],
  gltf: ['output', 'skeleton', 'mesh', 'frame-rate'],
};

function positiveNumber(text: string, what: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) throw new UsageError(`${what} must be a positive number, got "${text}"`);
  return value;
}

function nonNegativeNumber(text: string, what: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) throw new UsageError(`${what} must be a number >= 0, got "${text}"`);
  return value;
}

function oneOf<T extends string>(text: string, allowed: readonly T[], what: string): T {
  if (!allowed.includes(text as T)) throw new UsageError(`${what} must be ${allowed.join(' or ')}, got "${text}"`);
  return text as T;
}

/** `argv` after the word `export`: the export to run, or a request for its usage (`--help`). */
export function parseExportCommand(argv: readonly string[]): ExportCommand | HelpRequest {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageErrorOf(error);
  }
  const { values, positionals } = parsed;
  const [kind, ...operands] = positionals;
  if (values.help) return { name: 'help', ...helpTopicOf(['export', kind]) };
  const allowed = kind === undefined ? undefined : EXPORT_OPTIONS[kind];
  if (!allowed) throw new UsageError(`export needs what to export: animation, skeleton, mesh or gltf${kind === undefined ? '' : `, not "${kind}"`}`);
  for (const [option, value] of Object.entries(values)) {
    if (value !== undefined && option !== 'help' && !allowed.includes(option)) throw new UsageError(`export ${kind} does not take --${option}`);
  }
  const input = kind === 'gltf' ? 'CLIP' : 'MODEL.gltf|.glb|.fbx';
  if (operands.length !== 1) throw new UsageError(`export ${kind} takes exactly one ${input}, got ${operands.length}`);
  const source = operands[0] as string;
  const list = values.list ?? false;
  const output = values.output;
  if (output === undefined && !(kind === 'animation' && list)) throw new UsageError(`export ${kind} needs -o OUTPUT`);
  const frameRate = values['frame-rate'] === undefined ? DEFAULT_EXPORT_FRAME_RATE : positiveNumber(values['frame-rate'], '--frame-rate');
  const fbx2gltf = values.fbx2gltf !== undefined ? { fbx2gltf: values.fbx2gltf } : {};
  switch (kind) {
    case 'animation':
      return {
        name: 'export',
        kind,
        model: source,
        ...(output !== undefined ? { output } : {}),
        ...(values.animation !== undefined ? { animation: values.animation } : {}),
        ...(values.skin !== undefined ? { skin: values.skin } : {}),
        frameRate,
        space: values.space === undefined ? 'model' : oneOf(values.space, ['model', 'local'] as const, '--space'),
        shellDistanceCm: values['shell-distance'] === undefined ? DEFAULT_SHELL_DISTANCE_CM : positiveNumber(values['shell-distance'], '--shell-distance'),
        ...(values['max-error'] !== undefined ? { maxErrorCm: nonNegativeNumber(values['max-error'], '--max-error') } : {}),
        report: values.report === undefined ? 'md' : oneOf(values.report, ['md', 'json'] as const, '--report'),
        list,
        ...fbx2gltf,
      };
    case 'skeleton':
      return { name: 'export', kind, model: source, output: output!, ...(values.skin !== undefined ? { skin: values.skin } : {}), ...(values.animation !== undefined ? { animation: values.animation } : {}), ...fbx2gltf };
    case 'mesh':
      return { name: 'export', kind, model: source, output: output!, ...(values.mesh !== undefined ? { mesh: values.mesh } : {}), ...(values.skin !== undefined ? { skin: values.skin } : {}), ...fbx2gltf };
    default: {
      if (values.skeleton === undefined) throw new UsageError('export gltf needs --skeleton SKEL');
      if (!output!.toLowerCase().endsWith('.glb')) throw new UsageError(`export gltf writes a binary glTF: -o must name a .glb file, not "${output}"`);
      return { name: 'export', kind: 'gltf', clip: source, skeleton: values.skeleton, ...(values.mesh !== undefined ? { mesh: values.mesh } : {}), output: output!, frameRate };
    }
  }
}
