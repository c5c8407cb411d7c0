/**
 * The mixer bench's two scenarios, shared by the timing rows (bench/mixer.bench.ts) and the
 * allocation probe (bench/mixerAllocationProbe.ts, a child process): clips of realistic records
 * (bench/clipData.ts), actions set up and warmed up.
 */
import { CLIP_HEADER_SIZE, clipByteLength, recordsByteLength } from '../formats/clip';
import { AnimationMixer, maskFromBones, mixerClipFromBytes, type AnimationAction } from '../formats/mixer';
import { keyframeRecords } from './clipData';

export const FRAME_RATE = 30;
export const FRAMES = 60;
/** One update per displayed frame at 60 Hz. */
export const STEP = 1 / 60;

export interface Scenario {
  name: string;
  bones: number;
  actions: number;
  setup(actions: AnimationAction[]): void;
  /** The design's cost figure for one update, in µs, where it gives one. */
  targetMicroseconds?: number;
}

/** Bones 0..15 are the lower body of the layered scenario, 16..39 the upper body. */
const LOWER_BODY = Array.from({ length: 16 }, (_, b) => b);
const UPPER_BODY = Array.from({ length: 24 }, (_, b) => 16 + b);

export const SCENARIOS: Scenario[] = [
  {
    name: '2 actions x 40 bones (a crossfade in progress)',
    bones: 40,
    actions: 2,
    setup: ([a, b]) => {
      a.play();
      // A fade long enough to stay in progress for every measured update.
      a.crossFadeTo(b, 1e9);
    },
  },
  {
    name: '8 actions x 255 bones (weights 1..8, speeds 0.5..2, all loop modes)',
    bones: 255,
    actions: 8,
    setup: (actions) => actions.forEach((action, i) => {
      action.weight = i + 1;
      action.timeScale = 0.5 + (i % 4) * 0.5;
      action.loop = (['repeat', 'once', 'pingPong'] as const)[i % 3];
      action.play();
    }),
  },
  {
    name: 'a character: 3 actions x 40 bones on 2 layers (walk and run crossfading under the legs mask, an attack over the upper body)',
    bones: 40,
    actions: 3,
    targetMicroseconds: 40,
    setup: ([walk, run, attack]) => {
      const legs = maskFromBones(40, LOWER_BODY);
      walk.setMask(legs).play();
      run.setMask(legs);
      walk.crossFadeTo(run, 1e9);
      attack.setMask(maskFromBones(40, UPPER_BODY)).play();
      attack.layer = 1;
      attack.weight = 0.8;
    },
  },
];

/** A clip file of `bones` x `frames` distinct records (`seed` shifts where in the record pool it starts). */
export function clipBytes(bones: number, frames: number, seed: number): Uint8Array {
  const skip = seed * 97;
  const records = keyframeRecords(bones * frames + skip);
  const bytes = new Uint8Array(clipByteLength(bones, frames));
  bytes.set([bones, 0, frames & 0xff, frames >>> 8]);
  bytes.set(records.subarray(recordsByteLength(skip)), CLIP_HEADER_SIZE);
  return bytes;
}

export interface ReadyScenario {
  files: Uint8Array[];
  mixer: AnimationMixer;
}

/** The scenario's clips, mixer and actions, after `warmUpdates` updates (so the JIT has settled). */
export function readyScenario(scenario: Scenario, warmUpdates: number): ReadyScenario {
  const files = Array.from({ length: scenario.actions }, (_, i) => clipBytes(scenario.bones, FRAMES, i));
  const mixer = new AnimationMixer(scenario.bones);
  scenario.setup(files.map((bytes, i) => mixer.clipAction(mixerClipFromBytes(`clip${i}`, bytes, FRAME_RATE))));
  for (let i = 0; i < warmUpdates; i++) mixer.update(STEP);
  return { files, mixer };
}
