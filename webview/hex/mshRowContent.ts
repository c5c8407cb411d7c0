/**
 * The decoded values an NRes row shows beside its bytes: the container header, a directory
 * entry's two rows, a Res1 node (parent, map start, fallback, slots), a Res8 key (position,
 * time, quaternion and its norm), Res19 words by frame, a Res10 name, and the characters of
 * bytes nobody interprets. Pure: the core's field map and value readers, no DOM.
 */
import { decodeMshQuaternion, readMshRawKey } from '../../formats/msh/animation';
import { type MshLocatedField, mshFieldsOfRow } from '../../formats/msh/fields';
import { KEY_SIZE, MSH_STREAM_LABEL, NODE_SLOT_COUNT, NODE_SLOT_GROUPS, NO_MAP, NO_PARENT, NO_SLOT, streamRoleOfType } from '../../formats/msh/layout';
import { nodeName } from '../../formats/msh/model';
import type { ByteRange } from '../../formats/diagnostics';
import type { MshRowLayout } from '../../formats/msh/rows';
import { readMshValue } from '../../formats/msh/values';
import { formatRowValue, formatValueWithin, VALUE_MAX_CH } from '../../formats/numberText';
import { breakCells, NAME_CH } from './decodedLayout';
import type { DecodedGroup } from './decodedGroup';

/** Words or characters a decoded line shows. */
const WORDS_PER_LINE = 8;
const CHARS_PER_LINE = 16;

/** Cells one space apart: under the bytes, a line breaks between them (see `mshLineShapes`). */
const cellsOf = (cells: string[], fieldType?: DecodedGroup['fieldType'], name = ''): DecodedGroup => ({ fieldType, name, text: cells.join(' '), cells });
const text = (value: string): DecodedGroup => ({ name: '', text: value, cells: [value] });
const hex = (value: number): string => `0x${value.toString(16).toUpperCase()}`;

/** The most characters of a u16 (or '?'), of a u32 or i32 (or 'undefined'), of a u32 in hex (`0x` and 8 digits). */
const U16_CH = 5;
const U32_CH = 11;
const HEX_CH = 10;
/** A key's position value: its 4 decimals where they take at most VALUE_MAX_CH characters, else formatValueWithin. */
const keyValue = (v: number): string => {
  const fixed = formatRowValue(v);
  return fixed.length <= VALUE_MAX_CH ? fixed : formatValueWithin(v);
};
/** A quaternion component (|v| <= 1.0001: `-1.0000`) and the norm cell (` |q| 1.4142`, the norm at most 2). */
const Q_CH = 7;
const NORM_CH = 11;

/** The values of the row's typed fields by field name, in order (a field the row's bytes cut short has none). */
type FieldValues = Map<string, (number | string)[]>;

function valuesOf(fields: readonly MshLocatedField[], row: ByteRange, bytes: Uint8Array): FieldValues {
  const values: FieldValues = new Map();
  for (const field of fields) {
    if (!field.valueType) continue;
    const piece = bytes.subarray(field.range.start - row.start, field.range.end - row.start);
    if (piece.length < field.range.end - field.range.start) continue;
    const list = values.get(field.name) ?? [];
    list.push(readMshValue(piece, field.valueType));
    values.set(field.name, list);
  }
  return values;
}

/** What an NRes row decodes as, from its fields alone (its bytes not needed). */
type MshRowKind = 'key' | 'map' | 'characters' | 'header' | 'entryType' | 'entryName' | 'node' | 'name';

function rowKindOf(fields: readonly MshLocatedField[], row: ByteRange): MshRowKind | undefined {
  const first = fields[0];
  if (!first) return undefined;
  if (first.fieldType === 'position' || first.fieldType === 'time' || first.fieldType === 'rotation') return row.end - row.start < KEY_SIZE ? 'characters' : 'key';
  if (first.fieldType === 'map') return 'map';
  if (!first.valueType) return 'characters';
  switch (first.fieldType) {
    case 'header':
      return 'header';
    case 'directory':
      return first.name === 'entry.typeId' ? 'entryType' : 'entryName';
    case 'node':
      return 'node';
    case 'name':
      return 'name';
    default:
      return 'characters';
  }
}

