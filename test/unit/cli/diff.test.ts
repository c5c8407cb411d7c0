/**
 * `ewzanim diff` and `ewzanim textconv` from the command line: the gates' exit status at, below
 * and above each threshold; JSON, markdown and text of a clip against itself say identical;
 * git's difftool and GIT_EXTERNAL_DIFF arguments; bad input exits 2 with a stable code; and a
 * real `git diff` / `git log -p` in a temporary repository with the documented configuration
 * prints the keyframe lines that changed instead of "Binary files differ".
 */
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryByteSource } from '../../../formats/fileAccess';
import { diffClips, isDiffFailure } from '../../../formats/diff';
import { buildMshModel } from '../../../formats/msh/writer';
import { axisAngle, basePose, multiply, planted, writeClip } from '../diff/clipBuilder';
import { REPO, UPSTREAM, runCli, tempTree } from './cliHarness';

const base = writeClip(4, 10, basePose);
const moved = writeClip(4, 10, planted(basePose, 3, 1, (t) => ({ ...t, position: [t.position[0], t.position[1], 0.5] })));
const scaled = writeClip(4, 10, planted(basePose, 0, 0, (t) => ({ ...t, scale: [1.25, 1, 1] })));
const turned = writeClip(4, 10, planted(basePose, 7, 2, (t) => ({ ...t, rotation: multiply(axisAngle([0, 0, 1], 30), t.rotation) })));
const longer = writeClip(4, 11, basePose);

const tree = tempTree({ 'base.nczxanim': base, 'moved.nczxanim': moved, 'scaled.nczxanim': scaled, 'turned.nczxanim': turned, 'longer.nczxanim': longer });
process.on('exit', tree.dispose);
const at = (name: string): string => join(tree.root, name);

let turnedAngle = 0;
before(async () => {
  const d = await diffClips(memoryByteSource(base), memoryByteSource(turned));
  if (isDiffFailure(d)) throw new Error(d.failure.message);
  turnedAngle = d.worst.rotation.value;
});

interface GateCase {
  gate: string;
  file: string;
  /** The limit as text (a function: the planted angle is known only after decoding). */
  limit: () => string;
  status: number;
}

const GATES: GateCase[] = [
  { gate: '--max-position', file: 'moved.nczxanim', limit: () => '0.5', status: 0 },
  { gate: '--max-position', file: 'moved.nczxanim', limit: () => '0.6', status: 0 },
  { gate: '--max-position', file: 'moved.nczxanim', limit: () => '0.4', status: 1 },
  { gate: '--max-scale', file: 'scaled.nczxanim', limit: () => '1.25', status: 0 },
  { gate: '--max-scale', file: 'scaled.nczxanim', limit: () => '1.3', status: 0 },
  { gate: '--max-scale', file: 'scaled.nczxanim', limit: () => '1.2', status: 1 },
  { gate: '--max-angle', file: 'turned.nczxanim', limit: () => String(turnedAngle), status: 0 },
  { gate: '--max-angle', file: 'turned.nczxanim', limit: () => String(turnedAngle + 0.01), status: 0 },
  { gate: '--max-angle', file: 'turned.nczxanim', limit: () => '30', status: 1 },
  // A gate bounds its own measure only: a moved position passes an angle gate.
  { gate: '--max-angle', file: 'moved.nczxanim', limit: () => '0', status: 0 },
];

for (const c of GATES) {
  test(`diff base ${c.file} ${c.gate} (${c.status === 0 ? 'at or above' : 'below'} the difference) exits ${c.status}`, async () => {
    const run = await runCli(['diff', at('base.nczxanim'), at(c.file), c.gate, c.limit()]);
    assert.equal(run.stderr, '');
    assert.equal(run.status, c.status, run.stdout);
    assert.match(run.stdout, c.status === 0 ? /\n {2}gates: pass\n/ : new RegExp(`\\n {2}gate FAILED: ${c.gate} `));
  });
}

