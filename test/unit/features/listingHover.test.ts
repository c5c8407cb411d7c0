import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { nodeFileAccess } from '../../../cli/nodeFileAccess';
import { describeBytes } from '../../../server/src/features/describe/describeRequest';
import { describeMarkdown } from '../../../server/src/features/describe/describeMarkdown';
import { listingHover } from '../../../server/src/features/listing/listingHover';

const WAVE = resolve('test/fixtures/upstream/animation-demo/assets/wave.ewzanim');
const ARM1_SKELETON = resolve('test/fixtures/upstream/multi-skinned-rom/assets/arm1.ewzskel');

async function hoverAt(line: number, character: number, frameRate = 30) {
  return listingHover(nodeFileAccess, { clip: `file://${WAVE}`, firstFrame: 0 }, WAVE, { line, character }, frameRate);
}

// Listing lines (see listing.test.ts): 1 = "# clip: ...", 5 = "frame 0 ...", 6..8 = frame 0 bones 0..2.
test('hover on a rotation word: quaternion, axis-angle, Euler with its order, quantisation step and bound', async () => {
  const hover = await hoverAt(7, 30);
  assert.deepEqual(hover?.range, { start: { line: 7, character: 29 }, end: { line: 7, character: 39 } });
  assert.equal(
    hover?.markdown,
    [
      '**Rotation (smallest-three u32)** (frame 0, bone 1), bytes 0x00000014..0x00000017 (4 bytes)',
      '',
      '- Raw: `0x802008CF`',
      // fields 512, 512, 563: (512/511.5 - 1)/sqrt2 = 0.000691208, (563/511.5 - 1)/sqrt2 = 0.0711945
      '- Quaternion x, y, z, w: 0.00069120829, 0.00069120829, 0.071194537, 0.99746197 (dropped component: w, stored fields 512, 512, 563)',
      '- Axis-angle: 8.166° about (0.009708, 0.009708, 0.999906)',
      '- Euler XYZ (degrees): x 0.0734, y 0.0846, z 8.1652',
      '',
      '> Euler order XYZ: R = Rx * Ry * Rz (intrinsic X, then Y, then Z).',
      '>',
      '> Each stored component is quantised in steps of 0.001382; encoding error is at most 0.288 degrees.',
    ].join('\n'),
  );
  const onQuaternion = await hoverAt(7, 62);
  assert.equal(onQuaternion?.markdown, hover?.markdown, 'the decoded quaternion columns describe the same word');
});

test('hover on position and scale values: f16 bits and spacing at that magnitude (table)', async () => {
  const cases: [line: number, character: number, title: string, value: string, spacing: string][] = [
    // frame 0 bone 0 position.y: bytes 00 BE = 0xBE00 = -1.5; spacing in [1, 2) is 2^-10
    [6, 100, '**Position Y (f16)** (frame 0, bone 0), bytes 0x0000000A..0x0000000B (2 bytes)', '- Value -1.5 (f16 bits 0xBE00)', '0.0009765625'],
    [6, 90, '**Position X (f16)** (frame 0, bone 0), bytes 0x00000008..0x00000009 (2 bytes)', '- Value 0 (f16 bits 0x0000)', '5.960464477539063e-8'],
    [8, 130, '**Scale X (f16)** (frame 0, bone 2), bytes 0x0000002E..0x0000002F (2 bytes)', '- Value 1 (f16 bits 0x3C00)', '0.0009765625'],
  ];
  for (const [line, character, title, value, spacing] of cases) {
    const lines = (await hoverAt(line, character))?.markdown.split('\n') ?? [];
    assert.equal(lines[0], title);
    assert.equal(lines[3], value);
    assert.equal(lines.at(-1), `> f16 step at this magnitude: ${spacing}.`);
  }
});

test('hover on frame lines and record columns: byte offsets and time at the configured frame rate', async () => {
  assert.equal(
    (await hoverAt(9, 2, 60))?.markdown,
    ['**Frame 1** of 30', '', '- Bytes 0x00000034..0x00000063 (52..99): 3 records of 16 bytes', '- Time 0.016667 s at 60 fps; each frame lasts 16.6667 ms'].join('\n'),
  );
  const record = await hoverAt(8, 14);
  assert.equal(record?.markdown.split('\n')[0], '**Keyframe record**: frame 0, bone 2');
  assert.equal(record?.markdown.split('\n')[2], '- Bytes 0x00000024..0x00000033 (36..51)');
  const header = (await hoverAt(1, 5))?.markdown ?? '';
  assert.match(header, /^\*\*Bone count \(u8\)\*\*, byte 0x00000000\n\n- Raw: `0x03` = 3/);
  assert.match(header, /> 30 frames = 1\.000 s at 30 fps \(clips store no frame rate\)\.$/);
  assert.equal(await hoverAt(0, 5), undefined, 'the title line has nothing to describe');
  assert.equal(await hoverAt(500, 5), undefined, 'past the last frame');
});

test('describe request: bytes on disk, an overlay of unsaved bytes, and files it cannot describe', async () => {
  const onDisk = await describeBytes(nodeFileAccess, WAVE, { uri: '', offset: 4 }, 30);
  assert.equal(onDisk?.raw.hex, '0x80200803');
  // The hex editor's unsaved edit: [0.5, 0.5, 0.5, 0.5] is 0xDA769DA7, little-endian A7 9D 76 DA.
  const base64 = Buffer.from([0xa7, 0x9d, 0x76, 0xda]).toString('base64');
  const edited = await describeBytes(nodeFileAccess, WAVE, { uri: '', offset: 5, overlay: { offset: 4, base64 } }, 30);
  assert.equal(edited?.raw.hex, '0xDA769DA7');
  assert.equal(edited?.decoded.dropped, 'w');
  for (const key of ['x', 'y', 'z', 'w']) assert.ok(Math.abs(Number(edited?.decoded[key]) - 0.5) < 0.001, key);
  const grown = await describeBytes(nodeFileAccess, WAVE, { uri: '', offset: 1445, overlay: { offset: 1444, base64 } }, 30);
  assert.equal(grown?.field.fieldType, 'trailing', 'bytes appended past the expected size are trailing');
  assert.equal(await describeBytes(nodeFileAccess, resolve('test/fixtures/upstream/multi-skinned-rom/nether.toml'), { uri: '', offset: 0 }, 30), null);
  assert.equal(await describeBytes(nodeFileAccess, '/nonexistent/a.nczxanim', { uri: '', offset: 0 }, 30), null);
  assert.equal(await describeBytes(nodeFileAccess, WAVE, { uri: '', offset: 1444 }, 30), null, 'past the end');
});

test('skeleton matrices render through the same markdown', async () => {
  const description = await describeBytes(nodeFileAccess, ARM1_SKELETON, { uri: '', offset: 8 }, 30);
  assert.ok(description);
  const lines = describeMarkdown(description).split('\n');
  assert.match(lines[0], /^\*\*.+\*\* \(bone 0\), bytes 0x00000008\.\.0x0000000B \(4 bytes\)$/);
  assert.ok(lines.some((l) => /^- value: /.test(l)), lines.join('\n'));
});
