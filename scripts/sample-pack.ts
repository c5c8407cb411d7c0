/**
 * Writes the sample workspace the demo (and the editor tests) open, with the project's one pack
 * builder (scripts/packBuilder.ts):
 * - the main pack (`nether.toml`): a generated 40-bone creature (a skeleton, a skinned box mesh
 *   and a 60-frame walk clip written with the core's own encoder);
 * - `animation-demo/`: upstream's animation-demo, its "wave" clip under the current extension
 *   (the bytes are upstream's) with the smoothly weighted column that upstream's game builds in
 *   code, written here with the core's mesh writer and linked to the clip (no skeleton: the
 *   game binds none, so the preview shows what the console shows);
 * - `emberware-era-examples/`: upstream's multi-skinned-rom as it was committed, with the
 *   Emberware-era extensions the current packer refuses (hence its warnings, which its README
 *   explains);
 * - `problems-on-purpose/`: animation-demo's wave with two planted problems (and a README), for
 *   the walkthrough's "a problem to its bytes";
 * - `gltf/Fox/`: a skinned, animated glTF model (CC0 / CC BY 4.0, its SOURCE.md beside it) to
 *   export from.
 * Every clip is linked with the manifest keys this project supports (`skeleton` / `mesh` on an
 * animation, `skeleton` on a mesh), so the first preview a user opens plays the clip on its mesh.
 *
 * As a module: `await writeSamplePack(dir)`. As a script:
 *   node --import tsx scripts/sample-pack.ts OUTPUT_DIR
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  MESH_FORMAT,
  clipByteLength,
  encodeKeyframe,
  f32ToF16,
  indexOffset,
  inverseBindOffset,
  keyframeOffset,
  meshByteLength,
  meshStride,
  multiplyQuaternions,
  quantizeWeights,
  skeletonByteLength,
  vertexOffset,
  writeMesh,
  writeU16LE,
  writeU32LE,
  type Quaternion,
  type Vec3,
} from '../formats/index';

import { FIXTURES_DIR, mergePacks, PackBuilder, writePack, type PackFiles } from './packBuilder';

export const CHARACTER_BONES = 40;
export const CHARACTER_FRAMES = 60;

/** One bone of the generated character: parent (-1 for the root) and rest position (model space). */
interface RigBone {
  name: string;
  parent: number;
  rest: Vec3;
  /** Local rotation at frame f (phase 0..1 of the loop), as a unit quaternion. */
  motion: (phase: number) => Quaternion;
}

function axisAngle(axis: Vec3, radians: number): Quaternion {
  const s = Math.sin(radians / 2);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(radians / 2)];
}

const still = (): Quaternion => [0, 0, 0, 1];
const swing = (axis: Vec3, amplitude: number, offset: number) => (phase: number): Quaternion =>
  axisAngle(axis, amplitude * Math.sin(2 * Math.PI * (phase + offset)));

const X: Vec3 = [1, 0, 0];
const Y: Vec3 = [0, 1, 0];
const Z: Vec3 = [0, 0, 1];

