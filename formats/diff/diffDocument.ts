/**
 * What a diff says to people, once: a title, summary lines and tables, built from the plain data
 * of any kind; `diffRender.ts` prints the same document as text (a terminal) or markdown (a pull
 * request comment).
 */
import { formatFixed, formatThousands } from '../numberText';
import type { ClipDiff } from './clipDiff';
import type { FileDiff } from './diffFiles';
import type { CountChange, Extreme, IndexSpan } from './diffTypes';
import type { GateFailure } from './gates';
import type { MeshDiff } from './meshDiff';
import type { MshDiff } from './mshDiff';
import type { SkeletonDiff } from './skeletonDiff';

export interface DiffTable {
  title: string;
  columns: string[];
  rows: string[][];
}

export interface DiffDocument {
  title: string;
  /** True when the files are the same by meaning (the first line says so). */
  identical: boolean;
  lines: string[];
  tables: DiffTable[];
}

export interface DiffDocumentOptions {
  /** Names of the two files as the user gave them. */
  names: { a: string; b: string };
  /** Rows of the "worst" tables (default 10). */
  worstRows?: number;
  /** Gates that were given and how they came out (lines at the end). */
  gates?: { given: boolean; failures: GateFailure[] };
}

export const DEFAULT_WORST_ROWS = 10;

export const degrees = (value: number): string => `${formatFixed(value, 4)}°`;
export const units = (value: number): string => formatFixed(value, 6);
export const ratio = (value: number): string => `x${formatFixed(value, 6)}`;

/** "bone 5" or "bones 5-7" of a half-open span. */
export function spanText(noun: string, span: IndexSpan, plural = `${noun}s`): string {
  return span.end - span.start === 1 ? `${noun} ${span.start}` : `${plural} ${span.start}-${span.end - 1}`;
}

function changeLines(changes: readonly CountChange[]): string[] {
  return changes.map((c) => `${c.field}: ${formatThousands(c.a)} -> ${formatThousands(c.b)}`);
}

/** What only one side holds, by the onlyIn key's noun: [singular, plural]. */
function onlyInLines(onlyIn: { a: Record<string, IndexSpan | undefined>; b: Record<string, IndexSpan | undefined> }, nouns: Record<string, [string, string]>): string[] {
  const lines: string[] = [];
  for (const side of ['a', 'b'] as const) {
    const parts = Object.entries(onlyIn[side]).flatMap(([key, span]) => (span ? [spanText(nouns[key]?.[0] ?? key, span, nouns[key]?.[1])] : []));
    if (parts.length > 0) lines.push(`only in ${side.toUpperCase()} (not compared): ${parts.join('; ')}`);
  }
  return lines;
}

/** "5, 7, 9 and 3 more" */
function listText(values: readonly number[], shown = 12): string {
  const head = values.slice(0, shown).join(', ');
  return values.length > shown ? `${head} and ${values.length - shown} more` : head;
}

function where(extreme: Extreme, index: string, frame?: string): string {
  if (extreme.index < 0) return '';
  return ` (${index} ${extreme.index}${frame !== undefined && extreme.frame >= 0 ? `, ${frame} ${extreme.frame}` : ''})`;
}

const at = (frame: number): string => (frame < 0 ? '-' : String(frame));

