/**
 * Field values by type, both ways: what a field's bytes hold (`readMshValue`) and the bytes a
 * typed value becomes (`encodeMshValue`), refusing with the field's name and the reason anything
 * that would not fit, so an edit by value never changes the file's size or writes a different
 * value than the one typed. `encodeMshKeyForm` does the same for a whole 24-byte key.
 */
import type { Vec3 } from '../records';
import type { MshRawKey } from './animation';
import type { MshLocatedField } from './fields';
import { KEY_ROTATION_AT, KEY_SIZE, KEY_TIME_AT, type MshValueType } from './layout';
import { latin1 } from './nres';
import { encodeQuaternionComponent } from './writer';

export type MshEncodeResult = { bytes: Uint8Array; error?: undefined } | { bytes?: undefined; error: string };

const INTEGER_RANGE: Record<'u16' | 'i16' | 'u32' | 'i32', [number, number]> = {
  u16: [0, 0xffff],
  i16: [-0x8000, 0x7fff],
  u32: [0, 0xffffffff],
  i32: [-0x80000000, 0x7fffffff],
};

/** A value shown in a form and applied unchanged writes the same bytes: the shortest text that reads back as the same f32. */
export { f32Text } from '../numberText';

/** The value of a field's bytes: a number, or the text of an ASCII field (up to its NUL). */
export function readMshValue(bytes: Uint8Array, valueType: MshValueType): number | string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (valueType) {
    case 'u16':
      return view.getUint16(0, true);
    case 'i16':
      return view.getInt16(0, true);
    case 'u32':
      return view.getUint32(0, true);
    case 'i32':
      return view.getInt32(0, true);
    case 'f32':
      return view.getFloat32(0, true);
    case 'ascii': {
      const nul = bytes.indexOf(0);
      return latin1(nul < 0 ? bytes : bytes.subarray(0, nul));
    }
  }
}

function parseNumber(text: string, what: string): number | string {
  const t = text.trim();
  // Number() also reads 0x-prefixed hex (node links like 0xFFFF read naturally in hex).
  const value = t === '' ? NaN : Number(t);
  return Number.isFinite(value) ? value : `${what}: "${text}" is not a number.`;
}

function encodeText(field: Pick<MshLocatedField, 'name' | 'label'>, text: string, size: number): MshEncodeResult {
  // The magic fills its 4 bytes; a Res10 name keeps its length (the record's u32 says it); an entry name is NUL-terminated.
  const exact = field.name === 'nres.magic' ? size : field.name === 'name.text' ? size - 1 : undefined;
  const most = exact ?? size - 1;
  if (exact !== undefined && text.length !== exact) return { error: `${field.label}: type exactly ${exact} characters (the field's size is fixed); "${text}" has ${text.length}.` };
  if (text.length > most) return { error: `${field.label}: at most ${most} characters and a NUL fit; "${text}" has ${text.length}.` };
  const bytes = new Uint8Array(size);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0xff || code === 0) return { error: `${field.label}: "${text[i]}" cannot be stored (one byte a character, no NUL inside).` };
    bytes[i] = code;
  }
  return { bytes };
}

/** The bytes of `text` typed into a field, or why it cannot be stored there. */
export function encodeMshValue(field: Pick<MshLocatedField, 'name' | 'label' | 'valueType' | 'range'>, text: string): MshEncodeResult {
  const size = field.range.end - field.range.start;
  const type = field.valueType;
  if (!type) return { error: `${field.label}: these bytes have no typed value; edit them as raw hex.` };
  if (type === 'ascii') return encodeText(field, text, size);
  const value = parseNumber(text, field.label);
  if (typeof value === 'string') return { error: value };
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  if (type === 'f32') {
    const stored = Math.fround(value);
    if (!Number.isFinite(stored)) return { error: `${field.label}: ${value} is out of the f32 range (largest magnitude 3.4028235e38).` };
    view.setFloat32(0, stored, true);
    return { bytes };
  }
  const [low, high] = INTEGER_RANGE[type];
  if (!Number.isInteger(value) || value < low || value > high) return { error: `${field.label}: ${value} is not a whole number in ${low}..${high}.` };
  if (type === 'u16') view.setUint16(0, value, true);
  else if (type === 'i16') view.setInt16(0, value, true);
  else if (type === 'u32') view.setUint32(0, value, true);
  else view.setInt32(0, value, true);
  return { bytes };
}

export interface MshKeyFormInput {
  position: string[];
  time: string;
  /** w, x, y, z (the runtime's order), each in -1..1. */
  rotation: string[];
}

export type MshKeyFormResult = { bytes: Uint8Array; stored: MshRawKey; error?: undefined } | { bytes?: undefined; stored?: undefined; error: string };

/**
 * A whole key from typed values: f32 position and time, quaternion components stored as
 * round(c x 32767) (not normalised: the runtime uses them as stored). `stored` is what the key
 * will hold, decoded, so the user sees the quantisation before applying.
 */
export function encodeMshKeyForm(input: MshKeyFormInput): MshKeyFormResult {
  const floats: number[] = [];
  const names = ['position x', 'position y', 'position z', 'time'];
  for (const [i, text] of [...input.position.slice(0, 3), input.time].entries()) {
    const value = parseNumber(text ?? '', names[i]);
    if (typeof value === 'string') return { error: value };
    if (!Number.isFinite(Math.fround(value))) return { error: `${names[i]}: ${value} is out of the f32 range.` };
    floats.push(Math.fround(value));
  }
  const components: number[] = [];
  for (let i = 0; i < 4; i++) {
    const what = `rotation ${'wxyz'[i]}`;
    const value = parseNumber(input.rotation[i] ?? '', what);
    if (typeof value === 'string') return { error: value };
    if (Math.abs(value) > 1) return { error: `${what}: ${value} is outside -1..1 (components are stored as i16 / 32767).` };
    components.push(encodeQuaternionComponent(value));
  }
  const bytes = new Uint8Array(KEY_SIZE);
  const view = new DataView(bytes.buffer);
  floats.slice(0, 3).forEach((v, i) => view.setFloat32(i * 4, v, true));
  view.setFloat32(KEY_TIME_AT, floats[3], true);
  const [w, x, y, z] = components;
  [x, y, z, w].forEach((c, i) => view.setInt16(KEY_ROTATION_AT + i * 2, c, true));
  const stored: MshRawKey = { position: floats.slice(0, 3) as Vec3, time: floats[3], rotation: [x, y, z, w] };
  return { bytes, stored };
}