/** A small creature: spine, head with antennae and jaw, two arms, two legs, a ten-bone tail. */
function characterRig(): RigBone[] {
  const bones: RigBone[] = [];
  const add = (name: string, parent: number, rest: Vec3, motion: RigBone['motion'] = still): number => {
    bones.push({ name, parent, rest, motion });
    return bones.length - 1;
  };
  const root = add('root', -1, [0, 1, 0], swing(Y, 0.1, 0));
  let spine = root;
  for (let i = 1; i <= 4; i++) spine = add(`spine${i}`, spine, [0, 1 + i * 0.2, 0], swing(Z, 0.04, i * 0.05));
  const neck = add('neck', spine, [0, 2, 0], swing(X, 0.08, 0.25));
  const head = add('head', neck, [0, 2.2, 0], swing(X, 0.12, 0.3));
  for (const side of [1, -1]) {
    let arm = add(`shoulder${side > 0 ? 'L' : 'R'}`, spine, [0.25 * side, 1.75, 0]);
    arm = add(`upperArm${side > 0 ? 'L' : 'R'}`, arm, [0.45 * side, 1.75, 0], swing(X, 0.6, side > 0 ? 0.5 : 0));
    arm = add(`lowerArm${side > 0 ? 'L' : 'R'}`, arm, [0.45 * side, 1.4, 0], swing(X, 0.3, side > 0 ? 0.6 : 0.1));
    add(`hand${side > 0 ? 'L' : 'R'}`, arm, [0.45 * side, 1.1, 0]);
  }
  for (const side of [1, -1]) {
    let leg = add(`hip${side > 0 ? 'L' : 'R'}`, root, [0.15 * side, 1, 0]);
    leg = add(`thigh${side > 0 ? 'L' : 'R'}`, leg, [0.15 * side, 0.95, 0], swing(X, 0.5, side > 0 ? 0 : 0.5));
    leg = add(`shin${side > 0 ? 'L' : 'R'}`, leg, [0.15 * side, 0.5, 0], (p) => axisAngle(X, 0.4 * Math.max(0, Math.sin(2 * Math.PI * (p + (side > 0 ? 0.1 : 0.6))))));
    add(`foot${side > 0 ? 'L' : 'R'}`, leg, [0.15 * side, 0.08, 0.05]);
  }
  let tail = root;
  for (let i = 0; i < 10; i++) tail = add(`tail${i}`, tail, [0, 1 - i * 0.02, -0.1 - i * 0.12], swing(Y, 0.15, i * 0.08));
  for (const side of [1, -1]) {
    let antenna = head;
    for (let i = 0; i < 3; i++) {
      antenna = add(`antenna${side > 0 ? 'L' : 'R'}${i}`, antenna, [0.08 * side, 2.45 + i * 0.1, 0.02 * i], swing(Z, 0.2, i * 0.1));
    }
  }
  add('jaw', head, [0, 2.15, 0.1], (p) => axisAngle(X, 0.15 * (1 + Math.sin(4 * Math.PI * p))));
  if (bones.length !== CHARACTER_BONES) throw new Error(`rig has ${bones.length} bones, expected ${CHARACTER_BONES}`);
  return bones;
}

function rotate(q: Quaternion, v: Vec3): Vec3 {
  const r = multiplyQuaternions(multiplyQuaternions(q, [v[0], v[1], v[2], 0]), [-q[0], -q[1], -q[2], q[3]]);
  return [r[0], r[1], r[2]];
}

/**
 * The clip: model-space keyframes (what the console binds directly, no parent chain), i.e.
 * each bone's world rotation and the world position of its joint, so that
 * `keyframe * inverse_bind * rest_vertex` moves the vertex with the bone.
 */
function characterClip(rig: RigBone[]): Uint8Array {
  const bytes = new Uint8Array(clipByteLength(CHARACTER_BONES, CHARACTER_FRAMES));
  bytes[0] = CHARACTER_BONES;
  writeU16LE(bytes, 2, CHARACTER_FRAMES);
  for (let frame = 0; frame < CHARACTER_FRAMES; frame++) {
    const phase = frame / CHARACTER_FRAMES;
    const world: { rotation: Quaternion; position: Vec3 }[] = [];
    rig.forEach((bone, b) => {
      const local = bone.motion(phase);
      let pose: { rotation: Quaternion; position: Vec3 };
      if (bone.parent < 0) {
        // The root bobs up and down twice per loop, like a walk.
        pose = { rotation: local, position: [bone.rest[0], bone.rest[1] + 0.04 * Math.sin(4 * Math.PI * phase), bone.rest[2]] };
      } else {
        const parent = world[bone.parent];
        const parentRest = rig[bone.parent].rest;
        const offset = rotate(parent.rotation, [bone.rest[0] - parentRest[0], bone.rest[1] - parentRest[1], bone.rest[2] - parentRest[2]]);
        pose = {
          rotation: multiplyQuaternions(parent.rotation, local),
          position: [parent.position[0] + offset[0], parent.position[1] + offset[1], parent.position[2] + offset[2]],
        };
      }
      world.push(pose);
      encodeKeyframe({ ...pose, scale: [1, 1, 1] }, bytes, keyframeOffset({ boneCount: CHARACTER_BONES }, frame, b));
    });
  }
  return bytes;
}

