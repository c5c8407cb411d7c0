import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeKeyframeForm, parseHexInput, type KeyframeFormInput } from '../../../formats/editing/keyframeForm';

const form = (patch: Partial<KeyframeFormInput>): KeyframeFormInput => ({
  rotationMode: 'quaternion', rotation: ['0', '0', '0', '1'], position: ['0', '0', '0'], scale: ['1', '1', '1'], ...patch,
});
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

test('identity with unit scale encodes to the notes\' bytes', () => {
  const result = encodeKeyframeForm(form({}));
  // Rotation word 0x80200803 (LE 03 08 20 80), position 0,0,0, scale 1.0 = 0x3C00 x3.
  assert.equal(hex(result.bytes!), '03082080' + '000000000000' + '003c003c003c');
  assert.deepEqual(result.stored!.scale, [1, 1, 1]);
  assert.ok(Math.abs(result.stored!.rotation[3] - 0.99999928) < 1e-7);
});

test('the stored values are the quantised ones, not the typed ones', () => {
  const result = encodeKeyframeForm(form({ position: ['0.1', '1000.3', '-2'], scale: ['2', '0.5', '3'] }));
  assert.deepEqual(result.stored!.position, [0.0999755859375, 1000.5, -2]); // f16 steps: 2^-14 near 0.1, 0.5 near 1000
  assert.equal(hex(result.bytes!.subarray(10)), '0040' + '0038' + '0042');
});

test('Euler angles and quaternions give the same word; non-unit quaternions are normalised', () => {
  const euler = encodeKeyframeForm(form({ rotationMode: 'euler', rotation: ['90', '0', '0'] }));
  const quat = encodeKeyframeForm(form({ rotation: ['0.707107', '0', '0', '0.707107'] }));
  const scaled = encodeKeyframeForm(form({ rotation: ['2', '0', '0', '2'] }));
  assert.equal(hex(euler.bytes!.subarray(0, 4)), '0308e0ff'); // 0xFFE00803
  assert.equal(hex(quat.bytes!.subarray(0, 4)), '0308e0ff');
  assert.equal(hex(scaled.bytes!.subarray(0, 4)), '0308e0ff');
});

test('bad input is refused with a message naming the field', () => {
  const table: [Partial<KeyframeFormInput>, RegExp][] = [
    [{ scale: ['1', 'abc', '1'] }, /^scale y: "abc" is not a number/],
    [{ scale: ['1', '1', ''] }, /^scale z: "" is not a number/],
    [{ position: ['70000', '0', '0'] }, /^position x: 70000 is out of the f16 range/],
    [{ position: ['0', '-65520', '0'] }, /^position y: -65520 is out of the f16 range/],
    [{ rotation: ['0', '0', '0', '0'] }, /zero quaternion/],
    [{ rotation: ['0', 'NaN', '0', '1'] }, /^rotation y: "NaN" is not a number/],
    [{ rotationMode: 'euler', rotation: ['1', 'Infinity', '0'] }, /^rotation angle about y/],
  ];
  for (const [patch, message] of table) assert.match(encodeKeyframeForm(form(patch)).error ?? 'accepted', message);
  assert.equal(encodeKeyframeForm(form({ position: ['65504', '0', '0'] })).error, undefined, 'largest f16 is fine');
});

test('raw hex must be exactly the row\'s length in hex digits', () => {
  assert.deepEqual([...parseHexInput('03 08 20 80', 4).bytes!], [3, 8, 0x20, 0x80]);
  assert.deepEqual([...parseHexInput('A79d76da', 4).bytes!], [0xa7, 0x9d, 0x76, 0xda]);
  assert.match(parseHexInput('03 08 20', 4).error!, /3 bytes typed, this row needs exactly 4/);
  assert.match(parseHexInput('0g 08 20 80', 4).error!, /hex digits/);
  assert.match(parseHexInput('030', 2).error!, /needs exactly 2/);
});
