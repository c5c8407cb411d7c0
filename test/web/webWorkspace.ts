/**
 * The web suite's folder: a broken clip, a manifest with problems, a clean clip and skeleton
 * (the desktop suite's planted files), a clip whose listing is hovered, the sample pack's
 * creature the preview draws, the same walk with a planted pop (its Curves, and Compare Clips
 * against the walk), an .fbx the export cannot convert there, a real glTF compressed
 * with Draco and with meshopt, and the expectations the suite checks them against, carried in
 * planted/expected.json so both sides read one list. Expected values come from the core on this
 * (node) side: the decoded quaternion of the planted rotation word, the curves' marks of the
 * motion findings of the popped walk, the clip the exporter makes of the uncompressed glTF.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeKeyframe, decodeRotation, encodeKeyframe, encodeRotation, keyframeOffset, multiplyQuaternions, quaternionFromEulerDegrees, type Quaternion } from '../../formats';
import { exportAnimationBytes, readGltfBytes } from '../../formats/gltf';
import { motionFindings } from '../../formats/motion/motionFindings';
import { formatNumber, formatThousands } from '../../formats/numberText';
import { samplePackFiles } from '../../scripts/sample-pack';
import { REPO_ROOT } from '../e2e/harness/tools';
import { compressedGlb } from '../unit/gltf/compressedGlb';
import { marksForBones } from '../../webview/preview/curves/curveMarks';
import { plantedProblems } from '../unit/server/plantedFiles';
import type { WorkspaceFiles } from '../e2e/harness';
import { EXPECTED_FILE, type WebExpectations } from './suite/webProtocol';

const BROKEN = ['planted/truncated.nczxanim', 'planted/nether.toml'];
const CLEAN = ['planted/walk.nczxanim', 'planted/rig.nczxskel'];
/** The sample pack's lit 40-bone creature (scripts/sample-pack.ts): its walk, skeleton and mesh, in a folder of their own. */
const PREVIEW_SOURCE = 'assets';
const PREVIEW_FOLDER = 'creature';
const PREVIEW_CLIP = `${PREVIEW_FOLDER}/creature-walk.nczxanim`;
/** The pop planted in a copy of the walk: bone 12 turns 150 degrees more at frame 34 than around it (as the desktop curves test). */
const POP = { bone: 12, frame: 34, degrees: 150 };
const COMPARED = { a: 'compare/creature-walk.nczxanim', b: 'compare/creature-walk-pop.nczxanim' };

/** A turn about an oblique axis: all four components non-zero, w the largest (the dropped one). */
const TURN: Quaternion = (() => {
  const length = Math.hypot(0.3, -0.5, 0.2, 0.78);
  return [0.3 / length, -0.5 / length, 0.2 / length, 0.78 / length];
})();

/** 1 bone x 2 frames: identity at frame 0, TURN at frame 1 (record bytes 0x14-0x17 hold its word). */
function turnClip(): Uint8Array {
  const bytes = new Uint8Array(4 + 2 * 16);
  bytes.set([1, 0, 2, 0]);
  encodeKeyframe({ rotation: [0, 0, 0, 1], position: [0, 0, 0], scale: [1, 1, 1] }, bytes, 4);
  encodeKeyframe({ rotation: TURN, position: [0, 0, 0], scale: [1, 1, 1] }, bytes, 20);
  return bytes;
}

function listingExpectations(): WebExpectations['listing'] {
  const word = encodeRotation(TURN);
  const fields = [(word >>> 22) & 0x3ff, (word >>> 12) & 0x3ff, (word >>> 2) & 0x3ff];
  return {
    clip: 'planted/turn.nczxanim',
    rotationWord: `rot 0x${word.toString(16).toUpperCase().padStart(8, '0')}`,
    hoverLines: {
      0: '**Rotation (smallest-three u32)** · frame 1 · bone 0 · bytes 0x14-0x17 (4 bytes)',
      3: `- Quaternion (x, y, z, w): ${Array.from(decodeRotation(word), formatNumber).join(', ')}`,
      4: `- Stored fields: ${fields.join(', ')} (dropped component: ${'xyzw'[word & 3]})`,
    },
  };
}

const GLTF_SOURCE = join(REPO_ROOT, 'test', 'fixtures', 'gltf', 'RiggedSimple', 'RiggedSimple.glb');
const EXPORT_FRAME_RATE = 30;

