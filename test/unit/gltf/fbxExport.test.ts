/**
 * `ewzanim export` on an .fbx: FBX2glTF (the npm devDependency `fbx2gltf`, never packaged)
 * converts a rig written by the tests as ASCII FBX 7.4 (fbx/rig.ts), and the clip matches the
 * same rig exported straight from glTF within the clip's precision. Without FBX2glTF anywhere
 * (empty PATH, no setting, no node_modules) the export says how to install it. When the binary
 * cannot run on this machine, the conversion tests say so and skip.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { mat4 } from 'gl-matrix';
import { decodeKeyframe, inverseBindOffset, keyframeOffset, parseClipHeader, parseMeshHeader, parseSkeletonHeader, readInverseBind } from '../../../formats';
import { main } from '../../../cli/main';
import { nodeFileAccess } from '../../../node/fileAccess';
import { converterWarnings } from '../../../node/fbx/convert';
import { tempTree } from '../cli/cliHarness';
import { nativeBindPose, worstVertexDistance } from './bindPose';
import { asciiFbx, RIG_BONES, RIG_KEYS, rigDocument } from './fbx/rig';
import { writeGlb } from './gltfTestKit';

/** The npm package's binary copied into `folder` with its executable bit (the tarball ships it without). */
function runnableFbx2gltf(folder: string): { path?: string; why?: string } {
  const platform = ({ linux: 'Linux', darwin: 'Darwin', win32: 'Windows_NT' } as Record<string, string>)[process.platform];
  if (!platform || process.arch !== 'x64') return { why: `FBX2glTF ships x86-64 binaries only, this is ${process.platform}-${process.arch}` };
  let packageFolder: string;
  try {
    packageFolder = join(createRequire(__filename).resolve('fbx2gltf/package.json'), '..');
  } catch {
    return { why: 'the devDependency fbx2gltf is not installed (npm install)' };
  }
  const source = join(packageFolder, 'bin', platform, process.platform === 'win32' ? 'FBX2glTF.exe' : 'FBX2glTF');
  if (!existsSync(source)) return { why: `the fbx2gltf package has no ${platform} binary at ${source}` };
  const path = join(folder, process.platform === 'win32' ? 'FBX2glTF.exe' : 'FBX2glTF');
  copyFileSync(source, path);
  chmodSync(path, 0o755);
  const probe = spawnSync(path, ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? { path } : { why: `FBX2glTF cannot run here: ${probe.error?.message ?? probe.stderr.trim()}` };
}

/** `ewzanim ARGS` in-process, in `cwd`, with PATH set to `path`. */
async function ewzanim(args: string[], cwd: string, path: string): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const saved = { cwd: process.cwd(), path: process.env.PATH };
  process.chdir(cwd);
  process.env.PATH = path;
  try {
    const status = await main(args, { access: nodeFileAccess, out: (text) => void (stdout += text), err: (text) => void (stderr += text) });
    return { status, stdout, stderr };
  } finally {
    process.chdir(saved.cwd);
    process.env.PATH = saved.path;
  }
}