/** Inverse bind matrices: the rest pose has no rotation, so each is a translation by -rest. */
function characterSkeleton(rig: RigBone[]): Uint8Array {
  const bytes = new Uint8Array(skeletonByteLength(rig.length));
  const view = new DataView(bytes.buffer);
  writeU32LE(bytes, 0, rig.length);
  rig.forEach((bone, b) => {
    const column = [1, 0, 0, 0, 1, 0, 0, 0, 1, -bone.rest[0], -bone.rest[1], -bone.rest[2]];
    column.forEach((value, i) => view.setFloat32(inverseBindOffset(b) + i * 4, value, true));
  });
  return bytes;
}

/** Octahedral normal as the mesh format stores it: low 16 bits snorm16 u, high 16 bits v. */
function octahedral(n: Vec3): number {
  const l1 = Math.abs(n[0]) + Math.abs(n[1]) + Math.abs(n[2]);
  let u = n[0] / l1;
  let v = n[1] / l1;
  if (n[2] < 0) [u, v] = [(1 - Math.abs(v)) * (u >= 0 ? 1 : -1), (1 - Math.abs(u)) * (v >= 0 ? 1 : -1)];
  const snorm = (x: number): number => Math.round(Math.max(-1, Math.min(1, x)) * 32767) & 0xffff;
  return (snorm(u) | (snorm(v) << 16)) >>> 0;
}

const BOX_FACES: { normal: Vec3; corners: [number, number, number][] }[] = [
  { normal: [1, 0, 0], corners: [[1, -1, 1], [1, -1, -1], [1, 1, -1], [1, 1, 1]] },
  { normal: [-1, 0, 0], corners: [[-1, -1, -1], [-1, -1, 1], [-1, 1, 1], [-1, 1, -1]] },
  { normal: [0, 1, 0], corners: [[-1, 1, 1], [1, 1, 1], [1, 1, -1], [-1, 1, -1]] },
  { normal: [0, -1, 0], corners: [[-1, -1, -1], [1, -1, -1], [1, -1, 1], [-1, -1, 1]] },
  { normal: [0, 0, 1], corners: [[-1, -1, 1], [1, -1, 1], [1, 1, 1], [-1, 1, 1]] },
  { normal: [0, 0, -1], corners: [[1, -1, -1], [-1, -1, -1], [-1, 1, -1], [1, 1, -1]] },
];

/** One box per bone, from its joint towards its first child (or a short stub), skinned to it. */
function characterMesh(rig: RigBone[]): Uint8Array {
  const format = MESH_FORMAT.NORMAL | MESH_FORMAT.SKINNED;
  const stride = meshStride(format);
  const vertexCount = rig.length * 24;
  const indexCount = rig.length * 36;
  const bytes = new Uint8Array(meshByteLength({ stride, vertexCount }, indexCount));
  writeU32LE(bytes, 0, vertexCount);
  writeU32LE(bytes, 4, indexCount);
  bytes[8] = format;
  let vertex = 0;
  let index = 0;
  rig.forEach((bone, b) => {
    const child = rig.findIndex((other) => other.parent === b);
    const tip = child >= 0 ? rig[child].rest : [bone.rest[0], bone.rest[1] + 0.06, bone.rest[2]];
    const centre: Vec3 = [(bone.rest[0] + tip[0]) / 2, (bone.rest[1] + tip[1]) / 2, (bone.rest[2] + tip[2]) / 2];
    const half: Vec3 = [
      Math.max(0.04, Math.abs(tip[0] - bone.rest[0]) / 2),
      Math.max(0.04, Math.abs(tip[1] - bone.rest[1]) / 2),
      Math.max(0.04, Math.abs(tip[2] - bone.rest[2]) / 2),
    ];
    for (const face of BOX_FACES) {
      const first = vertex;
      for (const corner of face.corners) {
        const at = vertexOffset({ stride }, vertex);
        for (let axis = 0; axis < 3; axis++) writeU16LE(bytes, at + axis * 2, f32ToF16(centre[axis] + corner[axis] * half[axis]));
        writeU16LE(bytes, at + 6, f32ToF16(1));
        writeU32LE(bytes, at + 8, octahedral(face.normal));
        bytes[at + 12] = b; // bone indices: this bone, weight 255 (1.0); the rest unused
        bytes[at + 16] = 255;
        vertex++;
      }
      for (const k of [0, 1, 2, 0, 2, 3]) writeU16LE(bytes, indexOffset({ stride, vertexCount }, index++), first + k);
    }
  });
  return bytes;
}

