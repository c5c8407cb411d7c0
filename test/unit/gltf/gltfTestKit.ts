/**
 * Shared by the glTF exporter's tests: the real fixtures (test/fixtures/gltf), the Khronos glTF
 * validator, and an independent evaluation of a glTF pose with @gltf-transform's own node
 * matrices (`Node.getWorldMatrix()`), to compare the exporter's clips against.
 */
import { seededRandom as seededUint32 } from '../../gpu/clipFixtures';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { Document, WebIO, type Node } from '@gltf-transform/core';
import { nodeFileAccess } from '../../../node/fileAccess';
import { boneMatrix, decodeKeyframe, keyframeOffset, parseClipHeader } from '../../../formats';
import { loadGltfDocument } from '../../../formats/gltf/load';

export const FIXTURES = resolve('test/fixtures/gltf');

export const FIXTURE_FILES = {
  riggedSimple: 'RiggedSimple/RiggedSimple.glb',
  riggedFigure: 'RiggedFigure/RiggedFigure.glb',
  fox: 'Fox/Fox.glb',
  foxGltf: 'Fox/glTF/Fox.gltf',
  simpleSkin: 'SimpleSkin/SimpleSkin.gltf',
  simpleSkinStep: 'SimpleSkinStep/gltf_simple_skin_step.gltf',
  interpolationTest: 'InterpolationTest/InterpolationTest.glb',
  recursiveSkeletons: 'RecursiveSkeletons/RecursiveSkeletons.glb',
} as const;

export async function fixture(name: keyof typeof FIXTURE_FILES): Promise<Document> {
  const path = `${FIXTURES}/${FIXTURE_FILES[name]}`;
  const stat = await nodeFileAccess.stat(path);
  return loadGltfDocument(nodeFileAccess, path, stat!.size);
}

interface ValidationMessage {
  code: string;
  message: string;
  severity: number;
  pointer?: string;
}

interface ValidationReport {
  issues: { numErrors: number; numWarnings: number; numInfos: number; messages: ValidationMessage[] };
}

const validator = createRequire(import.meta.url)('gltf-validator') as { validateBytes(bytes: Uint8Array, options?: object): Promise<ValidationReport> };

/** The Khronos validator's findings on a GLB: errors and warnings as `CODE pointer: message` lines. */
export async function validateGlb(bytes: Uint8Array): Promise<{ errors: string[]; warnings: string[] }> {
  const report = await validator.validateBytes(bytes, { maxIssues: 0, writeTimestamp: false });
  const line = (m: ValidationMessage) => `${m.code} ${m.pointer ?? ''}: ${m.message}`;
  return {
    errors: report.issues.messages.filter((m) => m.severity === 0).map(line),
    warnings: report.issues.messages.filter((m) => m.severity === 1).map(line),
  };
}

export async function writeGlb(document: Document): Promise<Uint8Array> {
  return new WebIO().writeBinary(document);
}

/** The clip's decoded 3x4 bone matrix (row-major, as `keyframe_bind` builds it). */
export function clipMatrix(clip: Uint8Array, frame: number, bone: number): Float32Array {
  return boneMatrix(decodeKeyframe(clip, keyframeOffset(parseClipHeader(clip)!, frame, bone)));
}

/**
 * ACL's shell error (cm, 1 unit = 1 m) between a column-major 4x4 `source` and a row-major 3x4
 * `decoded`: the largest distance of the three shell points d*e_i moved by each.
 */
export function shellErrorCm(source: ArrayLike<number>, decoded: ArrayLike<number>, shellCm = 3): number {
  const d = shellCm / 100;
  let worst = 0;
  for (let i = 0; i < 3; i++) {
    const dx = d * (source[i * 4] - decoded[i]) + source[12] - decoded[3];
    const dy = d * (source[i * 4 + 1] - decoded[4 + i]) + source[13] - decoded[7];
    const dz = d * (source[i * 4 + 2] - decoded[8 + i]) + source[14] - decoded[11];
    worst = Math.max(worst, Math.hypot(dx, dy, dz));
  }
  return worst * 100;
}

/** Sets every channel's node to the output value of key `key` (LINEAR/STEP samplers), rotations normalised. */
export function poseAtKey(document: Document, animationIndex: number, key: number): void {
  const animation = document.getRoot().listAnimations()[animationIndex];
  for (const channel of animation.listChannels()) {
    const node = channel.getTargetNode() as Node;
    const output = channel.getSampler()!.getOutput()!;
    const value = output.getElement(key, [] as number[]);
    const path = channel.getTargetPath();
    if (path === 'translation') node.setTranslation(value as unknown as [number, number, number]);
    else if (path === 'rotation') {
      // glTF rotations are unit quaternions: f32 keys are normalised, as the exporter does.
      const length = Math.hypot(...value);
      node.setRotation(value.map((v) => v / length) as unknown as [number, number, number, number]);
    }
    else if (path === 'scale') node.setScale(value as unknown as [number, number, number]);
  }
}

/** A seeded PRNG in [0, 1) for reproducible synthetic inputs (the shared mulberry32 generator). */
export function seededRandom(seed: number): () => number {
  const next = seededUint32(seed);
  return () => next() / 4294967296;
}
