import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { KEYFRAME_SIZE, encodeKeyframe, f16ToF32 } from '../../../formats';
import { LISTING_SCHEME, listingUri, parseListingUri } from '../../../protocol/listing';
import {
  KEYFRAME_COLUMNS,
  LISTING_HEADER_LINES,
  frameLine,
  listingTargetAt,
  listingWindow,
} from '../../../formats/listing/listingLayout';
import { formatListing, planListing, type ListingSource } from '../../../formats/listing/listingText';
import { formatHalf } from '../../../formats/numberText';

const WAVE = readFileSync('test/fixtures/upstream/animation-demo/assets/wave.ewzanim');

function sourceOf(bytes: Uint8Array, name = 'clip.nczxanim'): ListingSource {
  return { name, size: bytes.length, first16: bytes.subarray(0, 16), frameRate: 30 };
}

function listing(bytes: Uint8Array, firstFrame = 0): { text: string; lines: string[] } {
  const source = sourceOf(bytes, 'wave.ewzanim');
  const plan = planListing(source, firstFrame);
  const text = formatListing(source, plan, bytes.subarray(plan.recordsStart, plan.recordsEnd));
  return { text, lines: text.split('\n') };
}

/** A clip of `bones` x `frames` with identity rotations and position.x = frame, position.y = bone. */
function craftedClip(bones: number, frames: number): Uint8Array {
  const bytes = new Uint8Array(4 + bones * frames * KEYFRAME_SIZE);
  bytes[0] = bones;
  bytes[2] = frames & 0xff;
  bytes[3] = frames >> 8;
  for (let f = 0; f < frames; f++) {
    for (let b = 0; b < bones; b++) {
      encodeKeyframe({ rotation: [0, 0, 0, 1], position: [f, b, 0], scale: [1, 1, 1] }, bytes, 4 + (f * bones + b) * KEYFRAME_SIZE);
    }
  }
  return bytes;
}

test('listing of the real wave.ewzanim: header, frame line and decoded keyframes (checked by hand from the bytes)', () => {
  const { lines } = listing(WAVE);
  assert.deepEqual(lines.slice(0, 4), [
    '# Keyframe listing of wave.ewzanim (read-only; hover a value to see its bytes)',
    '# clip: 3 bones x 30 frames, 1444 bytes; 1.0000 s at 30 fps',
    '# window: frames 0-29 of 30 (the whole clip)',
    '# status: ok',
  ]);
  // Bytes 03 08 20 80 = 0x80200803 (identity), position 00 00 | 00 BE | 00 00 = (0, -1.5, 0).
  // Bone 1: 0x802008CF -> fields 512, 512, 563, dropped w: z = (563/511.5 - 1)/sqrt2 = 0.071195.
  assert.deepEqual(lines.slice(5, 9), [
    'frame 0  t=0.0000 s  bytes 0x00000004-0x00000034',
    '  bone   0  @0x00000004  rot 0x80200803  q( 0.000691  0.000691  0.000691  0.999999)  p(    0.0000    -1.5000     0.0000)  s(    1.0000     1.0000     1.0000)',
    '  bone   1  @0x00000014  rot 0x802008CF  q( 0.000691  0.000691  0.071195  0.997462)  p(    0.0000     0.0000     0.0000)  s(    1.0000     1.0000     1.0000)',
    '  bone   2  @0x00000024  rot 0x8020096F  q( 0.000691  0.000691  0.126491  0.991967)  p(    0.0000     1.5000     0.0000)  s(    1.0000     1.0000     1.0000)',
  ]);
  assert.equal(lines[9], 'frame 1  t=0.0333 s  bytes 0x00000034-0x00000064');
  assert.equal(lines.length, LISTING_HEADER_LINES + 30 * 4 + 1, 'header + 30 frames x (1 + 3 bones) + final newline');
  assert.equal(lines.at(-1), '');
});

test('the column titles sit above their columns', () => {
  const { lines } = listing(WAVE);
  for (const [title, value] of [['bone', 'bone'], ['byte offset', '@'], ['rotation word', 'rot'], ['quaternion', 'q('], ['position', 'p('], ['scale', 's(']]) {
    assert.equal(lines[4].indexOf(title), lines[6].indexOf(value), title);
  }
});