/**
 * The column of upstream's animation-demo (nethercore-systems/nethercore, examples/4-animation/
 * animation-demo/src/lib.rs, `generate_arm_mesh`; MIT OR Apache-2.0, Copyright (c) 2025
 * Nethercore Systems), rebuilt from its description: 10 rings of 6 vertices, radius 0.2, 4.5
 * units tall and centred on the origin, outward normals, skinned to bones 0, 1 and 2 with
 * weights that blend smoothly along the height.
 */
export const COLUMN = { rings: 10, segments: 6, radius: 0.2, height: 4.5 } as const;

/**
 * The column's bone weights at height `t` (0 at the bottom ring, 1 at the top), as upstream's
 * game computes them: bone 0 fades into bone 1 over the lower third, all three share the middle
 * third (bone 1 most), bone 1 fades into bone 2 over the upper third. Normalised to sum 1.
 */
export function columnWeights(t: number): [number, number, number] {
  let w: [number, number, number];
  if (t < 0.33) {
    const blend = t / 0.33;
    w = [1 - blend * 0.5, blend * 0.5, 0];
  } else if (t < 0.66) {
    const blend = (t - 0.33) / 0.33;
    w = [(1 - blend) * 0.3, 0.4 + (1 - Math.abs(2 * blend - 1)) * 0.3, blend * 0.3];
  } else {
    const blend = (t - 0.66) / 0.34;
    w = [0, (1 - blend) * 0.5, 0.5 + blend * 0.5];
  }
  const sum = w[0] + w[1] + w[2];
  return [w[0] / sum, w[1] / sum, w[2] / sum];
}

/** The column as a `.nczxmesh` (position, normal, skinned; indexed, outward-facing triangles). */
export function columnMesh(): Uint8Array {
  const { rings, segments, radius, height } = COLUMN;
  const vertices = rings * segments;
  const positions = new Float32Array(vertices * 3);
  const normals = new Float32Array(vertices * 3);
  const joints = new Uint8Array(vertices * 4);
  const weights = new Uint8Array(vertices * 4);
  const indices: number[] = [];
  for (let ring = 0; ring < rings; ring++) {
    const t = ring / (rings - 1);
    const [w0, w1, w2] = columnWeights(t);
    for (let segment = 0; segment < segments; segment++) {
      const v = ring * segments + segment;
      const angle = (segment / segments) * 2 * Math.PI;
      normals.set([Math.cos(angle), 0, Math.sin(angle)], v * 3);
      positions.set([Math.cos(angle) * radius, t * height - height / 2, Math.sin(angle) * radius], v * 3);
      joints.set([0, 1, 2, 0], v * 4);
      quantizeWeights([w0, w1, w2, 0], weights, v * 4);
      if (ring < rings - 1) {
        const next = ring * segments + ((segment + 1) % segments);
        const up = v + segments;
        const nextUp = next + segments;
        indices.push(v, up, next, next, up, nextUp);
      }
    }
  }
  return writeMesh({ positions, normals, joints, weights, indices: Uint16Array.from(indices) });
}

export interface SamplePack {
  /** The workspace folder (absolute); the main pack's manifest is its nether.toml. */
  root: string;
  manifest: string;
  clip: string;
  skeleton: string;
  mesh: string;
  /** animation-demo's manifest, its clip and the column mesh. */
  animationDemo: { manifest: string; clip: string; mesh: string };
  /** The folder of upstream's Emberware-era examples (multi-skinned-rom inside). */
  emberwareEra: string;
  /** The clip with planted problems. */
  brokenClip: string;
}

/** The folder that holds upstream's examples as committed, with the extensions of their era. */
export const EMBERWARE_ERA_FOLDER = 'emberware-era-examples';