function clipDocument(diff: ClipDiff, rows: number): Omit<DiffDocument, 'title' | 'identical'> {
  const shape = (s: ClipDiff['a']): string => `${s.boneCount} bones x ${formatThousands(s.frameCount)} frames, ${formatThousands(s.size)} bytes`;
  const lines = [`A: ${shape(diff.a)}; B: ${shape(diff.b)}`];
  if (diff.identical) return { lines: [`identical: every keyframe of ${diff.a.boneCount} bones x ${formatThousands(diff.a.frameCount)} frames is equal`], tables: [] };
  lines.push(...changeLines(diff.headerChanges));
  const { boneCount, frameCount } = diff.compared;
  lines.push(`compared: ${boneCount > 0 ? spanText('bone', { start: 0, end: boneCount }) : 'no bones'} x ${frameCount > 0 ? spanText('frame', { start: 0, end: frameCount }) : 'no frames'}`);
  lines.push(...onlyInLines(diff.onlyIn, { bones: ['bone', 'bones'], frames: ['frame', 'frames'] }));
  const total = boneCount * frameCount;
  if (diff.changedKeyframes === 0) {
    lines.push(`every compared keyframe is equal (${formatThousands(total)})`);
    return { lines, tables: [] };
  }
  lines.push(`changed: ${formatThousands(diff.changedKeyframes)} of ${formatThousands(total)} keyframes, in ${diff.changedBones.length} of ${boneCount} bones (${listText(diff.changedBones)})`);
  const { rotation, position, scale } = diff.worst;
  lines.push(
    `largest: rotation ${degrees(rotation.value)}${where(rotation, 'bone', 'frame')}; position ${units(position.value)}${where(position, 'bone', 'frame')}; scale ${ratio(scale.value)}${where(scale, 'bone', 'frame')}`,
  );
  const worst = diff.bones
    .filter((b) => b.changedKeyframes > 0)
    .sort((x, y) => y.rotation.max - x.rotation.max || y.position.max - x.position.max || y.scale.max - x.scale.max || x.bone - y.bone)
    .slice(0, rows);
  return {
    lines,
    tables: [
      {
        title: `worst bones (${worst.length} of ${diff.changedBones.length} changed, by rotation)`,
        columns: ['bone', 'changed', 'rotation max', 'mean', 'frame', 'position max', 'mean', 'frame', 'scale max', 'frame'],
        rows: worst.map((b) => [
          String(b.bone),
          String(b.changedKeyframes),
          degrees(b.rotation.max),
          degrees(b.rotation.mean),
          at(b.rotation.maxFrame),
          units(b.position.max),
          units(b.position.mean),
          at(b.position.maxFrame),
          ratio(b.scale.max),
          at(b.scale.maxFrame),
        ]),
      },
      worstFrames(diff, rows),
    ],
  };
}

/** The frames with the largest rotation difference (then position, then scale). */
function worstFrames(diff: ClipDiff, rows: number): DiffTable {
  const { rotationMax, rotationBone, positionMax, scaleMax, changedBones } = diff.frames;
  const frames = changedBones.flatMap((count, frame) => (count > 0 ? [frame] : []));
  const worst = frames.sort((x, y) => rotationMax[y] - rotationMax[x] || positionMax[y] - positionMax[x] || scaleMax[y] - scaleMax[x] || x - y).slice(0, rows);
  return {
    title: `worst frames (${worst.length} of ${frames.length} changed, by rotation)`,
    columns: ['frame', 'bones changed', 'rotation max', 'bone', 'position max', 'scale max'],
    rows: worst.map((frame) => [String(frame), String(changedBones[frame]), degrees(rotationMax[frame]), at(rotationBone[frame]), units(positionMax[frame]), ratio(scaleMax[frame])]),
  };
}

function skeletonDocument(diff: SkeletonDiff, rows: number): Omit<DiffDocument, 'title' | 'identical'> {
  if (diff.identical) return { lines: [`identical: every inverse bind matrix of ${diff.a.boneCount} bones is equal`], tables: [] };
  const lines = [`A: ${diff.a.boneCount} bones, ${formatThousands(diff.a.size)} bytes; B: ${diff.b.boneCount} bones, ${formatThousands(diff.b.size)} bytes`, ...changeLines(diff.headerChanges)];
  lines.push(...onlyInLines(diff.onlyIn, { bones: ['bone', 'bones'] }));
  if (diff.changedBones.length === 0) return { lines: [...lines, `every compared inverse bind matrix is equal (${diff.compared.boneCount})`], tables: [] };
  lines.push(`changed: ${diff.changedBones.length} of ${diff.compared.boneCount} inverse bind matrices (bones ${listText(diff.changedBones)})`);
  lines.push(`largest: element ${units(diff.worst.element.value)}${where(diff.worst.element, 'bone')}; translation ${units(diff.worst.translation.value)}${where(diff.worst.translation, 'bone')}`);
  const worst = [...diff.bones].sort((x, y) => y.maxElement - x.maxElement || x.bone - y.bone).slice(0, rows);
  return {
    lines,
    tables: [{ title: `worst bones (${worst.length} of ${diff.bones.length} changed)`, columns: ['bone', 'element max', 'translation'], rows: worst.map((b) => [String(b.bone), units(b.maxElement), units(b.translation)]) }],
  };
}