test('every character of every keyframe line maps back to its frame, bone and byte offset', () => {
  const { lines } = listing(WAVE);
  const window = listingWindow(3, 30, 0);
  let frame = -1;
  for (let line = LISTING_HEADER_LINES; line < lines.length - 1; line++) {
    const text = lines[line];
    if (text.startsWith('frame ')) {
      frame = Number(/^frame (\d+)/.exec(text)?.[1]);
      assert.equal(frameLine(window, frame), line);
      assert.deepEqual(listingTargetAt(window, line, 3), { kind: 'frame', frame });
      continue;
    }
    const bone = Number(/bone +(\d+)/.exec(text)?.[1]);
    const recordStart = parseInt(/@0x([0-9A-F]{8})/.exec(text)?.[1] ?? '', 16);
    const closing = text.lastIndexOf(')');
    for (let character = 0; character < closing; character++) {
      const target = listingTargetAt(window, line, character);
      assert.ok(target && target.kind === 'keyframe', `line ${line} char ${character}`);
      assert.equal(target.frame, frame);
      assert.equal(target.bone, bone);
      assert.equal(4 + (frame * 3 + bone) * 16, recordStart);
    }
  }
  assert.deepEqual(listingTargetAt(window, 1, 0), { kind: 'clipHeader' });
  assert.equal(listingTargetAt(window, 0, 0), undefined);
  assert.equal(listingTargetAt(window, LISTING_HEADER_LINES + 30 * 4, 0), undefined, 'past the last frame');
});

test('columns point at the bytes they show (table)', () => {
  const { lines } = listing(WAVE);
  const window = listingWindow(3, 30, 0);
  const line = lines[7]; // frame 0, bone 1
  const cases: [string, number, string][] = [
    ['bone   1', 0, 'bone'],
    ['@0x00000014', 0, 'offset'],
    ['0x802008CF', 0, 'rotation'],
    ['0.071195', 0, 'quaternion.z'],
    ['0.997462', 0, 'quaternion.w'],
  ];
  for (const [needle, recordOffset, field] of cases) {
    const target = listingTargetAt(window, 7, line.indexOf(needle) + 1);
    assert.ok(target?.kind === 'keyframe');
    assert.equal(target.column.field, field, needle);
    assert.equal(target.column.recordOffset, recordOffset, needle);
  }
  // Position and scale: x, y, z in order, two bytes apart, after the 4-byte rotation.
  const pStart = line.indexOf('p(') + 2;
  const sStart = line.indexOf('s(') + 2;
  const expected = [
    [pStart + 5, 'position.x', 4], [pStart + 16, 'position.y', 6], [pStart + 27, 'position.z', 8],
    [sStart + 5, 'scale.x', 10], [sStart + 16, 'scale.y', 12], [sStart + 27, 'scale.z', 14],
  ] as const;
  for (const [character, field, recordOffset] of expected) {
    const target = listingTargetAt(window, 7, character);
    assert.ok(target?.kind === 'keyframe');
    assert.deepEqual([target.column.field, target.column.recordOffset], [field, recordOffset]);
  }
  assert.equal(KEYFRAME_COLUMNS.length, 13);
});

test('windows: aligned to window starts, clamped to the last window (table)', () => {
  const cases: [bones: number, frames: number, requested: number, first: number, count: number, step: number][] = [
    [3, 30, 0, 0, 30, 666],
    [3, 30, 29, 0, 30, 666],
    [40, 60, 55, 50, 10, 50],
    [40, 60, 49, 0, 50, 50],
    [255, 65535, 0, 0, 7, 7],
    [255, 65535, 65534, 65534, 1, 7],
    [255, 65535, 1_000_000, 65534, 1, 7],
    [1, 65535, 64000, 64000, 1535, 2000],
  ];
  for (const [bones, frames, requested, first, count, step] of cases) {
    const w = listingWindow(bones, frames, requested);
    assert.deepEqual([w.firstFrame, w.frameCount, w.windowFrames], [first, count, step], `${bones}x${frames} @${requested}`);
    assert.ok(w.frameCount * bones <= 2000 || w.windowFrames === 1);
  }
});

test('a window of a 255-bone clip lists only its frames and reads only their bytes', () => {
  const clip = craftedClip(255, 20);
  const source = sourceOf(clip);
  const plan = planListing(source, 10);
  assert.equal(plan.window?.firstFrame, 7);
  assert.equal(plan.recordsStart, 4 + 7 * 255 * 16);
  assert.equal(plan.recordsEnd - plan.recordsStart, 7 * 255 * 16);
  const lines = formatListing(source, plan, clip.subarray(plan.recordsStart, plan.recordsEnd)).split('\n');
  assert.equal(lines[2], '# window: frames 7-13 of 20 (window 2 of 3, 7 frames each)');
  assert.equal(lines[5], `frame 7  t=0.2333 s  bytes 0x00006F94-0x00007F84`);
  const last = lines[lines.length - 2];
  assert.match(last, /^ {2}bone 254 {2}@0x0000DF14 /, "4 + (13 * 255 + 254) * 16 = 57108");
  // position.x holds the frame, position.y the bone (f16, exact for these integers).
  assert.match(last, /p\(\s+13\.0000\s+254\.0000\s+0\.0000\)/);
  const target = listingTargetAt(plan.window!, lines.length - 2, last.indexOf('254.0000'));
  assert.ok(target?.kind === 'keyframe');
  assert.deepEqual([target.frame, target.bone, target.column.field], [13, 254, 'position.y']);
});

