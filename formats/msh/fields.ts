/**
 * What every byte of an NRes file is, synchronously from its opened layout: the container
 * header, the directory entries, and inside each model (nested ones included) the Res1 nodes,
 * Res8 keys, Res19 map words and Res10 name records, with the record they belong to and the
 * node that owns them. The hex editor colours rows from `mshFieldsOfRow`; the describer and the
 * hover start from `mshFieldAt`. Ranges are absolute, clipped to the file.
 */
import type { ByteRange } from '../diagnostics';
import {
  KEY_FIELDS,
  KEY_SIZE,
  MAP_WORD_SIZE,
  NAME_LENGTH_SIZE,
  NODE_FIELDS,
  NODE_SLOT_GROUPS,
  NODE_SLOTS_AT,
  NODE_STRIDE,
  NRES_ENTRY_FIELDS,
  NRES_ENTRY_SIZE,
  NRES_HEADER_FIELDS,
  NRES_HEADER_SIZE,
  type MshRecordField,
  type MshStreamRole,
  type MshValueType,
  recordFieldAt,
} from './layout';
import { type MshFileLayout, type MshModelLayout, keyOwner, wordOwner } from './model';
import type { NresBlob, NresEntry } from './nres';

export type MshFieldType = 'header' | 'directory' | 'node' | 'position' | 'time' | 'rotation' | 'map' | 'name' | 'payload' | 'padding' | 'trailing' | 'body';

export interface MshLocatedField {
  /** Stable id: 'nres.version', 'entry.dataOffset', 'node.fallback', 'node.slot', 'key.time', 'key.rotation.w', 'map.word', 'name.text', 'payload', 'padding'... */
  name: string;
  /** For people: 'Fallback key in Res8 (u16)'. */
  label: string;
  fieldType: MshFieldType;
  /** How to read and write the value (records only; regions have none). */
  valueType?: MshValueType;
  /** The field, clipped to the file. */
  range: ByteRange;
  /** The whole record (header, entry, node, key, name record), for colouring and default rows. */
  record?: ByteRange;
  /** Position in `layout.blobs` of the NRes blob holding the byte. */
  blob?: number;
  /** Position in `layout.models` when the byte belongs to a model's blob. */
  model?: number;
  /** Directory entry (its own field, or the entry whose payload holds the byte). */
  entry?: number;
  node?: number;
  /** 0..14 for `node.slot` (LOD = slot / 5, group = slot % 5). */
  slot?: number;
  key?: number;
  word?: number;
  /** For a map word: the frame it maps in its node's block. */
  frame?: number;
  /** Res10 record number (= the node it names). */
  nameRecord?: number;
}

interface PayloadIndex {
  /** Entries with a payload inside the blob, by payload start. */
  sorted: NresEntry[];
  /** Largest payload end among sorted[0..i]. */
  maxEnd: number[];
}

const payloadIndexes = new WeakMap<NresBlob, PayloadIndex>();

function payloadIndex(blob: NresBlob): PayloadIndex {
  let index = payloadIndexes.get(blob);
  if (!index) {
    const sorted = blob.entries.filter((e) => e.payloadInside && e.dataSize > 0).sort((a, b) => a.dataStart - b.dataStart || a.index - b.index);
    const maxEnd: number[] = [];
    for (const e of sorted) maxEnd.push(Math.max(maxEnd[maxEnd.length - 1] ?? 0, e.dataStart + e.dataSize));
    index = { sorted, maxEnd };
    payloadIndexes.set(blob, index);
  }
  return index;
}

