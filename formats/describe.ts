/**
 * What every byte of a binary file is: the field map the hex editor colours rows with
 * (`fieldAt`, `fieldsOfRow`, synchronous, from the first 16 bytes and the size) and the full
 * description the language server, the hex editor's tooltip/inspector and the keyframe
 * listing's hover all show (`describeByte`), so they say the same thing. The description's
 * types live in `description.ts`; NRes and MSH files are described by `msh/describe.ts`.
 */
import { hexBytes, hexWord, readF32LE, readU16LE, readU32LE } from './bytes';
import { CLIP_HEADER_FIELDS, CLIP_HEADER_SIZE, KEYFRAME_SIZE, detectLegacyClip, keyframeFieldAt, LEGACY_CLIP_HEADER_SIZE, locateKeyframe, parseClipHeader } from './clip';
import {
  type Axis3,
  type ByteDescription,
  type ByteField,
  type ByteFieldType,
  type DecodedHeader,
  type DecodedHalf,
  type DecodedMatrixCell,
  type DecodedRotation,
  type DecodedTruncated,
  type DecodedValue,
  type LocatedField,
  jsonNumber,
} from './description';
import { f16Spacing, f16ToF32 } from './f16';
import type { ByteSource } from './fileAccess';
import type { AssetKind } from './fileKinds';
import { MESH_HEADER_SIZE, MESH_INDEX_SIZE, completeVertexCount, decodeVertex, indexOffset, parseMeshHeader, vertexAttributeLayout, vertexOffset, type MeshAttribute } from './mesh';
import { describeMshByte } from './msh/describe';
import { openMshFile } from './msh/model';
import type { MeshHeader } from './records';
import { readRomMagic, printableMagic } from './rom';
import { ROTATION_MAX_ANGLE_ERROR_RAD, ROTATION_QUANT_STEP, decodeRotation, isNonUnitRotation, rotationSquareSum } from './rotation';
import { axisAngle, eulerDegrees } from './rotationMath';
import { clipDurationSeconds } from './summary';
import {
  INVERSE_BIND_FIELD_NAMES,
  INVERSE_BIND_FLOAT_SIZE,
  INVERSE_BIND_SIZE,
  MAX_SKELETON_BONES,
  SKELETON_HEADER_FIELDS,
  SKELETON_HEADER_SIZE,
  inverseBindDeterminant,
  inverseBindOffset,
  inverseBindSlotAt,
  parseSkeletonHeader,
  readInverseBind,
} from './skeleton';

export * from './description';

/** The first (up to) 16 bytes of a file and its size: all the field map needs. */
export interface FileHead {
  first16: Uint8Array;
  size: number;
}

const KEYFRAME_LABELS: Record<string, string> = {
  rotation: 'Rotation (smallest-three u32)',
  'position.x': 'Position X (f16)',
  'position.y': 'Position Y (f16)',
  'position.z': 'Position Z (f16)',
  'scale.x': 'Scale X (f16)',
  'scale.y': 'Scale Y (f16)',
  'scale.z': 'Scale Z (f16)',
};

function field(name: string, label: string, fieldType: ByteFieldType, start: number, end: number, size: number): LocatedField {
  const located: LocatedField = { name, label, fieldType, range: { start, end: Math.min(end, size) } };
  if (end > size) located.wholeEnd = end;
  return located;
}

const body = (start: number, size: number): LocatedField => field('body', 'Unstructured bytes', 'body', start, size, size);
const trailing = (start: number, size: number): LocatedField =>
  field('trailing', 'Trailing bytes (beyond what the header describes)', 'trailing', start, size, size);

/** The field holding byte `offset`; undefined outside the file or for manifests. */
export function fieldAt(kind: AssetKind, head: FileHead, offset: number): LocatedField | undefined {
  const { size } = head;
  if (!Number.isInteger(offset) || offset < 0 || offset >= size) return undefined;
  switch (kind) {
    case 'clip':
      return clipFieldAt(head, offset);
    case 'skeleton':
      return skeletonFieldAt(head, offset);
    case 'mesh':
      return meshFieldAt(head, offset);
    case 'rom':
      return size >= 4 && offset < 4 ? field('magic', 'ROM magic (4 bytes)', 'magic', 0, 4, size) : body(size >= 4 ? 4 : 0, size);
    default:
      return undefined;
  }
}