test('problem files: the status line says what is wrong and only complete records are listed (table)', () => {
  const legacy = new Uint8Array(16 + 2 * 3 * 48);
  legacy.set([2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0xf0, 0x41]);
  const badFlags = Uint8Array.from(WAVE);
  badFlags[1] = 7;
  const cases: [name: string, bytes: Uint8Array, status: string, keyframeLines: number][] = [
    ['truncated', WAVE.subarray(0, WAVE.length - 20), 'truncated: 1424 of 1444 bytes, frame 29 onwards incomplete', 30 * 3 - 2],
    ['trailing', Uint8Array.from([...WAVE, 1, 2, 3]), '3 trailing bytes after the last keyframe (the packer drops them)', 90],
    ['flags', badFlags, 'flags byte is 0x07, must be 0', 90],
    ['too short', WAVE.subarray(0, 3), 'file is 3 bytes, shorter than the 4-byte clip header', 0],
    ['zero frames', Uint8Array.from([3, 0, 0, 0]), 'header says 3 bones x 0 frames: no keyframes to list', 0],
    ['legacy', legacy, 'old two-day layout (16-byte header, 48-byte matrices: 2 bones x 3 frames); re-export the clip', 0],
  ];
  for (const [name, bytes, status, keyframeLines] of cases) {
    const { lines } = listing(bytes);
    assert.equal(lines[3], `# status: ${status}`, name);
    assert.equal(lines.filter((l) => l.startsWith('  bone')).length, keyframeLines, name);
  }
});

test('keyframe problems are flagged after the columns', () => {
  const clip = craftedClip(1, 1);
  clip.set([0, 0, 0, 0], 4); // word 0: three fields of -0.7071, a non-unit quaternion
  clip.set([0x00, 0x7c], 14); // scale.x = +inf (record at 4, scale at +10)
  clip.set([0x00, 0x80], 16); // scale.y = -0
  const line = listing(clip).lines[6];
  assert.match(line, /s\(\s+inf\s+-0\.0000\s+1\.0000\)  ! non-unit rotation, non-finite value, zero scale$/);
});

test('f16 values always fit their 10-character column (table)', () => {
  const cases: [bits: number, text: string][] = [
    [0x0000, '0.0000'], [0x8000, '-0.0000'], [0x3c00, '1.0000'], [0xbc00, '-1.0000'], [0x3800, '0.5000'],
    [0x7bff, '6.550e+4'], [0xfbff, '-6.550e+4'], [0x0001, '5.960e-8'], [0x0400, '6.104e-5'],
    [0x7c00, 'inf'], [0xfc00, '-inf'], [0x7e00, 'NaN'],
  ];
  for (const [bits, text] of cases) assert.equal(formatHalf(f16ToF32(bits)), text, bits.toString(16));
  for (let bits = 0; bits < 65536; bits++) assert.ok(formatHalf(f16ToF32(bits)).length <= 10, bits.toString(16));
});

test('listing URIs round-trip any clip URI and carry no characters that get percent-encoded', () => {
  const clips = ['file:///work/a/walk.nczxanim', 'file:///tmp/d%C3%A9j%C3%A0%20vu/wave%231.ewzanim', 'vscode-remote://host/x/y.ewzanim'];
  for (const clip of clips) {
    const uri = listingUri({ clip, firstFrame: 42 });
    assert.ok(uri.startsWith(`${LISTING_SCHEME}:`));
    assert.ok(uri.endsWith('.ewzanim-listing?' + uri.split('?')[1]));
    assert.match(uri.split('?')[1], /^[A-Za-z0-9_-]+$/);
    assert.deepEqual(parseListingUri(uri), { clip, firstFrame: 42 });
  }
  assert.equal(listingUri({ clip: clips[0], firstFrame: 0 }).split('?')[0], 'ewzanim-listing:/work/a/walk.nczxanim.ewzanim-listing');
  for (const bad of ['file:///a.ewzanim', 'ewzanim-listing:/a.ewzanim-listing', 'ewzanim-listing:/a?%%%', 'ewzanim-listing:/a?e30']) {
    assert.equal(parseListingUri(bad), undefined, bad);
  }
});

