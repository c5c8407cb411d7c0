/**
 * How the hex editor cuts an NRes file into rows. Rows are at most three 16-byte lines and never
 * split a field: the NRes header (16), each directory entry as two rows (type, attributes and
 * size; then attribute 3, name, offset and sort index), one row per Res1 node (38) and per Res8
 * key (24), Res19 words 24 to a row with a new row at each node's block, one row per Res10 name
 * record, and 48-byte rows of whatever is not interpreted (payloads, padding, trailing bytes).
 *
 * The file is a list of segments (a stream, a region, a block); inside a segment the rows repeat
 * a pattern, so addressing is arithmetic plus one binary search, whatever the file's size.
 */
import { type MshLocatedField, mshFieldAt } from './fields';
import { KEY_SIZE, MAP_WORD_SIZE, NODE_STRIDE, NRES_ENTRY_SIZE, NRES_HEADER_SIZE } from './layout';
import type { MshFileLayout, MshModelLayout } from './model';
import { nodeMapStart } from './model';

/** Bytes of the widest row: three lines of 16. */
export const MSH_ROW_BYTES = 48;
/** A directory entry's rows: bytes 0..16 (type, attr1, attr2, size) and 16..64 (attr3, name, offset, sort index). */
const ENTRY_ROW_CUTS = [0, 16] as const;

/** Rows that repeat every `recordBytes`, starting at the offsets `cuts` inside each record. */
export interface MshRowSegment {
  start: number;
  /** Exclusive. */
  end: number;
  recordBytes: number;
  cuts: readonly number[];
  /** The first row of the segment in the file. */
  firstRow: number;
}

export interface MshRowLayout {
  kind: 'msh';
  size: number;
  rowCount: number;
  segments: MshRowSegment[];
  /** The opened file: fields, labels and values of every row come from it. */
  file: MshFileLayout;
}

export type MshRowRole = 'header' | 'record' | 'plain' | 'trailing';

export interface MshRowInfo {
  row: number;
  start: number;
  end: number;
  role: MshRowRole;
  /** 'entry 3', 'node 2', 'key 17 · n2', 'map n2 f24', 'name 2', 'payload 4', 'padding'. */
  label: string;
}

/** Cuts of one row per record. */
const WHOLE: readonly number[] = [0];

function rowsIn(segment: MshRowSegment): number {
  const length = segment.end - segment.start;
  const whole = Math.floor(length / segment.recordBytes);
  const rest = length - whole * segment.recordBytes;
  return whole * segment.cuts.length + segment.cuts.filter((cut) => cut < rest).length;
}

/** The row layout of an opened NRes file (or of any file `openMshFile` read: unknown bytes are plain rows). */
export function mshRowLayout(file: MshFileLayout): MshRowLayout {
  const segments: MshRowSegment[] = [];
  let rowCount = 0;
  for (let at = 0; at < file.size; ) {
    const segment: MshRowSegment = { start: at, ...segmentAt(file, at), firstRow: rowCount };
    segments.push(segment);
    rowCount += rowsIn(segment);
    at = segment.end;
  }
  return { kind: 'msh', size: file.size, rowCount, segments, file };
}

/** The segment that starts at `at`: its end and row pattern. */
function segmentAt(file: MshFileLayout, at: number): { end: number; recordBytes: number; cuts: readonly number[] } {
  const field = mshFieldAt(file, at) as MshLocatedField;
  const plain = (end: number) => ({ end: Math.max(at + 1, Math.min(end, file.size)), recordBytes: MSH_ROW_BYTES, cuts: WHOLE });
  const record = field.record;
  // A record that starts before `at` (overlapping payloads): the rest of it as plain rows.
  if (record && record.start !== at) return plain(record.end);
  const model = field.model === undefined ? undefined : file.models[field.model];
  const blob = field.blob === undefined ? undefined : file.blobs[field.blob];
  switch (field.fieldType) {
    case 'header':
      return { end: Math.min(file.size, at + NRES_HEADER_SIZE), recordBytes: NRES_HEADER_SIZE, cuts: WHOLE };
    case 'directory': {
      const end = (blob?.directoryStart ?? at) + (blob?.entries.length ?? 0) * NRES_ENTRY_SIZE;
      return { end: Math.max(at + 1, Math.min(end, file.size)), recordBytes: NRES_ENTRY_SIZE, cuts: ENTRY_ROW_CUTS };
    }
    case 'node': {
      const nodes = model?.streams.nodes;
      if (!model || !nodes) return plain(record?.end ?? at + 1);
      return { end: Math.min(file.size, nodes.dataStart + model.nodeCount * NODE_STRIDE), recordBytes: NODE_STRIDE, cuts: WHOLE };
    }
    case 'position':
    case 'time':
    case 'rotation': {
      const keys = model?.streams.keys;
      if (!model || !keys) return plain(record?.end ?? at + 1);
      return { end: Math.min(file.size, keys.dataStart + model.keyCount * KEY_SIZE), recordBytes: KEY_SIZE, cuts: WHOLE };
    }
    case 'map':
      return model ? { end: mapBlockEnd(model, at, file.size), recordBytes: MSH_ROW_BYTES, cuts: WHOLE } : plain(at + MAP_WORD_SIZE);
    case 'name':
      // One row per record; a long name continues on 48-byte rows.
      return { end: record?.end ?? at + 1, recordBytes: MSH_ROW_BYTES, cuts: WHOLE };
    default:
      return plain(field.range.end);
  }
}

export type MshRecordKind = 'node' | 'key' | 'word';

