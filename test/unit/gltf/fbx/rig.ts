/**
 * A small skinned, animated rig described once and written two ways: as an ASCII FBX 7.4 file
 * (`asciiFbx`, what a DCC tool writes, for FBX2glTF to convert) and as a glTF document
 * (`rigDocument`), so a clip exported through FBX can be held against the same rig's clip
 * exported straight from glTF. Three bones in a chain up +Y (root, arm, hand) skin a four-sided
 * column of 3 rings; one second at 30 keys per second turns the arm about Z and X and the hand
 * about Z, and moves the root along X. Rotations are FBX Euler angles in degrees, order XYZ
 * (the matrix is Rz * Ry * Rx), the glTF side their quaternions.
 */
import { Document, type Node } from '@gltf-transform/core';
import { quat } from 'gl-matrix';

export const RIG_FPS = 30;
export const RIG_KEYS = 31;
export const RIG_BONES = ['root', 'arm', 'hand'] as const;
const PARENT = [-1, 0, 1];
/** Rest translations (metres) relative to the parent. */
const REST: [number, number, number][] = [[0, 0, 0], [0, 1, 0], [0, 1, 0]];

export interface RigKey {
  translation: [number, number, number];
  /** Degrees about X, Y, Z, applied X first. */
  euler: [number, number, number];
}

/** Bone `bone`'s local transform at key `key` (time key / RIG_FPS). */
export function rigKey(bone: number, key: number): RigKey {
  const t = key / (RIG_KEYS - 1);
  const wave = Math.sin(t * Math.PI * 2);
  switch (bone) {
    case 0:
      return { translation: [0.25 * wave, 0, 0], euler: [0, 0, 0] };
    case 1:
      return { translation: REST[1], euler: [20 * t, 0, 45 * wave] };
    default:
      return { translation: REST[2], euler: [0, 0, -60 * t] };
  }
}

export function eulerQuaternion([x, y, z]: [number, number, number]): [number, number, number, number] {
  const qx = quat.setAxisAngle(quat.create(), [1, 0, 0], (x * Math.PI) / 180);
  const qy = quat.setAxisAngle(quat.create(), [0, 1, 0], (y * Math.PI) / 180);
  const qz = quat.setAxisAngle(quat.create(), [0, 0, 1], (z * Math.PI) / 180);
  const q = quat.multiply(quat.create(), qz, quat.multiply(quat.create(), qy, qx));
  return [q[0], q[1], q[2], q[3]];
}

/** The column: 3 rings of 4 vertices at y = 0, 1, 2 (half-width 0.2), sides as quads. */
function column(): { positions: number[]; quads: number[][]; bone: number[] } {
  const positions: number[] = [];
  const bone: number[] = [];
  for (let ring = 0; ring < 3; ring++) {
    for (const [x, z] of [[-0.2, -0.2], [0.2, -0.2], [0.2, 0.2], [-0.2, 0.2]]) {
      positions.push(x, ring, z);
      bone.push(ring);
    }
  }
  const quads: number[][] = [];
  for (let ring = 0; ring < 2; ring++) {
    for (let side = 0; side < 4; side++) {
      const a = ring * 4 + side;
      const b = ring * 4 + ((side + 1) % 4);
      quads.push([a, b, b + 4, a + 4]);
    }
  }
  return { positions, quads, bone };
}

/** Bind-pose global translation of each bone (no rotation at rest). */
function restGlobal(bone: number): [number, number, number] {
  let y = 0;
  for (let b = bone; b >= 0; b = PARENT[b]) y += REST[b][1];
  return [0, y, 0];
}

const KTIME_PER_SECOND = 46186158000;
/** The FBX side is written in centimetres (UnitScaleFactor 1), as Maya and Mixamo write it. */
const CM = 100;

function cm(values: readonly number[]): number[] {
  return values.map((v) => v * CM);
}

function matrixOfTranslation([x, y, z]: readonly number[]): number[] {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];
}

function array(values: readonly number[]): string {
  return `*${values.length} {\n\t\t\ta: ${values.map((v) => Number(v.toFixed(9))).join(',')}\n\t\t}`;
}