const EMBERWARE_ERA_README = `# Upstream examples from the Emberware era

\`multi-skinned-rom/\` is upstream's example pack exactly as it was committed
(nethercore-systems/nethercore, commit fad8b69, MIT OR Apache-2.0), when the console was called
Emberware Z: its files end in \`.ewzanim\`, \`.ewzskel\` and \`.ewzmesh\`.

The current \`nether pack\` refuses those extensions, so its nether.toml shows one
\`manifest/legacy-extension\` warning per file. The bytes are identical to today's format:
renaming a file (\`.ewzanim\` -> \`.nczxanim\`, \`.ewzskel\` -> \`.nczxskel\`, \`.ewzmesh\` ->
\`.nczxmesh\`) and its \`path\` clears the warning (the warning's quick fix does both).

The only change made here: the \`skeleton\` and \`mesh\` link keys on its entries, so the
preview plays wave1 on arm1 and wave2 on arm2.
`;

/** Link keys added to an upstream manifest's entries, after the `path` line of each. */
const MULTI_SKINNED_ROM_LINKS: [string, Record<string, string>][] = [
  ['arm1_mesh', { skeleton: 'arm1_skel' }],
  ['wave1', { skeleton: 'arm1_skel', mesh: 'arm1_mesh' }],
  ['arm2_mesh', { skeleton: 'arm2_skel' }],
  ['wave2', { skeleton: 'arm2_skel', mesh: 'arm2_mesh' }],
];

/**
 * Adds link keys to the entry with this id, after its `path` line (the layout of the upstream
 * manifests: `id` then `path`). The packer ignores these keys; the tools link through them.
 */
export function addLinkKeys(manifest: string, id: string, keys: Readonly<Record<string, string>>): string {
  const entry = new RegExp(`\\nid = "${id}"\\npath = "[^"\\n]*"\\n`);
  const match = entry.exec(manifest);
  if (!match) throw new Error(`sample-pack: no entry "${id}" with an id line and a path line`);
  const lines = Object.entries(keys).map(([key, value]) => `${key} = "${value}"\n`).join('');
  return manifest.slice(0, match.index + match[0].length) + lines + manifest.slice(match.index + match[0].length);
}

function fixtureText(path: string): string {
  return readFileSync(join(FIXTURES_DIR, path), 'utf8');
}

function fixtureBytes(path: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURES_DIR, path)));
}

/** The creature's pack: the workspace's main nether.toml. */
function mainPack(rig: RigBone[]): PackBuilder {
  return new PackBuilder(
    { id: 'sample-creature', title: 'Sample Creature', author: 'ewzanim-tools (generated by scripts/sample-pack.ts)', version: '0.1.0' },
    'The demo\'s main pack: a 40-bone creature walking, 60 frames, generated by scripts/sample-pack.ts.\nUpstream\'s animation-demo is in animation-demo/, its Emberware-era examples in emberware-era-examples/.',
  )
    .asset({ section: 'skeletons', id: 'creature_skel', path: 'assets/creature.nczxskel', content: characterSkeleton(rig) })
    .asset({ section: 'meshes', id: 'creature_mesh', path: 'assets/creature.nczxmesh', content: characterMesh(rig), keys: { skeleton: 'creature_skel' } })
    .asset({
      section: 'animations',
      id: 'creature_walk',
      path: 'assets/creature-walk.nczxanim',
      content: characterClip(rig),
      keys: { skeleton: 'creature_skel', mesh: 'creature_mesh' },
    });
}

/** Upstream's animation-demo: its wave under today's extension, and the column its game builds. */
function animationDemoPack(): PackBuilder {
  return new PackBuilder(
    { id: 'animation-demo', title: 'Animation Demo', author: 'Nethercore Examples', version: '0.1.0' },
    [
      "Upstream's animation-demo (nethercore-systems/nethercore, examples/4-animation/animation-demo;",
      'MIT OR Apache-2.0). wave.nczxanim holds the bytes of its assets/wave.ewzanim (3 bones x 30',
      'frames, model-space keyframes). Its game draws a column built in code (src/lib.rs); the same',
      'column is column.nczxmesh, written by scripts/sample-pack.ts. The game binds no skeleton, so',
      'the keyframes skin the column as they are (raw mode), as on the console.',
    ].join('\n'),
  )
    .asset({ section: 'keyframes', id: 'wave', path: 'assets/wave.nczxanim', content: fixtureBytes('upstream/animation-demo/assets/wave.ewzanim'), keys: { mesh: 'column' } })
    .asset({ section: 'meshes', id: 'column', path: 'assets/column.nczxmesh', content: columnMesh() });
}

