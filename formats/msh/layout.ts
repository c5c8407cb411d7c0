/**
 * Byte layouts of NRes containers and of the animation streams of MSH models (Parkan, as
 * documented by the fparkan reverse-engineering project, specification commit 8a69872): every
 * size, offset and field the rest of `formats/msh/` (and later the hex editor, the describer and
 * the listing) needs, as named constants and field tables. All integers are little-endian.
 */

/** How a field's bytes are read and written. */
export type MshValueType = 'u16' | 'i16' | 'u32' | 'i32' | 'f32' | 'ascii';

/** One field of a fixed-size record: `[start, end)` inside the record. */
export interface MshRecordField<Name extends string = string> {
  name: Name;
  /** For people: 'Version (u32, 0x100)'. */
  label: string;
  start: number;
  end: number;
  valueType: MshValueType;
}

// ---- The NRes container ------------------------------------------------------------------

/** `NRes` as a little-endian u32 (the first four bytes of every NRes blob). */
export const NRES_MAGIC = 'NRes';
export const NRES_MAGIC_BYTES: readonly number[] = [0x4e, 0x52, 0x65, 0x73];
/** `NL\0\1`: the RsLi container (encrypted and compressed; holds no models, out of scope). */
export const RSLI_MAGIC_BYTES: readonly number[] = [0x4e, 0x4c, 0x00, 0x01];
export const NRES_VERSION = 0x100;
export const NRES_HEADER_SIZE = 16;
export const NRES_ENTRY_SIZE = 64;
/** The name field of a directory entry: 36 bytes, NUL-terminated, so at most 35 characters. */
export const NRES_NAME_FIELD_SIZE = 36;
export const NRES_MAX_NAME_LENGTH = NRES_NAME_FIELD_SIZE - 1;
/** Payloads start on 8-byte boundaries (zero padding between them). */
export const NRES_PAYLOAD_ALIGNMENT = 8;

export type NresHeaderFieldName = 'magic' | 'version' | 'entryCount' | 'totalSize';

export const NRES_HEADER_FIELDS: readonly MshRecordField<NresHeaderFieldName>[] = [
  { name: 'magic', label: 'NRes magic (4 bytes "NRes")', start: 0, end: 4, valueType: 'ascii' },
  { name: 'version', label: 'Version (u32, 0x100)', start: 4, end: 8, valueType: 'u32' },
  { name: 'entryCount', label: 'Entry count (i32)', start: 8, end: 12, valueType: 'i32' },
  { name: 'totalSize', label: 'Total size (u32, the blob length)', start: 12, end: 16, valueType: 'u32' },
];

export type NresEntryFieldName = 'typeId' | 'attr1' | 'attr2' | 'dataSize' | 'attr3' | 'name' | 'dataOffset' | 'sortIndex';

/** A 64-byte directory entry (the directory is at the end: `totalSize - 64 * count`). */
export const NRES_ENTRY_FIELDS: readonly MshRecordField<NresEntryFieldName>[] = [
  { name: 'typeId', label: 'Type id (u32)', start: 0, end: 4, valueType: 'u32' },
  { name: 'attr1', label: 'Attribute 1 (u32)', start: 4, end: 8, valueType: 'u32' },
  { name: 'attr2', label: 'Attribute 2 (u32)', start: 8, end: 12, valueType: 'u32' },
  { name: 'dataSize', label: 'Payload size (u32)', start: 12, end: 16, valueType: 'u32' },
  { name: 'attr3', label: 'Attribute 3 (u32)', start: 16, end: 20, valueType: 'u32' },
  { name: 'name', label: 'Name (36 bytes, NUL-terminated)', start: 20, end: 56, valueType: 'ascii' },
  { name: 'dataOffset', label: 'Payload offset (u32, from the blob start)', start: 56, end: 60, valueType: 'u32' },
  { name: 'sortIndex', label: 'Sort index (u32, name order -> entry)', start: 60, end: 64, valueType: 'u32' },
];

/** Offsets of the entry fields, for code that reads them directly. */
export const ENTRY_AT = {
  typeId: 0,
  attr1: 4,
  attr2: 8,
  dataSize: 12,
  attr3: 16,
  name: 20,
  dataOffset: 56,
  sortIndex: 60,
} as const;

// ---- The streams of a model ---------------------------------------------------------------

/** Type ids of the streams a model's animation uses (found by type id, never by order). */
export const MSH_STREAM = {
  /** Node table: attr1 = node count, attr3 = record stride (38). */
  nodes: 1,
  /** Key pool: 24 bytes a key; attr1 = key count, attr2 = 0, attr3 = 4. */
  keys: 8,
  /** Node names: one record a node (u32 length, then text and NUL when the length is > 0). */
  names: 10,
  /** Frame map: u16 words; attr1 = word count, attr2 = frame count, attr3 = 2. */
  map: 19,
} as const;

