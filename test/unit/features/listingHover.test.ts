import { strict as assert } from 'node:assert';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { nodeFileAccess } from '../../../node/fileAccess';
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
      '**Rotation (smallest-three u32)** · frame 0 · bone 1 · bytes 0x14-0x17 (4 bytes)',
      '',
      '- Raw: `0x802008CF`',
      // fields 512, 512, 563: (512/511.5 - 1)/sqrt2 = 0.000691208, (563/511.5 - 1)/sqrt2 = 0.0711945
      '- Quaternion (x, y, z, w): 0.00069120829, 0.00069120829, 0.071194537, 0.99746197',
      '- Stored fields: 512, 512, 563 (dropped component: w)',
      '- Stored square sum: 0.00507 (at most 1: unit)',
      '- Axis-angle: 8.166° about (0.009708, 0.009708, 0.999906)',
      '- Euler XYZ (R = Rx·Ry·Rz): x 0.0734°, y 0.0846°, z 8.1652°',
      '- Quantisation: steps of 0.001382; error at most 0.288°',
    ].join('\n'),
  );
  const onQuaternion = await hoverAt(7, 62);
  assert.equal(onQuaternion?.markdown, hover?.markdown, 'the decoded quaternion columns describe the same word');
});

test('hover on position and scale values: f16 bits and spacing at that magnitude (table)', async () => {
  const cases: [line: number, character: number, title: string, bits: string, value: string, spacing: string][] = [
    // frame 0 bone 0 position.y: bytes 00 BE = 0xBE00 = -1.5; spacing in [1, 2) is 2^-10
    [6, 100, '**Position Y (f16)** · frame 0 · bone 0 · bytes 0xA-0xB (2 bytes)', '0xBE00', '-1.5', '0.0009765625'],
    [6, 90, '**Position X (f16)** · frame 0 · bone 0 · bytes 0x8-0x9 (2 bytes)', '0x0000', '0', '5.9604645e-8'],
    [8, 130, '**Scale X (f16)** · frame 0 · bone 2 · bytes 0x2E-0x2F (2 bytes)', '0x3C00', '1', '0.0009765625'],
  ];
  for (const [line, character, title, bits, value, spacing] of cases) {
    const markdown = (await hoverAt(line, character))?.markdown;
    assert.equal(markdown, [title, '', `- Raw: \`${bits}\``, `- Value: ${value}`, `- f16 step here: ${spacing}`].join('\n'));
  }
});

test('hover on frame lines and record columns: byte offsets and time at the configured frame rate', async () => {
  assert.equal(
    (await hoverAt(9, 2, 60))?.markdown,
    [
      '**Frame 1 of 30** · bytes 0x34-0x63 (48 bytes)',
      '',
      '- Records: 3 of 16 bytes (one per bone)',
      '- Time: 0.016667 s at 60 fps; each frame lasts 16.6667 ms',
    ].join('\n'),
  );
  const record = await hoverAt(8, 14);
  assert.equal(record?.markdown.split('\n')[0], '**Keyframe record** · frame 0 · bone 2 · bytes 0x24-0x33 (16 bytes)');
  const header = (await hoverAt(1, 5))?.markdown ?? '';
  assert.match(header, /^\*\*Bone count \(u8\)\*\* · byte 0x0\n\n- Raw: `0x03`\n- Bones per frame: 3 \(1\.\.255 allowed\)/);
  assert.match(header, /- Frames: 30 = 1 s at 30 fps \(clips store no frame rate\)\n- Expected size: 1,444 bytes/);
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
  assert.equal(edited?.decoded.kind, 'rotation');
  if (edited?.decoded.kind === 'rotation') {
    assert.equal(edited.decoded.dropped, 'w');
    for (const component of edited.decoded.quaternion) assert.ok(Math.abs(component - 0.5) < 0.001, String(component));
  }
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
  assert.deepEqual(lines, [
    '**Inverse bind c0.x (f32, column-major)** · bone 0 · bytes 0x8-0xB (4 bytes)',
    '',
    '- Raw: `0x3F800000`',
    '- Value: 1',
    '- Row x [c0 c1 c2 | t]: 1, 0, 0 | 0',
    '- Row y [c0 c1 c2 | t]: 0, 1, 0 | 0',
    '- Row z [c0 c1 c2 | t]: 0, 0, 1 | 0',
    '- Determinant (3x3): 1',
    '- Storage: column-major: c0, c1, c2 (the 3x3 part), then the translation t',
  ]);
});