/** The number of sorted payloads that start at or before `offset`. */
function startedBefore(index: PayloadIndex, offset: number): number {
  let low = 0;
  let high = index.sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (index.sorted[middle].dataStart <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The field holding byte `offset`; undefined outside the file. */
export function mshFieldAt(layout: MshFileLayout, offset: number): MshLocatedField | undefined {
  if (!Number.isInteger(offset) || offset < 0 || offset >= layout.size) return undefined;
  const root = layout.blobs[0];
  if (!root) {
    const label = layout.container === 'rsli' ? 'RsLi container (encrypted, not interpreted)' : 'Unstructured bytes (no readable NRes header)';
    return { name: 'body', label, fieldType: 'body', range: { start: 0, end: layout.size } };
  }
  return blobFieldAt(layout, 0, offset);
}

function clip(layout: MshFileLayout, start: number, end: number): ByteRange {
  return { start, end: Math.min(end, layout.size) };
}

function recordField(layout: MshFileLayout, prefix: string, field: MshRecordField, recordStart: number, recordSize: number, fieldType: MshFieldType): MshLocatedField {
  return {
    name: `${prefix}.${field.name}`,
    label: field.label,
    fieldType,
    valueType: field.valueType,
    range: clip(layout, recordStart + field.start, recordStart + field.end),
    record: clip(layout, recordStart, recordStart + recordSize),
  };
}

interface LayoutIndex {
  blobByBase: Map<number, number>;
  modelByBlob: Map<number, MshModelLayout>;
}

const layoutIndexes = new WeakMap<MshFileLayout, LayoutIndex>();

function layoutIndex(layout: MshFileLayout): LayoutIndex {
  let index = layoutIndexes.get(layout);
  if (!index) {
    index = { blobByBase: new Map(), modelByBlob: new Map(layout.models.map((m) => [m.blobIndex, m])) };
    layout.blobs.forEach((b, i) => i > 0 && index?.blobByBase.set(b.base, i));
    layoutIndexes.set(layout, index);
  }
  return index;
}

function blobFieldAt(layout: MshFileLayout, blobIndex: number, offset: number): MshLocatedField {
  const model = layoutIndex(layout).modelByBlob.get(blobIndex);
  const located = locateInBlob(layout, layout.blobs[blobIndex], model, offset);
  if (located.blob === undefined) located.blob = blobIndex;
  if (model && located.model === undefined && located.blob === blobIndex) located.model = model.index;
  return located;
}

function locateInBlob(layout: MshFileLayout, blob: NresBlob, model: MshModelLayout | undefined, offset: number): MshLocatedField {
  const relative = offset - blob.base;
  if (relative < NRES_HEADER_SIZE) {
    return recordField(layout, 'nres', recordFieldAt(NRES_HEADER_FIELDS, relative), blob.base, NRES_HEADER_SIZE, 'header');
  }
  if (relative >= blob.extent) {
    return { name: 'trailing', label: 'Bytes after the total size the header gives', fieldType: 'trailing', range: clip(layout, blob.base + blob.extent, blob.base + blob.length) };
  }
  const directory = blob.directoryStart;
  if (directory !== undefined && offset >= directory && offset < directory + blob.entries.length * NRES_ENTRY_SIZE) {
    const entry = Math.floor((offset - directory) / NRES_ENTRY_SIZE);
    const entryStart = directory + entry * NRES_ENTRY_SIZE;
    return { ...recordField(layout, 'entry', recordFieldAt(NRES_ENTRY_FIELDS, offset - entryStart), entryStart, NRES_ENTRY_SIZE, 'directory'), entry };
  }
  const index = payloadIndex(blob);
  const started = startedBefore(index, offset);
  for (let i = started - 1; i >= 0 && index.maxEnd[i] > offset; i--) {
    const entry = index.sorted[i];
    if (offset < entry.dataStart + entry.dataSize) return payloadFieldAt(layout, model, entry, offset);
  }
  // A gap: from the end of the payloads before it to the next payload or the directory.
  const start = Math.max(blob.base + NRES_HEADER_SIZE, index.maxEnd[started - 1] ?? 0);
  const end = Math.min(index.sorted[started]?.dataStart ?? Infinity, directory ?? Infinity, blob.base + blob.extent);
  return { name: 'padding', label: 'Padding or unreferenced bytes (no entry points here)', fieldType: 'padding', range: clip(layout, start, end) };
}

function payloadFieldAt(layout: MshFileLayout, model: MshModelLayout | undefined, entry: NresEntry, offset: number): MshLocatedField {
  const role = model && streamRole(model, entry);
  if (model && role) {
    const located = streamFieldAt(layout, model, role, entry, offset);
    if (located) return { ...located, entry: entry.index };
  }
  const nested = layoutIndex(layout).blobByBase.get(entry.dataStart);
  if (!role && nested !== undefined && layout.blobs[nested].length === entry.dataSize) return blobFieldAt(layout, nested, offset);
  return {
    name: 'payload',
    label: `Payload of entry ${entry.index} ("${entry.name}", type ${entry.typeId})`,
    fieldType: 'payload',
    range: clip(layout, entry.dataStart, entry.dataStart + entry.dataSize),
    entry: entry.index,
  };
}

const ROLES: readonly MshStreamRole[] = ['nodes', 'keys', 'names', 'map'];

/** By position in the directory, not identity: a layout that crossed a webview's message channel is a copy. */
function streamRole(model: MshModelLayout, entry: NresEntry): MshStreamRole | undefined {
  for (const role of ROLES) if (model.streams[role]?.index === entry.index) return role;
  return undefined;
}

function streamFieldAt(layout: MshFileLayout, model: MshModelLayout, role: MshStreamRole, entry: NresEntry, offset: number): MshLocatedField | undefined {
  const relative = offset - entry.dataStart;
  switch (role) {
    case 'nodes': {
      const node = Math.floor(relative / NODE_STRIDE);
      if (model.nodeStride !== NODE_STRIDE) return undefined;
      if (node >= model.nodeCount) return tail(layout, entry, entry.dataStart + model.nodeCount * NODE_STRIDE, 'Res1 bytes after the nodes');
      const nodeStart = entry.dataStart + node * NODE_STRIDE;
      const field = recordFieldAt(NODE_FIELDS, relative - node * NODE_STRIDE);
      if (field.name !== 'slot') return { ...recordField(layout, 'node', field, nodeStart, NODE_STRIDE, 'node'), node };
      const slot = Math.floor((relative - node * NODE_STRIDE - NODE_SLOTS_AT) / 2);
      const start = nodeStart + NODE_SLOTS_AT + slot * 2;
      return {
        name: 'node.slot',
        label: `Slot ${slot}: LOD ${Math.floor(slot / NODE_SLOT_GROUPS)}, group ${slot % NODE_SLOT_GROUPS} (u16)`,
        fieldType: 'node',
        valueType: 'u16',
        range: clip(layout, start, start + 2),
        record: clip(layout, nodeStart, nodeStart + NODE_STRIDE),
        node,
        slot,
      };
    }
    case 'keys': {
      const key = Math.floor(relative / KEY_SIZE);
      if (key >= model.keyCount) return tail(layout, entry, entry.dataStart + model.keyCount * KEY_SIZE, 'Res8 bytes after the last whole key');
      const field = recordFieldAt(KEY_FIELDS, relative - key * KEY_SIZE);
      const fieldType: MshFieldType = field.name === 'time' ? 'time' : field.name.startsWith('position') ? 'position' : 'rotation';
      const located: MshLocatedField = { ...recordField(layout, 'key', field, entry.dataStart + key * KEY_SIZE, KEY_SIZE, fieldType), key };
      const owner = keyOwner(model, key);
      if (owner !== undefined) located.node = owner;
      return located;
    }
    case 'map': {
      const word = Math.floor(relative / MAP_WORD_SIZE);
      if (word >= model.wordCount) return tail(layout, entry, entry.dataStart + model.wordCount * MAP_WORD_SIZE, 'Res19 byte after the last whole word');
      const start = entry.dataStart + word * MAP_WORD_SIZE;
      const located: MshLocatedField = { name: 'map.word', label: 'Frame map word (u16 key index)', fieldType: 'map', valueType: 'u16', range: clip(layout, start, start + MAP_WORD_SIZE), word };
      const owner = wordOwner(model, word);
      if (owner) Object.assign(located, { node: owner.node, frame: owner.frame });
      return located;
    }
    case 'names': {
      const record = nameRecordAt(model, offset);
      if (!record) return tail(layout, entry, model.nameRecords[model.nameRecords.length - 1]?.end ?? entry.dataStart, 'Res10 bytes after the name records');
      const inLength = offset < record.start + NAME_LENGTH_SIZE;
      return {
        name: inLength ? 'name.length' : 'name.text',
        label: inLength ? 'Name length (u32, without the NUL)' : 'Name text and NUL',
        fieldType: 'name',
        valueType: inLength ? 'u32' : 'ascii',
        range: clip(layout, inLength ? record.start : record.start + NAME_LENGTH_SIZE, inLength ? record.start + NAME_LENGTH_SIZE : record.end),
        record: clip(layout, record.start, record.end),
        node: record.node,
        nameRecord: record.node,
      };
    }
  }
}

/** The Res10 record holding `offset`: records are in file order, so a binary search. */
function nameRecordAt(model: MshModelLayout, offset: number): MshModelLayout['nameRecords'][number] | undefined {
  const records = model.nameRecords;
  let low = 0;
  let high = records.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (records[middle].end <= offset) low = middle + 1;
    else high = middle;
  }
  const record = records[low];
  return record && offset >= record.start && offset < record.end ? record : undefined;
}

function tail(layout: MshFileLayout, entry: NresEntry, start: number, label: string): MshLocatedField {
  return { name: 'payload.tail', label, fieldType: 'payload', range: clip(layout, start, entry.dataStart + entry.dataSize) };
}

/** Fields covering `[rowStart, rowEnd)` in order (default: the record at rowStart, or 16 bytes). */
export function mshFieldsOfRow(layout: MshFileLayout, rowStart: number, rowEnd?: number): MshLocatedField[] {
  const first = mshFieldAt(layout, rowStart);
  if (!first) return [];
  const end = Math.min(layout.size, rowEnd ?? (first.record && first.record.start === rowStart ? first.record.end : rowStart + 16));
  const fields = [first];
  for (let at = first.range.end; at < end; ) {
    const next = mshFieldAt(layout, at);
    if (!next) break;
    fields.push(next);
    at = next.range.end;
  }
  return fields;
}