test('a frame appended fails any gate (counts differ), and passes without gates', async () => {
  const gated = await runCli(['diff', at('base.nczxanim'), at('longer.nczxanim'), '--max-angle', '180']);
  assert.equal(gated.status, 1);
  assert.match(gated.stdout, /gate FAILED: the files differ in shape \(frame count\)/);
  assert.equal((await runCli(['diff', at('base.nczxanim'), at('longer.nczxanim')])).status, 0);
});

test('a clip against itself is identical in text, JSON and markdown', async () => {
  const text = await runCli(['diff', at('base.nczxanim'), at('base.nczxanim')]);
  assert.equal(text.status, 0);
  assert.match(text.stdout, /^clip diff: .*\n {2}identical: every keyframe of 4 bones x 10 frames is equal\n$/);
  const json = await runCli(['diff', '--json', at('base.nczxanim'), at('base.nczxanim'), '--max-angle', '0']);
  const parsed = JSON.parse(json.stdout) as { kind: string; identical: boolean; changedKeyframes: number; gates: { given: boolean; pass: boolean } };
  assert.deepEqual([parsed.kind, parsed.identical, parsed.changedKeyframes, parsed.gates.given, parsed.gates.pass], ['clip', true, 0, true, true]);
  const markdown = await runCli(['diff', '--format', 'markdown', at('base.nczxanim'), at('base.nczxanim')]);
  assert.match(markdown.stdout, /^### ✅ ewzanim clip diff: .*\n\n- identical: every keyframe of 4 bones x 10 frames is equal\n$/);
});

test('--json carries every measure: per bone, per frame and the rotation grid; Infinity as a string', async () => {
  const run = await runCli(['diff', '--json', '--grid-columns', '5', at('base.nczxanim'), at('moved.nczxanim')]);
  const d = JSON.parse(run.stdout) as { bones: { position: { max: number; maxFrame: number } }[]; frames: { positionMax: number[] }; grid: { columns: number; values: number[] } };
  assert.deepEqual(d.bones[1].position, { max: 0.5, mean: 0.05, maxFrame: 3 });
  assert.deepEqual(d.frames.positionMax, [0, 0, 0, 0.5, 0, 0, 0, 0, 0, 0]);
  assert.deepEqual([d.grid.columns, d.grid.values.length], [5, 20]);
  const mirrored = tempTree({ 'a.nczxanim': scaled, 'b.nczxanim': writeClip(4, 10, planted(basePose, 0, 0, (t) => ({ ...t, scale: [-1.25, 1, 1] }))) });
  try {
    const flip = JSON.parse((await runCli(['diff', '--json', join(mirrored.root, 'a.nczxanim'), join(mirrored.root, 'b.nczxanim')])).stdout) as { worst: { scale: { value: unknown } } };
    assert.equal(flip.worst.scale.value, 'Infinity', 'a mirror has no ratio');
  } finally {
    mirrored.dispose();
  }
});

test('git conventions: GIT_EXTERNAL_DIFF\'s seven (or, renamed, nine) arguments name the file as git does; /dev/null is an added file', async () => {
  const external = await runCli(['diff', 'clips/walk.nczxanim', at('base.nczxanim'), 'abc123', '100644', at('moved.nczxanim'), 'def456', '100644']);
  assert.equal(external.status, 0);
  assert.match(external.stdout, /^clip diff: a\/clips\/walk\.nczxanim -> b\/clips\/walk\.nczxanim\n/);
  assert.match(external.stdout, /largest: rotation 0°; position 0\.5 \(bone 1, frame 3\)/);
  const added = await runCli(['diff', 'clips/new.nczxanim', '/dev/null', '.', '.', at('base.nczxanim'), 'def456', '100644']);
  assert.deepEqual([added.status, added.stdout], [0, 'clips/new.nczxanim is new: nothing to compare\n']);
  const renamed = await runCli(['diff', 'walk.nczxanim', at('base.nczxanim'), 'abc123', '100644', at('moved.nczxanim'), 'def456', '100644', 'run.nczxanim', 'similarity index 90%\n']);
  assert.match(renamed.stdout, /^clip diff: a\/walk\.nczxanim -> b\/run\.nczxanim\n/);
});

test('files that cannot be compared exit 2 with a stable code', async () => {
  const cases: [string[], RegExp][] = [
    [[at('base.nczxanim'), `${REPO}/${UPSTREAM}/asset-test/assets/cube.ewzmesh`], /^ewzanim: diff\/kind-mismatch: A is a clip, B is a mesh/],
    [[at('base.nczxanim'), at('missing.nczxanim')], /^ewzanim: diff\/no-such-file: B: .*missing\.nczxanim: no such file\n$/],
    [[`${REPO}/${UPSTREAM}/cube/cube.ewz`, `${REPO}/${UPSTREAM}/cube/cube.ewz`], /^ewzanim: diff\/unsupported: a packed ROM/],
  ];
  for (const [paths, message] of cases) {
    const run = await runCli(['diff', ...paths]);
    assert.equal(run.status, 2, paths.join(' '));
    assert.match(run.stderr, message);
  }
  for (const argv of [['diff', 'a'], ['diff', 'a', 'b', '--max-scale', '0.5'], ['diff', 'a', 'b', '--max-angle', 'x'], ['diff', 'a', 'b', '--format', 'html']]) {
    assert.equal((await runCli(argv)).status, 2, argv.join(' '));
  }
});

test('skeletons, meshes and MSH models diff by meaning too', async () => {
  const assets = `${REPO}/${UPSTREAM}/multi-skinned-rom/assets`;
  const skeleton = await runCli(['diff', `${assets}/arm1.ewzskel`, `${assets}/arm2.ewzskel`, '--max-position', '4']);
  assert.equal(skeleton.status, 1, 'the bone count differs');
  assert.match(skeleton.stdout, /\n {2}changed: 2 of 3 inverse bind matrices \(bones 1, 2\)\n {2}largest: element 3 \(bone 2\); translation 3\.605551 \(bone 2\)\n/);
  const mesh = await runCli(['diff', `${assets}/arm1.ewzmesh`, `${assets}/arm1.ewzmesh`]);
  assert.match(mesh.stdout, /\n {2}identical: 72 vertices, 108 indices, format 12 \(NORMAL SKINNED\)\n$/);
});

test('textconv prints the same text for two copies of a clip under different names (git\'s temporary files)', async () => {
  const copies = tempTree({ 'walk.nczxanim': base, 'Xa81Zq_walk.nczxanim': base });
  try {
    const [one, two] = [await runCli(['textconv', join(copies.root, 'walk.nczxanim')]), await runCli(['textconv', join(copies.root, 'Xa81Zq_walk.nczxanim')])];
    assert.equal(one.status, 0);
    assert.equal(one.stdout, two.stdout);
    assert.ok(!one.stdout.includes('walk'), 'no file name in the text');
    const lines = one.stdout.split('\n');
    assert.equal(lines[0], '# ewzanim textconv: clip keyframe listing');
    assert.equal(lines.filter((l) => /^ {2}bone /.test(l)).length, 40, 'one line per keyframe');
  } finally {
    copies.dispose();
  }
});

test('textconv of a skeleton, a mesh and an MSH model: dump rows, one record a line, cells unpadded', async () => {
  const assets = `${REPO}/${UPSTREAM}/multi-skinned-rom/assets`;
  const skeleton = await runCli(['textconv', `${assets}/arm1.ewzskel`]);
  assert.equal(skeleton.status, 0);
  assert.deepEqual(skeleton.stdout.split('\n'), [
    '# ewzanim textconv: skeleton: 3 bones, reserved 0, 152 bytes; inverse bind matrices, column-major 3x4',
    '# inverseBindMatrices: bone  offset  c0.x  c0.y  c0.z  c1.x  c1.y  c1.z  c2.x  c2.y  c2.z  t.x  t.y  t.z',
    '0  8  1  0  0  0  1  0  0  0  1  0  0  0',
    '1  56  1  0  0  0  1  0  0  0  1  0  -1.5  0',
    '2  104  1  0  0  0  1  0  0  0  1  0  -3  0',
    '',
  ]);
  const mesh = (await runCli(['textconv', `${assets}/arm1.ewzmesh`])).stdout.split('\n');
  assert.equal(mesh[2], '0  12  -0.15002441  0  0.15002441  0  0  1  0  0  0  0  1  0  0  0');
  assert.equal(mesh.filter((line) => /^\d/.test(line)).length, 72 + 108 / 3, 'a line per vertex and per triangle of indices');
  const model = tempTree({
    'walk.msh': buildMshModel({ nodes: [{ name: 'root', keys: [{ time: 0, position: [0, 0, 0] }, { time: 2, position: [0, 1, 0] }] }] }),
  });
  try {
    const msh = (await runCli(['textconv', join(model.root, 'walk.msh')])).stdout.split('\n');
    assert.deepEqual(msh.filter((line) => line.startsWith('#')).map((line) => line.split(':')[0]), ['# ewzanim textconv', '# nodes', '# keys', '# map']);
    assert.equal(msh[2], '0  root  16  -  0..1  2  0');
  } finally {
    model.dispose();
  }
  const rom = await runCli(['textconv', `${REPO}/${UPSTREAM}/cube/cube.ewz`]);
  assert.deepEqual([rom.status, rom.stderr], [2, `ewzanim: ${REPO}/${UPSTREAM}/cube/cube.ewz: textconv reads clips, skeletons, meshes and MSH models\n`]);
});

/** A folder with an `ewzanim` on PATH that runs the bundle built from these sources. */
function ewzanimOnPath(): string {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'cli'], { cwd: REPO, encoding: 'utf8' });
  assert.equal(build.status, 0, build.stderr);
  const bin = tempTree({ ewzanim: `#!/bin/sh\nexec "${process.execPath}" "${join(REPO, 'cli', 'ewzanim-bin.cjs')}" "$@"\n` });
  chmodSync(join(bin.root, 'ewzanim'), 0o755);
  process.on('exit', bin.dispose);
  return bin.root;
}