/** The rig as an ASCII FBX 7.4 file (metres, Y up, 30 fps time mode). */
/** `inheritType` 0 (eInheritRrSs, Maya's scale compensation) makes FBX2glTF warn; 1 (eInheritRSrs) is what glTF holds. */
export function asciiFbx(inheritType: 0 | 1 = 1): string {
  const mesh = column();
  const ids = { attribute: (b: number) => 1000 + b, bone: (b: number) => 2000 + b, meshModel: 3000, geometry: 4000, skin: 5000, cluster: (b: number) => 5001 + b, pose: 6000, stack: 7000, layer: 7001 };
  const objects: string[] = [];
  const connections: string[] = [];
  const stop = Math.round(((RIG_KEYS - 1) / RIG_FPS) * KTIME_PER_SECOND);
  RIG_BONES.forEach((name, b) => {
    const rest = rigKey(b, 0);
    objects.push(`\tNodeAttribute: ${ids.attribute(b)}, "NodeAttribute::${name}", "LimbNode" {\n\t\tTypeFlags: "Skeleton"\n\t}`);
    objects.push(
      `\tModel: ${ids.bone(b)}, "Model::${name}", "LimbNode" {\n\t\tVersion: 232\n\t\tProperties70:  {\n` +
        `\t\t\tP: "Lcl Translation", "Lcl Translation", "", "A",${cm(rest.translation).join(',')}\n` +
        `\t\t\tP: "Lcl Rotation", "Lcl Rotation", "", "A",${rest.euler.join(',')}\n` +
        `\t\t\tP: "Lcl Scaling", "Lcl Scaling", "", "A",1,1,1\n\t\t\tP: "InheritType", "enum", "", "",${inheritType}\n\t\t\tP: "DefaultAttributeIndex", "int", "Integer", "",0\n\t\t}\n\t\tShading: Y\n\t\tCulling: "CullingOff"\n\t}`,
    );
    connections.push(`\tC: "OO",${ids.attribute(b)},${ids.bone(b)}`);
    connections.push(`\tC: "OO",${ids.bone(b)},${PARENT[b] < 0 ? 0 : ids.bone(PARENT[b])}`);
  });
  objects.push(`\tModel: ${ids.meshModel}, "Model::column", "Mesh" {\n\t\tVersion: 232\n\t\tProperties70:  {\n\t\t\tP: "InheritType", "enum", "", "",${inheritType}\n\t\t\tP: "DefaultAttributeIndex", "int", "Integer", "",0\n\t\t}\n\t\tShading: T\n\t\tCulling: "CullingOff"\n\t}`);
  const polygonIndex = mesh.quads.flatMap((q) => [q[0], q[1], q[2], -q[3] - 1]);
  objects.push(`\tGeometry: ${ids.geometry}, "Geometry::column", "Mesh" {\n\t\tVertices: ${array(cm(mesh.positions))}\n\t\tPolygonVertexIndex: ${array(polygonIndex)}\n\t\tGeometryVersion: 124\n\t\tLayer: 0 {\n\t\t\tVersion: 100\n\t\t}\n\t}`);
  objects.push(`\tDeformer: ${ids.skin}, "Deformer::column", "Skin" {\n\t\tVersion: 101\n\t\tLink_DeformAcuracy: 50\n\t}`);
  connections.push(`\tC: "OO",${ids.meshModel},0`, `\tC: "OO",${ids.geometry},${ids.meshModel}`, `\tC: "OO",${ids.skin},${ids.geometry}`);
  const poseNodes: string[] = [`\t\tPoseNode:  {\n\t\t\tNode: ${ids.meshModel}\n\t\t\tMatrix: ${array(matrixOfTranslation([0, 0, 0]))}\n\t\t}`];
  RIG_BONES.forEach((name, b) => {
    const vertices = mesh.bone.flatMap((owner, v) => (owner === b ? [v] : []));
    const global = cm(restGlobal(b));
    objects.push(
      `\tDeformer: ${ids.cluster(b)}, "SubDeformer::${name}", "Cluster" {\n\t\tVersion: 100\n\t\tUserData: "", ""\n` +
        `\t\tIndexes: ${array(vertices)}\n\t\tWeights: ${array(vertices.map(() => 1))}\n` +
        `\t\tTransform: ${array(matrixOfTranslation([-global[0], -global[1], -global[2]]))}\n` +
        `\t\tTransformLink: ${array(matrixOfTranslation(global))}\n\t}`,
    );
    connections.push(`\tC: "OO",${ids.cluster(b)},${ids.skin}`, `\tC: "OO",${ids.bone(b)},${ids.cluster(b)}`);
    poseNodes.push(`\t\tPoseNode:  {\n\t\t\tNode: ${ids.bone(b)}\n\t\t\tMatrix: ${array(matrixOfTranslation(global))}\n\t\t}`);
  });
  objects.push(`\tPose: ${ids.pose}, "Pose::BIND_POSES", "BindPose" {\n\t\tType: "BindPose"\n\t\tVersion: 100\n\t\tNbPoseNodes: ${poseNodes.length}\n${poseNodes.join('\n')}\n\t}`);
  objects.push(`\tAnimationStack: ${ids.stack}, "AnimStack::Take 001", "" {\n\t\tProperties70:  {\n\t\t\tP: "LocalStop", "KTime", "Time", "",${stop}\n\t\t\tP: "ReferenceStop", "KTime", "Time", "",${stop}\n\t\t}\n\t}`);
  objects.push(`\tAnimationLayer: ${ids.layer}, "AnimLayer::BaseLayer", "" {\n\t}`);
  connections.push(`\tC: "OO",${ids.layer},${ids.stack}`);
  const times = Array.from({ length: RIG_KEYS }, (_, k) => Math.round((k / RIG_FPS) * KTIME_PER_SECOND));
  let next = 8000;
  RIG_BONES.forEach((_, b) => {
    for (const [property, short, values] of [
      ['Lcl Translation', 'T', (k: number) => cm(rigKey(b, k).translation)],
      ['Lcl Rotation', 'R', (k: number) => rigKey(b, k).euler],
    ] as const) {
      const curveNode = next++;
      const initial = values(0);
      objects.push(`\tAnimationCurveNode: ${curveNode}, "AnimCurveNode::${short}", "" {\n\t\tProperties70:  {\n${['X', 'Y', 'Z'].map((axis, i) => `\t\t\tP: "d|${axis}", "Number", "", "A",${initial[i]}`).join('\n')}\n\t\t}\n\t}`);
      connections.push(`\tC: "OO",${curveNode},${ids.layer}`, `\tC: "OP",${curveNode},${ids.bone(b)}, "${property}"`);
      ['X', 'Y', 'Z'].forEach((axis, i) => {
        const curve = next++;
        const keys = times.map((_, k) => values(k)[i]);
        objects.push(
          `\tAnimationCurve: ${curve}, "AnimCurve::", "" {\n\t\tDefault: ${keys[0]}\n\t\tKeyVer: 4009\n\t\tKeyTime: ${array(times)}\n\t\tKeyValueFloat: ${array(keys)}\n` +
            `\t\tKeyAttrFlags: ${array([4])}\n\t\tKeyAttrDataFloat: ${array([0, 0, 0, 0])}\n\t\tKeyAttrRefCount: ${array([RIG_KEYS])}\n\t}`,
        );
        connections.push(`\tC: "OP",${curve},${curveNode}, "d|${axis}"`);
      });
    }
  });
  const count = (type: string) => objects.filter((o) => o.startsWith(`\t${type}:`)).length;
  const types = ['Model', 'NodeAttribute', 'Geometry', 'Deformer', 'Pose', 'AnimationStack', 'AnimationLayer', 'AnimationCurveNode', 'AnimationCurve'];
  const globals = [['UpAxis', 1], ['UpAxisSign', 1], ['FrontAxis', 2], ['FrontAxisSign', 1], ['CoordAxis', 0], ['CoordAxisSign', 1], ['UnitScaleFactor', 1], ['OriginalUnitScaleFactor', 1]]
    .map(([name, value]) => `\t\tP: "${name}", "${typeof value === 'number' && String(name).includes('Scale') ? 'double", "Number' : 'int", "Integer'}", "",${value}`);
  return [
    '; FBX 7.4.0 project file',
    'FBXHeaderExtension:  {\n\tFBXHeaderVersion: 1003\n\tFBXVersion: 7400\n\tCreator: "ewzanim test rig"\n}',
    `GlobalSettings:  {\n\tVersion: 1000\n\tProperties70:  {\n${globals.join('\n')}\n\t\tP: "TimeMode", "enum", "", "",6\n\t\tP: "TimeSpanStart", "KTime", "Time", "",0\n\t\tP: "TimeSpanStop", "KTime", "Time", "",${stop}\n\t}\n}`,
    `Definitions:  {\n\tVersion: 100\n\tCount: ${objects.length + 1}\n\tObjectType: "GlobalSettings" {\n\t\tCount: 1\n\t}\n${types.map((t) => `\tObjectType: "${t}" {\n\t\tCount: ${count(t)}\n\t}`).join('\n')}\n}`,
    `Objects:  {\n${objects.join('\n')}\n}`,
    `Connections:  {\n${connections.join('\n')}\n}`,
    '',
  ].join('\n');
}

