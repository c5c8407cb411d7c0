/**
 * The writer canon (notes section 5) as pure functions: NRes containers from entries (payloads
 * in entry order on 8-byte boundaries, the directory at the end, sort indices in
 * case-insensitive name order) and canonical models from a small description (keys of all nodes
 * in node order, a node's fallback = its track's last key, one map block of `frameCount` words
 * per mapped node, static nodes with map start 0xFFFF and one key at time 0), and the way back
 * (`readNresEntries`, `mshModelInputOf`), so that writer -> reader -> writer is the identity.
 * It lives in the core because the round trip is a property of the format, not of a test, and
 * because a future "rebuild" quick fix needs the same canon.
 */
import { writeU16LE, writeU32LE } from '../bytes';
import type { ByteSource } from '../fileAccess';
import type { Vec3 } from '../records';
import type { MshAnimation, MshQuaternion } from './animation';
import {
  KEY_SIZE,
  KEYS_ATTR3,
  MAP_ATTR3,
  MAP_WORD_SIZE,
  MSH_STREAM,
  NO_MAP,
  NO_PARENT,
  NO_SLOT,
  NODE_SLOT_COUNT,
  NODE_SLOTS_AT,
  NODE_STRIDE,
  NRES_ENTRY_SIZE,
  NRES_HEADER_SIZE,
  NRES_MAGIC_BYTES,
  NRES_MAX_NAME_LENGTH,
  NRES_NAME_FIELD_SIZE,
  NRES_PAYLOAD_ALIGNMENT,
  NRES_VERSION,
  QUATERNION_SCALE,
} from './layout';
import { type MshModelLayout, nodeFallback, nodeHdr0, nodeMapStart, nodeName, nodeParent, nodeSlots, trackStart } from './model';
import { type NresBlob, compareNresNames } from './nres';

export interface NresEntryInput {
  typeId: number;
  attr1?: number;
  attr2?: number;
  attr3?: number;
  /** Text (at most 35 characters, one byte each) or the raw 36-byte name field. */
  name: string | Uint8Array;
  data: Uint8Array;
}

function nameField(name: string | Uint8Array): Uint8Array {
  if (typeof name !== 'string') {
    if (name.length !== NRES_NAME_FIELD_SIZE) throw new RangeError(`a raw name field is 36 bytes, not ${name.length}`);
    return name;
  }
  if (name.length > NRES_MAX_NAME_LENGTH) throw new RangeError(`entry name "${name}" is longer than 35 characters`);
  const field = new Uint8Array(NRES_NAME_FIELD_SIZE);
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code > 0xff) throw new RangeError(`entry name "${name}" has a character above U+00FF`);
    field[i] = code;
  }
  return field;
}

const align = (offset: number): number => Math.ceil(offset / NRES_PAYLOAD_ALIGNMENT) * NRES_PAYLOAD_ALIGNMENT;

/** An NRes blob of these entries (see the file comment for the layout). */
export function writeNres(entries: readonly NresEntryInput[]): Uint8Array {
  const names = entries.map((e) => nameField(e.name));
  const offsets: number[] = [];
  let end = NRES_HEADER_SIZE;
  for (const entry of entries) {
    const offset = align(end);
    offsets.push(offset);
    end = offset + entry.data.length;
  }
  const directory = align(end);
  const total = directory + entries.length * NRES_ENTRY_SIZE;
  const out = new Uint8Array(total);
  out.set(NRES_MAGIC_BYTES, 0);
  writeU32LE(out, 4, NRES_VERSION);
  writeU32LE(out, 8, entries.length);
  writeU32LE(out, 12, total);
  const order = entries.map((_, i) => i).sort((a, b) => compareNresNames(names[a], names[b]) || a - b);
  entries.forEach((entry, i) => {
    out.set(entry.data, offsets[i]);
    const at = directory + i * NRES_ENTRY_SIZE;
    writeU32LE(out, at, entry.typeId);
    writeU32LE(out, at + 4, entry.attr1 ?? 0);
    writeU32LE(out, at + 8, entry.attr2 ?? 0);
    writeU32LE(out, at + 12, entry.data.length);
    writeU32LE(out, at + 16, entry.attr3 ?? 0);
    out.set(names[i], at + 20);
    writeU32LE(out, at + 56, offsets[i]);
    writeU32LE(out, at + 60, order[i]);
  });
  return out;
}

