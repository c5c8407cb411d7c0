/**
 * `ewzanim export`: the files it writes equal the core's exports, the report on stdout, the
 * exit statuses, and no output (not even a temporary file) when an export is refused.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import { exportAnimationBytes, type ExportRecord } from '../../../formats/gltf';
import { fixture, validateGlb } from '../gltf/gltfTestKit';
import { IDENTITY_RECORD, runCli, tempTree, uniformClip } from './cliHarness';

const FOX = 'test/fixtures/gltf/Fox/Fox.glb';

test('export animation: the clip the core writes, and the markdown report on stdout', async () => {
  const tree = tempTree({});
  try {
    const out = join(tree.root, 'walk.nczxanim');
    const run = await runCli(['export', 'animation', FOX, '--animation', 'Walk', '-o', out]);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(new Uint8Array(readFileSync(out)), exportAnimationBytes(await fixture('fox'), { animation: 'Walk' }).bytes);
    assert.match(run.stdout, /^# Quantisation report: animation 1 "Walk" of `Fox\.glb`\n/);
    assert.match(run.stdout, /\n\| whole record \| 3\.\d+ cm \| \d\.\d+ cm \|\n/);
    assert.equal(run.stderr, `ewzanim: wrote ${out} (24 bones x 23 frames, 8836 bytes)\newzanim: wrote the report ${join(tree.root, 'Fox.report.md')} and the export record ${join(tree.root, 'Fox.export.json')}\n`);
    assert.deepEqual(readdirSync(tree.root).sort(), ['Fox.export.json', 'Fox.report.md', 'walk.nczxanim']);
    const checked = await runCli(['check', out]);
    assert.equal(checked.status, 0, checked.stdout);
  } finally {
    tree.dispose();
  }
});

test('export animation --report json: the plan and the report, infinities as strings', async () => {
  const tree = tempTree({});
  try {
    const run = await runCli(['export', 'animation', 'test/fixtures/gltf/RiggedFigure/RiggedFigure.glb', '--frame-rate', '24', '--space', 'local', '--report', 'json', '-o', join(tree.root, 'a.nczxanim')]);
    assert.equal(run.status, 0);
    const json = JSON.parse(run.stdout) as { frameRate: number; frameCount: number; space: string; report: { error: { maxCm: number } }; problems: { code: string }[]; joints: unknown[] };
    assert.deepEqual([json.frameRate, json.frameCount, json.space, json.joints.length], [24, 31, 'local', 19]);
    assert.equal(typeof json.report.error.maxCm, 'number');
    assert.deepEqual(json.problems.map((p) => p.code), ['gltf/local-space']);
    assert.match(run.stderr, /^test\/fixtures\/gltf\/RiggedFigure\/RiggedFigure\.glb: warning gltf\/local-space \/skins\/0: The joints form a hierarchy/);
  } finally {
    tree.dispose();
  }
});

test('export animation writes the report beside the clip (as stdout shows it) and a record of both exports\' bone names', async () => {
  const tree = tempTree({});
  try {
    const out = join(tree.root, 'clips');
    mkdirSync(out);
    const walk = await runCli(['export', 'animation', FOX, '--animation', 'Walk', '-o', join(out, 'Fox.Walk.nczxanim')]);
    const run = await runCli(['export', 'animation', FOX, '--animation', 'Run', '-o', join(out, 'Fox.Run.nczxanim')]);
    assert.equal(walk.status, 0, walk.stderr);
    assert.equal(run.status, 0, run.stderr);
    // The report file is the last export's report, the text stdout printed.
    assert.equal(readFileSync(join(out, 'Fox.report.md'), 'utf8'), run.stdout);
    assert.match(run.stdout, /^# Quantisation report: animation 2 "Run" of `Fox\.glb`\n/);
    const record = JSON.parse(readFileSync(join(out, 'Fox.export.json'), 'utf8')) as ExportRecord;
    assert.equal(record.source, relative(out, resolve(FOX)).split(sep).join('/'));
    assert.deepEqual(record.outputs.map((o) => [o.kind, o.path, o.animation?.name, o.joints?.length]), [['clip', 'Fox.Walk.nczxanim', 'Walk', 24], ['clip', 'Fox.Run.nczxanim', 'Run', 24]]);
    assert.deepEqual(record.outputs[0].joints!.slice(0, 3), ['_rootJoint', 'b_Root_00', 'b_Hip_01']);
  } finally {
    tree.dispose();
  }
});

test('--max-error: above it the export fails with exit 1 and writes nothing, an older file stays', async () => {
  const tree = tempTree({ 'walk.nczxanim': 'old' });
  try {
    const out = join(tree.root, 'walk.nczxanim');
    const run = await runCli(['export', 'animation', FOX, '--animation', 'Walk', '--max-error', '0.5', '-o', out]);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /the largest error, 3\.\d+ cm \(bone 15, frame 0\), is above --max-error 0\.5 cm: .*walk\.nczxanim was not written\n$/);
    assert.match(run.stdout, /^# Quantisation report/);
    assert.equal(readFileSync(out, 'utf8'), 'old');
    assert.deepEqual(readdirSync(tree.root), ['walk.nczxanim']);
    const passing = await runCli(['export', 'animation', FOX, '--animation', 'Walk', '--max-error', '5', '-o', out]);
    assert.equal(passing.status, 0);
    assert.equal(readFileSync(out).length, 8836);
  } finally {
    tree.dispose();
  }
});

test('refused glTF input: every problem with its pointer on stderr, exit 1, no file', async () => {
  const tree = tempTree({});
  try {
    const out = join(tree.root, 'x.nczxanim');
    const noSkin = await runCli(['export', 'animation', 'test/fixtures/gltf/InterpolationTest/InterpolationTest.glb', '-o', out]);
    assert.equal(noSkin.status, 1);
    assert.equal(noSkin.stderr, 'test/fixtures/gltf/InterpolationTest/InterpolationTest.glb: error gltf/no-skin /skins: The file has no skin: there are no joints to export.\n');
    const notGltf = join(tree.root, 'bad.glb');
    writeFileSync(notGltf, 'glTF but not really');
    const unreadable = await runCli(['export', 'animation', notGltf, '-o', out]);
    assert.equal(unreadable.status, 1);
    assert.match(unreadable.stderr, /bad\.glb: error gltf\/unreadable: cannot read it as glTF 2\.0: /);
    const missing = await runCli(['export', 'animation', join(tree.root, 'none.glb'), '-o', out]);
    assert.equal(missing.status, 2);
    assert.deepEqual(readdirSync(tree.root), ['bad.glb']);
  } finally {
    tree.dispose();
  }
});

test('export animation --list: animations with frames at the frame rate, skins, meshes', async () => {
  const run = await runCli(['export', 'animation', FOX, '--list', '--frame-rate', '24']);
  assert.equal(run.status, 0);
  const lines = run.stdout.split('\n');
  assert.ok(lines.includes('Animations (frames at 24 fps):'));
  assert.ok(lines.some((l) => /^\s+1\s+"Walk"\s+21\s+LINEAR\s+0\.7083 s\s+18\s+skin 0: 22 joints$/.test(l)), run.stdout);
  assert.ok(lines.some((l) => /^\s+0\s+\(unnamed\)\s+24\s+yes\s+no: "b_Root_00" under "_rootJoint"$/.test(l)), run.stdout);
  assert.ok(lines.some((l) => /^\s+0\s+"fox1"\s+1\s+1728\s+yes$/.test(l)), run.stdout);
});

test('export skeleton, mesh, then gltf: files the checks accept and a GLB the validator accepts', async () => {
  const tree = tempTree({});
  try {
    const [clip, skeleton, mesh, glb] = ['a.nczxanim', 's.nczxskel', 'm.nczxmesh', 'out.glb'].map((f) => join(tree.root, f));
    assert.equal((await runCli(['export', 'animation', FOX, '-o', clip])).status, 0);
    const skel = await runCli(['export', 'skeleton', FOX, '-o', skeleton]);
    assert.equal(skel.stderr, `ewzanim: wrote ${skeleton} (skin 0, 24 bones, 1160 bytes)\n`);
    const meshRun = await runCli(['export', 'mesh', FOX, '-o', mesh]);
    assert.equal(meshRun.stderr, `ewzanim: wrote ${mesh} (mesh 0, format 9, 1728 vertices, 1728 indices, 38028 bytes)\n`);
    assert.equal((await runCli(['check', tree.root])).status, 0);
    const back = await runCli(['export', 'gltf', clip, '--skeleton', skeleton, '--mesh', mesh, '-o', glb]);
    assert.equal(back.status, 0, back.stderr);
    assert.deepEqual((await validateGlb(new Uint8Array(readFileSync(glb)))).errors, []);
  } finally {
    tree.dispose();
  }
});

test('export gltf refuses a clip with errors (as the checks report them) and writes nothing', async () => {
  const truncated = uniformClip(2, 3, IDENTITY_RECORD).subarray(0, 50);
  const tree = tempTree({ 'bad.nczxanim': truncated, 's.nczxskel': new Uint8Array(8 + 2 * 48).fill(0).map((_, i) => (i === 0 ? 2 : 0)) });
  try {
    const run = await runCli(['export', 'gltf', join(tree.root, 'bad.nczxanim'), '--skeleton', join(tree.root, 's.nczxskel'), '-o', join(tree.root, 'o.glb')]);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /bad\.nczxanim: error anim\/truncated: /);
    assert.ok(!existsSync(join(tree.root, 'o.glb')));
  } finally {
    tree.dispose();
  }
});

test('export usage errors: exit 2 with one line', async () => {
  const cases: [string[], string][] = [
    [['export'], 'export needs what to export: animation, skeleton, mesh or gltf'],
    [['export', 'texture', 'a.glb'], 'export needs what to export: animation, skeleton, mesh or gltf, not "texture"'],
    [['export', 'animation', FOX], 'export animation needs -o OUTPUT'],
    [['export', 'animation', FOX, '-o', 'x', '--space', 'world'], '--space must be model or local, got "world"'],
    [['export', 'animation', FOX, '-o', 'x', '--frame-rate', '0'], '--frame-rate must be a positive number, got "0"'],
    [['export', 'animation', FOX, '-o', 'x', '--report', 'html'], '--report must be md or json, got "html"'],
    [['export', 'skeleton', FOX, '-o', 'x', '--frame-rate', '24'], 'export skeleton does not take --frame-rate'],
    [['export', 'gltf', 'a.nczxanim', '-o', 'x.glb'], 'export gltf needs --skeleton SKEL'],
    [['export', 'gltf', 'a.nczxanim', '--skeleton', 's.nczxskel', '-o', 'x.gltf'], 'export gltf writes a binary glTF: -o must name a .glb file, not "x.gltf"'],
  ];
  for (const [args, message] of cases) {
    const run = await runCli(args);
    assert.equal(run.status, 2, args.join(' '));
    const topic = args[1] === 'animation' || args[1] === 'skeleton' || args[1] === 'gltf' ? `export ${args[1]}` : 'export';
    assert.equal(run.stderr, `ewzanim: ${message}\nRun "ewzanim ${topic} --help" for usage.\n`);
  }
});
