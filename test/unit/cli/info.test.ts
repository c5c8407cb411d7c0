import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { IDENTITY_RECORD, UPSTREAM, runCli, tempTree, uniformClip } from './cliHarness';

/** The "label  value" lines of the info screen as a map. */
function facts(stdout: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const match = /^(\w+)\s{2,}(.*)$/.exec(line);
    if (match) map[match[1]] = match[2];
  }
  return map;
}

test('info on an upstream clip: counts, size, duration at 30 fps, problems, rename note', async () => {
  const run = await runCli(['info', `${UPSTREAM}/multi-skinned-rom/assets/wave2.ewzanim`]);
  assert.equal(run.status, 0);
  assert.deepEqual(facts(run.stdout), {
    file: `${UPSTREAM}/multi-skinned-rom/assets/wave2.ewzanim`,
    kind: 'clip (Emberware Z extension)',
    size: '1,924 bytes',
    bones: '4',
    frames: '30',
    duration: '1 s at 30 fps',
    problems: '0 errors, 0 warnings',
    note: 'the current packer wants the Nethercore name: wave2.nczxanim',
  });
});

test('info --fps changes the duration', async () => {
  const run = await runCli(['info', '--fps', '24', `${UPSTREAM}/animation-demo/assets/wave.ewzanim`]);
  assert.equal(facts(run.stdout).duration, '1.25 s at 24 fps');
});

test('info on a mesh, a skeleton and a ROM', async () => {
  const mesh = facts((await runCli(['info', `${UPSTREAM}/multi-skinned-rom/assets/arm2.ewzmesh`])).stdout);
  assert.deepEqual([mesh.kind, mesh.vertices, mesh.indices, mesh.format, mesh.bones], ['mesh (Emberware Z extension)', '96', '144', '12 (NORMAL | SKINNED)', '4']);
  const skeleton = facts((await runCli(['info', `${UPSTREAM}/multi-skinned-rom/assets/arm1.ewzskel`])).stdout);
  assert.deepEqual([skeleton.kind, skeleton.bones, skeleton.size], ['skeleton (Emberware Z extension)', '3', '152 bytes']);
  const rom = facts((await runCli(['info', `${UPSTREAM}/cube/cube.ewz`])).stdout);
  assert.equal(rom.magic, 'EWZ\\0');
});

test('info lists the first problems and counts the rest; exit 1 on errors', async () => {
  const bytes = uniformClip(2, 10, IDENTITY_RECORD);
  for (let r = 0; r < 20; r++) bytes[4 + r * 16 + 5] = 0xfc; // position x = -infinity everywhere
  const tree = tempTree({ 'bad.nczxanim': bytes });
  try {
    const path = join(tree.root, 'bad.nczxanim');
    const run = await runCli(['info', path]);
    assert.equal(run.status, 1);
    assert.equal(facts(run.stdout).problems, '20 errors, 0 warnings');
    assert.equal(facts(run.stdout).note, undefined);
    const problemLines = run.stdout.split('\n').filter((l) => l.startsWith(`${path}:`));
    assert.equal(problemLines.length, 10);
    assert.match(problemLines[0], /:8: error anim\/non-finite: Frame 0, bone 0: position\.x is -infinity/);
    assert.match(run.stdout, /\.\.\. and 10 more diagnostics \(ewzanim check /);
  } finally {
    tree.dispose();
  }
});

test('info on a missing file or a folder: exit 2, one line', async () => {
  const tree = tempTree({ 'folder.nczx/inside.txt': 'x' });
  try {
    const cases: [string, string][] = [
      ['nope.nczxanim', 'ewzanim: nope.nczxanim: no such file\n'],
      [join(tree.root, 'folder.nczx'), `ewzanim: ${tree.root}/folder.nczx: is a folder\n`],
    ];
    for (const [path, message] of cases) {
      const run = await runCli(['info', path]);
      assert.equal(run.status, 2);
      assert.equal(run.stderr, message);
    }
  } finally {
    tree.dispose();
  }
});
