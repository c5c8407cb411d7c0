/**
 * An animation's channels checked against the specification and bound to the joint hierarchy:
 * each usable channel becomes a `TrackSampler` writing one node's translation, rotation or
 * scale. Everything else is reported with its JSON pointer: malformed samplers, bad key times
 * and non-finite outputs as errors; morph weights, channels on unrelated nodes and repeated
 * targets as warnings.
 */
import { Accessor, type Animation, type AnimationChannel, type AnimationSampler, type Node } from '@gltf-transform/core';
import { accessorValues, firstNonFinite } from './accessorValues';
import { GltfPointers, nodeLabel } from './pointers';
import type { GltfProblemList } from './problems';
import { INTERPOLATIONS, TrackSampler, type Interpolation, type KeyTrack, type TargetPath } from './sampler';
import { R, S, T } from './transforms';

export interface BoundTrack {
  /** Index in the hierarchy's nodes. */
  slot: number;
  /** Offset of the property in a TRS block (T, R or S). */
  offset: number;
  sampler: TrackSampler;
}

export interface BoundAnimation {
  tracks: BoundTrack[];
  /** The latest input time of any of the animation's channels (0 when it has none). */
  lastKeyTime: number;
  /** Hierarchy slots some channel animates. */
  animatedSlots: Set<number>;
}

const OFFSET: Record<TargetPath, number> = { translation: T, rotation: R, scale: S };

/** The node slot a channel drives, when it is one this export uses. */
export type SlotLookup = (node: Node) => number | undefined;

/** Why a channel's node is not used: the problem code and a clause for the message. */
export interface IgnoredTarget {
  code: 'gltf/channel-ignored' | 'gltf/ancestor-ignored';
  reason: string;
}

class ChannelReader {
  private readonly tracks = new Map<string, KeyTrack | null>();
  private readonly checkedTimes = new Map<Accessor, boolean>();

  constructor(
    private readonly animation: Animation,
    private readonly pointers: GltfPointers,
    private readonly problems: GltfProblemList,
  ) {}

  /** The key track of `sampler` for `path`, or null after reporting why it is unusable. */
  track(sampler: AnimationSampler, path: TargetPath): KeyTrack | null {
    const key = `${this.animation.listSamplers().indexOf(sampler)}:${path}`;
    let track = this.tracks.get(key);
    if (track === undefined) {
      track = this.read(sampler, path);
      this.tracks.set(key, track);
    }
    return track;
  }

  /** Times of an input accessor, validated (once per accessor). */
  times(input: Accessor, samplerPointer: string): Float64Array | null {
    const where = `${this.pointers.accessor(input)} (input of ${samplerPointer})`;
    if (input.getType() !== 'SCALAR' || input.getComponentType() !== Accessor.ComponentType.FLOAT) {
      if (!this.checkedTimes.has(input)) this.problems.report('gltf/bad-sampler', this.pointers.accessor(input), `The key times ${where} must be SCALAR FLOAT, not ${input.getType()} of component type ${input.getComponentType()}.`);
      this.checkedTimes.set(input, false);
      return null;
    }
    const { values } = accessorValues(input);
    if (!this.checkedTimes.has(input)) {
      this.checkedTimes.set(input, this.validTimes(values, where, this.pointers.accessor(input)));
    }
    return this.checkedTimes.get(input) ? values : null;
  }

  private validTimes(times: Float64Array, where: string, pointer: string): boolean {
    if (times.length === 0) {
      this.problems.report('gltf/bad-times', pointer, `The key times ${where} are empty.`);
      return false;
    }
    for (let i = 0; i < times.length; i++) {
      const t = times[i];
      if (!Number.isFinite(t) || t < 0) {
        this.problems.report('gltf/bad-times', pointer, `Key time ${i} ${where} is ${t}: times must be finite and >= 0.`);
        return false;
      }
      if (i > 0 && !(t > times[i - 1])) {
        this.problems.report('gltf/bad-times', pointer, `Key times ${where} must be strictly increasing: key ${i} (${t} s) does not come after key ${i - 1} (${times[i - 1]} s).`);
        return false;
      }
    }
    return true;
  }