/** One decoded line as planned before its bytes are read: whether it has a name (p, t, q) and the most characters of each cell. */
export interface LineShape {
  named: boolean;
  cellCh: readonly number[];
}

const plain = (...cellCh: number[]): LineShape => ({ named: false, cellCh });
const named = (...cellCh: number[]): LineShape => ({ named: true, cellCh });

/** The longest label of a directory entry's stream (`Res10 (node names)`). */
const STREAM_LABEL_CH = Math.max(...Object.values(MSH_STREAM_LABEL).map((label) => label.length));

/** Shapes of each kind of row, from what the fields tell without the bytes: a name's length, the slots, a map block's frames and words. */
const SHAPES = {
  header: (): LineShape[] => [plain(6, 8 + HEX_CH + 2, U32_CH + 10, U32_CH + 6)],
  entryType: (): LineShape[] => [plain(5 + U32_CH, STREAM_LABEL_CH), plain(6 + U32_CH + 2, 6 + U32_CH + 2, 5 + U32_CH)],
  entryName: (nameCh: number): LineShape[] => [plain(nameCh + 2), plain(6 + U32_CH + 2, 7 + HEX_CH + 2, 5 + U32_CH)],
  node: (nameCh: number | undefined, slots: number): LineShape[] => [
    plain(...(nameCh === undefined ? [] : [nameCh + 4]), 7 + U16_CH),
    plain(4 + U16_CH + 2, 9 + U16_CH + 2, 5 + U16_CH),
    plain(5, ...Array.from({ length: slots }, (_, i) => ((i + 1) % NODE_SLOT_GROUPS === 0 && i + 1 < slots ? U16_CH + 2 : U16_CH))),
  ],
  key: (): LineShape[] => [named(VALUE_MAX_CH, VALUE_MAX_CH, VALUE_MAX_CH), named(VALUE_MAX_CH), named(Q_CH, Q_CH, Q_CH, Q_CH, NORM_CH)],
  /** `frames`: each line's first frame (undefined: none), `words` on each line. */
  map: (frames: (number | undefined)[], words: number[]): LineShape[] =>
    words.map((count, i) => plain(...(frames[i] === undefined ? [] : [`f${frames[i]}:`.length]), ...Array<number>(count).fill(U16_CH))),
  characters: (lines: number): LineShape[] => Array.from({ length: lines }, () => plain(CHARS_PER_LINE)),
  name: (nameCh: number, node: number | undefined): LineShape[] => [plain(Math.max('no name'.length, nameCh + 2), `(node ${node})`.length)],
};

/** A field's length in bytes (a name field's characters at most). */
const lengthOf = (fields: readonly MshLocatedField[], name: string): number => {
  const field = fields.find((f) => f.name === name);
  return field ? field.range.end - field.range.start : 0;
};

/** The decoded lines of an NRes row as planned before its bytes are read (`mshDecodedGroups` gives each its cells). */
export function mshLineShapes(layout: MshRowLayout, row: ByteRange): LineShape[] {
  const fields = mshFieldsOfRow(layout.file, row.start, row.end);
  const kind = rowKindOf(fields, row);
  switch (kind) {
    case undefined:
      return [];
    case 'key':
      return SHAPES.key();
    case 'map': {
      const lines = [];
      for (let i = 0; i < fields.length && lines.length < 3; i += WORDS_PER_LINE) lines.push(fields.slice(i, i + WORDS_PER_LINE));
      return SHAPES.map(lines.map((words) => words[0].frame), lines.map((words) => words.length));
    }
    case 'characters':
      return SHAPES.characters(Math.min(3, Math.ceil((row.end - row.start) / CHARS_PER_LINE)));
    case 'header':
      return SHAPES.header();
    case 'entryType':
      return SHAPES.entryType();
    case 'entryName':
      return SHAPES.entryName(lengthOf(fields, 'entry.name'));
    case 'node': {
      const model = fields[0].model === undefined ? undefined : layout.file.models[fields[0].model];
      const name = model && fields[0].node !== undefined ? nodeName(model, fields[0].node) : undefined;
      return SHAPES.node(name?.length, fields.filter((f) => f.name === 'node.slot').length);
    }
    case 'name':
      return SHAPES.name(lengthOf(fields, 'name.text'), fields[0].node);
  }
}

