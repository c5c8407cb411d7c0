/**
 * The quantisation report: what the clip format loses, measured the way animation-compression
 * libraries measure it. ACL's `qvvf_transform_error_metric` places three virtual vertices on a
 * rigid shell around each bone, at the shell distance along its local x, y and z axes, moves
 * them with the raw and with the lossy transform, and takes the largest distance between the
 * two positions of a vertex; ACL's defaults are a 3 cm shell and a 0.01 cm precision. Here the
 * raw transform is the sampled source (the joint's global matrix in model space, or its local
 * TRS in local space) and the lossy one is the decoded 16-byte record's 3x4 matrix exactly as
 * `keyframe_bind` builds it. Since a vertex at d*e_i moves to d*column_i + translation, the
 * error of bone b at frame f is  max_i |d (src_col_i - dec_col_i) + (src_t - dec_t)|.
 *
 * Contributions, each the same metric with one part of the record swapped for its decoded
 * value and the rest kept from the source TRS: rotation (smallest-three), translation (f16),
 * scale (f16); plus shear, the distance between the source matrix and its own TRS (non-zero
 * only when a non-uniformly scaled parent makes a joint's global matrix a non-TRS one, which no
 * record can hold). Lengths are in scene units, reported in cm (glTF: 1 unit = 1 m).
 */
import { ErrorHistogram } from './errorHistogram';
import { R, S, T, TRS_SIZE } from './transforms';

/** ACL's defaults. */
export const DEFAULT_SHELL_DISTANCE_CM = 3;
export const ACL_PRECISION_CM = 0.01;
/** glTF lengths are metres. */
export const CM_PER_UNIT = 100;
/** The largest finite f16 and the smallest normal one. */
const F16_MAX = 65504;
const F16_MIN_NORMAL = 2 ** -14;
/** Below this a position or scale is floating-point noise of the hierarchy, not data: not flagged. */
const NOISE = 2 ** -40;
/** A source rotation this close to the identity (|xyz| below it) is flagged: the identity decodes to 0.137 degrees. */
const IDENTITY_XYZ = 1e-7;
const F16_FIELDS = ['translation.x', 'translation.y', 'translation.z', 'scale.x', 'scale.y', 'scale.z'];

export interface ErrorStat {
  maxCm: number;
  /** 99th percentile (nearest rank), an upper bound within 2.2% (see errorHistogram.ts). */
  p99Cm: number;
}

export interface SampleRef {
  bone: number;
  joint: string;
  frame: number;
}

export interface FlagExample extends SampleRef {
  field: string;
  value: number;
}

export interface FlagStat {
  count: number;
  first?: FlagExample;
}

export interface BoneError {
  bone: number;
  joint: string;
  maxCm: number;
  meanCm: number;
  worstFrame: number;
  rotationMaxCm: number;
  translationMaxCm: number;
  scaleMaxCm: number;
  shearMaxCm: number;
}

export interface QuantisationReport {
  space: 'model' | 'local';
  boneCount: number;
  frameCount: number;
  samples: number;
  shellDistanceCm: number;
  precisionCm: number;
  error: ErrorStat & { underPrecisionPercent: number; worst?: SampleRef & { errorCm: number } };
  contributions: { rotation: ErrorStat; translation: ErrorStat; scale: ErrorStat; shear: ErrorStat };
  /** In bone order (renderers sort them worst first). */
  bones: BoneError[];
  flags: {
    /** A source position or scale beyond the largest f16 (65504): stored as 65504 or infinity. */
    f16Overflow: FlagStat;
    /**
     * A non-zero source position or scale below the smallest normal f16 (6.1e-5): stored with
     * fewer bits, or as 0 (`toZero` of them). `inScale` counts the scales among them (a
     * position's absolute loss there is below 3e-8 units; a scale's is relative and collapses
     * the bone at 0).
     */
    f16SubnormalOrZero: FlagStat & { toZero: number; inScale: number };
    /** NaN in a sampled source value or a decoded record. */
    nan: FlagStat;
    /** The source rotation is the identity, which smallest-three cannot store: it decodes to a 0.137 degree rotation. */
    identityRotation: FlagStat;
  };
}

interface BoneAccumulator {
  max: number;
  sum: number;
  worstFrame: number;
  rotation: number;
  translation: number;
  scale: number;
  shear: number;
}

function flag(): FlagStat {
  return { count: 0 };
}

