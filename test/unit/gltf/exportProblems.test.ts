/**
 * Crafted glTF documents, one per rule: what the exporter refuses (each error with its JSON
 * pointer), what it warns about and goes on, and the accessor encodings the specification
 * allows (normalised integers, sparse accessors, KHR_mesh_quantization) giving the same clip
 * as plain floats.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Accessor, Document, WebIO, type Animation, type Node } from '@gltf-transform/core';
import { KHRMeshQuantization } from '@gltf-transform/extensions';
import { exportAnimationBytes, GltfExportError, readGltfBytes, type AnimationExportOptions, type GltfProblem } from '../../../formats/gltf';

interface Rig {
  doc: Document;
  joints: Node[];
  animation: Animation;
}

/** `count` joints (a chain when `chain`), one skin, one empty animation "Act". */
function rig(count: number, chain = false): Rig {
  const doc = new Document();
  doc.createBuffer();
  const scene = doc.createScene();
  const joints: Node[] = [];
  for (let j = 0; j < count; j++) {
    const node = doc.createNode(`j${j}`).setTranslation([0, j === 0 ? 0 : 1, 0]);
    if (chain && j > 0) joints[j - 1].addChild(node);
    else scene.addChild(node);
    joints.push(node);
  }
  const skin = doc.createSkin('Rig');
  for (const joint of joints) skin.addJoint(joint);
  return { doc, joints, animation: doc.createAnimation('Act') };
}

function accessor(doc: Document, type: 'SCALAR' | 'VEC3' | 'VEC4', array: Float32Array | Int16Array | Int8Array | Uint16Array, normalized = false): Accessor {
  return doc.createAccessor().setType(type).setArray(array).setNormalized(normalized).setBuffer(doc.getRoot().listBuffers()[0]);
}

