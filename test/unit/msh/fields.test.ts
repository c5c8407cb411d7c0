/**
 * The field map of NRes files: which field, record, node, key, map word or name record every byte
 * belongs to, in loose models and in models nested in archives (absolute offsets), and rows that
 * tile the whole file.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type MshFileLayout, type MshLocatedField, mshFieldAt, mshFieldsOfRow } from '../../../formats/msh';
import { heroArchive, heroModel, open, patched } from './mshFixtures';

function pick(field: MshLocatedField | undefined): Record<string, unknown> {
  assert.ok(field);
  const { label: _label, valueType: _valueType, ...rest } = field;
  return rest;
}

test('loose model: header, nodes, slots, keys, names, map words, padding and directory', async () => {
  const { layout } = await open(heroModel());
  const TABLE: [number, Record<string, unknown>][] = [
    [0, { name: 'nres.magic', fieldType: 'header', range: { start: 0, end: 4 }, record: { start: 0, end: 16 }, blob: 0, model: 0 }],
    [13, { name: 'nres.totalSize', fieldType: 'header', range: { start: 12, end: 16 }, record: { start: 0, end: 16 }, blob: 0, model: 0 }],
    [16 + 38 + 7, { name: 'node.fallback', fieldType: 'node', range: { start: 60, end: 62 }, record: { start: 54, end: 92 }, node: 1, entry: 0, blob: 0, model: 0 }],
    [16 + 38 + 8 + 14, { name: 'node.slot', fieldType: 'node', range: { start: 76, end: 78 }, record: { start: 54, end: 92 }, node: 1, slot: 7, entry: 0, blob: 0, model: 0 }],
    [130, { name: 'padding', fieldType: 'padding', range: { start: 130, end: 136 }, blob: 0, model: 0 }],
    [136 + 3 * 24 + 13, { name: 'key.time', fieldType: 'time', range: { start: 220, end: 224 }, record: { start: 208, end: 232 }, key: 3, node: 1, entry: 1, blob: 0, model: 0 }],
    [136 + 4 * 24 + 23, { name: 'key.rotation.w', fieldType: 'rotation', range: { start: 254, end: 256 }, record: { start: 232, end: 256 }, key: 4, node: 2, entry: 1, blob: 0, model: 0 }],
    [309, { name: 'name.text', fieldType: 'name', range: { start: 308, end: 313 }, record: { start: 304, end: 313 }, node: 0, nameRecord: 0, entry: 2, blob: 0, model: 0 }],
    [336 + 14, { name: 'map.word', fieldType: 'map', range: { start: 350, end: 352 }, word: 7, node: 2, frame: 2, entry: 3, blob: 0, model: 0 }],
    [424 + 61, { name: 'entry.sortIndex', fieldType: 'directory', range: { start: 484, end: 488 }, record: { start: 424, end: 488 }, entry: 1, blob: 0, model: 0 }],
  ];
  for (const [offset, expected] of TABLE) assert.deepEqual(pick(mshFieldAt(layout, offset)), expected, `byte ${offset}`);
  assert.equal(mshFieldAt(layout, 16 + 38 + 8 + 14)?.label, 'Slot 7: LOD 1, group 2 (u16)');
  assert.equal(mshFieldAt(layout, 616), undefined);
  assert.equal(mshFieldAt(layout, -1), undefined);
});

test('archive: nested model bytes carry the model and absolute ranges; other payloads and gaps are plain', async () => {
  const { layout } = await open(heroArchive());
  const TABLE: [number, Record<string, unknown>][] = [
    [2, { name: 'nres.magic', fieldType: 'header', range: { start: 0, end: 4 }, record: { start: 0, end: 16 }, blob: 0 }],
    [16 + 5, { name: 'nres.version', fieldType: 'header', range: { start: 20, end: 24 }, record: { start: 16, end: 32 }, blob: 1, model: 0 }],
    [16 + 16 + 38 + 2, { name: 'node.parent', fieldType: 'node', range: { start: 72, end: 74 }, record: { start: 70, end: 108 }, node: 1, entry: 0, blob: 1, model: 0 }],
    [632, { name: 'payload', fieldType: 'payload', range: { start: 632, end: 643 }, entry: 1, blob: 0 }],
    [645, { name: 'padding', fieldType: 'padding', range: { start: 643, end: 648 }, blob: 0 }],
    [648 + 16 + 38 + 6, { name: 'node.fallback', fieldType: 'node', range: { start: 708, end: 710 }, record: { start: 702, end: 740 }, node: 1, entry: 0, blob: 2, model: 1 }],
    [1144, { name: 'entry.typeId', fieldType: 'directory', range: { start: 1144, end: 1148 }, record: { start: 1144, end: 1208 }, entry: 2, blob: 0 }],
  ];
  for (const [offset, expected] of TABLE) assert.deepEqual(pick(mshFieldAt(layout, offset)), expected, `byte ${offset}`);
});

function assertTiles(layout: MshFileLayout, where: string): void {
  let at = 0;
  while (at < layout.size) {
    const row = mshFieldsOfRow(layout, at);
    assert.ok(row.length > 0, `${where}: row at ${at}`);
    for (const field of row) {
      assert.ok(field.range.start <= at && at < field.range.end, `${where}: ${field.name} ${JSON.stringify(field.range)} holds byte ${at}`);
      at = field.range.end;
    }
  }
  assert.equal(at, layout.size, where);
}

test('rows: a record row holds its whole record; walking rows tiles every file exactly', async () => {
  const { layout } = await open(heroModel());
  assert.deepEqual(
    mshFieldsOfRow(layout, 136 + 24).map((f) => f.name),
    ['key.position.x', 'key.position.y', 'key.position.z', 'key.time', 'key.rotation.x', 'key.rotation.y', 'key.rotation.z', 'key.rotation.w'],
  );
  assert.equal(mshFieldsOfRow(layout, 360).length, 8, 'a directory entry');
  assert.deepEqual(
    mshFieldsOfRow(layout, 336).map((f) => f.word),
    [0, 1, 2, 3, 4, 5, 6, 7],
    'map rows are 16 bytes',
  );
  assert.equal(mshFieldsOfRow(layout, 16).length, 19, 'a node: 4 header words and 15 slots');
  assertTiles(layout, 'hero');
  assertTiles((await open(heroArchive())).layout, 'archive');
});

test('bytes outside the records: stream tails, trailing bytes, unreadable files', async () => {
  const longMap = patched(heroModel(), (v) => v.setUint32(552 + 12, 21, true));
  const { layout } = await open(longMap);
  assert.deepEqual(pick(mshFieldAt(layout, 356)), { name: 'payload.tail', fieldType: 'payload', range: { start: 356, end: 357 }, entry: 3, blob: 0, model: 0 });
  assertTiles(layout, 'a map one byte longer');
  const grown = new Uint8Array(620);
  grown.set(heroModel());
  const trailing = (await open(grown)).layout;
  assert.deepEqual(pick(mshFieldAt(trailing, 617)), { name: 'trailing', fieldType: 'trailing', range: { start: 616, end: 620 }, blob: 0, model: 0 });
  assertTiles(trailing, 'trailing');
  const rsli = (await open(new Uint8Array([0x4e, 0x4c, 0, 1, 5, 6]))).layout;
  assert.equal(mshFieldAt(rsli, 3)?.label, 'RsLi container (encrypted, not interpreted)');
  const elf = (await open(new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0]))).layout;
  assert.deepEqual(pick(mshFieldAt(elf, 5)), { name: 'body', fieldType: 'body', range: { start: 0, end: 6 } });
});
