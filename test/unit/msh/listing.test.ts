/**
 * The text listing of NRes models: every line knows what it shows, poses follow the sampling
 * rules at the requested frame (clamped), an archive lists each model, and a hover on a pose
 * line says how the pose was found.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoryByteSource } from '../../../formats/fileAccess';
import { mshLineMarkdown, mshListing, openMshBytes } from '../../../formats/msh';
import { heroArchive, heroModel } from './mshFixtures';

test('each line of the listing names its node, key or pose', async () => {
  const listing = await mshListing(memoryByteSource(heroModel()), 'hero.msh', 3);
  const lines = listing.text.split('\n');
  assert.equal(listing.lines.length, lines.length - 1, 'one entry per line (the text ends with a newline)');
  const shown = (prefix: string) => listing.lines[lines.findIndex((l) => l.startsWith(prefix))];
  assert.deepEqual(shown('node 2 '), { kind: 'node', model: 0, node: 2 });
  assert.deepEqual(shown('key 6 '), { kind: 'key', model: 0, key: 6 });
  assert.deepEqual(shown('pose 1 '), { kind: 'pose', model: 0, node: 1, frame: 3 });
  // t = 3: frame index round(2.5) = 2 (ties to even); arm's map word for frame 2 is key 2 (t 2),
  // so keys 2..3 (t 2, 4) at 0.5: position (0, 3, 0), rotation halfway from 90 to 180 degrees about z.
  const arm = lines.find((l) => l.startsWith('pose 1 @ frame 3  frame index 2  keys 2..3 at 0.5  p (0, 3, 0)  q(w x y z) ('));
  assert.ok(arm, listing.text);
  const [w, x, y, z] = arm.slice(arm.lastIndexOf('(') + 1, -1).split(', ').map(Number);
  const half = (135 / 2) * (Math.PI / 180);
  for (const [got, want] of [[w, Math.cos(half)], [x, 0], [y, 0], [z, Math.sin(half)]] as const) assert.ok(Math.abs(got! - want) < 1e-5, `${got} vs ${want}`);
  // hand: frame 2 maps to key 5 (t 1), but t = 3 is key 6's own time: an exact hit.
  assert.ok(lines.some((l) => l.startsWith('pose 2 @ frame 3  frame index 2  key 6 (exact time)  p (3, 0, 0)')), listing.text);
});

test('the frame is clamped to the longest model; an archive lists every model', async () => {
  const listing = await mshListing(memoryByteSource(heroArchive()), 'pack.msh', 99);
  assert.equal(listing.frame, 4);
  assert.equal(listing.totalFrames, 5);
  assert.match(listing.text, /^model 0 "hero\.msh": 3 nodes, 7 keys, 5 frames$/m);
  assert.match(listing.text, /^model 1 "small\.msh": 2 nodes, 3 keys, 2 frames$/m);
  assert.match(listing.text, /^pose 1 @ frame 1 /m, 'the shorter model is posed at its own last frame');
});

test('a hover on a pose line says how the runtime found it, with the caveat', async () => {
  const bytes = heroModel();
  const { layout } = openMshBytes(bytes);
  const markdown = await mshLineMarkdown(memoryByteSource(bytes), layout, { kind: 'pose', model: 0, node: 0, frame: 2 });
  assert.match(markdown!, /\| found by \| fallback key 0 \(no map\) \|/);
  assert.match(markdown!, /_reference sampling, not bit-exact with the x87 runtime_$/);
});
