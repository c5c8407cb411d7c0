/**
 * The export's own record, a small JSON file beside the files an export from glTF wrote
 * (`<model>.export.json`, next to `<model>.report.md`): which glTF they came from and, for each
 * clip and skeleton, the names of its bones (the skin's joints, in bone order). The console never
 * reads it; tools use it to name the bones of a clip whose file only numbers them. Exports of
 * the same model into the same folder add to one record (a later export of a file replaces its
 * entry), so exporting "Walk" today and "Run" tomorrow keeps both clips' names.
 */
import type { FileAccess } from '../fileAccess';
import { directoryOf, resolveManifestPath } from '../paths';
import type { AnimationExportPlan } from './animationExport';
import type { GltfProblem } from './problems';
import { reportFileMarkdown, type ExportSummary } from './reportText';
import type { ExportedJoint } from './scene';

/** Written into every record; a record of another format or version is ignored. */
export const EXPORT_RECORD_FORMAT = 'ewzanim-gltf-export/1';

/** Records larger than this are not read (a real one is a few kB). */
const MAX_EXPORT_RECORD_BYTES = 1 << 20;

const RECORD_SUFFIX = '.export.json';

export type ExportedFileKind = 'clip' | 'skeleton' | 'mesh';

export interface ExportRecordOutput {
  kind: ExportedFileKind;
  /** Relative to the record's folder, '/'-separated (a file name: outputs lie beside the record). */
  path: string;
  /** The glTF animation a clip was sampled from. */
  animation?: { index: number; name: string };
  /** Clips and skeletons: the skin whose joints are the bones. */
  skin?: { index: number; name: string };
  /** Meshes: the glTF mesh written. */
  mesh?: { index: number; name: string };
  /** Clips and skeletons: the joint names in bone order (bone 0 first). */
  joints?: string[];
  /** Clips and skeletons: each bone's parent bone (its nearest joint ancestor), -1 for none; beside `joints`. */
  parents?: number[];
}

export interface ExportRecord {
  format: typeof EXPORT_RECORD_FORMAT;
  /** The glTF file, relative to the record's folder. */
  source: string;
  outputs: ExportRecordOutput[];
}

/** The names of an export's report and record, beside its outputs: `Fox.report.md`, `Fox.export.json` for `Fox.glb`. */
export function exportSidecarNames(modelPath: string): { report: string; record: string } {
  const name = modelPath.slice(Math.max(modelPath.lastIndexOf('/'), modelPath.lastIndexOf('\\')) + 1);
  const stem = name.replace(/\.[^.]*$/, '') || name;
  return { report: `${stem}.report.md`, record: `${stem}${RECORD_SUFFIX}` };
}

/** `to` relative to the folder `fromFolder`, '/'-separated (both absolute, or both relative to one root). */
export function relativePath(fromFolder: string, to: string): string {
  const a = fromFolder.replace(/\\/g, '/').split('/').filter(Boolean);
  const b = to.replace(/\\/g, '/').split('/').filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/');
}

function isNamed(value: unknown): value is { index: number; name: string } {
  const v = value as { index?: unknown; name?: unknown } | null;
  return typeof v === 'object' && v !== null && Number.isInteger(v.index) && typeof v.name === 'string';
}

function parseOutput(value: unknown): ExportRecordOutput | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (v.kind !== 'clip' && v.kind !== 'skeleton' && v.kind !== 'mesh') return undefined;
  if (typeof v.path !== 'string' || v.path === '') return undefined;
  if ([v.animation, v.skin, v.mesh].some((named) => named !== undefined && !isNamed(named))) return undefined;
  if (v.joints !== undefined && !(Array.isArray(v.joints) && v.joints.every((j) => typeof j === 'string'))) return undefined;
  const parents = Array.isArray(v.parents) && v.parents.every((p) => Number.isInteger(p) && p >= -1) ? (v.parents as number[]) : undefined;
  return {
    kind: v.kind,
    path: v.path,
    ...(isNamed(v.animation) ? { animation: { index: v.animation.index, name: v.animation.name } } : {}),
    ...(isNamed(v.skin) ? { skin: { index: v.skin.index, name: v.skin.name } } : {}),
    ...(isNamed(v.mesh) ? { mesh: { index: v.mesh.index, name: v.mesh.name } } : {}),
    ...(v.joints !== undefined ? { joints: [...(v.joints as string[])] } : {}),
    ...(parents ? { parents: [...parents] } : {}),
  };
}

/** The record in `text`, or `undefined` when it is not JSON or not a record of this format (never throws). */
export function parseExportRecord(text: string): ExportRecord | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const v = json as Record<string, unknown> | null;
  if (typeof v !== 'object' || v === null || v.format !== EXPORT_RECORD_FORMAT || typeof v.source !== 'string' || !Array.isArray(v.outputs)) return undefined;
  const outputs = v.outputs.map(parseOutput).filter((o): o is ExportRecordOutput => o !== undefined);
  return { format: EXPORT_RECORD_FORMAT, source: v.source, outputs };
}

/**
 * The record to write after an export: `next`, plus the entries of the record already there
 * (`previousText`, if any) for the same glTF that the export did not write again.
 */
export function mergedExportRecord(previousText: string | undefined, next: ExportRecord): ExportRecord {
  const previous = previousText === undefined ? undefined : parseExportRecord(previousText);
  if (!previous || previous.source !== next.source) return next;
  const written = new Set(next.outputs.map((o) => o.path));
  return { ...next, outputs: [...previous.outputs.filter((o) => !written.has(o.path)), ...next.outputs] };
}