/** The same rig as a glTF document: the skin's joints in RIG_BONES order, one LINEAR key per frame. */
export function rigDocument(): Document {
  const document = new Document();
  const buffer = document.createBuffer();
  const scene = document.createScene('Scene');
  const nodes: Node[] = RIG_BONES.map((name, b) => document.createNode(name).setTranslation(rigKey(b, 0).translation).setRotation(eulerQuaternion(rigKey(b, 0).euler)));
  RIG_BONES.forEach((_, b) => (PARENT[b] < 0 ? scene.addChild(nodes[b]) : nodes[PARENT[b]].addChild(nodes[b])));
  const mesh = column();
  const triangles = mesh.quads.flatMap((q) => [q[0], q[1], q[2], q[0], q[2], q[3]]);
  const accessor = (type: 'SCALAR' | 'VEC3' | 'VEC4' | 'MAT4', array: Float32Array | Uint16Array) => document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const primitive = document.createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', new Float32Array(mesh.positions)))
    .setAttribute('JOINTS_0', accessor('VEC4', new Uint16Array(mesh.bone.flatMap((b) => [b, 0, 0, 0]))))
    .setAttribute('WEIGHTS_0', accessor('VEC4', new Float32Array(mesh.bone.flatMap(() => [1, 0, 0, 0]))))
    .setIndices(accessor('SCALAR', new Uint16Array(triangles)));
  const skin = document.createSkin('column').setSkeleton(nodes[0]);
  nodes.forEach((node) => skin.addJoint(node));
  skin.setInverseBindMatrices(accessor('MAT4', new Float32Array(RIG_BONES.flatMap((_, b) => {
    const [x, y, z] = restGlobal(b);
    return matrixOfTranslation([-x, -y, -z]);
  }))));
  scene.addChild(document.createNode('column').setMesh(document.createMesh('column').addPrimitive(primitive)).setSkin(skin));
  const times = accessor('SCALAR', new Float32Array(Array.from({ length: RIG_KEYS }, (_, k) => k / RIG_FPS)));
  const animation = document.createAnimation('Take 001');
  RIG_BONES.forEach((_, b) => {
    const translations = accessor('VEC3', new Float32Array(Array.from({ length: RIG_KEYS }, (_, k) => rigKey(b, k).translation).flat()));
    const rotations = accessor('VEC4', new Float32Array(Array.from({ length: RIG_KEYS }, (_, k) => eulerQuaternion(rigKey(b, k).euler)).flat()));
    for (const [path, output] of [['translation', translations], ['rotation', rotations]] as const) {
      const sampler = document.createAnimationSampler().setInput(times).setOutput(output).setInterpolation('LINEAR');
      animation.addSampler(sampler).addChannel(document.createAnimationChannel().setTargetNode(nodes[b]).setTargetPath(path).setSampler(sampler));
    }
  });
  return document;
}