/** Accumulates the report record by record; `finish()` gives the plain-data report. */
export class QuantisationAccumulator {
  private readonly total = new ErrorHistogram();
  private readonly rotation = new ErrorHistogram();
  private readonly translation = new ErrorHistogram();
  private readonly scale = new ErrorHistogram();
  private readonly shear = new ErrorHistogram();
  private readonly bones: BoneAccumulator[];
  private underPrecision = 0;
  private worst?: SampleRef & { errorCm: number };
  private readonly flags: QuantisationReport['flags'] = {
    f16Overflow: flag(),
    f16SubnormalOrZero: { ...flag(), toZero: 0, inScale: 0 },
    nan: flag(),
    identityRotation: flag(),
  };
  private readonly shellUnits: number;

  constructor(
    private readonly space: 'model' | 'local',
    private readonly jointNames: readonly string[],
    private readonly frameCount: number,
    private readonly shellDistanceCm = DEFAULT_SHELL_DISTANCE_CM,
  ) {
    this.shellUnits = shellDistanceCm / CM_PER_UNIT;
    this.bones = jointNames.map(() => ({ max: 0, sum: 0, worstFrame: 0, rotation: 0, translation: 0, scale: 0, shear: 0 }));
  }

  private mark(stat: FlagStat, bone: number, frame: number, field: string, value: number): void {
    stat.count++;
    stat.first ??= { bone, joint: this.jointNames[bone], frame, field, value };
  }

  private checkValues(bone: number, frame: number, trs: Float64Array, o: number): void {
    for (let i = 0; i < 6; i++) {
      const v = trs[o + (i < 3 ? T + i : S + i - 3)];
      const magnitude = Math.abs(v);
      if (magnitude > F16_MAX) this.mark(this.flags.f16Overflow, bone, frame, F16_FIELDS[i], v);
      else if (magnitude >= NOISE && magnitude < F16_MIN_NORMAL) {
        this.mark(this.flags.f16SubnormalOrZero, bone, frame, F16_FIELDS[i], v);
        // Half of the smallest subnormal (2^-25) and below round to zero.
        if (magnitude <= 2 ** -25) this.flags.f16SubnormalOrZero.toZero++;
        if (i >= 3) this.flags.f16SubnormalOrZero.inScale++;
      }
    }
    if (Math.abs(trs[o + R]) < IDENTITY_XYZ && Math.abs(trs[o + R + 1]) < IDENTITY_XYZ && Math.abs(trs[o + R + 2]) < IDENTITY_XYZ) {
      this.mark(this.flags.identityRotation, bone, frame, 'rotation', trs[o + R + 3]);
    }
  }

  /**
   * One record: `source` is the sampled transform's column-major 4x4 matrix at `so`, `trs` its
   * TRS at `to` (rotation normalised), `decoded` the record's 10 decoded floats at `dof` (qx qy
   * qz qw, px py pz, sx sy sz) and `matrix` its row-major 3x4 bone matrix at `mo`.
   */
  add(bone: number, frame: number, source: Float64Array, so: number, trs: Float64Array, to: number, decoded: Float32Array, dof: number, matrix: Float32Array, mo: number): void {
    const d = this.shellUnits;
    const qx = trs[to + R], qy = trs[to + R + 1], qz = trs[to + R + 2], qw = trs[to + R + 3];
    const dx = decoded[dof], dy = decoded[dof + 1], dz = decoded[dof + 2], dw = decoded[dof + 3];
    const ex = source[so + 12] - matrix[mo + 3], ey = source[so + 13] - matrix[mo + 7], ez = source[so + 14] - matrix[mo + 11];
    const srcRot = rotationColumns(qx, qy, qz, qw, this.srcColumns);
    const decRot = rotationColumns(dx, dy, dz, dw, this.decColumns);
    let total = 0, rotation = 0, scale = 0, shear = 0;
    for (let i = 0; i < 3; i++) {
      const c = i * 3;
      // The whole record against the source matrix.
      const vx = d * (source[so + i * 4] - matrix[mo + i]) + ex;
      const vy = d * (source[so + i * 4 + 1] - matrix[mo + 4 + i]) + ey;
      const vz = d * (source[so + i * 4 + 2] - matrix[mo + 8 + i]) + ez;
      total = Math.max(total, Math.hypot(vx, vy, vz));
      // Decoded rotation, source translation and scale.
      const si = trs[to + S + i];
      rotation = Math.max(rotation, d * Math.abs(si) * Math.hypot(srcRot[c] - decRot[c], srcRot[c + 1] - decRot[c + 1], srcRot[c + 2] - decRot[c + 2]));
      // Decoded scale (the source rotation's columns are unit vectors).
      scale = Math.max(scale, d * Math.abs(si - decoded[dof + 7 + i]));
      // The source matrix against its own TRS.
      shear = Math.max(shear, d * Math.hypot(source[so + i * 4] - si * srcRot[c], source[so + i * 4 + 1] - si * srcRot[c + 1], source[so + i * 4 + 2] - si * srcRot[c + 2]));
    }
    const translation = Math.hypot(trs[to + T] - decoded[dof + 4], trs[to + T + 1] - decoded[dof + 5], trs[to + T + 2] - decoded[dof + 6]);
    this.record(bone, frame, total * CM_PER_UNIT, rotation * CM_PER_UNIT, translation * CM_PER_UNIT, scale * CM_PER_UNIT, shear * CM_PER_UNIT);
    this.checkValues(bone, frame, trs, to);
    for (let i = 0; i < TRS_SIZE; i++) {
      if (Number.isNaN(trs[to + i]) || Number.isNaN(decoded[dof + i])) {
        this.mark(this.flags.nan, bone, frame, Number.isNaN(trs[to + i]) ? 'source' : 'decoded', NaN);
        break;
      }
    }
  }