/** Fields covering `[rowStart, rowEnd)` in order (default: the record or 16 bytes at rowStart). */
export function fieldsOfRow(kind: AssetKind, head: FileHead, rowStart: number, rowEnd?: number): LocatedField[] {
  const first = fieldAt(kind, head, rowStart);
  if (!first) return [];
  const end = Math.min(head.size, rowEnd ?? defaultRowEnd(first, rowStart));
  const fields = [first];
  for (let at = first.range.end; at < end; ) {
    const next = fieldAt(kind, head, at);
    if (!next) break;
    fields.push(next);
    at = next.range.end;
  }
  return fields;
}

function defaultRowEnd(first: LocatedField, rowStart: number): number {
  if (first.fieldType === 'rotation') return first.range.start + KEYFRAME_SIZE;
  if (first.fieldType === 'header') return first.name.startsWith('header.') ? headerEnd(first) : first.range.end;
  return rowStart + 16;
}

function headerEnd(first: LocatedField): number {
  return first.name === 'header.vertexCount' ? MESH_HEADER_SIZE : first.name === 'header.boneCount' && first.range.end === 4 ? SKELETON_HEADER_SIZE : CLIP_HEADER_SIZE;
}

function clipFieldAt(head: FileHead, offset: number): LocatedField {
  const { size, first16 } = head;
  if (size < CLIP_HEADER_SIZE) return body(0, size);
  if (detectLegacyClip(first16, size)) {
    return offset < LEGACY_CLIP_HEADER_SIZE
      ? field('legacy.header', `Legacy ${LEGACY_CLIP_HEADER_SIZE}-byte clip header (old layout)`, 'header', 0, LEGACY_CLIP_HEADER_SIZE, size)
      : body(LEGACY_CLIP_HEADER_SIZE, size);
  }
  const header = parseClipHeader(first16);
  if (!header) return body(0, size);
  const headerField = CLIP_HEADER_FIELDS.find((h) => offset < h.end);
  if (headerField) return field(headerField.field, headerField.label, 'header', headerField.start, headerField.end, size);
  const record = locateKeyframe(header, offset);
  if (!record) return header.boneCount === 0 || header.frameCount === 0 ? body(CLIP_HEADER_SIZE, size) : trailing(header.expectedSize, size);
  const f = keyframeFieldAt(offset - record.recordStart);
  const fieldType: ByteFieldType = f.field === 'rotation' ? 'rotation' : f.field.startsWith('position') ? 'position' : 'scale';
  return {
    ...field(f.field, KEYFRAME_LABELS[f.field], fieldType, record.recordStart + f.start, record.recordStart + f.end, size),
    frame: record.frame,
    bone: record.bone,
  };
}

function skeletonFieldAt(head: FileHead, offset: number): LocatedField {
  const { size, first16 } = head;
  const header = parseSkeletonHeader(first16);
  if (!header || size < SKELETON_HEADER_SIZE) return body(0, size);
  const headerField = SKELETON_HEADER_FIELDS.find((h) => offset < h.end);
  if (headerField) return field(headerField.field, headerField.label, 'header', headerField.start, headerField.end, size);
  if (header.boneCount === 0 || header.boneCount > MAX_SKELETON_BONES) return body(SKELETON_HEADER_SIZE, size);
  if (offset >= header.expectedSize) return trailing(header.expectedSize, size);
  const { bone, slot, start } = inverseBindSlotAt(offset);
  const name = INVERSE_BIND_FIELD_NAMES[slot];
  return { ...field(name, `Inverse bind ${name.slice(4)} (f32, column-major)`, 'matrix', start, start + INVERSE_BIND_FLOAT_SIZE, size), bone };
}

const MESH_LABELS: Record<string, string> = {
  position: 'Position (4 x f16, w = 1)',
  uv: 'UV (2 x unorm16)',
  color: 'Colour (4 x unorm8)',
  normal: 'Normal (octahedral, 2 x snorm16)',
  tangent: 'Tangent (octahedral, bit 16 = handedness)',
  boneIndices: 'Bone indices (4 x u8)',
  boneWeights: 'Bone weights (4 x unorm8)',
};

function usableMeshHeader(head: FileHead): MeshHeader | undefined {
  if (head.size < MESH_HEADER_SIZE) return undefined;
  const header = parseMeshHeader(head.first16);
  return header && header.vertexCount > 0 && header.format <= 31 ? header : undefined;
}