/** Lines of a shape: one, or (under the bytes, `widthCh` characters) as many as its cells break into. */
const linesOfShape = (shape: LineShape, widthCh: number | undefined): number =>
  widthCh === undefined ? 1 : Math.max(1, breakCells(shape.cellCh, widthCh - (shape.named ? NAME_CH : 0)).length);

/**
 * The lines `mshDecodedGroups` gives a row, known before its bytes are read (so the row can be as
 * tall as they are): one a group beside the bytes; under them (`widthCh` characters a line) each
 * group broken between its cells.
 */
export function mshDecodedLineCount(layout: MshRowLayout, row: ByteRange, widthCh?: number): number {
  return mshLineShapes(layout, row).reduce((sum, shape) => sum + linesOfShape(shape, widthCh), 0);
}

/** The most lines any NRes row takes under the bytes in `widthCh` characters (names of any length, full slots and map blocks). */
export function mshMostLines(widthCh: number): number {
  const anyName = 1_000;
  const rows = [
    SHAPES.header(), SHAPES.entryType(), SHAPES.entryName(anyName), SHAPES.node(anyName, NODE_SLOT_COUNT), SHAPES.key(),
    SHAPES.map([0xffff, 0xffff, 0xffff], [WORDS_PER_LINE, WORDS_PER_LINE, WORDS_PER_LINE]), SHAPES.characters(3), SHAPES.name(anyName, 0xffff),
  ];
  return Math.max(...rows.map((shapes) => shapes.reduce((sum, shape) => sum + linesOfShape(shape, widthCh), 0)));
}

/** The decoded values of an NRes row as groups, one per line, each with its cells and their widths as planned (`mshLineShapes`). */
export function mshDecodedGroups(layout: MshRowLayout, row: ByteRange, bytes: Uint8Array): DecodedGroup[] {
  const shapes = mshLineShapes(layout, row);
  return decodedGroupsOf(layout, row, bytes).map((group, i) => ({ ...group, cellCh: shapes[i]?.cellCh }));
}

function decodedGroupsOf(layout: MshRowLayout, row: ByteRange, bytes: Uint8Array): DecodedGroup[] {
  const fields = mshFieldsOfRow(layout.file, row.start, row.end);
  const kind = rowKindOf(fields, row);
  if (kind === undefined) return [];
  if (kind === 'key') return keyGroups(row, bytes);
  if (kind === 'map') return mapGroups(fields, row, bytes);
  if (kind === 'characters') return characterLines(bytes);
  const values = valuesOf(fields, row, bytes);
  const one = (name: string): number | string | undefined => values.get(name)?.[0];
  switch (kind) {
    case 'header':
      return [cellsOf([`"${one('nres.magic') ?? ''}"`, `version ${hex(Number(one('nres.version')))} ·`, `${one('nres.entryCount')} entries ·`, `${one('nres.totalSize')} bytes`])];
    case 'entryType': {
      const type = Number(one('entry.typeId'));
      const role = streamRoleOfType(type);
      return [cellsOf([`type ${type}`, ...(role ? [MSH_STREAM_LABEL[role]] : [])]), cellsOf([`attr1 ${one('entry.attr1')} ·`, `attr2 ${one('entry.attr2')} ·`, `size ${one('entry.dataSize')}`])];
    }
    case 'entryName': {
      const offset = one('entry.dataOffset');
      return [text(`"${one('entry.name') ?? ''}"`), cellsOf([`attr3 ${one('entry.attr3')} ·`, `offset ${offset === undefined ? '?' : hex(Number(offset))} ·`, `sort ${one('entry.sortIndex') ?? '?'}`])];
    }
    case 'node':
      return nodeGroups(layout, fields[0], values);
    case 'name': {
      const name = one('name.text');
      return [cellsOf([name === undefined ? 'no name' : `"${name}"`, `(node ${fields[0].node})`])];
    }
  }
}

