/**
 * GPU/CPU parity of keyframe_bind: the bone matrices shaders/bones.wgsl computes on
 * SwiftShader's WebGPU, read back, against the core's decoder (formats/) through the CPU mirror
 * (webview/preview/pose.ts), for every keyframe of the upstream clips and of a random
 * 10,000-keyframe clip, in raw and skeleton mode, stamp and blended, and with bone-count
 * mismatches.
 *
 * Tolerance: stamp mode must be bit-identical: every f32 step is the same IEEE operation in the
 * same order as the core, each intermediate is rounded on its own (no fused multiply-add, no
 * reassociation) and sqrt is corrected to the correctly rounded result (see keyframe.wgsl); the
 * same comparison is bit-identical on an NVIDIA H200 too (bench/previewDawn.ts).
 * Blended mode normalises the lerped quaternion with four divisions per bone; WGSL lets x / y be
 * computed as x * (1 / y) (2.5 ulp), so each rotation component may be off by a few ulp of 1. A
 * matrix element of column j is a sum of products of two components times s_j, so its error is
 * bounded by about 8 * 2 * few ulp(1) * |s_j|: the test allows 2^-19 (8 ulp of 1) times the
 * column's length (|s_j| for a unit quaternion) for the rotation-scale columns, times the blend's
 * condition number (|q0| + |q1|) / |lerp(q0, q1)|: when the lerp nearly cancels (random, non-unit
 * words do that), the normalisation magnifies any rounding difference. Translations
 * p0 + (p1 - p0) * f are allowed 2^-22 (|p0| + |p1|) and scales 2^-21 (|s0_j| + |s1_j|) (one
 * rounding of the lerp, the rotation factor being at most ~2). The test reports how many elements
 * are not bit-identical.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BONE_OUTPUT_FLOATS, buildPose, type FrameRequest, type PoseInputs } from '../../webview/preview/pose';
import { decodeKeyframe } from '../../formats/index';
import type { BindRule } from '../../formats/keyframeBind';
import { fromBase64, openTestPage, toBase64, type TestPage } from './browserHarness';
import { clipFile, inverseBindsOf, randomClip, upstreamFile, UPSTREAM_CLIPS, type ClipFile } from './clipFixtures';

interface BonesResult { adapter: string; bones: number; output: string }

let testPage: TestPage;

/** How bones beyond the clip or skeleton are skinned, and how many bones the mesh names (0: none). */
interface BindOptions { rule?: BindRule; meshBones?: number }

async function gpuPose(clip: ClipFile, skeleton: Uint8Array | undefined, requests: FrameRequest[], bind: BindOptions = {}): Promise<{ bones: number; floats: Float32Array }> {
  const job = {
    clip: toBase64(clip.bytes), clipBones: clip.bones, frameCount: clip.frames,
    skeleton: skeleton ? toBase64(skeleton) : undefined, skeletonBones: skeleton ? inverseBindsOf(skeleton).bones : 0, requests, ...bind,
  };
  const result = await testPage.page.evaluate((j) => (window as unknown as { runBones(j: unknown): Promise<BonesResult> }).runBones(j), job);
  const bytes = fromBase64(result.output);
  return { bones: result.bones, floats: new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4) };
}

function cpuInputs(clip: ClipFile, skeleton: Uint8Array | undefined, bind: BindOptions = {}): PoseInputs {
  const binds = skeleton ? inverseBindsOf(skeleton) : undefined;
  return { clip: clip.bytes, clipBones: clip.bones, frameCount: clip.frames, inverseBinds: binds?.matrices, skeletonBones: binds?.bones ?? 0, ...bind };
}

function stampRequests(frames: number): FrameRequest[] {
  return Array.from({ length: frames }, (_, frame) => ({ frame, nextFrame: frame, blend: 0, blended: false }));
}

function blendRequests(frames: number, blends: number[]): FrameRequest[] {
  return Array.from({ length: frames }, (_, frame) => ({ frame, nextFrame: (frame + 1) % frames, blend: blends[frame % blends.length], blended: true }));
}

