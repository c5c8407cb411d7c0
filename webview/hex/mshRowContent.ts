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
import { formatRowValue, formatValue } from '../../formats/numberText';
import type { DecodedGroup } from './decodedGroup';

/** Words or characters a decoded line shows. */
const WORDS_PER_LINE = 8;
const CHARS_PER_LINE = 16;

const text = (value: string): DecodedGroup => ({ name: '', text: value });
const hex = (value: number): string => `0x${value.toString(16).toUpperCase()}`;

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

/** Decoded lines of each kind of NRes row (maps and characters: by their length, at most 3). */
const LINES_OF: Record<Exclude<MshRowKind, 'map' | 'characters'>, number> = { key: 3, header: 1, entryType: 2, entryName: 2, node: 3, name: 1 };

/** The lines `mshDecodedGroups` gives a row, known before its bytes are read (so the row can be as tall as they are). */
export function mshDecodedLineCount(layout: MshRowLayout, row: ByteRange): number {
  const fields = mshFieldsOfRow(layout.file, row.start, row.end);
  const kind = rowKindOf(fields, row);
  if (kind === undefined) return 0;
  if (kind === 'map') return Math.min(3, Math.ceil(fields.length / WORDS_PER_LINE));
  if (kind === 'characters') return Math.min(3, Math.ceil((row.end - row.start) / CHARS_PER_LINE));
  return LINES_OF[kind];
}

/** The decoded values of an NRes row as groups, one per line. */
export function mshDecodedGroups(layout: MshRowLayout, row: ByteRange, bytes: Uint8Array): DecodedGroup[] {
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
      return [text(`"${one('nres.magic') ?? ''}" version ${hex(Number(one('nres.version')))} · ${one('nres.entryCount')} entries · ${one('nres.totalSize')} bytes`)];
    case 'entryType': {
      const type = Number(one('entry.typeId'));
      const role = streamRoleOfType(type);
      return [text(`type ${type}${role ? ` ${MSH_STREAM_LABEL[role]}` : ''}`), text(`attr1 ${one('entry.attr1')} · attr2 ${one('entry.attr2')} · size ${one('entry.dataSize')}`)];
    }
    case 'entryName': {
      const offset = one('entry.dataOffset');
      return [text(`"${one('entry.name') ?? ''}"`), text(`attr3 ${one('entry.attr3')} · offset ${offset === undefined ? '?' : hex(Number(offset))} · sort ${one('entry.sortIndex') ?? '?'}`)];
    }
    case 'node':
      return nodeGroups(layout, fields[0], values);
    case 'name': {
      const name = one('name.text');
      return [text(name === undefined ? `no name (node ${fields[0].node})` : `"${name}" (node ${fields[0].node})`)];
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
  const lodCount = NODE_SLOT_COUNT / NODE_SLOT_GROUPS;
  const lods = Array.from({ length: lodCount }, (_, lod) => slots.slice(lod * NODE_SLOT_GROUPS, (lod + 1) * NODE_SLOT_GROUPS).join(' ')).filter((lod) => lod.length > 0);
  return [
    text(`${name ? `"${name}" · ` : ''}parent ${parent === undefined ? '?' : parent === NO_PARENT ? 'root' : parent}`),
    text(`map ${mapStart === undefined ? '?' : mapStart === NO_MAP ? 'none' : mapStart} · fallback ${word('node.fallback') ?? '?'} · hdr0 ${word('node.hdr0') ?? '?'}`),
    text(`slots ${lods.join(' | ')}`),
  ];
}

function keyGroups(row: ByteRange, bytes: Uint8Array): DecodedGroup[] {
  if (row.end - row.start < KEY_SIZE || bytes.length < KEY_SIZE) return characterLines(bytes);
  const key = readMshRawKey(bytes, 0);
  const q = decodeMshQuaternion(key.rotation);
  const padded = (values: ArrayLike<number>) => Array.from(values, (v) => formatRowValue(v).padStart(7)).join(' ');
  return [
    { fieldType: 'position', name: 'p', text: padded(key.position) },
    { fieldType: 'time', name: 't', text: formatValue(key.time) },
    { fieldType: 'rotation', name: 'q', text: `${padded(q)}  |q| ${formatRowValue(Math.hypot(...q))}` },
  ];
}

function mapGroups(fields: readonly MshLocatedField[], row: ByteRange, bytes: Uint8Array): DecodedGroup[] {
  const lines: DecodedGroup[] = [];
  for (let i = 0; i < fields.length; i += WORDS_PER_LINE) {
    const words = fields.slice(i, i + WORDS_PER_LINE).filter((f) => f.range.end - row.start <= bytes.length);
    if (words.length === 0) break;
    const frame = words[0].frame;
    const values = words.map((f) => readMshValue(bytes.subarray(f.range.start - row.start, f.range.end - row.start), 'u16'));
    lines.push({ fieldType: 'map', name: '', text: `${frame === undefined ? '' : `f${frame}: `}${values.join(' ')}` });
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