/** Upstream's multi-skinned-rom as committed, plus link keys, in the Emberware-era folder. */
function emberwareEraExamples(): PackFiles {
  let manifest = fixtureText('upstream/multi-skinned-rom/nether.toml');
  for (const [id, keys] of MULTI_SKINNED_ROM_LINKS) manifest = addLinkKeys(manifest, id, keys);
  return {
    fixtures: { [`${EMBERWARE_ERA_FOLDER}/multi-skinned-rom`]: 'upstream/multi-skinned-rom' },
    files: { [`${EMBERWARE_ERA_FOLDER}/README.md`]: EMBERWARE_ERA_README, [`${EMBERWARE_ERA_FOLDER}/multi-skinned-rom/nether.toml`]: manifest },
  };
}

/** The folder of files broken on purpose, for the walkthrough's "a problem to its bytes". */
export const PROBLEMS_FOLDER = 'problems-on-purpose';

/** animation-demo's wave (3 bones) with two planted problems, at these records. */
export const PLANTED = { nonFinite: { frame: 20, bone: 2 }, nonUnit: { frame: 12, bone: 1 } } as const;

const PROBLEMS_README = `# Problems on purpose

\`broken-wave.nczxanim\` is animation-demo's wave with two problems planted for the walkthrough's
first step ("a problem to its bytes"):

- frame ${PLANTED.nonFinite.frame}, bone ${PLANTED.nonFinite.bone}: position x is NaN (\`anim/non-finite\`, an error);
- frame ${PLANTED.nonUnit.frame}, bone ${PLANTED.nonUnit.bone}: the rotation word is 0, whose stored components square-sum
  above 1 (\`anim/non-unit-rotation\`, a warning).

No manifest names it. Click either problem's code in the Problems panel to open its bytes in the
hex editor; delete this folder and the Problems panel shows only the Emberware-era examples.
`;

function brokenWave(): Uint8Array {
  const bytes = fixtureBytes('upstream/animation-demo/assets/wave.ewzanim');
  const record = ({ frame, bone }: { frame: number; bone: number }): number => keyframeOffset({ boneCount: bytes[0] }, frame, bone);
  writeU16LE(bytes, record(PLANTED.nonFinite) + 4, 0x7e00); // f16 NaN
  writeU32LE(bytes, record(PLANTED.nonUnit), 0);
  return bytes;
}

/** Files that are no pack: the broken clip and its README; a glTF model to export. */
function looseFiles(): PackFiles {
  return {
    fixtures: { 'gltf/Fox': 'gltf/Fox' },
    files: { [`${PROBLEMS_FOLDER}/README.md`]: PROBLEMS_README, [`${PROBLEMS_FOLDER}/broken-wave.nczxanim`]: brokenWave() },
  };
}

/** The sample workspace as data (see the file's comment). */
export function samplePackFiles(): PackFiles {
  return mergePacks(mainPack(characterRig()).build(), animationDemoPack().build('animation-demo/'), emberwareEraExamples(), looseFiles());
}

export async function writeSamplePack(directory: string): Promise<SamplePack> {
  const root = resolve(directory);
  writePack(root, samplePackFiles());
  const demo = join(root, 'animation-demo');
  return {
    root,
    manifest: join(root, 'nether.toml'),
    clip: join(root, 'assets', 'creature-walk.nczxanim'),
    skeleton: join(root, 'assets', 'creature.nczxskel'),
    mesh: join(root, 'assets', 'creature.nczxmesh'),
    animationDemo: { manifest: join(demo, 'nether.toml'), clip: join(demo, 'assets', 'wave.nczxanim'), mesh: join(demo, 'assets', 'column.nczxmesh') },
    emberwareEra: join(root, EMBERWARE_ERA_FOLDER),
    brokenClip: join(root, PROBLEMS_FOLDER, 'broken-wave.nczxanim'),
  };
}

if (require.main === module) {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: node --import tsx scripts/sample-pack.ts OUTPUT_DIR');
    process.exit(2);
  }
  writeSamplePack(target).then(
    (pack) => console.log(pack.root),
    (error: unknown) => {
      console.error(`sample-pack: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
