/**
 * What a byte of an NRes file is, in the shape every describer gives (`ByteDescription`): the
 * field from `mshFieldAt`, its raw value, and what it means in this file: a directory entry's
 * stream, a node's parent, track and map block, a whole Res8 key decoded as the runtime reads it,
 * a map word's key. Reads the field (or the key) only, never the file.
 */
import { hexBytes } from '../bytes';
import type { ByteDescription, ByteField, DecodedMshField, DecodedMshKey, DecodedMshMapWord, DecodedRegion, DecodedValue } from '../description';
import { jsonNumber } from '../description';
import type { ByteSource } from '../fileAccess';
import { formatDecimals } from '../numberText';
import { readMshRawKey } from './animation';
import { type MshLocatedField, mshFieldAt } from './fields';
import { KEY_SIZE, MSH_STREAM_LABEL, NODE_SLOT_GROUPS, NO_MAP, NO_PARENT, NO_SLOT, NRES_MAGIC, NRES_VERSION, streamRoleOfType } from './layout';
import { type MshFileLayout, type MshModelLayout, nodeFallback, nodeName, trackStart } from './model';
import { MSH_NORM_TOLERANCE } from './search';
import { readMshValue } from './values';
import { mshKeyView } from './views';

type Described = { decoded: DecodedValue; notes: string[] };

/** Full description of the byte at `offset` of an opened NRes file; undefined outside it. */
export async function describeMshByte(source: ByteSource, layout: MshFileLayout, offset: number): Promise<ByteDescription | undefined> {
  const located = mshFieldAt(layout, offset);
  if (!located) return undefined;
  const field: ByteField = { name: located.name, label: located.label, fieldType: located.fieldType, range: located.range };
  const model = located.model === undefined ? undefined : layout.models[located.model];
  const base: Omit<ByteDescription, 'raw' | 'decoded' | 'notes'> = { offset, kind: 'msh', field, ...placeOf(located, model) };
  if (!located.valueType) {
    const [value] = await source.read(offset, 1);
    return { ...base, raw: { hex: hexBytes(Uint8Array.of(value)), value }, ...describeRegion(located, value) };
  }
  const bytes = await source.read(located.range.start, located.range.end - located.range.start);
  const value = readMshValue(bytes, located.valueType);
  const raw = { hex: hexBytes(bytes), value: typeof value === 'number' ? jsonNumber(value) : value };
  if (located.key !== undefined && model) return { ...base, raw, ...(await describeKey(source, model, located)) };
  if (located.word !== undefined && model && typeof value === 'number') return { ...base, raw, ...describeMapWord(model, located, value) };
  const notes: string[] = [];
  const decoded: DecodedMshField = { kind: 'mshField', valueType: located.valueType, value: raw.value };
  const meaning = meaningOf(layout, located, model, value, notes);
  if (meaning) decoded.meaning = meaning;
  return { ...base, raw, decoded, notes };
}

function placeOf(located: MshLocatedField, model: MshModelLayout | undefined): Partial<ByteDescription> {
  const place: Partial<ByteDescription> = {};
  // A loose model is the file itself: naming it would say nothing.
  if (model?.outerEntry) place.model = model.name;
  if (located.fieldType === 'directory' && located.entry !== undefined) place.entry = located.entry;
  if (located.node !== undefined) place.node = located.node;
  if (located.key !== undefined) place.key = located.key;
  if (located.word !== undefined) place.word = located.word;
  if (located.frame !== undefined) place.frame = located.frame;
  return place;
}

function describeRegion(located: MshLocatedField, value: number): Described {
  const notes: string[] = [];
  let region: DecodedRegion['region'] = 'body';
  if (located.fieldType === 'payload') {
    region = 'payload';
    notes.push(located.name === 'payload.tail' ? 'Inside the entry, after its last whole record: the runtime does not read these bytes.' : 'An entry payload this editor does not interpret: edit it as raw hex.');
  } else if (located.fieldType === 'padding') {
    region = 'padding';
    notes.push('No directory entry points here (alignment padding is zero).');
  } else if (located.fieldType === 'trailing') {
    region = 'trailing';
    notes.push('Beyond the total size in the NRes header: the runtime never reads these bytes.');
  } else {
    notes.push('Not an NRes container this editor interprets: these bytes have no known structure.');
  }
  return { decoded: { kind: 'region', region, value }, notes };
}

