/**
 * The hex editor's rows of NRes files: one row per record (the directory entry as two), Res19
 * words breaking at each node's block, 48-byte rows of whatever is not interpreted; rows tile
 * the file, never split a field, and address both ways (row -> bytes, byte -> row).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseFrameBone } from '../../../formats/editing/goTo';
import { mshRowLayout, rowInfo, rowOfOffset, type RowLayout } from '../../../formats/editing/rowLayout';
import { type MshFileLayout, mshFieldsOfRow, MSH_ROW_BYTES, openMshBytes } from '../../../formats/msh';
import { heroArchive, heroModel, patched } from './mshFixtures';

function rowsOf(bytes: Uint8Array): { layout: RowLayout; file: MshFileLayout } {
  const { layout: file } = openMshBytes(bytes);
  return { layout: mshRowLayout(file), file };
}

const table = (layout: RowLayout): string[] =>
  Array.from({ length: layout.rowCount }, (_, r) => {
    const row = rowInfo(layout, r);
    return `${row.start}-${row.end} ${row.role} ${row.label}`;
  });

/** Rows cover the file in order, each at most 48 bytes, and no typed field crosses a row's edge. */
function assertTiles(layout: RowLayout, file: MshFileLayout): void {
  let at = 0;
  for (let r = 0; r < layout.rowCount; r++) {
    const row = rowInfo(layout, r);
    assert.equal(row.start, at, `row ${r} starts where row ${r - 1} ends`);
    assert.ok(row.end > row.start && row.end - row.start <= MSH_ROW_BYTES, `row ${r} is 1..48 bytes (${row.start}-${row.end})`);
    for (const field of mshFieldsOfRow(file, row.start, row.end)) {
      if (field.valueType) assert.ok(field.range.start >= row.start && field.range.end <= row.end, `row ${r}: ${field.name} inside the row`);
    }
    for (const offset of [row.start, row.end - 1]) assert.equal(rowOfOffset(layout, offset), r, `byte ${offset} is in row ${r}`);
    at = row.end;
  }
  assert.equal(at, file.size, 'the rows end with the file');
}

test('a loose model: header, nodes, padding, keys, names, map blocks by node, entries as two rows', () => {
  const { layout, file } = rowsOf(heroModel());
  assert.deepEqual(table(layout), [
    '0-16 header NRes header',
    '16-54 record node 0',
    '54-92 record node 1',
    '92-130 record node 2',
    '130-136 plain padding',
    '136-160 record key 0 · n0',
    '160-184 record key 1 · n1',
    '184-208 record key 2 · n1',
    '208-232 record key 3 · n1',
    '232-256 record key 4 · n2',
    '256-280 record key 5 · n2',
    '280-304 record key 6 · n2',
    '304-313 record name 0',
    '313-321 record name 1',
    '321-330 record name 2',
    '330-336 plain padding',
    '336-346 record map n1 f0',
    '346-356 record map n2 f0',
    '356-360 plain padding',
    '360-376 record entry 0',
    '376-424 record entry 0 name',
    '424-440 record entry 1',
    '440-488 record entry 1 name',
    '488-504 record entry 2',
    '504-552 record entry 2 name',
    '552-568 record entry 3',
    '568-616 record entry 3 name',
  ]);
  assertTiles(layout, file);
});

test('an archive: its own header and directory, nested models row by row, other payloads in 48-byte rows', () => {
  const { layout, file } = rowsOf(heroArchive());
  assertTiles(layout, file);
  const rows = table(layout);
  assert.equal(rows[0], '0-16 header NRes header');
  assert.equal(rows[1], '16-32 header nested NRes header');
  assert.equal(rows.filter((r) => r.endsWith('nested NRes header')).length, 2, 'both models');
  assert.ok(rows.includes('32-70 record node 0'), 'hero.msh node 0 at its absolute offset');
  assert.equal(rows.filter((r) => / record key \d+ · n\d+$/.test(r)).length, 7 + 3, 'the keys of both models');
  const readme = rows.find((r) => r.endsWith('payload 1'));
  assert.ok(readme, 'the text entry is plain payload');
  assert.equal(rows.filter((r) => / record entry \d+$/.test(r)).length, 4 + 3 + 3, 'hero (4 streams), small (no names: 3), the archive (3 entries)');
});

test('bytes that are not NRes, or an RsLi container, are 48-byte plain rows', () => {
  for (const bytes of [new Uint8Array(100).fill(0x41), Uint8Array.of(0x4e, 0x4c, 0, 1, ...new Array(60).fill(7))]) {
    const { layout, file } = rowsOf(bytes);
    assertTiles(layout, file);
    assert.deepEqual(
      Array.from({ length: layout.rowCount }, (_, r) => rowInfo(layout, r).end - rowInfo(layout, r).start),
      bytes.length === 100 ? [48, 48, 4] : [48, 16],
    );
  }
});

test('broken models still tile: truncated key pool, a map block running past Res19, trailing bytes', () => {
  const hero = heroModel();
  const cases: [string, Uint8Array][] = [
    ['truncated', hero.subarray(0, 250)],
    ['map start past the words', patched(hero, (view) => view.setUint16(16 + 2 * 38 + 4, 8, true))],
    ['trailing bytes', Uint8Array.from([...hero, 1, 2, 3, 4, 5])],
    ['node stride not 38', patched(hero, (view) => view.setUint32(360 + 16, 24, true))],
  ];
  for (const [name, bytes] of cases) {
    const { layout, file } = rowsOf(bytes);
    assert.doesNotThrow(() => assertTiles(layout, file), name);
  }
  const { layout } = rowsOf(Uint8Array.from([...hero, 1, 2, 3, 4, 5]));
  assert.equal(rowInfo(layout, layout.rowCount - 1).label, 'trailing bytes');
});

test('Go to a place in an NRes file: node, key, map word, model; each refusal says why', () => {
  const model = rowsOf(heroModel()).layout;
  const archive = rowsOf(heroArchive()).layout;
  const TABLE: [RowLayout, string, number | RegExp][] = [
    [model, 'node 1', 54],
    [model, '2', 92],
    [model, 'key 3', 208],
    [model, 'map 5', 346],
    [model, 'word 0', 336],
    [archive, 'model 1 node 0', rowsOf(heroArchive()).file.models[1].streams.nodes!.dataStart],
    [archive, 'key 0', 32 + 120],
    [model, 'node 3', /^Node 3 does not exist: nodes are 0\.\.2\.$/],
    [model, 'key 7', /^Key 7 does not exist: keys are 0\.\.6\.$/],
    [model, 'bone 2', /"bone" is not understood/],
    [model, 'node', /Type a node, key or map word number/],
    [model, 'key 1 2', /more numbers/],
    [archive, 'model 5 node 0', /^Model 5 does not exist: models are 0\.\.1\.$/],
  ];
  for (const [layout, text, expected] of TABLE) {
    const result = parseFrameBone(text, layout);
    if (typeof expected === 'number') assert.equal(result.offset, expected, text);
    else assert.match(result.error ?? '', expected, text);
  }
});
