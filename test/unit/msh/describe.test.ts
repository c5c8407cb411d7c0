/**
 * What the hex editor's tooltip and inspector (and the server's describeByte) say of NRes bytes:
 * one described offset per kind of field, the findings they carry, and the rendering every
 * surface shares.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeByte } from '../../../formats/describe';
import { describeText } from '../../../formats/describeText';
import { memoryByteSource } from '../../../formats/fileAccess';
import { describeMshByte, encodeMshValue, f32Text, openMshBytes } from '../../../formats/msh';
import { heroArchive, heroModel, patched } from './mshFixtures';

async function described(bytes: Uint8Array, offset: number): Promise<string> {
  const description = await describeMshByte(memoryByteSource(bytes), openMshBytes(bytes).layout, offset);
  assert.ok(description, `byte ${offset} is described`);
  return describeText(description);
}

test('every kind of NRes byte is described with its meaning in this file', async () => {
  const hero = heroModel();
  const TABLE: [name: string, offset: number, lines: string[]][] = [
    ['magic', 1, ['NRes magic (4 bytes "NRes") · bytes 0x0-0x3 (4 bytes)', 'Raw: 4E 52 65 73', 'Value: "NRes"', 'Meaning: NRes container']],
    ['version', 4, ['Version (u32, 0x100) · bytes 0x4-0x7 (4 bytes)', 'Raw: 00 01 00 00', 'Value: 256', 'Meaning: 0x100']],
    ['root parent', 16 + 2, ['Parent node (u16, 0xFFFF = root) · node 0 · bytes 0x12-0x13 (2 bytes)', 'Raw: FF FF', 'Value: 65535', 'Meaning: root']],
    ['parent', 54 + 2, ['Parent node (u16, 0xFFFF = root) · node 1 · bytes 0x38-0x39 (2 bytes)', 'Raw: 00 00', 'Value: 0', 'Meaning: node 0 "root"']],
    ['map start', 54 + 4, ['Frame map start in Res19 (u16, 0xFFFF = no map) · node 1 · bytes 0x3A-0x3B (2 bytes)', 'Raw: 00 00', 'Value: 0', 'Meaning: map words 0..4 (5 frames)']],
    ['fallback', 92 + 6, ['Fallback key in Res8 (u16) · node 2 · bytes 0x62-0x63 (2 bytes)', 'Raw: 06 00', 'Value: 6', 'Meaning: track keys 4..6 (3 keys)']],
    [
      'key',
      256 + 13,
      [
        'Time (f32, frames) · key 5 · node 2 · bytes 0x10C-0x10F (4 bytes)',
        'Raw: 00 00 80 3F',
        'Position (x, y, z): 2, 0, 0',
        'Time (frames): 1',
        'Stored i16 (x, y, z, w): 0, 0, -8481, 31650',
        // 31650 / 32767 and -8481 / 32767, as f32.
        'Quaternion (w, x, y, z): 0.96591085, 0, 0, -0.25882748',
        'Norm: 0.99998772',
        'Axis-angle: 30.0014° about (0, 0, -1)',
      ],
    ],
    ['map word', 346 + 2, ['Frame map word (u16 key index) · map word 6 · node 2 · frame 1 · bytes 0x15C-0x15D (2 bytes)', 'Raw: 05 00', 'Key index: 5', 'Meaning: keys 5 and 6 are interpolated']],
    ['name', 321 + 5, ['Name text and NUL · node 2 · bytes 0x145-0x149 (5 bytes)', 'Raw: 68 61 6E 64 00', 'Value: "hand"', 'Meaning: the name of node 2']],
    ['entry type', 424, ['Type id (u32) · entry 1 · bytes 0x1A8-0x1AB (4 bytes)', 'Raw: 08 00 00 00', 'Value: 8', 'Meaning: Res8 (key pool)']],
    ['padding', 131, ['Padding or unreferenced bytes (no entry points here) · bytes 0x82-0x87 (6 bytes)', 'Raw: 00', 'Value: 0', 'No directory entry points here (alignment padding is zero).']],
  ];
  for (const [name, offset, lines] of TABLE) assert.deepEqual((await described(hero, offset)).split('\n'), lines, name);
});

test('findings: a wrong version, a key no track holds, a map word past the fallback, an unnormalised quaternion', async () => {
  const hero = heroModel();
  const TABLE: [name: string, bytes: Uint8Array, offset: number, finding: RegExp][] = [
    ['version', patched(hero, (v) => v.setUint32(4, 0x200, true)), 4, /The runtime accepts version 0x100 only\./],
    ['unowned key', patched(hero, (v) => v.setUint16(92 + 6, 5, true)), 280, /No node's track .* holds this key\./],
    ['fallback word', patched(hero, (v) => v.setUint16(346 + 8, 6, true)), 346 + 8, /Meaning: at or past the fallback key 6: the fallback key is used/],
    ['norm', patched(hero, (v) => v.setInt16(232 + 22, 16000, true)), 232 + 22, /The quaternion's length is 0\.4883: the runtime uses it as stored/],
    ['trailing', Uint8Array.from([...hero, 9, 9]), hero.length + 1, /Beyond the total size in the NRes header/],
  ];
  for (const [name, bytes, offset, finding] of TABLE) assert.match(await described(bytes, offset), finding, name);
});

test('archives name the nested model; describeByte opens the layout itself', async () => {
  const archive = heroArchive();
  const text = await described(archive, 16 + 136 + 12);
  assert.match(text.split('\n')[0], /^Time \(f32, frames\) · model "hero\.msh" · key 0 · node 0 · bytes/);
  const viaKind = await describeByte('msh', memoryByteSource(archive), 16 + 136 + 12, { frameRate: 30 });
  assert.equal(describeText(viaKind!), text);
  // readme.txt's payload follows hero.msh's (616 bytes at 16): an entry the editor does not interpret.
  assert.deepEqual((await described(archive, 16 + heroModel().length + 2)).split('\n'), [
    'Payload of entry 1 ("readme.txt", type 7) · bytes 0x278-0x282 (11 bytes)',
    'Raw: 74',
    'Value: 116',
    'An entry payload this editor does not interpret: edit it as raw hex.',
  ]);
});

test('f32 values are shown with the fewest digits that store the same f32', () => {
  for (const value of [0, 1, -2.5, 0.1, 1 / 3, 123456.789, 1e-7, 3.4028234663852886e38, -0]) {
    const stored = Math.fround(value);
    const text = f32Text(stored);
    const bytes = encodeMshValue({ name: 'key.time', label: 'Time', valueType: 'f32', range: { start: 0, end: 4 } }, text).bytes;
    assert.ok(bytes, text);
    assert.ok(Object.is(new DataView(bytes.buffer).getFloat32(0, true), stored), `${value}: "${text}" stores the same f32`);
  }
  assert.equal(f32Text(Math.fround(0.1)), '0.1');
  assert.equal(f32Text(Math.fround(1 / 3)), '0.33333334', 'six digits would store another f32');
});