test('an .fbx exports through FBX2glTF to the clip the same rig gives through glTF', async (t) => {
  const tree = tempTree({ 'rig.fbx': asciiFbx(), 'direct.glb': await writeGlb(rigDocument()) });
  try {
    const tool = runnableFbx2gltf(tree.root);
    if (!tool.path) return t.skip(tool.why);
    const viaFbx = await ewzanim(['export', 'animation', 'rig.fbx', '--fbx2gltf', tool.path, '-o', 'fbx.nczxanim'], tree.root, '');
    assert.equal(viaFbx.status, 0, viaFbx.stderr);
    const viaGltf = await ewzanim(['export', 'animation', 'direct.glb', '-o', 'gltf.nczxanim'], tree.root, '');
    assert.equal(viaGltf.status, 0, viaGltf.stderr);
    const fbxClip = readFileSync(join(tree.root, 'fbx.nczxanim'));
    const gltfClip = readFileSync(join(tree.root, 'gltf.nczxanim'));
    const header = parseClipHeader(gltfClip)!;
    assert.deepEqual(parseClipHeader(fbxClip), header);
    assert.deepEqual([header.boneCount, header.frameCount], [RIG_BONES.length, RIG_KEYS]);
    // FBX stores f32 centimetres and Euler degrees: the records agree to f16 precision.
    for (let frame = 0; frame < header.frameCount; frame++) {
      for (let bone = 0; bone < header.boneCount; bone++) {
        const a = decodeKeyframe(fbxClip, keyframeOffset(header, frame, bone));
        const b = decodeKeyframe(gltfClip, keyframeOffset(header, frame, bone));
        const dot = Math.abs(a.rotation.reduce((sum, v, i) => sum + v * b.rotation[i], 0));
        assert.ok(2 * Math.acos(Math.min(1, dot)) < 0.003, `frame ${frame} bone ${bone}: rotations ${a.rotation} and ${b.rotation}`);
        a.position.forEach((v, i) => assert.ok(Math.abs(v - b.position[i]) < 2e-3, `frame ${frame} bone ${bone}: positions ${a.position} and ${b.position}`));
      }
    }
    const record = JSON.parse(readFileSync(join(tree.root, 'rig.export.json'), 'utf8')) as { outputs?: unknown };
    assert.match(JSON.stringify(record), /"root".*"arm".*"hand"/);
    const report = readFileSync(join(tree.root, 'rig.report.md'), 'utf8');
    assert.match(report, /## Converted with FBX2glTF\n\nrig\.fbx was converted to glTF by FBX2glTF, its animation baked at 30 fps\.\n\n- no warnings\n/);

    const listing = await ewzanim(['export', 'animation', 'rig.fbx', '--fbx2gltf', tool.path, '--list'], tree.root, '');
    assert.equal(listing.status, 0, listing.stderr);
    assert.match(listing.stdout, /"Take 001"/);
    assert.match(listing.stdout, /3 joints/);
  } finally {
    tree.dispose();
  }
});

test('ewzanim export skeleton and mesh on an .fbx: the skeleton and mesh the same rig gives through glTF, within f32 and f16 precision', async (t) => {
  const tree = tempTree({ 'rig.fbx': asciiFbx(), 'direct.glb': await writeGlb(rigDocument()) });
  try {
    const tool = runnableFbx2gltf(tree.root);
    if (!tool.path) return t.skip(tool.why);
    const exported = async (model: string, kind: 'skeleton' | 'mesh', extra: string[]): Promise<Uint8Array> => {
      const output = `${model}.${kind === 'skeleton' ? 'nczxskel' : 'nczxmesh'}`;
      const run = await ewzanim(['export', kind, model, ...extra, '-o', output], tree.root, '');
      assert.equal(run.status, 0, run.stderr);
      return new Uint8Array(readFileSync(join(tree.root, output)));
    };
    const fbxSkeleton = await exported('rig.fbx', 'skeleton', ['--fbx2gltf', tool.path]);
    const gltfSkeleton = await exported('direct.glb', 'skeleton', []);
    assert.equal(parseSkeletonHeader(fbxSkeleton)!.boneCount, RIG_BONES.length);
    assert.deepEqual(parseSkeletonHeader(fbxSkeleton), parseSkeletonHeader(gltfSkeleton));
    RIG_BONES.forEach((name, bone) => {
      const a = readInverseBind(fbxSkeleton, inverseBindOffset(bone));
      const b = readInverseBind(gltfSkeleton, inverseBindOffset(bone));
      a.forEach((v, i) => assert.ok(Math.abs(v - b[i]) < 1e-5, `${name}'s inverse bind: ${Array.from(a)} and ${Array.from(b)}`));
    });
    const fbxMesh = await exported('rig.fbx', 'mesh', ['--fbx2gltf', tool.path]);
    const gltfMesh = await exported('direct.glb', 'mesh', []);
    assert.equal(parseMeshHeader(fbxMesh)!.indexCount, parseMeshHeader(gltfMesh)!.indexCount, 'the same triangles');
    const jointWorlds = rigDocument().getRoot().listSkins()[0].listJoints().map((joint) => joint.getWorldMatrix() as unknown as mat4);
    const viaFbx = nativeBindPose(fbxSkeleton, fbxMesh, jointWorlds);
    const viaGltf = nativeBindPose(gltfSkeleton, gltfMesh, jointWorlds);
    const bound = viaFbx.storageError + viaGltf.storageError + 1e-5;
    for (const [from, to] of [[viaGltf, viaFbx], [viaFbx, viaGltf]] as const) {
      const worst = worstVertexDistance(from.positions, to.positions);
      assert.ok(worst <= bound, `a vertex is ${worst} from the nearest vertex of the other export, more than ${bound}`);
    }
  } finally {
    tree.dispose();
  }
});

test('FBX2glTF\'s warnings are passed on: on stderr and in the report', async (t) => {
  const tree = tempTree({ 'maya.fbx': asciiFbx(0) });
  try {
    const tool = runnableFbx2gltf(tree.root);
    if (!tool.path) return t.skip(tool.why);
    const run = await ewzanim(['export', 'animation', 'maya.fbx', '--fbx2gltf', tool.path, '--frame-rate', '20', '-o', 'maya.nczxanim'], tree.root, '');
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /maya\.fbx: warning FBX2glTF: node \/RootNode\/root uses unsupported transform inheritance type 'eInheritRrSs'\. \(Further warnings of this type squelched\.\)\n/);
    assert.match(run.stderr, /warning FBX2glTF: FBX2glTF bakes animations at 24, 30 or 60 fps only: baked at 60 fps, then sampled at 20 fps\n/);
    const report = readFileSync(join(tree.root, 'maya.report.md'), 'utf8');
    assert.match(report, /its animation baked at 60 fps\.\n\n- warning: node \/RootNode\/root uses unsupported transform inheritance type 'eInheritRrSs'/);
  } finally {
    tree.dispose();
  }
});

