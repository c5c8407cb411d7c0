/**
 * Clip + skeleton (+ mesh) -> a skinned, animated GLB, the way the console shows them: one node
 * per bone directly under an identity "Armature" root (the clip's transforms are model space,
 * so no bone has a bone parent), the skeleton's inverse bind matrices as the skin's, one LINEAR
 * channel per bone and property with a key per frame at f / fps, and the mesh's decoded
 * attributes. Rotations are the decoded quaternions renormalised (glTF requires unit
 * quaternions; the console uses them as decoded, a difference far below the quantisation).
 * Console rules carried over: clip bones beyond the skeleton are dropped, skeleton bones the
 * clip lacks keep the identity.
 */
import { Document, WebIO, type Accessor, type Node, type Scene, type Skin } from '@gltf-transform/core';
import { readU16LE } from '../bytes';
import { CLIP_HEADER_SIZE, TRANSFORM_FLOATS, decodeClipRecords, parseClipHeader } from '../clip';
import { decodeVertex, indexOffset, parseMeshHeader, vertexOffset } from '../mesh';
import { inverseBindOffset, parseSkeletonHeader, readInverseBind } from '../skeleton';
import { MESH_FORMAT } from '../records';
import { DEFAULT_EXPORT_FRAME_RATE } from './animationExport';
import { gltfProblem, type GltfProblem } from './problems';

export interface GlbExportOptions {
  /** Frames per second of the clip (clips store none); default 30. */
  frameRate?: number;
  /** The animation's name in the GLB; default "clip". */
  animationName?: string;
}

export interface GlbExportResult {
  bytes: Uint8Array;
  boneCount: number;
  frameCount: number;
  /** Notes about what could not be carried over exactly. */
  problems: GltfProblem[];
}

/** Clip, skeleton or mesh bytes that do not hold what their header says. */
export class NativeInputError extends Error {
  override name = 'NativeInputError';
}

function floatAccessor(document: Document, type: 'SCALAR' | 'VEC2' | 'VEC3' | 'VEC4' | 'MAT4', array: Float32Array | Uint8Array | Uint16Array | Uint32Array, normalized = false): Accessor {
  return document.createAccessor().setType(type).setArray(array).setNormalized(normalized).setBuffer(document.getRoot().listBuffers()[0]);
}

function note(message: string): GltfProblem {
  return gltfProblem('gltf/mesh-attribute', '', message, 'information');
}