function meshFieldAt(head: FileHead, offset: number): LocatedField {
  const { size } = head;
  if (size < MESH_HEADER_SIZE) return body(0, size);
  if (offset < 4) return field('header.vertexCount', 'Vertex count (u32 LE)', 'header', 0, 4, size);
  if (offset < 8) return field('header.indexCount', 'Index count (u32 LE, 0 = not indexed)', 'header', 4, 8, size);
  if (offset < 9) return field('header.format', 'Vertex format (u8 flags)', 'header', 8, 9, size);
  if (offset < 12) return field('header.padding', 'Padding (3 bytes)', 'header', 9, 12, size);
  const header = usableMeshHeader(head);
  if (!header) return body(MESH_HEADER_SIZE, size);
  if (offset >= header.expectedSize) return trailing(header.expectedSize, size);
  const indicesStart = indexOffset(header, 0);
  if (offset >= indicesStart) {
    const index = Math.floor((offset - indicesStart) / MESH_INDEX_SIZE);
    return { ...field('index', 'Index (u16 LE)', 'index', indexOffset(header, index), indexOffset(header, index + 1), size), index };
  }
  // The vertices wholly before this byte: so its own vertex's index.
  const vertex = completeVertexCount(header, offset);
  const vertexStart = vertexOffset(header, vertex);
  const attribute = vertexAttributeLayout(header.format).find((a) => offset - vertexStart < a.end) ?? { attribute: 'position', start: 0, end: 8 };
  return {
    ...field(`vertex.${attribute.attribute}`, MESH_LABELS[attribute.attribute], 'vertex', vertexStart + attribute.start, vertexStart + attribute.end, size),
    vertex,
  };
}

export interface DescribeOptions {
  /** Frames per second for durations (clips store none; the toolchain uses 30). */
  frameRate: number;
}

/** Full description of the byte at `offset`; undefined outside the file or for manifests. */
export async function describeByte(kind: AssetKind, source: ByteSource, offset: number, options: DescribeOptions): Promise<ByteDescription | undefined> {
  if (!Number.isInteger(offset) || offset < 0 || offset >= source.size) return undefined;
  // NRes fields sit wherever the directory says: the layout is read first (headers, directories, Res1, Res10).
  if (kind === 'msh') return describeMshByte(source, (await openMshFile(source)).layout, offset);
  const first16 = await source.read(0, Math.min(16, source.size));
  const head = { first16, size: source.size };
  const located = fieldAt(kind, head, offset);
  if (!located) return undefined;
  const { frame, bone, vertex, index, wholeEnd, ...byteField } = located;
  const isRegion = located.fieldType === 'body' || located.fieldType === 'trailing';
  const start = isRegion ? offset : located.range.start;
  const end = isRegion ? offset + 1 : (wholeEnd ?? located.range.end);
  const bytes = await source.read(start, end - start);
  const notes: string[] = [];
  const place = { frame, bone, vertex };
  const base = { offset, kind, field: byteField, ...definedOnly(place) };
  if (bytes.length < end - start) {
    notes.push(`Only ${bytes.length} of this field's ${end - start} bytes are in the file (it is truncated).`);
    const decoded: DecodedTruncated = { kind: 'truncated', present: bytes.length, needed: end - start };
    return { ...base, raw: { hex: hexBytes(bytes), value: bytes[0] ?? 0 }, decoded, notes };
  }
  const { raw, decoded } = describeValue(kind, byteField, bytes, head, index, options, notes);
  if (decoded.kind === 'matrixCell' && bone !== undefined) {
    const matrix = await source.read(inverseBindOffset(bone), INVERSE_BIND_SIZE);
    if (matrix.length === INVERSE_BIND_SIZE) {
      const m = readInverseBind(matrix, 0);
      decoded.matrix = Array.from(m, jsonNumber);
      decoded.determinant = jsonNumber(inverseBindDeterminant(m));
    }
  }
  return { ...base, raw, decoded, notes };
}

function definedOnly<T extends Record<string, number | undefined>>(values: T): Partial<Record<keyof T, number>> {
  const out: Partial<Record<keyof T, number>> = {};
  for (const key of Object.keys(values) as (keyof T)[]) if (values[key] !== undefined) out[key] = values[key];
  return out;
}

type Described = { raw: ByteDescription['raw']; decoded: DecodedValue };

