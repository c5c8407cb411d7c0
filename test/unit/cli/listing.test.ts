/** `ewzanim listing`: the keyframe listing the language server shows, window by window or whole. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KEYFRAME_SIZE, encodeKeyframe } from '../../../formats';
import { keyframeListing } from '../../../formats/listing/keyframeListing';
import { nodeFileAccess } from '../../../node/fileAccess';
import { UPSTREAM, runCli, tempTree } from './cliHarness';

/** 255 bones x 20 frames: windows of 7 frames (2,000 keyframes at most each), so 3 windows. */
function bigClip(): Uint8Array {
  const bones = 255;
  const frames = 20;
  const bytes = new Uint8Array(4 + bones * frames * KEYFRAME_SIZE);
  bytes.set([bones, 0, frames, 0]);
  for (let i = 0; i < bones * frames; i++) encodeKeyframe({ rotation: [0, 0, 0, 1], position: [0, i / 1000, 0], scale: [1, 1, 1] }, bytes, 4 + i * KEYFRAME_SIZE);
  return bytes;
}

test('listing of an upstream clip: the header lines, one line per keyframe, exit 0', async () => {
  const run = await runCli(['listing', `${UPSTREAM}/animation-demo/assets/wave.ewzanim`]);
  assert.equal(run.status, 0, run.stderr);
  const lines = run.stdout.split('\n');
  assert.equal(lines[0], '# Keyframe listing of wave.ewzanim (read-only; hover a value to see its bytes)');
  assert.equal(lines[1], '# clip: 3 bones x 30 frames, 1444 bytes; 1.0000 s at 30 fps');
  assert.equal(lines.length, 5 + 30 * 4 + 1);
});

test('--from lists the window holding that frame, the same text as the server\'s request; --all lists every window once', async () => {
  const tree = tempTree({ 'big.nczxanim': bigClip() });
  try {
    const path = `${tree.root}/big.nczxanim`;
    const second = await runCli(['listing', '--from', '9', path]);
    const window = await keyframeListing(nodeFileAccess, path, 9, 30);
    assert.ok(!('error' in window));
    assert.equal(second.stdout, window.text);
    assert.match(second.stdout.split('\n')[2] ?? '', /^# window: frames 7-13 of 20 \(window 2 of 3, 7 frames each\)$/);
    const all = await runCli(['listing', '--all', path]);
    const frameLines = all.stdout.split('\n').filter((l) => l.startsWith('frame '));
    assert.deepEqual(frameLines.map((l) => Number(l.split(' ')[1])), Array.from({ length: 20 }, (_, f) => f));
    assert.equal(all.stdout.split('\n').filter((l) => l.startsWith('  bone')).length, 255 * 20);
    assert.equal(all.stdout.split('\n').filter((l) => l.startsWith('#')).length, 5, 'the header once');
  } finally {
    tree.dispose();
  }
});

test('a manifest, a skeleton or a missing file is exit 2 with the reason, nothing on stdout', async () => {
  for (const [path, message] of [
    [`${UPSTREAM}/animation-demo/nether.toml`, /nether\.toml is a manifest, not a clip/],
    [`${UPSTREAM}/multi-skinned-rom/assets/arm1.ewzskel`, /is a skeleton, not a clip/],
    [`${UPSTREAM}/gone.nczxanim`, /gone\.nczxanim: no such file/],
  ] as const) {
    const run = await runCli(['listing', path]);
    assert.equal(run.status, 2, path);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, message);
  }
});