const RECORD_BYTES: Record<MshRecordKind, number> = { node: NODE_STRIDE, key: KEY_SIZE, word: MAP_WORD_SIZE };
const RECORD_STREAM = { node: 'nodes', key: 'keys', word: 'map' } as const;

/** Where node, key or map word `index` of a model starts, or why it does not exist. */
export function mshRecordOffset(model: MshModelLayout, kind: MshRecordKind, index: number): { offset: number; error?: undefined } | { offset?: undefined; error: string } {
  const count = kind === 'node' ? model.nodeCount : kind === 'key' ? model.keyCount : model.wordCount;
  const stream = model.streams[RECORD_STREAM[kind]];
  if (!stream?.payloadInside || count === 0) return { error: `${model.subject} has no readable ${kind === 'word' ? 'frame map' : `${kind}s`}.` };
  if (!Number.isInteger(index) || index < 0 || index >= count) return { error: `${kind === 'word' ? 'Map word' : kind === 'node' ? 'Node' : 'Key'} ${index} does not exist: ${kind}s are 0..${count - 1}.` };
  return { offset: stream.dataStart + index * RECORD_BYTES[kind] };
}

const mapBoundaries = new WeakMap<MshModelLayout, number[]>();

/** Where Res19 rows must break: every mapped node's block start and end (absolute, sorted). */
function boundariesOf(model: MshModelLayout): number[] {
  let bounds = mapBoundaries.get(model);
  if (!bounds) {
    const base = model.streams.map?.dataStart ?? 0;
    const set = new Set<number>([base + model.wordCount * MAP_WORD_SIZE]);
    for (const node of model.mappedNodes) {
      const start = nodeMapStart(model, node);
      set.add(base + start * MAP_WORD_SIZE);
      set.add(base + (start + model.frameCount) * MAP_WORD_SIZE);
    }
    bounds = [...set].sort((a, b) => a - b);
    mapBoundaries.set(model, bounds);
  }
  return bounds;
}

function mapBlockEnd(model: MshModelLayout, at: number, size: number): number {
  const next = boundariesOf(model).find((b) => b > at) ?? at + MAP_WORD_SIZE;
  return Math.min(size, next);
}

/** The segment holding row `row` (or byte `offset`): binary search on `key`. */
function segmentIndex(layout: MshRowLayout, value: number, key: 'firstRow' | 'start'): number {
  let low = 0;
  let high = layout.segments.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (layout.segments[middle][key] <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}

function rowStartIn(segment: MshRowSegment, index: number): number {
  const perRecord = segment.cuts.length;
  return segment.start + Math.floor(index / perRecord) * segment.recordBytes + segment.cuts[index % perRecord];
}

export function mshRowStart(layout: MshRowLayout, row: number): number {
  if (layout.segments.length === 0) return 0;
  const segment = layout.segments[segmentIndex(layout, row, 'firstRow')];
  return Math.min(segment.end, rowStartIn(segment, row - segment.firstRow));
}

/** The row holding byte `offset` (clamped into the file). */
export function mshRowOfOffset(layout: MshRowLayout, offset: number): number {
  if (layout.segments.length === 0) return 0;
  const at = Math.max(0, Math.min(offset, layout.size - 1));
  const segment = layout.segments[segmentIndex(layout, at, 'start')];
  const relative = at - segment.start;
  const record = Math.floor(relative / segment.recordBytes);
  const within = relative - record * segment.recordBytes;
  let cut = 0;
  while (cut + 1 < segment.cuts.length && segment.cuts[cut + 1] <= within) cut++;
  return segment.firstRow + record * segment.cuts.length + cut;
}

export function mshRowInfo(layout: MshRowLayout, row: number): MshRowInfo {
  const index = layout.segments.length === 0 ? -1 : segmentIndex(layout, row, 'firstRow');
  if (index < 0) return { row, start: 0, end: 0, role: 'plain', label: '' };
  const segment = layout.segments[index];
  const start = mshRowStart(layout, row);
  const next = row + 1 < layout.rowCount ? mshRowStart(layout, row + 1) : layout.size;
  const end = Math.min(next, segment.end);
  const field = mshFieldAt(layout.file, start);
  return { row, start, end, ...roleAndLabel(layout.file, field, start) };
}

function roleAndLabel(file: MshFileLayout, field: MshLocatedField | undefined, start: number): Pick<MshRowInfo, 'role' | 'label'> {
  if (!field) return { role: 'plain', label: '' };
  switch (field.fieldType) {
    case 'header':
      return { role: 'header', label: field.blob ? 'nested NRes header' : 'NRes header' };
    case 'directory':
      return { role: 'record', label: field.record && start > field.record.start ? `entry ${field.entry} name` : `entry ${field.entry}` };
    case 'node':
      return { role: 'record', label: `node ${field.node}` };
    case 'position':
    case 'time':
    case 'rotation':
      return { role: 'record', label: field.node === undefined ? `key ${field.key}` : `key ${field.key} · n${field.node}` };
    case 'map':
      return { role: 'record', label: field.node === undefined ? `map word ${field.word}` : `map n${field.node} f${field.frame}` };
    case 'name':
      return { role: 'record', label: `name ${field.nameRecord}` };
    case 'payload':
      return { role: 'plain', label: field.entry === undefined ? 'payload' : `payload ${field.entry}` };
    case 'padding':
      return { role: 'plain', label: 'padding' };
    case 'trailing':
      return { role: 'trailing', label: 'trailing bytes' };
    default:
      return { role: 'plain', label: file.container === 'rsli' ? 'RsLi' : '' };
  }
}