test('the largest legal clip (267 MB): a window and a hover read a few KiB, never the file', async () => {
  const { mkdtempSync, openSync, ftruncateSync, writeSync, closeSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { nodeFileAccess } = await import('../../../node/fileAccess');
  const { keyframeListing } = await import('../../../formats/listing/keyframeListing');
  const { listingHover } = await import('../../../server/src/features/listing/listingHover');
  const folder = mkdtempSync(`${tmpdir()}/ewzanim-largest-`);
  const path = `${folder}/largest.nczxanim`;
  const fd = openSync(path, 'w');
  try {
    ftruncateSync(fd, 267_382_804); // sparse: 255 bones x 65535 frames of zero records
    writeSync(fd, Uint8Array.from([255, 0, 0xff, 0xff]), 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  let bytesRead = 0;
  const counting = { ...nodeFileAccess, read: async (p: string, offset: number, length: number) => { const b = await nodeFileAccess.read(p, offset, length); bytesRead += b.length; return b; } };
  try {
    const result = await keyframeListing(counting, path, 65534, 30);
    assert.ok(!('error' in result));
    assert.deepEqual([result.firstFrame, result.frameCount, result.windowFrames, result.totalFrames], [65534, 1, 7, 65535]);
    assert.equal(result.text.split('\n').filter((l) => l.startsWith('  bone')).length, 255);
    assert.ok(bytesRead <= 16 + 255 * 16, `listing read ${bytesRead} bytes`);
    bytesRead = 0;
    // Last keyframe of the file: line 5 (frame line) + 255 (bone 254), column position.x.
    const hover = await listingHover(counting, { clip: `file://${path}`, firstFrame: 65534 }, path, { line: 5 + 255, character: 90 }, 30);
    assert.equal(hover?.markdown.split('\n')[0], '**Position X (f16)** · frame 65534 · bone 254 · bytes 0xFEFF008-0xFEFF009 (2 bytes)'); // 267,382,804 - 16 + 4
    assert.ok(bytesRead <= 64, `hover read ${bytesRead} bytes`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('seeded fuzz: mutated and truncated clips always give a listing, and hovers never throw', async () => {
  const { MemoryFileAccess } = await import('../helpers/memoryFileAccess');
  const { listingHover } = await import('../../../server/src/features/listing/listingHover');
  let seed = 12345;
  const random = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  for (let round = 0; round < 400; round++) {
    const bytes = Uint8Array.from(WAVE.subarray(0, random(WAVE.length + 1)));
    for (let flips = random(6); flips > 0 && bytes.length > 0; flips--) bytes[random(bytes.length)] = random(256);
    const { text, lines } = listing(bytes, random(40));
    assert.ok(text.startsWith('# Keyframe listing of wave.ewzanim'), `round ${round}`);
    assert.match(lines[3], /^# status: /);
    const files = new MemoryFileAccess({ '/c/wave.ewzanim': bytes });
    for (let probe = 0; probe < 5; probe++) {
      const position = { line: random(lines.length + 2), character: random(200) };
      await listingHover(files, { clip: 'file:///c/wave.ewzanim', firstFrame: random(40) }, '/c/wave.ewzanim', position, 30);
    }
  }
});

test('a listing of anything but a clip is an error, not a guess at its bytes', async () => {
  const { MemoryFileAccess } = await import('../helpers/memoryFileAccess');
  const { keyframeListing } = await import('../../../formats/listing/keyframeListing');
  // A manifest's first bytes read as a clip header would say "91 bones x 28001 frames".
  const files = new MemoryFileAccess({ '/p/nether.toml': '[game]\nid = "x"\n', '/p/rig.nczxskel': new Uint8Array(8) });
  const table: [string, string, RegExp][] = [
    ['/p/nether.toml', 'not-a-clip', /^\/p\/nether\.toml is a manifest, not a clip/],
    ['/p/rig.nczxskel', 'not-a-clip', /is a skeleton, not a clip/],
    ['/p/notes.txt', 'not-a-clip', /is not a supported file, not a clip/],
    ['/p/gone.nczxanim', 'no-such-file', /^\/p\/gone\.nczxanim: no such file\.$/],
  ];
  for (const [path, code, message] of table) {
    const result = await keyframeListing(files, path, 0, 30);
    assert.ok('error' in result, path);
    assert.equal(result.error.code, code, path);
    assert.match(result.error.message, message);
  }
});
