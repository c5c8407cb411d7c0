/**
 * The animation data of one model as compact plain data (typed arrays, structured-clone safe, so
 * a webview can receive it): the node table, the key pool (Res8) and the frame map (Res19), read
 * in pieces of at most `chunkBytes`. Peak memory is about the model's own Res8 + Res19 sizes.
 */
import { readU16LE } from '../bytes';
import type { ByteSource } from '../fileAccess';
import { DEFAULT_CHUNK_BYTES } from '../problemCollector';
import type { Vec3 } from '../records';
import { KEY_ROTATION_AT, KEY_SIZE, KEY_TIME_AT, MAP_WORD_SIZE, QUATERNION_SCALE } from './layout';
import { type MshModelLayout, nodeName } from './model';
import { type ReadSteps, eachRecordChunk, runOnBytes, runOnSource } from './reads';

/** A quaternion as the runtime holds it: `[w, x, y, z]` (note: clips use x, y, z, w). */
export type MshQuaternion = [number, number, number, number];

/** The raw fields of a 24-byte key. */
export interface MshRawKey {
  position: Vec3;
  time: number;
  /** The stored i16 components in file order: x, y, z, w. */
  rotation: [number, number, number, number];
}

export interface MshAnimation {
  nodeCount: number;
  /** 19 u16 words a node, as `MshModelLayout.nodeWords`. */
  nodeWords: Uint16Array;
  keyCount: number;
  /** x, y, z a key (f32 as stored). */
  positions: Float32Array;
  /** One f32 a key, in frames. */
  times: Float32Array;
  /** i16 x, y, z, w a key, as stored. */
  rotations: Int16Array;
  wordCount: number;
  map: Uint16Array;
  /** Res19 attr2: the model's global timeline length. */
  frameCount: number;
  /** Res10 names by node (undefined: no name). */
  names: (string | undefined)[];
}

/** The raw fields of the key at `bytes[at..at + 24]`. */
export function readMshRawKey(bytes: Uint8Array, at: number): MshRawKey {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const i16 = (offset: number) => view.getInt16(at + KEY_ROTATION_AT + offset, true);
  return {
    position: [view.getFloat32(at, true), view.getFloat32(at + 4, true), view.getFloat32(at + 8, true)],
    time: view.getFloat32(at + KEY_TIME_AT, true),
    rotation: [i16(0), i16(2), i16(4), i16(6)],
  };
}

/** `s / 32767` in f32, the runtime's decoding of one stored component. */
export function decodeQuaternionComponent(stored: number): number {
  return Math.fround(stored / QUATERNION_SCALE);
}

/** The decoded `[w, x, y, z]` of stored i16 components in file order (x, y, z, w). */
export function decodeMshQuaternion(stored: ArrayLike<number>): MshQuaternion {
  return [decodeQuaternionComponent(stored[3]), decodeQuaternionComponent(stored[0]), decodeQuaternionComponent(stored[1]), decodeQuaternionComponent(stored[2])];
}

/** Key `key` of an animation as raw fields (undefined past the pool). */
export function animationKey(animation: MshAnimation, key: number): MshRawKey | undefined {
  if (!(key >= 0 && key < animation.keyCount)) return undefined;
  const p = animation.positions;
  const r = animation.rotations;
  return {
    position: [p[key * 3], p[key * 3 + 1], p[key * 3 + 2]],
    time: animation.times[key],
    rotation: [r[key * 4], r[key * 4 + 1], r[key * 4 + 2], r[key * 4 + 3]],
  };
}

/**
 * Reads the key pool and the frame map of a model whose streams are usable (`model.animated`);
 * undefined otherwise. A source that ends early leaves the missing keys and words zero.
 */
export function readMshAnimation(source: ByteSource, model: MshModelLayout, chunkBytes = DEFAULT_CHUNK_BYTES): Promise<MshAnimation | undefined> {
  return runOnSource(animationSteps(model, chunkBytes), source);
}

/** `readMshAnimation` over the file's bytes in memory, synchronously. */
export function readMshAnimationFromBytes(bytes: Uint8Array, model: MshModelLayout): MshAnimation | undefined {
  return runOnBytes(animationSteps(model, DEFAULT_CHUNK_BYTES), bytes);
}

/** `readMshAnimation` as read steps (see `reads.ts`). */
export function* animationSteps(model: MshModelLayout, chunkBytes: number): ReadSteps<MshAnimation | undefined> {
  const { keys, map } = model.streams;
  if (!model.animated || !keys || !map) return undefined;
  const count = model.keyCount;
  const positions = new Float32Array(count * 3);
  const times = new Float32Array(count);
  const rotations = new Int16Array(count * 4);
  yield* eachRecordChunk(keys.dataStart, count, KEY_SIZE, chunkBytes, (bytes, first, records) => {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let r = 0; r < records; r++) {
      const at = r * KEY_SIZE;
      const key = first + r;
      positions[key * 3] = view.getFloat32(at, true);
      positions[key * 3 + 1] = view.getFloat32(at + 4, true);
      positions[key * 3 + 2] = view.getFloat32(at + 8, true);
      times[key] = view.getFloat32(at + KEY_TIME_AT, true);
      for (let c = 0; c < 4; c++) rotations[key * 4 + c] = view.getInt16(at + KEY_ROTATION_AT + c * 2, true);
    }
  });
  const words = new Uint16Array(model.wordCount);
  yield* eachRecordChunk(map.dataStart, model.wordCount, MAP_WORD_SIZE, chunkBytes, (bytes, first, records) => {
    for (let r = 0; r < records; r++) words[first + r] = readU16LE(bytes, r * MAP_WORD_SIZE);
  });
  return {
    nodeCount: model.nodeCount,
    nodeWords: model.nodeWords,
    keyCount: count,
    positions,
    times,
    rotations,
    wordCount: model.wordCount,
    map: words,
    frameCount: model.frameCount,
    names: Array.from({ length: model.nodeCount }, (_, node) => nodeName(model, node)),
  };
}