  private readonly srcColumns = new Float64Array(9);
  private readonly decColumns = new Float64Array(9);

  private record(bone: number, frame: number, total: number, rotation: number, translation: number, scale: number, shear: number): void {
    // NaN counts as the worst possible error.
    const error = Number.isNaN(total) ? Infinity : total;
    this.total.add(error);
    this.rotation.add(rotation);
    this.translation.add(translation);
    this.scale.add(scale);
    this.shear.add(shear);
    if (error < ACL_PRECISION_CM) this.underPrecision++;
    const b = this.bones[bone];
    b.sum += error;
    if (error > b.max) {
      b.max = error;
      b.worstFrame = frame;
    }
    b.rotation = Math.max(b.rotation, rotation);
    b.translation = Math.max(b.translation, translation);
    b.scale = Math.max(b.scale, scale);
    b.shear = Math.max(b.shear, shear);
    if (!this.worst || error > this.worst.errorCm) this.worst = { bone, joint: this.jointNames[bone], frame, errorCm: error };
  }

  finish(): QuantisationReport {
    const stat = (h: ErrorHistogram): ErrorStat => ({ maxCm: h.max, p99Cm: h.percentile(99) });
    const samples = this.total.count;
    return {
      space: this.space,
      boneCount: this.jointNames.length,
      frameCount: this.frameCount,
      samples,
      shellDistanceCm: this.shellDistanceCm,
      precisionCm: ACL_PRECISION_CM,
      error: {
        ...stat(this.total),
        underPrecisionPercent: samples ? (100 * this.underPrecision) / samples : 100,
        ...(this.worst ? { worst: this.worst } : {}),
      },
      contributions: { rotation: stat(this.rotation), translation: stat(this.translation), scale: stat(this.scale), shear: stat(this.shear) },
      bones: this.bones.map((b, bone) => ({
        bone,
        joint: this.jointNames[bone],
        maxCm: b.max,
        meanCm: this.frameCount ? b.sum / this.frameCount : 0,
        worstFrame: b.worstFrame,
        rotationMaxCm: b.rotation,
        translationMaxCm: b.translation,
        scaleMaxCm: b.scale,
        shearMaxCm: b.shear,
      })),
      flags: this.flags,
    };
  }
}

/**
 * The three columns of R(q) (column-major 3x3) by the matrix formula `keyframe_bind` uses
 * (r00 = 1-2(yy+zz), r10 = 2(xy+wz), r20 = 2(xz-wy), ...), without renormalising q, in double.
 */
function rotationColumns(x: number, y: number, z: number, w: number, out: Float64Array): Float64Array {
  const xx = x * x, yy = y * y, zz = z * z, xy = x * y, xz = x * z, yz = y * z, wx = w * x, wy = w * y, wz = w * z;
  out[0] = 1 - 2 * (yy + zz); out[1] = 2 * (xy + wz); out[2] = 2 * (xz - wy);
  out[3] = 2 * (xy - wz); out[4] = 1 - 2 * (xx + zz); out[5] = 2 * (yz + wx);
  out[6] = 2 * (xz + wy); out[7] = 2 * (yz - wx); out[8] = 1 - 2 * (xx + yy);
  return out;
}