export async function exportGlb(clip: Uint8Array, skeleton: Uint8Array, mesh?: Uint8Array, options: GlbExportOptions = {}): Promise<GlbExportResult> {
  const frameRate = options.frameRate ?? DEFAULT_EXPORT_FRAME_RATE;
  if (!(frameRate > 0) || !Number.isFinite(frameRate)) throw new RangeError(`the frame rate must be a positive number, got ${frameRate}`);
  const clipHeader = parseClipHeader(clip);
  if (!clipHeader || clipHeader.boneCount === 0 || clipHeader.frameCount === 0 || clip.length < clipHeader.expectedSize) {
    throw new NativeInputError('the clip is empty or truncated (check it with `ewzanim check`)');
  }
  const skeletonHeader = parseSkeletonHeader(skeleton);
  if (!skeletonHeader || skeletonHeader.boneCount === 0 || skeleton.length < skeletonHeader.expectedSize) {
    throw new NativeInputError('the skeleton is empty or truncated (check it with `ewzanim check`)');
  }
  const problems: GltfProblem[] = [];
  const bones = skeletonHeader.boneCount;
  const { frameCount, boneCount: clipBones } = clipHeader;
  const animatedBones = Math.min(bones, clipBones);
  if (clipBones > bones) problems.push(note(`The clip has ${clipBones} bones and the skeleton ${bones}: bones ${bones}-${clipBones - 1} are dropped, as the console ignores them.`));
  if (clipBones < bones) problems.push(note(`The clip has ${clipBones} bones and the skeleton ${bones}: bones ${clipBones}-${bones - 1} keep the identity, as on the console.`));

  const document = new Document();
  document.getRoot().getAsset().generator = 'ewzanim export gltf';
  document.createBuffer();
  const scene = document.createScene('Scene');
  document.getRoot().setDefaultScene(scene);
  const armature = document.createNode('Armature');
  scene.addChild(armature);

  const decoded = new Float32Array(frameCount * clipBones * TRANSFORM_FLOATS);
  decodeClipRecords(clip, CLIP_HEADER_SIZE, frameCount * clipBones, decoded);
  const joints: Node[] = [];
  const inverseBinds = new Float32Array(bones * 16);
  for (let bone = 0; bone < bones; bone++) {
    const node = document.createNode(`bone_${bone}`);
    if (bone < animatedBones) {
      const o = bone * TRANSFORM_FLOATS;
      node.setTranslation([decoded[o + 4], decoded[o + 5], decoded[o + 6]]).setRotation(unit(decoded, o)).setScale([decoded[o + 7], decoded[o + 8], decoded[o + 9]]);
    }
    armature.addChild(node);
    joints.push(node);
    const m = readInverseBind(skeleton, inverseBindOffset(bone));
    for (let column = 0; column < 4; column++) {
      for (let row = 0; row < 3; row++) inverseBinds[column * 4 + row + bone * 16] = m[column * 3 + row];
    }
    inverseBinds[bone * 16 + 15] = 1;
  }
  const skin = document.createSkin('Skeleton').setSkeleton(armature).setInverseBindMatrices(floatAccessor(document, 'MAT4', inverseBinds));
  for (const joint of joints) skin.addJoint(joint);

  const times = new Float32Array(frameCount);
  for (let f = 0; f < frameCount; f++) times[f] = f / frameRate;
  const input = floatAccessor(document, 'SCALAR', times);
  const animation = document.createAnimation(options.animationName ?? 'clip');
  let nonUnit = 0;
  for (let bone = 0; bone < animatedBones; bone++) {
    const translation = new Float32Array(frameCount * 3);
    const rotation = new Float32Array(frameCount * 4);
    const scale = new Float32Array(frameCount * 3);
    for (let f = 0; f < frameCount; f++) {
      const o = (f * clipBones + bone) * TRANSFORM_FLOATS;
      const q = unit(decoded, o);
      if (Math.abs(Math.hypot(decoded[o], decoded[o + 1], decoded[o + 2], decoded[o + 3]) - 1) > 1e-3) nonUnit++;
      rotation.set(q, f * 4);
      translation.set(decoded.subarray(o + 4, o + 7), f * 3);
      scale.set(decoded.subarray(o + 7, o + 10), f * 3);
    }
    for (const [path, values, type] of [['translation', translation, 'VEC3'], ['rotation', rotation, 'VEC4'], ['scale', scale, 'VEC3']] as const) {
      const sampler = document.createAnimationSampler().setInput(input).setOutput(floatAccessor(document, type, values)).setInterpolation('LINEAR');
      animation.addSampler(sampler).addChannel(document.createAnimationChannel().setTargetNode(joints[bone]).setTargetPath(path).setSampler(sampler));
    }
  }
  if (nonUnit) problems.push(note(`${nonUnit} records hold non-unit rotation words (anim/non-unit-rotation): their quaternions were renormalised for glTF.`));

  if (mesh) problems.push(...addMesh(document, scene, skin, mesh, bones));
  const bytes = await new WebIO().writeBinary(document);
  return { bytes, boneCount: bones, frameCount, problems };
}

function unit(decoded: Float32Array, o: number): [number, number, number, number] {
  const length = Math.hypot(decoded[o], decoded[o + 1], decoded[o + 2], decoded[o + 3]) || 1;
  return [decoded[o] / length, decoded[o + 1] / length, decoded[o + 2] / length, decoded[o + 3] / length];
}