/** The entries of a blob with their payloads (those inside the blob; others get no bytes). */
export async function readNresEntries(source: ByteSource, blob: NresBlob): Promise<NresEntryInput[]> {
  const entries: NresEntryInput[] = [];
  for (const e of blob.entries) {
    const data = e.payloadInside ? (await source.read(e.dataStart, e.dataSize)).slice() : new Uint8Array(0);
    entries.push({ typeId: e.typeId, attr1: e.attr1, attr2: e.attr2, attr3: e.attr3, name: e.nameField, data });
  }
  return entries;
}

export interface MshKeyInput {
  time: number;
  position?: Vec3;
  /** `[w, x, y, z]`, each component stored as round(c x 32767); ignored when `stored` is given. */
  rotation?: MshQuaternion;
  /** The stored i16 components in file order (x, y, z, w). */
  stored?: readonly [number, number, number, number];
}

export interface MshNodeInput {
  name?: string;
  /** Default 0xFFFF (a root). */
  parent?: number;
  hdr0?: number;
  /** Up to 15 slot indices (default 0xFFFF each). */
  slots?: readonly number[];
  /** The node's track, in time order; at least one key. */
  keys: readonly MshKeyInput[];
  /** Whether the node gets a map block (default: more than one key). */
  mapped?: boolean;
}

export interface MshModelInput {
  nodes: readonly MshNodeInput[];
  /** Default: the latest last-key time + 1 (at least 1). */
  frameCount?: number;
  /** Write Res10 (default: when some node has a name). */
  names?: boolean;
  /** Further entries after the animation streams (Res2, Res3, ...). */
  extra?: readonly NresEntryInput[];
}

/** An i16 of a quaternion component: round(c x 32767), saturated. */
export function encodeQuaternionComponent(component: number): number {
  return Math.max(-32768, Math.min(32767, Math.round(component * QUATERNION_SCALE)));
}

function storedRotation(key: MshKeyInput): readonly number[] {
  if (key.stored) return key.stored;
  const [w, x, y, z] = key.rotation ?? [1, 0, 0, 0];
  return [x, y, z, w].map(encodeQuaternionComponent);
}

/** The canonical frame map block of one track: word f = the last key at or before frame f. */
export function canonicalMapBlock(times: readonly number[], firstKey: number, frameCount: number): number[] {
  const block: number[] = [];
  let k = 0;
  for (let frame = 0; frame < frameCount; frame++) {
    while (k + 1 < times.length && times[k + 1] <= frame) k++;
    block.push(firstKey + k);
  }
  return block;
}