function describeValue(
  kind: AssetKind, field: ByteField, bytes: Uint8Array, head: FileHead, index: number | undefined, options: DescribeOptions, notes: string[],
): Described {
  switch (field.fieldType) {
    case 'rotation':
      return describeRotation(readU32LE(bytes, 0), notes);
    case 'position':
    case 'scale':
      return describeHalf(field, readU16LE(bytes, 0), notes);
    case 'matrix': {
      const value = readF32LE(bytes, 0);
      notesForNonFinite([value], notes);
      // 'ibm.c0.x', 'ibm.t.y'
      const [, column, axis] = field.name.split('.');
      const decoded: DecodedMatrixCell = { kind: 'matrixCell', column: column as DecodedMatrixCell['column'], axis: axis as Axis3, value: jsonNumber(value) };
      return { raw: { hex: hexWord(readU32LE(bytes, 0), 8), value: jsonNumber(value) }, decoded };
    }
    case 'vertex':
      return describeVertex(field, bytes, head, notes);
    case 'index': {
      const value = readU16LE(bytes, 0);
      const header = parseMeshHeader(head.first16) as MeshHeader;
      if (value >= header.vertexCount) notes.push(`Out of range: the mesh has ${header.vertexCount} vertices.`);
      return { raw: { hex: hexWord(value, 4), value }, decoded: { kind: 'index', index: index ?? 0, vertex: value, vertexCount: header.vertexCount } };
    }
    case 'magic': {
      const magic = readRomMagic(bytes);
      const printable = printableMagic(bytes);
      if (!magic) notes.push('Not a known ROM magic (EWZ\\0, EWZX, NCZX).');
      const era = magic === 'NCZX' ? 'Nethercore ZX' : magic === 'EWZX' ? 'Emberware ZX' : magic ? 'Emberware Z' : 'unknown';
      return { raw: { hex: hexBytes(bytes), value: printable }, decoded: { kind: 'magic', magic: printable, era } };
    }
    case 'header':
      return describeHeader(kind, field, bytes, head, options, notes);
    case 'trailing':
      notes.push('Beyond the size the header describes: the packer drops these bytes (clips) or ignores them.');
      return { raw: { hex: hexBytes(bytes), value: bytes[0] }, decoded: { kind: 'region', region: 'trailing', value: bytes[0] } };
    default:
      // 'body' (NRes and MSH field types come from msh/describe.ts, never from `fieldAt`).
      notes.push('The header cannot be read, so these bytes have no known structure.');
      return { raw: { hex: hexBytes(bytes), value: bytes[0] }, decoded: { kind: 'region', region: 'body', value: bytes[0] } };
  }
}

function notesForNonFinite(values: number[], notes: string[]): void {
  if (values.some((v) => !Number.isFinite(v))) notes.push('Not finite: NaN or infinity here poisons every value computed from it.');
}

function describeRotation(word: number, notes: string[]): Described {
  const quaternion = decodeRotation(word);
  const { axis, angleDeg } = axisAngle(quaternion);
  const nonUnit = isNonUnitRotation(word);
  if (nonUnit) notes.push('Non-unit: the stored components square-sum above 1, so the dropped component is clamped to 0.');
  const decoded: DecodedRotation = {
    kind: 'rotation',
    word,
    quaternion,
    dropped: (['x', 'y', 'z', 'w'] as const)[word & 3],
    storedFields: [(word >>> 22) & 0x3ff, (word >>> 12) & 0x3ff, (word >>> 2) & 0x3ff],
    squareSum: rotationSquareSum(word),
    nonUnit,
    axis,
    angleDeg,
    euler: eulerDegrees(quaternion),
    quantStep: ROTATION_QUANT_STEP,
    maxAngleErrorDeg: (ROTATION_MAX_ANGLE_ERROR_RAD * 180) / Math.PI,
  };
  return { raw: { hex: hexWord(word, 8), value: word }, decoded };
}

function describeHalf(field: ByteField, bits: number, notes: string[]): Described {
  const component = field.fieldType === 'scale' ? 'scale' : 'position';
  if ((bits & 0x7c00) === 0x7c00) notes.push('Not finite: the bone matrix and every vertex it skins become NaN/infinite.');
  else if (component === 'scale' && (bits & 0x7fff) === 0) notes.push('Zero scale: the bone collapses flat.');
  const decoded: DecodedHalf = {
    kind: 'half',
    component,
    axis: field.name.slice(field.name.indexOf('.') + 1) as Axis3,
    bits,
    value: jsonNumber(f16ToF32(bits)),
    spacing: jsonNumber(f16Spacing(bits)),
  };
  return { raw: { hex: hexWord(bits, 4), value: bits }, decoded };
}