test('git diff and git log -p with the documented .gitattributes and git config show changed keyframe lines', () => {
  const repo = tempTree({ '.gitattributes': '*.nczxanim diff=ewzanim\n', 'walk.nczxanim': base });
  const env = { ...process.env, PATH: `${ewzanimOnPath()}:${process.env.PATH}`, GIT_CONFIG_NOSYSTEM: '1', HOME: repo.root };
  const git = (...args: string[]): string => {
    const run = spawnSync('git', args, { cwd: repo.root, env, encoding: 'utf8' });
    assert.equal(run.status, 0, `git ${args.join(' ')}: ${run.stderr}`);
    return run.stdout;
  };
  try {
    git('init', '-q');
    git('config', 'user.email', 'test@example.com');
    git('config', 'user.name', 'Test');
    git('config', 'diff.ewzanim.textconv', 'ewzanim textconv');
    git('add', '.');
    git('commit', '-q', '-m', 'walk');
    writeFileSync(join(repo.root, 'walk.nczxanim'), moved);
    const diff = git('diff');
    assert.ok(!diff.includes('Binary files'), diff);
    const changed = diff.split('\n').filter((l) => /^[-+] {2}bone/.test(l));
    assert.equal(changed.length, 2, diff);
    assert.match(changed[0], /^- {2}bone {3}1 {2}@0x000000D4 .* p\( +1\.0000 +0\.3000 +0\.0000\)/);
    assert.match(changed[1], /^\+ {2}bone {3}1 {2}@0x000000D4 .* p\( +1\.0000 +0\.3000 +0\.5000\)/);
    git('commit', '-q', '-am', 'move bone 1');
    const log = git('log', '-p', '-1');
    assert.deepEqual(log.split('\n').filter((l) => /^[-+] {2}bone/.test(l)), changed);
  } finally {
    repo.dispose();
  }
});