async function gltfExports(files: Record<string, string | Uint8Array>): Promise<WebExpectations['gltfExports']> {
  const clip = exportAnimationBytes(await readGltfBytes(readFileSync(GLTF_SOURCE)), { frameRate: EXPORT_FRAME_RATE }).bytes;
  const exports: WebExpectations['gltfExports'] = [];
  for (const compression of ['draco', 'meshopt'] as const) {
    const glb = `gltf/RiggedSimple.${compression}.glb`;
    files[glb] = await compressedGlb(await readGltfBytes(readFileSync(GLTF_SOURCE)), compression);
    exports.push({ glb, frameRate: EXPORT_FRAME_RATE, clip: `gltf/RiggedSimple.${compression}.animation0.nczxanim` /* its one animation has no name */, bytes: Array.from(clip) });
  }
  return exports;
}

/** The walk with `POP` planted: its record at the frame turned about its x axis. */
function poppedClip(walk: Uint8Array): Uint8Array {
  const clip = new Uint8Array(walk);
  const at = keyframeOffset({ boneCount: clip[0]! }, POP.frame, POP.bone);
  const t = decodeKeyframe(clip, at);
  encodeKeyframe({ ...t, rotation: multiplyQuaternions(t.rotation, quaternionFromEulerDegrees(POP.degrees, 0, 0)) }, clip, at);
  return clip;
}

/** The walk and its popped copy: the Curves of the pop's bone and the comparison of the two. */
function poppedWalk(files: Record<string, string | Uint8Array>): Pick<WebExpectations, 'curves' | 'compare'> {
  const walk = files[PREVIEW_CLIP];
  if (!(walk instanceof Uint8Array)) throw new Error(`the sample pack has no ${PREVIEW_CLIP}`);
  const popped = poppedClip(walk);
  files[COMPARED.a] = walk;
  files[COMPARED.b] = popped;
  const marks = marksForBones(motionFindings(popped), [POP.bone]).map((m): [string, number] => [m.code, m.frame]);
  const [bones, frames] = [walk[0]!, walk[2]! | (walk[3]! << 8)];
  return {
    curves: { clip: COMPARED.b, bone: POP.bone, marks },
    compare: {
      ...COMPARED,
      summary: `changed: 1 of ${formatThousands(bones * frames)} keyframes, in 1 of ${bones} bones (${POP.bone})`,
      legend: `^Rotation: largest \\S+° \\(bone ${POP.bone}\\b[^,]*, frame ${POP.frame}\\)`,
    },
  };
}

export async function webWorkspace(): Promise<WorkspaceFiles> {
  const planted = plantedProblems().filter((p) => BROKEN.includes(p.path) || CLEAN.includes(p.path));
  const files: Record<string, string | Uint8Array> = {};
  for (const p of planted) files[p.path] = p.content;
  const listing = listingExpectations();
  files[listing.clip] = turnClip();
  for (const [path, content] of Object.entries(samplePackFiles().files ?? {})) {
    if (path.startsWith(`${PREVIEW_SOURCE}/creature`)) files[`${PREVIEW_FOLDER}/${path.slice(PREVIEW_SOURCE.length + 1)}`] = content;
  }
  const popped = poppedWalk(files);
  const fbx = { path: 'fbx/rig.fbx', message: 'FBX import is not available in VS Code for the Web' };
  files[fbx.path] = 'Kaydara FBX Binary  \0';
  const expectations: WebExpectations = {
    diagnostics: Object.fromEntries(
      planted.filter((p) => BROKEN.includes(p.path)).map((p) => [p.path, p.expected.map(({ code, severity, line }) => ({ code, severity, line }))]),
    ),
    clean: CLEAN,
    hover: {
      path: 'planted/nether.toml',
      needle: 'walk.nczxanim',
      firstLines: ['**animation "walk"**: `walk.nczxanim`', '', '- Keyframe clip: 2 bones x 4 frames, 0.1333 s at 30 fps', '- 132 bytes'],
    },
    listing,
    hexClip: 'planted/walk.nczxanim',
    preview: { clip: PREVIEW_CLIP, golden: 'web-creature-walk-frame0' },
    ...popped,
    fbx,
    gltfExports: await gltfExports(files),
  };
  files[EXPECTED_FILE] = JSON.stringify(expectations);
  return { files };
}