function describeVertex(field: ByteField, bytes: Uint8Array, head: FileHead, notes: string[]): Described {
  const header = parseMeshHeader(head.first16) as MeshHeader;
  const attribute = field.name.slice('vertex.'.length) as MeshAttribute;
  const own = vertexAttributeLayout(header.format).find((a) => a.attribute === attribute);
  // Decode the attribute through the one vertex decoder by placing its bytes where it expects them.
  const scratch = new Uint8Array(header.stride);
  if (own) scratch.set(bytes, own.start);
  const vertex = decodeVertex(scratch, 0, header.format);
  const raw = { hex: hexBytes(bytes), value: bytes.length === 4 ? readU32LE(bytes, 0) : hexBytes(bytes) };
  if (attribute === 'tangent') {
    const tangent = vertex.tangent ?? { direction: [0, 0, 0], handedness: 1 as const };
    return { raw, decoded: { kind: 'vertex', attribute, direction: tangent.direction.map(jsonNumber), handedness: tangent.handedness } };
  }
  const values: number[] = vertex[attribute] ?? [];
  if (values.some((v) => !Number.isFinite(v))) notes.push('Contains NaN or infinity.');
  if (attribute === 'boneWeights' && bytes.every((b) => b === 0)) notes.push('All weights are 0: skinning moves this vertex to the origin.');
  return { raw, decoded: { kind: 'vertex', attribute, values: values.map(jsonNumber) } };
}

function describeHeader(kind: AssetKind, field: ByteField, bytes: Uint8Array, head: FileHead, options: DescribeOptions, notes: string[]): Described {
  const value = bytes.length === 1 ? bytes[0] : bytes.length === 2 ? readU16LE(bytes, 0) : bytes.length >= 4 ? readU32LE(bytes, 0) : bytes[0];
  const raw = { hex: hexWord(value, bytes.length * 2), value };
  switch (field.name) {
    case 'header.boneCount': {
      const limit = kind === 'clip' ? 255 : MAX_SKELETON_BONES;
      if (value === 0) notes.push('Invalid: 0 bones.');
      else if (value > limit) notes.push(`Invalid: above ${limit}.`);
      return { raw, decoded: { kind: 'header', field: 'boneCount', value, unit: kind === 'clip' ? 'frame' : 'skeleton', limit } };
    }
    case 'header.flags':
      if (value !== 0) notes.push('Invalid: flags must be 0.');
      return { raw, decoded: { kind: 'header', field: 'flags', value } };
    case 'header.frameCount': {
      if (value === 0) notes.push('Invalid: 0 frames.');
      const expectedSize = parseClipHeader(head.first16)?.expectedSize;
      const durationSeconds = clipDurationSeconds(value, options.frameRate);
      const decoded: DecodedHeader = { kind: 'header', field: 'frameCount', value, frameRate: options.frameRate, durationSeconds };
      if (expectedSize !== undefined) decoded.expectedSize = expectedSize;
      return { raw, decoded };
    }
    case 'header.reserved':
      if (value !== 0) notes.push('Documented as "must be 0" (not enforced today).');
      return { raw, decoded: { kind: 'header', field: 'reserved', value } };
    case 'header.vertexCount':
      return { raw, decoded: { kind: 'header', field: 'vertexCount', value } };
    case 'header.indexCount':
      return { raw, decoded: { kind: 'header', field: 'indexCount', value } };
    case 'header.format': {
      if (value > 15) notes.push('The native loader accepts formats 0..15 only.');
      const flags = ['UV', 'COLOR', 'NORMAL', 'SKINNED', 'TANGENT'].filter((_, bit) => value & (1 << bit));
      return { raw, decoded: { kind: 'header', field: 'format', value, flags } };
    }
    case 'legacy.header': {
      notes.push('Old two-day layout (16-byte header, 48-byte matrices): re-export with the current exporter.');
      const legacy = detectLegacyClip(head.first16, head.size);
      if (!legacy) return { raw, decoded: { kind: 'region', region: 'body', value: bytes[0] } };
      const decoded: DecodedHeader = {
        kind: 'header', field: 'legacy', boneCount: legacy.boneCount, frameCount: legacy.frameCount, frameRate: jsonNumber(legacy.frameRate), flags: legacy.flags,
      };
      return { raw: { hex: hexBytes(bytes), value: hexBytes(bytes) }, decoded };
    }
    default:
      return { raw, decoded: { kind: 'header', field: 'padding', value } };
  }
}