export function exportRecordText(record: ExportRecord): string {
  return `${JSON.stringify(record, undefined, 2)}\n`;
}

/** What one export wrote, as the client and the CLI describe it to `exportSidecars`. */
export interface ExportedOutput {
  kind: ExportedFileKind;
  /** The file's path (same root as `modelPath` and `outputFolder`). */
  path: string;
  skin?: { index: number; name: string };
  mesh?: { index: number; name: string };
  /** Clips: the plan the clip was written from. */
  plan?: AnimationExportPlan;
  /** Skeletons: the joints written. */
  joints?: readonly ExportedJoint[];
}

export interface ExportSidecarsInput {
  /** The glTF file. */
  modelPath: string;
  /** The folder the outputs were written to: the sidecars go there too. */
  outputFolder: string;
  outputs: readonly ExportedOutput[];
  /** One per clip, in the order written. */
  summaries: readonly ExportSummary[];
  /** Notes about the skeleton and mesh exports. */
  notes?: readonly GltfProblem[];
  /** The record already in `outputFolder` under the same name, if any. */
  previousRecordText?: string;
}

export interface ExportSidecar {
  /** File name, in `outputFolder`. */
  name: string;
  text: string;
}

/**
 * The files an export writes beside its outputs: the quantisation report (when clips were
 * written) and the export record, merged with the one already there.
 */
export function exportSidecars(input: ExportSidecarsInput): { report?: ExportSidecar; record: ExportSidecar } {
  const names = exportSidecarNames(input.modelPath);
  const recordOutput = (o: ExportedOutput): ExportRecordOutput => {
    const joints = o.plan?.joints ?? o.joints;
    return {
      kind: o.kind,
      path: relativePath(input.outputFolder, o.path),
      ...(o.plan ? { animation: { index: o.plan.animation.index, name: o.plan.animation.name } } : {}),
      ...(o.skin ? { skin: { index: o.skin.index, name: o.skin.name } } : {}),
      ...(o.mesh ? { mesh: { index: o.mesh.index, name: o.mesh.name } } : {}),
      ...(joints ? { joints: joints.map((j) => j.name), parents: joints.map((j) => j.parent) } : {}),
    };
  };
  const record = mergedExportRecord(input.previousRecordText, {
    format: EXPORT_RECORD_FORMAT,
    source: relativePath(input.outputFolder, input.modelPath),
    outputs: input.outputs.map(recordOutput),
  });
  return {
    ...(input.summaries.length ? { report: { name: names.report, text: reportFileMarkdown(input.summaries, input.notes ?? []) } } : {}),
    record: { name: names.record, text: exportRecordText(record) },
  };
}

/**
 * The bone names a record (at `recordPath`) gives the clip at `clipPath`, if it lists that clip
 * with exactly `boneCount` joints (a record that no longer matches the file says nothing).
 */
export function boneNamesInRecord(record: ExportRecord, recordPath: string, clipPath: string, boneCount: number): string[] | undefined {
  return bonesInRecord(record, recordPath, clipPath, boneCount)?.names;
}

/** A clip's bones as a record gives them: names, and parents where the record has them for every bone. */
export interface RecordedBones {
  names: string[];
  parents?: number[];
}

function bonesInRecord(record: ExportRecord, recordPath: string, clipPath: string, boneCount: number): RecordedBones | undefined {
  const folder = directoryOf(recordPath);
  const clip = resolveManifestPath('', clipPath);
  const output = record.outputs.find((o) => o.kind === 'clip' && resolveManifestPath(folder, o.path) === clip);
  if (!output?.joints || output.joints.length !== boneCount) return undefined;
  const parents = output.parents?.length === boneCount && output.parents.every((p) => p < boneCount) ? output.parents : undefined;
  return { names: output.joints, ...(parents ? { parents } : {}) };
}

/**
 * The names of the bones of the clip at `clipPath` (with `boneCount` bones) from the export
 * records in its folder, or `undefined` when no record there lists it. Unreadable, oversized or
 * foreign `.export.json` files are skipped.
 */
export async function exportedBoneNames(access: FileAccess, clipPath: string, boneCount: number): Promise<string[] | undefined> {
  return (await exportedBones(access, clipPath, boneCount))?.names;
}

/** `exportedBoneNames`, with each bone's parent where the record has them (exports since parents were recorded). */
export async function exportedBones(access: FileAccess, clipPath: string, boneCount: number): Promise<RecordedBones | undefined> {
  const folder = directoryOf(clipPath);
  let names: string[];
  try {
    names = await access.readDirectory(folder || '.');
  } catch {
    return undefined;
  }
  for (const name of names.filter((n) => n.endsWith(RECORD_SUFFIX)).sort()) {
    const recordPath = folder ? `${folder.replace(/\/+$/, '')}/${name}` : name;
    try {
      const stat = await access.stat(recordPath);
      if (!stat || stat.isDirectory || stat.size > MAX_EXPORT_RECORD_BYTES) continue;
      const record = parseExportRecord(new TextDecoder().decode(await access.read(recordPath, 0, stat.size)));
      const bones = record && bonesInRecord(record, recordPath, clipPath, boneCount);
      if (bones) return bones;
    } catch {
      // an unreadable record names nothing
    }
  }
  return undefined;
}
