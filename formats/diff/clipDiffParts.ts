/** The parts of a clip diff's result that its comparison paths fill in (apart from `ClipDiff` so they import no cycle). */

/** One side's header and how much of it the file really holds. */
export interface ClipShape {
  boneCount: number;
  frameCount: number;
  flags: number;
  size: number;
  expectedSize: number;
  /** Frames whose every record is in the file (fewer than `frameCount` when truncated). */
  completeFrames: number;
}

/** The largest and the mean difference of one measure over a bone's compared frames, and the frame of the largest (-1 when none differ). */
export interface ChannelTotals {
  max: number;
  mean: number;
  maxFrame: number;
}

export interface BoneDiff {
  bone: number;
  changedKeyframes: number;
  /** Degrees. */
  rotation: ChannelTotals;
  /** Clip units. */
  position: ChannelTotals;
  /** Ratio (1 = equal). */
  scale: ChannelTotals;
}

/** Per compared frame (index = frame): the largest difference over its bones, and how many bones changed. */
export interface FrameDiffs {
  rotationMax: number[];
  /** The bone of `rotationMax` (-1 when no bone's rotation differs). */
  rotationBone: number[];
  positionMax: number[];
  scaleMax: number[];
  changedBones: number[];
}

/**
 * The largest rotation difference of each bone over groups of frames: row `bone`, column `c`
 * covers frames `[frameStarts[c], frameStarts[c + 1])`. `values` is bone-major
 * (`values[bone * columns + c]`), degrees.
 */
export interface RotationGrid {
  bones: number;
  columns: number;
  frameStarts: number[];
  values: number[];
}