const u32 = (x: number): number => new Uint32Array(new Float32Array([x]).buffer)[0];

/** Compares GPU output with the CPU mirror; returns [elements compared, elements not bit-identical]. */
async function compare(clip: ClipFile, skeleton: Uint8Array | undefined, requests: FrameRequest[], tolerance: number, bind: BindOptions = {}): Promise<[number, number]> {
  const gpu = await gpuPose(clip, skeleton, requests, bind);
  const inputs = cpuInputs(clip, skeleton, bind);
  const cpu = new Float32Array(gpu.bones * BONE_OUTPUT_FLOATS);
  const ends = [new Float32Array(cpu.length), new Float32Array(cpu.length)];
  let compared = 0;
  let inexact = 0;
  requests.forEach((request, r) => {
    const bones = buildPose(inputs, request, cpu);
    if (request.blended) {
      buildPose(inputs, { ...request, blended: false }, ends[0]);
      buildPose(inputs, { ...request, frame: request.nextFrame, blended: false }, ends[1]);
    }
    assert.equal(bones, gpu.bones, 'output bone count');
    for (let i = 0; i < cpu.length; i++) {
      const want = cpu[i];
      const got = gpu.floats[r * cpu.length + i];
      compared++;
      if (u32(want) === u32(got) || (Number.isNaN(want) && Number.isNaN(got))) continue;
      inexact++;
      const element = i % BONE_OUTPUT_FLOATS;
      const column = element % 4;
      const base = Math.floor(i / BONE_OUTPUT_FLOATS) * BONE_OUTPUT_FLOATS + (element >= 12 ? 12 : 0);
      const allowed = column === 3
        ? (tolerance / 8) * (Math.abs(ends[0][i]) + Math.abs(ends[1][i]))
        : tolerance * Math.hypot(cpu[base + column], cpu[base + 4 + column], cpu[base + 8 + column]) * blendCondition(clip, request, Math.floor(i / BONE_OUTPUT_FLOATS))
          + 2 * (tolerance / 8) * scaleSum(clip, request, Math.floor(i / BONE_OUTPUT_FLOATS), column);
      const where = `${clip.name} frame ${request.frame}${request.blended ? `->${request.nextFrame}@${request.blend}` : ''} bone ${Math.floor(i / BONE_OUTPUT_FLOATS)} element ${element}`;
      assert.ok(Math.abs(got - want) <= allowed, `${where}: GPU ${got} (0x${u32(got).toString(16)}) vs core ${want} (0x${u32(want).toString(16)})`);
    }
  });
  return [compared, inexact];
}

/** See the file comment: 8 ulp of 1, times the column's length. */
const BLEND_TOLERANCE = 2 ** -19;

/** (|q0| + |q1|) / |q0 + (q1' - q0) f| for the bone's two rotations (q1' on q0's side); 1 in stamp mode. */
function blendCondition(clip: ClipFile, request: FrameRequest, bone: number): number {
  if (!request.blended || bone >= clip.bones) return 1;
  const q0 = decodeKeyframe(clip.bytes, 4 + (request.frame * clip.bones + bone) * 16).rotation;
  let q1 = decodeKeyframe(clip.bytes, 4 + (request.nextFrame * clip.bones + bone) * 16).rotation;
  if (q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3] < 0) q1 = [-q1[0], -q1[1], -q1[2], -q1[3]];
  const q = q0.map((v, k) => v + (q1[k] - v) * request.blend);
  return Math.max(1, (Math.hypot(...q0) + Math.hypot(...q1)) / Math.hypot(...q));
}

/** |s0_j| + |s1_j|: the scale lerp, like the translation's, may be one fused multiply-add. */
function scaleSum(clip: ClipFile, request: FrameRequest, bone: number, column: number): number {
  if (!request.blended || bone >= clip.bones) return 0;
  const s0 = decodeKeyframe(clip.bytes, 4 + (request.frame * clip.bones + bone) * 16).scale[column];
  const s1 = decodeKeyframe(clip.bytes, 4 + (request.nextFrame * clip.bones + bone) * 16).scale[column];
  return Math.abs(s0) + Math.abs(s1);
}