test('without FBX2glTF (empty PATH, no --fbx2gltf, no node_modules) the export says how to install it', async () => {
  const tree = tempTree({ 'rig.fbx': asciiFbx() });
  try {
    const run = await ewzanim(['export', 'animation', 'rig.fbx', '-o', 'rig.nczxanim'], tree.root, '');
    assert.equal(run.status, 2);
    assert.match(run.stderr, /^ewzanim: cannot convert rig\.fbx: FBX2glTF, which converts \.fbx files to glTF, was not found: install it with `npm install --save-dev fbx2gltf` in the project/);
    assert.match(run.stderr, /or set ewzanim\.fbx2gltf\.path \(the CLI: --fbx2gltf PATH\)/);
  } finally {
    tree.dispose();
  }
});

test('a binary without its executable bit is named with the chmod that fixes it', { skip: process.platform === 'win32' }, async () => {
  const tree = tempTree({ 'rig.fbx': asciiFbx(), 'FBX2glTF': 'not run' });
  try {
    const run = await ewzanim(['export', 'skeleton', 'rig.fbx', '--fbx2gltf', 'FBX2glTF', '-o', 'rig.nczxskel'], tree.root, '');
    assert.equal(run.status, 2);
    assert.match(run.stderr, /FBX2glTF at .*FBX2glTF is not executable: run `chmod \+x .*FBX2glTF`/);
  } finally {
    tree.dispose();
  }
});

test('converterWarnings: FBX2glTF\'s warning lines with their indented continuations, nothing else', () => {
  const output = "Warning: node /RootNode/hips uses unsupported transform inheritance type 'eInheritRrSs'.\n         (Further warnings of this type squelched.)\nAnimation mixamo.com: [0 - 30]\nWrote 3505 bytes of binary glTF to /tmp/x.glb.\n";
  assert.deepEqual(converterWarnings(output), ["node /RootNode/hips uses unsupported transform inheritance type 'eInheritRrSs'. (Further warnings of this type squelched.)"]);
});

test('the rig\'s FBX text is what FBX2glTF reads: one skin of three limb nodes, a column mesh, one take', () => {
  const text = asciiFbx();
  assert.equal(text.match(/"LimbNode" \{/g)?.length, 6);
  assert.equal(text.match(/"Cluster" \{/g)?.length, 3);
  assert.match(text, /AnimationStack: \d+, "AnimStack::Take 001"/);
});