function meshDocument(diff: MeshDiff): Omit<DiffDocument, 'title' | 'identical'> {
  const shape = (s: MeshDiff['a']): string => `${formatThousands(s.vertexCount)} vertices, ${formatThousands(s.indexCount)} indices, format ${s.format} (${s.attributes.join(' ') || 'positions only'})`;
  if (diff.identical) return { lines: [`identical: ${shape(diff.a)}`], tables: [] };
  const lines = [`A: ${shape(diff.a)}; B: ${shape(diff.b)}`, ...changeLines(diff.headerChanges)];
  lines.push(...onlyInLines(diff.onlyIn, { vertices: ['vertex', 'vertices'], indices: ['index', 'indices'] }));
  lines.push(`vertices: ${formatThousands(diff.changedVertices)} of ${formatThousands(diff.compared.vertexCount)} changed`);
  if (diff.changedVertices > 0) {
    const { position, normalAngle, uv } = diff.worst;
    lines.push(`largest: position ${units(position.value)}${where(position, 'vertex')}; normal ${degrees(normalAngle.value)}${where(normalAngle, 'vertex')}; UV ${units(uv.value)}${where(uv, 'vertex')}`);
  }
  lines.push(
    `indices: ${formatThousands(diff.changedIndices)} of ${formatThousands(diff.compared.indexCount)} changed${diff.firstChangedIndex >= 0 ? ` (the first at index ${diff.firstChangedIndex})` : ''}`,
  );
  return { lines, tables: [] };
}

function mshDocument(diff: MshDiff, rows: number): Omit<DiffDocument, 'title' | 'identical'> {
  if (diff.identical) return { lines: [`identical: ${diff.a.models} model${diff.a.models === 1 ? '' : 's'}, every node, key and frame map word equal`], tables: [] };
  const lines = [`A: ${diff.a.models} models, ${formatThousands(diff.a.size)} bytes; B: ${diff.b.models} models, ${formatThousands(diff.b.size)} bytes`, ...changeLines(diff.headerChanges)];
  const tables: DiffTable[] = [];
  for (const model of diff.models) {
    const prefix = `model ${model.model} "${model.name}"`;
    const changes = [...changeLines(model.headerChanges)];
    for (const node of model.changedNodes) changes.push(`node ${node.node}${node.name !== undefined ? ` "${node.name}"` : ''}: ${node.fields.join(', ')} changed`);
    if (model.changedKeys > 0) {
      const { rotation, position, time } = model.worst;
      changes.push(`${formatThousands(model.changedKeys)} of ${formatThousands(model.compared.keyCount)} keys changed; largest: rotation ${degrees(rotation.value)}${where(rotation, 'node', 'key')}; position ${units(position.value)}${where(position, 'node', 'key')}; time ${formatFixed(time.value, 6)} frames${where(time, 'node', 'key')}`);
    }
    if (model.changedMapWords > 0) changes.push(`${formatThousands(model.changedMapWords)} of ${formatThousands(model.compared.wordCount)} frame map words changed`);
    lines.push(changes.length === 0 ? `${prefix}: identical` : `${prefix}: ${changes.join('; ')}`);
    const worst = [...model.nodeKeys].sort((x, y) => y.rotation.max - x.rotation.max || y.position.max - x.position.max || x.node - y.node).slice(0, rows);
    if (worst.length > 0) {
      tables.push({
        title: `${prefix}: worst nodes (${worst.length} of ${model.nodeKeys.length} with changed keys)`,
        columns: ['node', 'name', 'changed keys', 'rotation max', 'key', 'position max', 'key', 'time max', 'key'],
        rows: worst.map((n) => [n.node < 0 ? '-' : String(n.node), n.name ?? '', String(n.changedKeys), degrees(n.rotation.max), at(n.rotation.key), units(n.position.max), at(n.position.key), formatFixed(n.time.max, 6), at(n.time.key)]),
      });
    }
  }
  return { lines, tables };
}

function gateLines(gates: DiffDocumentOptions['gates']): string[] {
  if (!gates?.given) return [];
  if (gates.failures.length === 0) return ['gates: pass'];
  return gates.failures.map((f) =>
    f.gate === 'shape' ? `gate FAILED: the files differ in shape (${f.what}); gates need the same counts` : `gate FAILED: --${f.gate} ${formatFixed(f.limit, 6)}: ${f.what} ${formatFixed(f.value, 6)} is above it`,
  );
}

/** The document of any diff. */
export function diffDocument(diff: FileDiff, options: DiffDocumentOptions): DiffDocument {
  const rows = options.worstRows ?? DEFAULT_WORST_ROWS;
  const body =
    diff.kind === 'clip' ? clipDocument(diff, rows) : diff.kind === 'skeleton' ? skeletonDocument(diff, rows) : diff.kind === 'mesh' ? meshDocument(diff) : mshDocument(diff, rows);
  return {
    title: `${diff.kind} diff: ${options.names.a} -> ${options.names.b}`,
    identical: diff.identical,
    lines: [...body.lines, ...gateLines(options.gates)],
    tables: body.tables,
  };
}
