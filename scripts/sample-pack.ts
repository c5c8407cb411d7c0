/**
 * Writes the sample data pack the demo (and the editor tests) open: the upstream
 * multi-skinned-rom pack copied from test/fixtures, plus a generated 40-bone character (a
 * skeleton, a skinned box mesh and a 60-frame walk clip written with the core's own encoder),
 * registered in the pack's nether.toml, and the upstream animation-demo pack in `animation-demo/`.
 * Every clip is linked to its skeleton and mesh with the manifest keys this project supports
 * (`skeleton` / `mesh` on an animation, `skeleton` on a mesh), so the first preview a user opens
 * plays the clip on its mesh.
 *
 * As a module: `await writeSamplePack(dir)`. As a script:
 *   node --import tsx scripts/sample-pack.ts OUTPUT_DIR
 */
import { appendFile, copyFile, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  CLIP_HEADER_SIZE,
  INVERSE_BIND_SIZE,
  KEYFRAME_SIZE,
  MESH_FORMAT,
  MESH_HEADER_SIZE,
  SKELETON_HEADER_SIZE,
  encodeKeyframe,
  f32ToF16,
  meshStride,
  multiplyQuaternions,
  writeU16LE,
  writeU32LE,
  type Quaternion,
  type Vec3,
} from '../formats/index';

const UPSTREAM = resolve(__dirname, '..', 'test', 'fixtures', 'upstream');
const UPSTREAM_PACK = join(UPSTREAM, 'multi-skinned-rom');
const UPSTREAM_ANIMATION_DEMO = join(UPSTREAM, 'animation-demo');

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
  const bytes = new Uint8Array(CLIP_HEADER_SIZE + CHARACTER_BONES * CHARACTER_FRAMES * KEYFRAME_SIZE);
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
      encodeKeyframe({ ...pose, scale: [1, 1, 1] }, bytes, CLIP_HEADER_SIZE + (frame * CHARACTER_BONES + b) * KEYFRAME_SIZE);
    });
  }
  return bytes;
}

/** Inverse bind matrices: the rest pose has no rotation, so each is a translation by -rest. */
function characterSkeleton(rig: RigBone[]): Uint8Array {
  const bytes = new Uint8Array(SKELETON_HEADER_SIZE + rig.length * INVERSE_BIND_SIZE);
  const view = new DataView(bytes.buffer);
  writeU32LE(bytes, 0, rig.length);
  rig.forEach((bone, b) => {
    const column = [1, 0, 0, 0, 1, 0, 0, 0, 1, -bone.rest[0], -bone.rest[1], -bone.rest[2]];
    column.forEach((value, i) => view.setFloat32(SKELETON_HEADER_SIZE + b * INVERSE_BIND_SIZE + i * 4, value, true));
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
  const bytes = new Uint8Array(MESH_HEADER_SIZE + vertexCount * stride + indexCount * 2);
  writeU32LE(bytes, 0, vertexCount);
  writeU32LE(bytes, 4, indexCount);
  bytes[8] = format;
  let vertex = 0;
  let index = 0;
  const indexBase = MESH_HEADER_SIZE + vertexCount * stride;
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
        const at = MESH_HEADER_SIZE + vertex * stride;
        for (let axis = 0; axis < 3; axis++) writeU16LE(bytes, at + axis * 2, f32ToF16(centre[axis] + corner[axis] * half[axis]));
        writeU16LE(bytes, at + 6, f32ToF16(1));
        writeU32LE(bytes, at + 8, octahedral(face.normal));
        bytes[at + 12] = b; // bone indices: this bone, weight 255 (1.0); the rest unused
        bytes[at + 16] = 255;
        vertex++;
      }
      for (const k of [0, 1, 2, 0, 2, 3]) writeU16LE(bytes, indexBase + 2 * index++, first + k);
    }
  });
  return bytes;
}

export interface SamplePack {
  /** The pack's folder (absolute). */
  root: string;
  manifest: string;
  clip: string;
  skeleton: string;
  mesh: string;
}

const CHARACTER_MANIFEST = `
# Character 3 (generated by scripts/sample-pack.ts): a 40-bone creature walking, 60 frames
[[assets.skeletons]]
id = "creature_skel"
path = "assets/creature.nczxskel"

[[assets.meshes]]
id = "creature_mesh"
path = "assets/creature.nczxmesh"
skeleton = "creature_skel"

[[assets.animations]]
id = "creature_walk"
path = "assets/creature-walk.nczxanim"
skeleton = "creature_skel"
mesh = "creature_mesh"
`;

/** Added to the upstream animation-demo pack, whose game builds its arm in code. */
const ANIMATION_DEMO_ARM = `
# Added by scripts/sample-pack.ts: the 3-bone arm of multi-skinned-rom, so that the preview
# plays "wave" on a mesh (the upstream game draws its arm without these files).
[[assets.skeletons]]
id = "arm_skel"
path = "assets/arm.ewzskel"

[[assets.meshes]]
id = "arm_mesh"
path = "assets/arm.ewzmesh"
skeleton = "arm_skel"
`;

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

async function linkUpstreamPack(manifestPath: string, links: [string, Record<string, string>][]): Promise<void> {
  let text = await readFile(manifestPath, 'utf8');
  for (const [id, keys] of links) text = addLinkKeys(text, id, keys);
  await writeFile(manifestPath, text);
}

export async function writeSamplePack(directory: string): Promise<SamplePack> {
  const root = resolve(directory);
  await mkdir(root, { recursive: true });
  await cp(UPSTREAM_PACK, root, { recursive: true });
  await linkUpstreamPack(join(root, 'nether.toml'), [
    ['arm1_mesh', { skeleton: 'arm1_skel' }],
    ['wave1', { skeleton: 'arm1_skel', mesh: 'arm1_mesh' }],
    ['arm2_mesh', { skeleton: 'arm2_skel' }],
    ['wave2', { skeleton: 'arm2_skel', mesh: 'arm2_mesh' }],
  ]);
  const demo = join(root, 'animation-demo');
  await cp(UPSTREAM_ANIMATION_DEMO, demo, { recursive: true });
  await copyFile(join(UPSTREAM_PACK, 'assets', 'arm1.ewzskel'), join(demo, 'assets', 'arm.ewzskel'));
  await copyFile(join(UPSTREAM_PACK, 'assets', 'arm1.ewzmesh'), join(demo, 'assets', 'arm.ewzmesh'));
  await appendFile(join(demo, 'nether.toml'), ANIMATION_DEMO_ARM);
  await linkUpstreamPack(join(demo, 'nether.toml'), [['wave', { skeleton: 'arm_skel', mesh: 'arm_mesh' }]]);
  const rig = characterRig();
  const pack: SamplePack = {
    root,
    manifest: join(root, 'nether.toml'),
    clip: join(root, 'assets', 'creature-walk.nczxanim'),
    skeleton: join(root, 'assets', 'creature.nczxskel'),
    mesh: join(root, 'assets', 'creature.nczxmesh'),
  };
  await writeFile(pack.clip, characterClip(rig));
  await writeFile(pack.skeleton, characterSkeleton(rig));
  await writeFile(pack.mesh, characterMesh(rig));
  await appendFile(pack.manifest, CHARACTER_MANIFEST);
  return pack;
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