export type MshStreamRole = keyof typeof MSH_STREAM;

/** Names of the streams for messages: 'Res1 (node table)'. */
export const MSH_STREAM_LABEL: Record<MshStreamRole, string> = {
  nodes: 'Res1 (node table)',
  keys: 'Res8 (key pool)',
  names: 'Res10 (node names)',
  map: 'Res19 (frame map)',
};

const ROLE_OF_TYPE = new Map<number, MshStreamRole>(Object.entries(MSH_STREAM).map(([role, type]) => [type, role as MshStreamRole]));

/** The stream a directory entry's type id names (1, 8, 10, 19), if any. */
export function streamRoleOfType(typeId: number): MshStreamRole | undefined {
  return ROLE_OF_TYPE.get(typeId);
}

/** The node record stride every interpreted model uses (19 u16). */
export const NODE_STRIDE = 38;
/** The other stride seen in one known file: reported as not interpreted. */
export const NODE_STRIDE_VARIANT = 24;
/** `hdr1` (parent) value of a root node. */
export const NO_PARENT = 0xffff;
/** `hdr2` (map start) value of a node without a frame map (a static node). */
export const NO_MAP = 0xffff;
/** u16 slot indices after the 4 header words: 3 levels of detail x 5 groups. */
export const NODE_SLOT_COUNT = 15;
export const NODE_SLOT_GROUPS = 5;
/** A slot index of a group without a mesh at that level of detail. */
export const NO_SLOT = 0xffff;
export const NODE_SLOTS_AT = 8;

export type NodeFieldName = 'hdr0' | 'parent' | 'mapStart' | 'fallback' | 'slot';

/** A 38-byte node record; `slot` is one of the 15 u16 slot indices (see `nodeFieldAt`). */
export const NODE_FIELDS: readonly MshRecordField<NodeFieldName>[] = [
  { name: 'hdr0', label: 'hdr0 (u16)', start: 0, end: 2, valueType: 'u16' },
  { name: 'parent', label: 'Parent node (u16, 0xFFFF = root)', start: 2, end: 4, valueType: 'u16' },
  { name: 'mapStart', label: 'Frame map start in Res19 (u16, 0xFFFF = no map)', start: 4, end: 6, valueType: 'u16' },
  { name: 'fallback', label: 'Fallback key in Res8 (u16)', start: 6, end: 8, valueType: 'u16' },
  { name: 'slot', label: 'Slot index (u16)', start: NODE_SLOTS_AT, end: NODE_STRIDE, valueType: 'u16' },
];

export const KEY_SIZE = 24;
/** Res8 attr3: a constant, not the stride. */
export const KEYS_ATTR3 = 4;
/** Quaternion components are stored as i16 and decode as `s / 32767` (f32). */
export const QUATERNION_SCALE = 32767;

export type KeyFieldName = 'position.x' | 'position.y' | 'position.z' | 'time' | 'rotation.x' | 'rotation.y' | 'rotation.z' | 'rotation.w';

/** A 24-byte key: f32 position, f32 time, i16 quaternion x, y, z, w (file order). */
export const KEY_FIELDS: readonly MshRecordField<KeyFieldName>[] = [
  { name: 'position.x', label: 'Position X (f32)', start: 0, end: 4, valueType: 'f32' },
  { name: 'position.y', label: 'Position Y (f32)', start: 4, end: 8, valueType: 'f32' },
  { name: 'position.z', label: 'Position Z (f32)', start: 8, end: 12, valueType: 'f32' },
  { name: 'time', label: 'Time (f32, frames)', start: 12, end: 16, valueType: 'f32' },
  { name: 'rotation.x', label: 'Quaternion X (i16 / 32767)', start: 16, end: 18, valueType: 'i16' },
  { name: 'rotation.y', label: 'Quaternion Y (i16 / 32767)', start: 18, end: 20, valueType: 'i16' },
  { name: 'rotation.z', label: 'Quaternion Z (i16 / 32767)', start: 20, end: 22, valueType: 'i16' },
  { name: 'rotation.w', label: 'Quaternion W (i16 / 32767)', start: 22, end: 24, valueType: 'i16' },
];

export const KEY_TIME_AT = 12;
export const KEY_ROTATION_AT = 16;

export const MAP_WORD_SIZE = 2;
/** Res19 attr3. */
export const MAP_ATTR3 = 2;

/** Res10: a u32 length (without the NUL), then `length + 1` bytes when the length is > 0. */
export const NAME_LENGTH_SIZE = 4;

/** The record field holding byte `offsetInRecord` (clamped to the last field). */
export function recordFieldAt<Name extends string>(fields: readonly MshRecordField<Name>[], offsetInRecord: number): MshRecordField<Name> {
  for (const f of fields) if (offsetInRecord < f.end) return f;
  return fields[fields.length - 1];
}