function addMesh(document: Document, scene: Scene, skin: Skin, mesh: Uint8Array, bones: number): GltfProblem[] {
  const header = parseMeshHeader(mesh);
  if (!header || header.vertexCount === 0 || mesh.length < header.expectedSize) throw new NativeInputError('the mesh is empty or truncated (check it with `ewzanim check`)');
  const problems: GltfProblem[] = [];
  const { vertexCount, indexCount, format } = header;
  const skinned = (format & MESH_FORMAT.SKINNED) !== 0;
  const positions = new Float32Array(vertexCount * 3);
  const normals = format & MESH_FORMAT.NORMAL ? new Float32Array(vertexCount * 3) : undefined;
  const uvs = format & MESH_FORMAT.UV ? new Float32Array(vertexCount * 2) : undefined;
  const colors = format & MESH_FORMAT.COLOR ? new Uint8Array(vertexCount * 4) : undefined;
  const jointIndices = skinned ? new Uint8Array(vertexCount * 4) : undefined;
  const weights = skinned ? new Float32Array(vertexCount * 4) : undefined;
  let zeroNormals = 0, renormalised = 0, unweighted = 0;
  for (let v = 0; v < vertexCount; v++) {
    const vertex = decodeVertex(mesh, vertexOffset(header, v), format);
    positions.set(vertex.position, v * 3);
    if (normals) {
      const n = vertex.normal!;
      if (n[0] === 0 && n[1] === 0 && n[2] === 0) {
        zeroNormals++;
        normals.set([0, 0, 1], v * 3);
      } else normals.set(n, v * 3);
    }
    if (uvs) uvs.set(vertex.uv!, v * 2);
    if (colors) for (let k = 0; k < 4; k++) colors[v * 4 + k] = Math.round(vertex.color![k] * 255);
    if (jointIndices && weights) {
      const w = vertex.boneWeights!;
      const sum = w[0] + w[1] + w[2] + w[3];
      for (let k = 0; k < 4; k++) {
        const bone = vertex.boneIndices![k];
        if (bone >= bones && w[k] > 0) throw new NativeInputError(`mesh vertex ${v} uses bone ${bone}, but the skeleton has ${bones} bones`);
        jointIndices[v * 4 + k] = w[k] > 0 ? bone : 0;
      }
      if (sum === 0) {
        unweighted++;
        weights[v * 4] = 1;
      } else {
        if (Math.abs(sum - 1) > 2e-3) renormalised++;
        for (let k = 0; k < 4; k++) weights[v * 4 + k] = w[k] / sum;
      }
    }
  }
  if (zeroNormals) problems.push(note(`${zeroNormals} vertices have a zero normal; the GLB gives them 0, 0, 1 (glTF normals must be unit vectors).`));
  if (renormalised) problems.push(note(`${renormalised} vertices' bone weights do not sum to 1; the GLB renormalises them (glTF requires it), the console does not.`));
  if (unweighted) problems.push(note(`${unweighted} vertices have no bone weight (the console collapses them to the origin); the GLB binds them to bone 0.`));
  const primitive = document.createPrimitive().setAttribute('POSITION', floatAccessor(document, 'VEC3', positions));
  if (normals) primitive.setAttribute('NORMAL', floatAccessor(document, 'VEC3', normals));
  if (uvs) primitive.setAttribute('TEXCOORD_0', floatAccessor(document, 'VEC2', uvs));
  if (colors) primitive.setAttribute('COLOR_0', floatAccessor(document, 'VEC4', colors, true));
  if (jointIndices && weights) {
    primitive.setAttribute('JOINTS_0', floatAccessor(document, 'VEC4', jointIndices));
    primitive.setAttribute('WEIGHTS_0', floatAccessor(document, 'VEC4', weights));
  }
  if (indexCount > 0) {
    const indices = new Uint16Array(indexCount);
    for (let i = 0; i < indexCount; i++) {
      indices[i] = readU16LE(mesh, indexOffset(header, i));
      if (indices[i] >= vertexCount) throw new NativeInputError(`mesh index ${i} is ${indices[i]}, beyond its ${vertexCount} vertices`);
    }
    primitive.setIndices(floatAccessor(document, 'SCALAR', indices));
  }
  const node = document.createNode('Mesh').setMesh(document.createMesh('Mesh').addPrimitive(primitive));
  if (skinned) node.setSkin(skin);
  scene.addChild(node);
  return problems;
}