const ARM1 = 'multi-skinned-rom/assets/arm1.ewzskel';
const ARM2 = 'multi-skinned-rom/assets/arm2.ewzskel';

describe('keyframe_bind on WebGPU (SwiftShader) equals the core', () => {
  before(async () => {
    testPage = await openTestPage(join(__dirname, 'pages', 'bonesPage.ts'));
  });
  after(async () => {
    await testPage?.close();
  });

  for (const path of UPSTREAM_CLIPS) {
    it(`raw mode, every frame of upstream ${path}, bit-identical`, async () => {
      const clip = clipFile(path, upstreamFile(path));
      const [compared, inexact] = await compare(clip, undefined, stampRequests(clip.frames), 0);
      assert.equal(inexact, 0);
      assert.equal(compared, clip.frames * clip.bones * BONE_OUTPUT_FLOATS);
    });
  }

  const skeletonCases: [string, string, string][] = [
    ['multi-skinned-rom/assets/wave1.ewzanim', ARM1, 'same bone count (3 and 3)'],
    ['multi-skinned-rom/assets/wave2.ewzanim', ARM2, 'same bone count (4 and 4)'],
    ['multi-skinned-rom/assets/wave2.ewzanim', ARM1, 'clip has more bones (4) than the skeleton (3): extra ignored'],
    ['multi-skinned-rom/assets/wave1.ewzanim', ARM2, 'clip has fewer bones (3) than the skeleton (4): identity'],
  ];
  for (const [clipPath, skeletonPath, label] of skeletonCases) {
    it(`skeleton mode, ${label}, bit-identical`, async () => {
      const clip = clipFile(clipPath, upstreamFile(clipPath));
      const skeleton = upstreamFile(skeletonPath);
      const [, inexact] = await compare(clip, skeleton, stampRequests(clip.frames), 0);
      assert.equal(inexact, 0);
      const gpu = await gpuPose(clip, skeleton, [{ frame: 0, nextFrame: 0, blend: 0, blended: false }]);
      const skeletonBones = inverseBindsOf(skeleton).bones;
      assert.equal(gpu.bones, Math.max(clip.bones, skeletonBones));
      if (skeletonBones > clip.bones) {
        // The skeleton's extra bone gets the identity skinning matrix.
        const skin = Array.from(gpu.floats.subarray(clip.bones * BONE_OUTPUT_FLOATS + 12, clip.bones * BONE_OUTPUT_FLOATS + 24));
        assert.deepEqual(skin, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]);
      }
    });
  }

  it('random 10,000-keyframe clip (40 bones x 250 frames), raw and skeleton mode, bit-identical', async () => {
    const clip = clipFile('random', randomClip(40, 250, 0x5eed));
    assert.equal(clip.bones * clip.frames, 10_000);
    const [compared, inexact] = await compare(clip, undefined, stampRequests(clip.frames), 0);
    assert.equal(compared, 10_000 * BONE_OUTPUT_FLOATS);
    assert.equal(inexact, 0);
    // Skeleton mode with a random 40-bone skeleton (the upstream ones have 3 and 4 bones).
    const skeleton = new Uint8Array(8 + 40 * 48);
    const view = new DataView(skeleton.buffer);
    view.setUint32(0, 40, true);
    const next = (await import('./clipFixtures')).seededRandom(7);
    for (let i = 0; i < 40 * 12; i++) view.setFloat32(8 + i * 4, (next() / 2 ** 32) * 4 - 2, true);
    const [, inexactSkinned] = await compare(clip, skeleton, stampRequests(clip.frames), 0);
    assert.equal(inexactSkinned, 0);
  });

  // The console's rule: bones past the clip read the next frames' records (zeros past the clip),
  // bones past the skeleton multiply by clip records as inverse binds (formats/keyframeBind.ts).
  const consoleCases: [string, string | undefined, number, string][] = [
    ['multi-skinned-rom/assets/wave1.ewzanim', ARM2, 4, 'clip 3 bones, skeleton and mesh 4: bone 3 reads the next frame\'s bone 0'],
    ['multi-skinned-rom/assets/wave2.ewzanim', ARM1, 4, 'clip and mesh 4 bones, skeleton 3: bone 3\'s inverse bind is a clip record'],
    ['multi-skinned-rom/assets/wave1.ewzanim', undefined, 256, 'raw mode, mesh bones up to 255: whole frames later, then zeros'],
    ['multi-skinned-rom/assets/wave2.ewzanim', ARM1, 256, 'skeleton 3 bones, mesh bones up to 255: inverse binds past the clip leave the translation'],
  ];
  for (const [clipPath, skeletonPath, meshBones, label] of consoleCases) {
    it(`console rule, ${label}, bit-identical`, async () => {
      const clip = clipFile(clipPath, upstreamFile(clipPath));
      const skeleton = skeletonPath ? upstreamFile(skeletonPath) : undefined;
      const [compared, inexact] = await compare(clip, skeleton, stampRequests(clip.frames), 0, { rule: 'console', meshBones });
      assert.equal(inexact, 0);
      assert.equal(compared, clip.frames * meshBones * BONE_OUTPUT_FLOATS);
    });
  }

  it('console rule: the skinning matrices differ from the design rule exactly on the bones the rules treat differently', async () => {
    const clip = clipFile('wave1', upstreamFile('multi-skinned-rom/assets/wave1.ewzanim'));
    const skeleton = upstreamFile(ARM2);
    const request = stampRequests(clip.frames).slice(5, 6);
    const design = await gpuPose(clip, skeleton, request, { rule: 'design', meshBones: 4 });
    const consoleRule = await gpuPose(clip, skeleton, request, { rule: 'console', meshBones: 4 });
    const skinOf = (floats: Float32Array, bone: number): number[] => Array.from(floats.subarray(bone * BONE_OUTPUT_FLOATS + 12, (bone + 1) * BONE_OUTPUT_FLOATS));
    for (let bone = 0; bone < 3; bone++) assert.deepEqual(skinOf(consoleRule.floats, bone), skinOf(design.floats, bone), `bone ${bone}`);
    assert.deepEqual(skinOf(design.floats, 3), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]);
    assert.notDeepEqual(skinOf(consoleRule.floats, 3), skinOf(design.floats, 3));
  });

  it('console rule, blended mode, raw mode with mesh bones past the clip, within the stated tolerance', async () => {
    const clip = clipFile('wave1', upstreamFile('multi-skinned-rom/assets/wave1.ewzanim'));
    const [compared] = await compare(clip, undefined, blendRequests(clip.frames, [0, 0.5, 0.999]), BLEND_TOLERANCE, { rule: 'console', meshBones: 8 });
    assert.equal(compared, clip.frames * 8 * BONE_OUTPUT_FLOATS);
  });

  it('blended mode (nlerp rotations, lerp position/scale), raw mode, within the stated tolerance on upstream and random clips', async (t) => {
    const blends = [0, 0.25, 0.5, 0.75, 0.999];
    let compared = 0;
    let inexact = 0;
    for (const path of UPSTREAM_CLIPS) {
      const clip = clipFile(path, upstreamFile(path));
      const [c, n] = await compare(clip, undefined, blendRequests(clip.frames, blends), BLEND_TOLERANCE);
      compared += c;
      inexact += n;
    }
    // Random words include non-unit quaternions; their nlerp is still defined unless both are ~0.
    const random = clipFile('random', randomClip(40, 250, 0xb1e4d));
    const [c, n] = await compare(random, undefined, blendRequests(random.frames, blends), BLEND_TOLERANCE);
    compared += c;
    inexact += n;
    t.diagnostic(`blended: ${inexact} of ${compared} elements not bit-identical (all within tolerance)`);
  });
});