function nodeGroups(layout: MshRowLayout, first: MshLocatedField, values: FieldValues): DecodedGroup[] {
  const word = (name: string): number | undefined => {
    const value = values.get(name)?.[0];
    return typeof value === 'number' ? value : undefined;
  };
  const model = first.model === undefined ? undefined : layout.file.models[first.model];
  const name = model && first.node !== undefined ? nodeName(model, first.node) : undefined;
  const parent = word('node.parent');
  const mapStart = word('node.mapStart');
  const slots = (values.get('node.slot') ?? []).map((s) => (s === NO_SLOT ? '-' : String(s)));
  // The slots by level of detail, a bar after each level's last but the last level's: `slots 0 1 2 3 4 | - - ...`.
  const slotCells = slots.map((slot, i) => ((i + 1) % NODE_SLOT_GROUPS === 0 && i + 1 < slots.length ? `${slot} |` : slot));
  return [
    cellsOf([...(name ? [`"${name}" ·`] : []), `parent ${parent === undefined ? '?' : parent === NO_PARENT ? 'root' : parent}`]),
    cellsOf([`map ${mapStart === undefined ? '?' : mapStart === NO_MAP ? 'none' : mapStart} ·`, `fallback ${word('node.fallback') ?? '?'} ·`, `hdr0 ${word('node.hdr0') ?? '?'}`]),
    cellsOf(['slots', ...slotCells]),
  ];
}

function keyGroups(row: ByteRange, bytes: Uint8Array): DecodedGroup[] {
  if (row.end - row.start < KEY_SIZE || bytes.length < KEY_SIZE) return characterLines(bytes);
  const key = readMshRawKey(bytes, 0);
  const q = decodeMshQuaternion(key.rotation);
  const padded = (values: ArrayLike<number>) => Array.from(values, (v) => keyValue(v).padStart(Q_CH));
  return [
    cellsOf(padded(key.position), 'position', 'p'),
    cellsOf([formatValueWithin(key.time)], 'time', 't'),
    cellsOf([...padded(q), ` |q| ${formatRowValue(Math.hypot(...q))}`], 'rotation', 'q'),
  ];
}

function mapGroups(fields: readonly MshLocatedField[], row: ByteRange, bytes: Uint8Array): DecodedGroup[] {
  const lines: DecodedGroup[] = [];
  for (let i = 0; i < fields.length; i += WORDS_PER_LINE) {
    const words = fields.slice(i, i + WORDS_PER_LINE).filter((f) => f.range.end - row.start <= bytes.length);
    if (words.length === 0) break;
    const frame = words[0].frame;
    const values = words.map((f) => readMshValue(bytes.subarray(f.range.start - row.start, f.range.end - row.start), 'u16'));
    lines.push(cellsOf([...(frame === undefined ? [] : [`f${frame}:`]), ...values.map(String)], 'map'));
  }
  return lines.slice(0, 3);
}

/** Bytes as characters (printable ASCII, '.' otherwise), 16 to a line like a hex editor's text column. */
function characterLines(bytes: Uint8Array): DecodedGroup[] {
  const lines: DecodedGroup[] = [];
  for (let at = 0; at < bytes.length && lines.length < 3; at += CHARS_PER_LINE) {
    const chars = Array.from(bytes.subarray(at, at + CHARS_PER_LINE), (b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.'));
    lines.push(text(chars.join('')));
  }
  return lines;
}