async function describeKey(source: ByteSource, model: MshModelLayout, located: MshLocatedField): Promise<Described> {
  const key = located.key as number;
  const record = located.record ?? located.range;
  const bytes = await source.read(record.start, KEY_SIZE);
  const notes: string[] = [];
  if (bytes.length < KEY_SIZE) return { decoded: { kind: 'truncated', present: bytes.length, needed: KEY_SIZE }, notes: ['The key runs past the end of the file.'] };
  const view = mshKeyView(model, key, readMshRawKey(bytes, 0));
  if (![...view.position, view.time].every(Number.isFinite)) notes.push('Not finite: NaN or infinity here poisons every pose sampled from this key.');
  if (Math.abs(view.norm - 1) > MSH_NORM_TOLERANCE) notes.push(`The quaternion's length is ${formatDecimals(view.norm, 4)}: the runtime uses it as stored (never normalised), so the node is scaled or skewed.`);
  if (view.node === undefined) notes.push("No node's track (its keys up to its fallback) holds this key.");
  const decoded: DecodedMshKey = {
    kind: 'mshKey',
    key,
    position: view.position.map(jsonNumber),
    time: jsonNumber(view.time),
    stored: [...view.stored],
    quaternion: view.quaternion.map(jsonNumber),
    norm: jsonNumber(view.norm),
    axis: view.axis.map(jsonNumber),
    angleDeg: jsonNumber(view.angleDeg),
  };
  return { decoded, notes };
}

function describeMapWord(model: MshModelLayout, located: MshLocatedField, value: number): Described {
  const notes: string[] = [];
  const decoded: DecodedMshMapWord = { kind: 'mshMapWord', value, meaning: 'unowned' };
  if (located.node === undefined) {
    notes.push("No mapped node's block (its map start and the model's frame count) holds this word.");
    return { decoded, notes };
  }
  const fallback = nodeFallback(model, located.node);
  decoded.fallback = fallback;
  decoded.meaning = value >= fallback ? 'fallback' : 'key';
  if (value < trackStart(model, located.node)) notes.push(`Key ${value} is before node ${located.node}'s track (it starts at key ${trackStart(model, located.node)}).`);
  return { decoded, notes };
}

function meaningOf(layout: MshFileLayout, located: MshLocatedField, model: MshModelLayout | undefined, value: number | string, notes: string[]): string | undefined {
  const blob = located.blob === undefined ? undefined : layout.blobs[located.blob];
  const entry = located.entry === undefined ? undefined : blob?.entries[located.entry];
  switch (located.name) {
    case 'nres.magic':
      if (value !== NRES_MAGIC) notes.push(`Not "${NRES_MAGIC}": the runtime rejects the container.`);
      return 'NRes container';
    case 'nres.version':
      if (value !== NRES_VERSION) notes.push('The runtime accepts version 0x100 only.');
      return typeof value === 'number' ? `0x${value.toString(16)}` : undefined;
    case 'nres.entryCount':
      return blob ? `${blob.entries.length} entries read` : undefined;
    case 'nres.totalSize':
      if (blob && value !== blob.length) notes.push(`The blob is ${blob.length} bytes.`);
      return undefined;
    case 'entry.typeId': {
      const role = typeof value === 'number' ? streamRoleOfType(value) : undefined;
      return role ? MSH_STREAM_LABEL[role] : 'not an animation stream';
    }
    case 'entry.dataOffset':
    case 'entry.dataSize':
      if (entry && !entry.payloadInside) notes.push('The payload does not lie inside the blob (between the header and the directory).');
      return entry ? `payload at 0x${entry.dataStart.toString(16).toUpperCase()}, ${entry.dataSize} bytes` : undefined;
    case 'entry.name':
      return entry && layout.models.some((m) => m.outerEntry?.entryStart === entry.entryStart) ? 'a nested model' : undefined;
    case 'node.parent':
      if (value === NO_PARENT) return 'root';
      return typeof value === 'number' ? nodeText(model, value) : undefined;
    case 'node.mapStart':
      if (value === NO_MAP) return 'no frame map (a static node: its fallback key)';
      return model && typeof value === 'number' ? `map words ${value}..${value + model.frameCount - 1} (${model.frameCount} frames)` : undefined;
    case 'node.fallback': {
      if (!model || located.node === undefined || typeof value !== 'number') return undefined;
      const start = trackStart(model, located.node);
      return `track keys ${start}..${value} (${Math.max(0, value - start + 1)} keys)`;
    }
    case 'node.slot':
      return located.slot === undefined ? undefined : `LOD ${Math.floor(located.slot / NODE_SLOT_GROUPS)}, group ${located.slot % NODE_SLOT_GROUPS}${value === NO_SLOT ? ': empty' : ''}`;
    case 'name.length':
    case 'name.text':
      return located.node === undefined ? undefined : `the name of node ${located.node}`;
    default:
      return undefined;
  }
}

function nodeText(model: MshModelLayout | undefined, node: number): string {
  const name = model && nodeName(model, node);
  return name ? `node ${node} "${name}"` : `node ${node}`;
}
