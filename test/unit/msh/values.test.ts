/**
 * Edit by value: every typed field of a model reads and re-encodes to its own bytes; values that
 * do not fit are refused with the field's name and the reason; a whole key from typed values.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeMshKeyForm, encodeMshValue, mshFieldAt, mshFieldsOfRow, readMshRawKey, readMshValue } from '../../../formats/msh';
import { heroArchive, heroModel, open } from './mshFixtures';

test('every typed field of an archive reads and re-encodes to the same bytes', async () => {
  const bytes = heroArchive();
  const { layout } = await open(bytes);
  let checked = 0;
  for (let at = 0; at < bytes.length; ) {
    for (const field of mshFieldsOfRow(layout, at)) {
      at = field.range.end;
      if (!field.valueType) continue;
      const own = bytes.subarray(field.range.start, field.range.end);
      const text = String(readMshValue(own, field.valueType));
      const encoded = encodeMshValue(field, text);
      if (field.name === 'entry.name') {
        assert.deepEqual(encoded.bytes?.subarray(0, text.length + 1), own.subarray(0, text.length + 1), `${field.name} at ${field.range.start}`);
      } else {
        assert.deepEqual(encoded.bytes, own, `${field.name} at ${field.range.start} (${text})`);
      }
      checked++;
    }
  }
  assert.ok(checked > 250, `${checked} fields`);
});

test('values that do not fit are refused, naming the field and why', async () => {
  const { layout } = await open(heroModel());
  const at = (offset: number) => {
    const field = mshFieldAt(layout, offset);
    assert.ok(field);
    return field;
  };
  const parent = at(16 + 38 + 2);
  assert.deepEqual(encodeMshValue(parent, '0xFFFF').bytes, new Uint8Array([0xff, 0xff]));
  assert.match(encodeMshValue(parent, '70000').error ?? '', /Parent node \(u16, 0xFFFF = root\): 70000 is not a whole number in 0\.\.65535/);
  assert.match(encodeMshValue(parent, '1.5').error ?? '', /not a whole number/);
  assert.match(encodeMshValue(parent, 'arm').error ?? '', /"arm" is not a number/);
  const time = at(136 + 12);
  assert.deepEqual(encodeMshValue(time, '2.5').bytes, new Uint8Array([0, 0, 0x20, 0x40]));
  assert.match(encodeMshValue(time, '1e39').error ?? '', /out of the f32 range/);
  const qw = at(136 + 22);
  assert.deepEqual(encodeMshValue(qw, '-32768').bytes, new Uint8Array([0x00, 0x80]));
  assert.match(encodeMshValue(qw, '40000').error ?? '', /-32768\.\.32767/);
  assert.match(encodeMshValue(at(0), 'NR').error ?? '', /exactly 4 characters/);
  assert.deepEqual(encodeMshValue(at(0), 'NRes').bytes, new Uint8Array([0x4e, 0x52, 0x65, 0x73]));
  const entryName = at(360 + 20);
  assert.equal(encodeMshValue(entryName, 'Nodes').bytes?.length, 36);
  assert.match(encodeMshValue(entryName, 'x'.repeat(36)).error ?? '', /at most 35 characters/);
  const nameText = at(308);
  assert.deepEqual(encodeMshValue(nameText, 'base').bytes, new Uint8Array([0x62, 0x61, 0x73, 0x65, 0]));
  assert.match(encodeMshValue(nameText, 'arm').error ?? '', /exactly 4 characters/);
  assert.match(encodeMshValue(at(130), '1').error ?? '', /raw hex/);
});

test('a key from typed values: f32 position and time, i16 quaternion, what is stored', () => {
  const result = encodeMshKeyForm({ position: ['1', '-2.5', '0.1'], time: '3', rotation: ['0.7071', '0', '0', '0.7071'] });
  assert.ok(result.bytes);
  assert.deepEqual(readMshRawKey(result.bytes, 0), result.stored);
  assert.deepEqual(result.stored?.rotation, [0, 0, 23170, 23170]);
  assert.equal(result.stored?.position[2], Math.fround(0.1));
  assert.match(encodeMshKeyForm({ position: ['1', '2', '3'], time: '0', rotation: ['1.5', '0', '0', '0'] }).error ?? '', /rotation w: 1.5 is outside -1\.\.1/);
  assert.match(encodeMshKeyForm({ position: ['1', 'x', '3'], time: '0', rotation: ['1', '0', '0', '0'] }).error ?? '', /position y: "x" is not a number/);
});