/** A canonical model (an NRes blob with Res1, Res8, Res10 when named, Res19, then `extra`). */
export function buildMshModel(input: MshModelInput): Uint8Array {
  const nodes = input.nodes;
  const keyCount = nodes.reduce((n, node) => n + node.keys.length, 0);
  if (keyCount > 0xffff) throw new RangeError(`${keyCount} keys: fallback indices are u16 (at most 65535 keys)`);
  const frameCount = input.frameCount ?? Math.max(1, ...nodes.map((n) => Math.floor(n.keys[n.keys.length - 1]?.time ?? 0) + 1));
  const keys = new Uint8Array(keyCount * KEY_SIZE);
  const table = new Uint8Array(nodes.length * NODE_STRIDE);
  const view = new DataView(keys.buffer);
  const words: number[] = [];
  let next = 0;
  nodes.forEach((node, i) => {
    if (node.keys.length === 0) throw new RangeError(`node ${i} has no keys (every track ends with its fallback key)`);
    const first = next;
    for (const key of node.keys) {
      const at = next++ * KEY_SIZE;
      const [px, py, pz] = key.position ?? [0, 0, 0];
      view.setFloat32(at, px, true);
      view.setFloat32(at + 4, py, true);
      view.setFloat32(at + 8, pz, true);
      view.setFloat32(at + 12, key.time, true);
      storedRotation(key).forEach((c, j) => view.setInt16(at + 16 + j * 2, c, true));
    }
    const mapped = node.mapped ?? node.keys.length > 1;
    const at = i * NODE_STRIDE;
    writeU16LE(table, at, node.hdr0 ?? 0);
    writeU16LE(table, at + 2, node.parent ?? NO_PARENT);
    writeU16LE(table, at + 4, mapped ? words.length : NO_MAP);
    writeU16LE(table, at + 6, next - 1);
    for (let s = 0; s < NODE_SLOT_COUNT; s++) writeU16LE(table, at + NODE_SLOTS_AT + s * 2, node.slots?.[s] ?? NO_SLOT);
    if (mapped) words.push(...canonicalMapBlock(node.keys.map((k) => k.time), first, frameCount));
  });
  const map = new Uint8Array(words.length * MAP_WORD_SIZE);
  words.forEach((w, i) => writeU16LE(map, i * MAP_WORD_SIZE, w));
  const entries: NresEntryInput[] = [
    { typeId: MSH_STREAM.nodes, attr1: nodes.length, attr3: NODE_STRIDE, name: 'Res1', data: table },
    { typeId: MSH_STREAM.keys, attr1: keyCount, attr3: KEYS_ATTR3, name: 'Res8', data: keys },
  ];
  if (input.names ?? nodes.some((n) => n.name !== undefined)) {
    entries.push({ typeId: MSH_STREAM.names, attr1: nodes.length, name: 'Res10', data: nameRecords(nodes.map((n) => n.name)) });
  }
  entries.push({ typeId: MSH_STREAM.map, attr1: words.length, attr2: frameCount, attr3: MAP_ATTR3, name: 'Res19', data: map });
  return writeNres([...entries, ...(input.extra ?? [])]);
}

function nameRecords(names: readonly (string | undefined)[]): Uint8Array {
  const size = names.reduce((n, name) => n + 4 + (name ? name.length + 1 : 0), 0);
  const out = new Uint8Array(size);
  let at = 0;
  for (const name of names) {
    writeU32LE(out, at, name?.length ?? 0);
    at += 4;
    if (!name) continue;
    for (let i = 0; i < name.length; i++) out[at + i] = name.charCodeAt(i) & 0xff;
    at += name.length + 1;
  }
  return out;
}

/** The description of an animated model as read (the inverse of `buildMshModel` for canonical models). */
export function mshModelInputOf(model: MshModelLayout, animation: MshAnimation): MshModelInput {
  const nodes: MshNodeInput[] = [];
  for (let node = 0; node < model.nodeCount; node++) {
    const keys: MshKeyInput[] = [];
    for (let k = trackStart(model, node); k <= nodeFallback(model, node) && k < animation.keyCount; k++) {
      const p = animation.positions;
      const r = animation.rotations;
      keys.push({ time: animation.times[k], position: [p[k * 3], p[k * 3 + 1], p[k * 3 + 2]], stored: [r[k * 4], r[k * 4 + 1], r[k * 4 + 2], r[k * 4 + 3]] });
    }
    const input: MshNodeInput = { parent: nodeParent(model, node), hdr0: nodeHdr0(model, node), slots: nodeSlots(model, node), keys, mapped: nodeMapStart(model, node) !== NO_MAP };
    const name = nodeName(model, node);
    if (name !== undefined) input.name = name;
    nodes.push(input);
  }
  return { nodes, frameCount: animation.frameCount, names: model.streams.names !== undefined };
}
