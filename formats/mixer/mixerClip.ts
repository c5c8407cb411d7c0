/**
 * A clip as the mixer reads it: every keyframe decoded once (by the core's bulk decoder) into
 * transforms, with each keyframe's time. Built once per clip, before any update.
 */
import { decodeClipRecords, parseClipHeader, TRANSFORM_FLOATS, CLIP_HEADER_SIZE } from '../clip';

export interface MixerClip {
  name: string;
  boneCount: number;
  frameCount: number;
  /** Time of each keyframe in seconds, ascending (frame / frameRate for a native clip). */
  times: Float64Array;
  /** Seconds after which `repeat` starts over: one frame past the last keyframe, blending it into the first. */
  period: number;
  /** TRANSFORM_FLOATS per keyframe and bone, frame-major: qx qy qz qw, px py pz, sx sy sz. */
  transforms: Float32Array;
}

/** The mixer's view of a native clip file at `frameRate` frames per second (the console stores no rate). */
export function mixerClipFromBytes(name: string, bytes: Uint8Array, frameRate: number): MixerClip {
  const header = parseClipHeader(bytes);
  if (!header || header.boneCount === 0 || header.frameCount === 0 || bytes.length < header.expectedSize) {
    throw new RangeError(`${name} is not a playable clip`);
  }
  const records = header.boneCount * header.frameCount;
  const transforms = decodeClipRecords(bytes, CLIP_HEADER_SIZE, records, new Float32Array(records * TRANSFORM_FLOATS));
  const times = new Float64Array(header.frameCount);
  for (let f = 0; f < times.length; f++) times[f] = f / frameRate;
  return { name, boneCount: header.boneCount, frameCount: header.frameCount, times, period: header.frameCount / frameRate, transforms };
}

/** The last keyframe's time: where `once` stops and `pingPong` turns. */
export function clipEnd(clip: MixerClip): number {
  return clip.times[clip.times.length - 1];
}