  private read(sampler: AnimationSampler, path: TargetPath): KeyTrack | null {
    const samplerPointer = this.pointers.sampler(this.animation, sampler);
    // The specification's default, when a sampler names none.
    const interpolation = (sampler.getInterpolation() as string | undefined) ?? 'LINEAR';
    const input = sampler.getInput();
    const output = sampler.getOutput();
    if (!INTERPOLATIONS.includes(interpolation as Interpolation)) {
      this.problems.report('gltf/bad-sampler', samplerPointer, `Unknown interpolation "${interpolation}" (STEP, LINEAR or CUBICSPLINE).`);
      return null;
    }
    if (!input || !output) {
      this.problems.report('gltf/bad-sampler', samplerPointer, `The sampler has no ${input ? 'output' : 'input'} accessor.`);
      return null;
    }
    const times = this.times(input, samplerPointer);
    if (!times) return null;
    const width = path === 'rotation' ? 4 : 3;
    const outputPointer = this.pointers.accessor(output);
    const expectedType = width === 4 ? 'VEC4' : 'VEC3';
    if (output.getType() !== expectedType) {
      this.problems.report('gltf/bad-sampler', outputPointer, `The output of ${samplerPointer} animates ${path}, so it must be ${expectedType}, not ${output.getType()}.`);
      return null;
    }
    const perKey = interpolation === 'CUBICSPLINE' ? 3 : 1;
    if (output.getCount() !== times.length * perKey) {
      this.problems.report('gltf/bad-sampler', outputPointer,
        `The output of ${samplerPointer} has ${output.getCount()} elements; ${times.length} key times with ${interpolation} need ${times.length * perKey}${perKey === 3 ? ' (in-tangent, value, out-tangent per key)' : ''}.`);
      return null;
    }
    const read = accessorValues(output);
    if (read.integer) {
      if (path === 'rotation') {
        this.problems.report('gltf/quantized-output', outputPointer, `The rotations of ${samplerPointer} are ${read.normalized ? 'normalised' : 'plain'} integers: denormalised with the specification's formulas, then normalised.`);
      } else {
        this.problems.report('gltf/non-float-translation', outputPointer, `The ${path} output of ${samplerPointer} is not FLOAT (the specification allows only FLOAT for ${path}); its ${read.normalized ? 'denormalised' : 'integer'} values are used as given.`);
      }
    }
    const bad = firstNonFinite(read.values, width);
    if (bad >= 0) {
      this.problems.report('gltf/non-finite-output', outputPointer, `Element ${bad} of the output of ${samplerPointer} is not finite (${Array.from(read.values.subarray(bad * width, bad * width + width)).join(', ')}).`);
      return null;
    }
    if (path === 'rotation') {
      for (let key = 0; key < times.length; key++) {
        const o = (key * perKey + (perKey === 3 ? 1 : 0)) * 4;
        if (Math.hypot(read.values[o], read.values[o + 1], read.values[o + 2], read.values[o + 3]) === 0) {
          this.problems.report('gltf/zero-quaternion', outputPointer, `Rotation key ${key} of ${samplerPointer} is (0, 0, 0, 0): no rotation can be made of it.`);
          return null;
        }
      }
    }
    return { path, interpolation: interpolation as Interpolation, times, values: read.values, width };
  }
}

/**
 * Binds `animation`'s channels to the nodes `slotOf` knows (joints and their ancestors), to be
 * sampled on a `frameRate` grid. The caller decides which nodes count; channels on other nodes
 * are reported as ignored (`unrelated` says why).
 */
export function bindAnimation(animation: Animation, frameRate: number, slotOf: SlotLookup, pointers: GltfPointers, problems: GltfProblemList, unrelated: (node: Node) => IgnoredTarget): BoundAnimation {
  const reader = new ChannelReader(animation, pointers, problems);
  const bound = new Map<string, { track: BoundTrack; channel: AnimationChannel }>();
  let lastKeyTime = 0;
  for (const channel of animation.listChannels()) {
    const pointer = pointers.channel(animation, channel);
    const sampler = channel.getSampler();
    const input = sampler?.getInput();
    if (sampler && input) {
      const times = reader.times(input, pointers.sampler(animation, sampler));
      if (times && times.length) lastKeyTime = Math.max(lastKeyTime, times[times.length - 1]);
    }
    const node = channel.getTargetNode();
    const path = channel.getTargetPath() as string | null;
    if (path === 'weights') {
      problems.report('gltf/morph-weights-ignored', pointer, `This channel animates the morph target weights of ${node ? nodeLabel(node, pointers) : 'a node'}: the console has no morph targets, so it is ignored.`);
      continue;
    }
    if (!node || (path !== 'translation' && path !== 'rotation' && path !== 'scale')) {
      problems.report('gltf/channel-ignored', pointer, `This channel has no target node or animates "${path}": ignored.`);
      continue;
    }
    const slot = slotOf(node);
    if (slot === undefined) {
      const why = unrelated(node);
      problems.report(why.code, pointer, `This channel animates ${nodeLabel(node, pointers)}, ${why.reason}: ignored.`);
      continue;
    }
    if (!sampler) {
      problems.report('gltf/bad-sampler', pointer, 'This channel has no sampler.');
      continue;
    }
    const track = reader.track(sampler, path);
    if (!track) continue;
    const key = `${slot}:${path}`;
    const previous = bound.get(key);
    if (previous) {
      problems.report('gltf/duplicate-channel', pointer, `${nodeLabel(node, pointers)}'s ${path} is already animated by ${pointers.channel(animation, previous.channel)}; this later channel is used.`);
    }
    bound.set(key, { track: { slot, offset: OFFSET[path], sampler: new TrackSampler(track, frameRate) }, channel });
  }
  const tracks = [...bound.values()].map((b) => b.track);
  return { tracks, lastKeyTime, animatedSlots: new Set(tracks.map((t) => t.slot)) };
}
