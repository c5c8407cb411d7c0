/**
 * `ewzanim check|info|dump` on NRes models and archives built by the writer: diagnostics at the
 * bytes, the summary of every model, the dump of nodes, keys and map with ranges, detection by
 * extension (`--msh-ext`) and by magic.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runCli, tempTree } from './cliHarness';
import { heroArchive, heroModel, patched } from '../msh/mshFixtures';
import { DEFAULT_MSH_OPTIONS, decodeMshQuaternion, openMshBytes, readMshAnimation } from '../../../formats/msh';
import { memoryByteSource } from '../../../formats/fileAccess';

const badVersion = (): Uint8Array => patched(heroModel(), (view) => view.setUint32(4, 0x200, true));

test('check: a clean model and archive pass; a bad header is an error at its bytes; exit 1', async () => {
  const tree = tempTree({ 'hero.msh': heroModel(), 'pack.msh': heroArchive(), 'bad.msh': badVersion() });
  try {
    const run = await runCli(['check', tree.root]);
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(run.stdout.trim().split('\n'), [
      `${join(tree.root, 'bad.msh')}:4: error nres/bad-header: NRes file: version is 0x00000200; expected 0x00000100, the only NRes version known. Set bytes 4-7 to 00 01 00 00 if the rest of the container is intact.`,
    ]);
    assert.match(run.stderr, /^3 files checked: 1 error, 0 warnings$/m);
  } finally {
    tree.dispose();
  }
});

test('detection: .rlb only with --msh-ext in a folder; any name by its NRes magic when named', async () => {
  const tree = tempTree({ 'units.rlb': badVersion(), 'hero.msh': heroModel() });
  try {
    const plain = await runCli(['check', tree.root]);
    assert.match(plain.stderr, /^1 file checked: 0 errors/m, 'the default claims .msh only');
    const listed = await runCli(['check', '--msh-ext', '.msh,.rlb', tree.root]);
    assert.match(listed.stderr, /^2 files checked: 1 error/m);
    const named = await runCli(['check', join(tree.root, 'units.rlb')]);
    assert.equal(named.status, 1);
    assert.match(named.stdout, /units\.rlb:4: error nres\/bad-header/);
    const usage = await runCli(['check', '--msh-ext', 'rlb', tree.root]);
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /--msh-ext takes extensions such as \.msh,\.rlb/);
  } finally {
    tree.dispose();
  }
});

test('info: an archive lists each model with its nodes, keys and frames', async () => {
  const tree = tempTree({ 'pack.msh': heroArchive() });
  try {
    const run = await runCli(['info', join(tree.root, 'pack.msh')]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^container\s+NRes archive, 3 entries$/m);
    assert.match(run.stdout, /^models\s+2$/m);
    assert.match(run.stdout, /^model 0\s+"hero\.msh": 3 nodes \(2 animated\), 7 keys, 5 frames \(0\.167 s at 30 fps\), named nodes$/m);
    assert.match(run.stdout, /^model 1\s+"small\.msh": 2 nodes \(1 animated\), 3 keys, 2 frames/m);
    assert.match(run.stdout, /^problems\s+0 errors, 0 warnings$/m);
  } finally {
    tree.dispose();
  }
});

interface DumpedKey {
  key: number;
  node: number | null;
  offset: number;
  time: number;
  position: number[];
  stored: number[];
  quaternion: number[];
  norm: number;
  angleDeg: number;
}

test('dump --json: nodes, keys and map of a range equal the core decoding the same bytes', async () => {
  const bytes = heroModel();
  const tree = tempTree({ 'hero.msh': bytes });
  try {
    const run = await runCli(['dump', '--json', join(tree.root, 'hero.msh'), '--node', '1:3', '--keys', '2:4', '--map', '3:5']);
    assert.equal(run.status, 0, run.stderr);
    const dump = JSON.parse(run.stdout) as { nodeCount: number; nodes: { node: number; name: string; parent: number | null; trackStart: number; fallback: number; mapStart: number | null }[]; keys: DumpedKey[]; map: { word: number; value: number; node: number; frame: number; meaning: string }[] };
    assert.equal(dump.nodeCount, 3);
    assert.deepEqual(dump.nodes.map((n) => [n.node, n.name, n.parent, n.trackStart, n.fallback, n.mapStart]), [[1, 'arm', 0, 1, 3, 0], [2, 'hand', 1, 4, 6, 5]]);
    const { layout } = openMshBytes(bytes, DEFAULT_MSH_OPTIONS);
    const animation = await readMshAnimation(memoryByteSource(bytes), layout.models[0]!);
    assert.deepEqual(dump.keys.map((k) => k.key), [2, 3]);
    for (const key of dump.keys) {
      const q = decodeMshQuaternion(animation!.rotations.subarray(key.key * 4, key.key * 4 + 4));
      assert.deepEqual(key.quaternion.map(Math.fround), Array.from(q), `key ${key.key} (shortest f32 digits read back as the same f32)`);
      assert.equal(key.time, animation!.times[key.key]);
    }
    assert.equal(dump.keys[0]!.angleDeg.toFixed(3), '90.000', 'key 2 is the 90 degree turn about z');
    assert.deepEqual(dump.map.map((w) => [w.word, w.value, w.node, w.frame, w.meaning]), [[3, 2, 1, 3, 'key'], [4, 3, 1, 4, 'fallback']]);
  } finally {
    tree.dispose();
  }
});

test('dump: --model picks an archive model; out of range and clip-only options are usage errors', async () => {
  const tree = tempTree({ 'pack.msh': heroArchive() });
  try {
    const path = join(tree.root, 'pack.msh');
    const second = await runCli(['dump', path, '--model', '1']);
    assert.equal(second.status, 0, second.stderr);
    assert.match(second.stdout, /^msh: model 1 of 2 "small\.msh" .*: 2 nodes \(1 mapped\), 3 keys/m);
    const missing = await runCli(['dump', path, '--model', '2']);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /--model 2: the file has 2 models \(0\.\.1\)/);
    const frames = await runCli(['dump', path, '--frames', '0:1']);
    assert.equal(frames.status, 2);
    assert.match(frames.stderr, /--frames does not apply to a msh/);
  } finally {
    tree.dispose();
  }
});