function channel(r: Rig, node: Node, path: 'translation' | 'rotation' | 'scale' | 'weights', times: number[], output: Accessor, interpolation: 'LINEAR' | 'STEP' | 'CUBICSPLINE' = 'LINEAR'): void {
  const sampler = r.doc.createAnimationSampler().setInput(accessor(r.doc, 'SCALAR', new Float32Array(times))).setOutput(output).setInterpolation(interpolation);
  r.animation.addSampler(sampler).addChannel(r.doc.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
}

function rotations(doc: Document, quats: number[][]): Accessor {
  return accessor(doc, 'VEC4', new Float32Array(quats.flat()));
}

function refused(doc: Document, options: AnimationExportOptions = {}): GltfProblem[] {
  try {
    exportAnimationBytes(doc, options);
  } catch (error) {
    assert.ok(error instanceof GltfExportError, String(error));
    return error.problems.filter((p) => p.severity === 'error');
  }
  assert.fail('the export did not fail');
}

const TURN = [[0, 0, 0, 1], [0, Math.SQRT1_2, 0, Math.SQRT1_2]];

test('errors, each with its code and JSON pointer', async (t) => {
  await t.test('no skin', () => {
    const doc = new Document();
    doc.createAnimation('A');
    assert.deepEqual(refused(doc).map((p) => [p.code, p.pointer]), [['gltf/no-skin', '/skins']]);
  });
  await t.test('no animation', () => {
    const { doc } = rig(2);
    doc.getRoot().listAnimations()[0].dispose();
    assert.deepEqual(refused(doc).map((p) => [p.code, p.pointer]), [['gltf/no-animation', '/animations']]);
  });
  await t.test('an animation or skin name that does not exist lists what does', () => {
    const r = rig(2);
    channel(r, r.joints[0], 'rotation', [0, 1], rotations(r.doc, TURN));
    const [animation] = refused(r.doc, { animation: 'Walk' });
    assert.equal(animation.message, 'No animation "Walk"; the file has 0 "Act".');
    assert.equal(refused(r.doc, { skin: 3 })[0].message, 'No skin "3"; the file has 0 "Rig".');
  });
  await t.test('more than 255 joints', () => {
    const r = rig(256);
    channel(r, r.joints[0], 'rotation', [0, 1], rotations(r.doc, TURN));
    const [problem] = refused(r.doc);
    assert.deepEqual([problem.code, problem.pointer], ['gltf/too-many-joints', '/skins/0/joints']);
    assert.match(problem.message, /256 joints; a clip holds at most 255 bones/);
  });
  await t.test('more than 65,535 frames at the frame rate', () => {
    const r = rig(1);
    channel(r, r.joints[0], 'rotation', [0, 3000], rotations(r.doc, TURN));
    const [problem] = refused(r.doc);
    assert.deepEqual([problem.code, problem.pointer], ['gltf/too-many-frames', '/animations/0']);
    assert.match(problem.message, /needs 90001 frames; a clip holds at most 65535 \(a u16 count\)\. Use a frame rate of at most 21\.844\./);
    assert.equal(exportAnimationBytes(r.doc, { frameRate: 21.844 }).plan.frameCount, 65533);
  });
  await t.test('NaN in an output', () => {
    const r = rig(1);
    channel(r, r.joints[0], 'translation', [0, 1], accessor(r.doc, 'VEC3', new Float32Array([0, 0, 0, NaN, 1, 0])));
    const [problem] = refused(r.doc);
    // The helper creates the output accessor (0) before the input (1).
    assert.deepEqual([problem.code, problem.pointer], ['gltf/non-finite-output', '/accessors/0']);
    assert.equal(problem.message, 'Element 1 of the output of /animations/0/samplers/0 is not finite (NaN, 1, 0).');
  });
  await t.test('key times not strictly increasing, or negative', () => {
    const r = rig(1);
    channel(r, r.joints[0], 'rotation', [0, 1, 1], rotations(r.doc, [...TURN, TURN[0]]));
    const [problem] = refused(r.doc);
    assert.deepEqual([problem.code, problem.pointer], ['gltf/bad-times', '/accessors/1']);
    assert.match(problem.message, /key 2 \(1 s\) does not come after key 1 \(1 s\)/);
    const s = rig(1);
    channel(s, s.joints[0], 'rotation', [-1, 1], rotations(s.doc, TURN));
    assert.match(refused(s.doc)[0].message, /Key time 0 .* is -1: times must be finite and >= 0\./);
  });
  await t.test('output count not matching the keys (CUBICSPLINE needs three per key)', () => {
    const r = rig(1);
    channel(r, r.joints[0], 'rotation', [0, 1], rotations(r.doc, TURN), 'CUBICSPLINE');
    const [problem] = refused(r.doc);
    assert.deepEqual([problem.code, problem.pointer], ['gltf/bad-sampler', '/accessors/0']);
    assert.match(problem.message, /has 2 elements; 2 key times with CUBICSPLINE need 6 \(in-tangent, value, out-tangent per key\)/);
  });
  await t.test('a zero quaternion key', () => {
    const r = rig(1);
    channel(r, r.joints[0], 'rotation', [0, 1], rotations(r.doc, [[0, 0, 0, 1], [0, 0, 0, 0]]));
    assert.deepEqual(refused(r.doc).map((p) => [p.code, p.pointer]), [['gltf/zero-quaternion', '/accessors/0']]);
  });
  await t.test('a rotation output that is not VEC4', () => {
    const r = rig(1);
    channel(r, r.joints[0], 'rotation', [0, 1], accessor(r.doc, 'VEC3', new Float32Array(6)));
    assert.match(refused(r.doc)[0].message, /animates rotation, so it must be VEC4, not VEC3/);
  });
});

test('warnings: morph weights, channels on other nodes, repeated targets; the clip is still written', () => {
  const r = rig(2);
  const prop = r.doc.createNode('Prop');
  r.doc.getRoot().listScenes()[0].addChild(prop);
  channel(r, r.joints[0], 'rotation', [0, 1], rotations(r.doc, TURN));
  channel(r, r.joints[1], 'weights', [0, 1], accessor(r.doc, 'SCALAR' as 'VEC3', new Float32Array([0, 1])));
  channel(r, prop, 'translation', [0, 2], accessor(r.doc, 'VEC3', new Float32Array([0, 0, 0, 5, 0, 0])));
  channel(r, r.joints[0], 'rotation', [0, 1], rotations(r.doc, [TURN[1], TURN[0]]));
  const { plan } = exportAnimationBytes(r.doc);
  assert.deepEqual(plan.problems.map((p) => [p.code, p.pointer]), [
    ['gltf/morph-weights-ignored', '/animations/0/channels/1'],
    ['gltf/channel-ignored', '/animations/0/channels/2'],
    ['gltf/duplicate-channel', '/animations/0/channels/3'],
  ]);
  assert.match(plan.problems[1].message, /animates "Prop", which is neither a joint of \/skins\/0 nor an ancestor of one: ignored\./);
  // The ignored prop channel still counts for the animation's length (its last key, 2 s).
  assert.equal(plan.lastKeyTime, 2);
  assert.equal(plan.frameCount, 61);
});

test('channels ending at different times: each holds its last value; joints without channels keep their rest pose', () => {
  const r = rig(3, true);
  channel(r, r.joints[0], 'rotation', [0, 1], rotations(r.doc, TURN));
  channel(r, r.joints[1], 'translation', [0, 2], accessor(r.doc, 'VEC3', new Float32Array([0, 1, 0, 0, 3, 0])));
  const { bytes, plan } = exportAnimationBytes(r.doc);
  assert.equal(plan.frameCount, 61);
  const doc = r.doc;
  const reference = (frame: number): void => {
    const t = frame / 30;
    const s = Math.min(1, t);
    const half = (s * Math.PI) / 4;
    r.joints[0].setRotation([0, Math.sin(half), 0, Math.cos(half)]);
    r.joints[1].setTranslation([0, 1 + t, 0]);
  };
  const joints = doc.getRoot().listSkins()[0].listJoints();
  for (const frame of [0, 15, 30, 45, 60]) {
    reference(frame);
    joints.forEach((joint, bone) => {
      const world = joint.getWorldMatrix();
      const record = new DataView(bytes.buffer, 4 + (frame * 3 + bone) * 16 + 4, 6);
      const position = [0, 2, 4].map((o) => f16(record.getUint16(o, true)));
      position.forEach((v, i) => assert.ok(Math.abs(v - world[12 + i]) < 4e-3, `frame ${frame} bone ${bone} axis ${i}: ${v} vs ${world[12 + i]}`));
    });
  }
});

function f16(bits: number): number {
  const exponent = (bits >>> 10) & 0x1f, mantissa = bits & 0x3ff, sign = bits & 0x8000 ? -1 : 1;
  return exponent === 0 ? sign * mantissa * 2 ** -24 : sign * (1024 + mantissa) * 2 ** (exponent - 25);
}

test('normalised integer, sparse and KHR_mesh_quantization outputs give the clip their float values give', async () => {
  const shorts = new Int16Array([0, 0, 0, 32767, 0, 23170, 0, 23170, 0, 0, -12540, 30273]);
  const denormalised = new Float32Array(Array.from(shorts, (c) => Math.max(c / 32767, -1)));
  const build = (output: (doc: Document) => Accessor, quantization = false): Document => {
    const r = rig(2, true);
    if (quantization) r.doc.createExtension(KHRMeshQuantization).setRequired(true);
    channel(r, r.joints[1], 'rotation', [0, 0.5, 1], output(r.doc));
    return r.doc;
  };
  const reference = exportAnimationBytes(build((doc) => accessor(doc, 'VEC4', denormalised))).bytes;
  const viaFile = async (doc: Document) => readGltfBytes(await new WebIO().registerExtensions([KHRMeshQuantization]).writeBinary(doc));
  const normalised = await viaFile(build((doc) => accessor(doc, 'VEC4', shorts, true), true));
  assert.deepEqual(normalised.getRoot().listExtensionsRequired().map((e) => e.extensionName), ['KHR_mesh_quantization']);
  const exported = exportAnimationBytes(normalised);
  assert.deepEqual(exported.bytes, reference);
  assert.deepEqual(exported.plan.problems.map((p) => p.code), ['gltf/quantized-output']);
  // A sparse accessor: zeros with three elements written over them.
  const sparse = await viaFile(build((doc) => accessor(doc, 'VEC4', denormalised).setSparse(true)));
  const sparseOutput = sparse.getRoot().listAnimations()[0].listSamplers()[0].getOutput()!;
  assert.equal(sparseOutput.getSparse(), true);
  assert.deepEqual(exportAnimationBytes(sparse).bytes, reference);
  // Normalised bytes too: c / 127, clamped at -1.
  const bytes = new Int8Array([0, 0, 0, 127, 0, 90, 0, 90, 0, 0, -128, 127]);
  const asFloats = new Float32Array(Array.from(bytes, (c) => Math.max(c / 127, -1)));
  assert.deepEqual(exportAnimationBytes(build((doc) => accessor(doc, 'VEC4', bytes, true))).bytes, exportAnimationBytes(build((doc) => accessor(doc, 'VEC4', asFloats))).bytes);
});

test('a non-joint ancestor counts in model space: its animation moves the joints', () => {
  const r = rig(1);
  const armature = r.doc.createNode('Armature');
  r.doc.getRoot().listScenes()[0].addChild(armature);
  armature.addChild(r.joints[0]);
  channel(r, armature, 'translation', [0, 1], accessor(r.doc, 'VEC3', new Float32Array([0, 0, 0, 2, 0, 0])));
  const model = exportAnimationBytes(r.doc);
  assert.deepEqual(model.plan.problems, []);
  const last = new DataView(model.bytes.buffer, 4 + 30 * 16 + 4, 2).getUint16(0, true);
  assert.equal(f16(last), 2);
  const local = exportAnimationBytes(r.doc, { space: 'local' });
  assert.deepEqual(local.plan.problems.map((p) => [p.code, p.pointer]), [['gltf/ancestor-ignored', '/animations/0/channels/0'], ['gltf/local-space', '/skins/0']]);
  assert.match(local.plan.problems[1].message, /^A joint has a moving ancestor \("j0" under "Armature"\)/);
});

test('a node hierarchy with a cycle is refused, not walked forever', async () => {
  // Two nodes, each the other's child; one float key (0 s) for the input accessor.
  const json = {
    asset: { version: '2.0' },
    buffers: [{ byteLength: 20, uri: `data:application/octet-stream;base64,${Buffer.from(new Float32Array([0, 0, 0, 0, 1]).buffer).toString('base64')}` }],
    bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: 4 }, { buffer: 0, byteOffset: 4, byteLength: 16 }],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 1, type: 'SCALAR', min: [0], max: [0] },
      { bufferView: 1, componentType: 5126, count: 1, type: 'VEC4' },
    ],
    nodes: [{ name: 'a', children: [1] }, { name: 'b', children: [0] }],
    skins: [{ joints: [0, 1] }],
    animations: [{ samplers: [{ input: 0, output: 1 }], channels: [{ sampler: 0, target: { node: 0, path: 'rotation' } }] }],
  };
  const doc = await readGltfBytes(new TextEncoder().encode(JSON.stringify(json)));
  const [problem] = refused(doc);
  assert.deepEqual([problem.code, problem.pointer], ['gltf/node-cycle', '/nodes/0']);
});
