/**
 * Bone masks for the mixer's actions: a weight per bone (0..1) built from a list of bones, from
 * ranges typed as text ("0-5, 8, 12-14"), or from "this bone and everything under it" where the
 * hierarchy is known (parents from the glTF export record). Presets "upper body" and "lower body"
 * come from the hierarchy and the bone names; without them there are none, and `bodyPresets` says
 * why. Pure: plain arrays in, Float32Array masks out.
 */

/** A mask of `boneCount` bones: `weight` on the bones listed (out-of-range indices ignored), 0 elsewhere. */
export function maskFromBones(boneCount: number, bones: Iterable<number>, weight = 1): Float32Array {
  const mask = new Float32Array(boneCount);
  const w = Math.min(1, Math.max(0, weight));
  for (const b of bones) if (Number.isInteger(b) && b >= 0 && b < boneCount) mask[b] = w;
  return mask;
}

export type BoneRanges = { bones: number[] } | { error: string };

/**
 * The bones named by `text`: indices and inclusive ranges separated by commas or spaces
 * ("0-5, 8"); every bone must be below `boneCount`. An error says which part is wrong.
 */
export function parseBoneRanges(text: string, boneCount: number): BoneRanges {
  const bones = new Set<number>();
  for (const part of text.split(/[\s,]+/).filter(Boolean)) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!match) return { error: `"${part}" is not a bone or a range (write 0-5, 8)` };
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (to < from) return { error: `"${part}" runs backwards` };
    if (to >= boneCount) return { error: `"${part}" goes past the last bone (${boneCount - 1})` };
    for (let b = from; b <= to; b++) bones.add(b);
  }
  return { bones: [...bones].sort((a, b) => a - b) };
}

/** Bones (ascending, no repeats) as `parseBoneRanges` reads them: runs of 3 or more as ranges ("0-5, 8, 10, 11"). */
export function boneRangesText(bones: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < bones.length; ) {
    let j = i;
    while (j + 1 < bones.length && bones[j + 1] === bones[j] + 1) j++;
    if (j - i >= 2) parts.push(`${bones[i]}-${bones[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(bones[k]));
    i = j + 1;
  }
  return parts.join(', ');
}

/** `root` and every bone whose chain of parents reaches it (`parents[b]`: -1 for a root). */
export function subtree(parents: readonly number[], root: number): number[] {
  const inside: boolean[] = [];
  const reaches = (bone: number): boolean => {
    // A chain longer than the bone count is a cycle: not under root.
    for (let b = bone, steps = 0; b >= 0 && b < parents.length && steps <= parents.length; b = parents[b], steps++) {
      if (b === root) return true;
      if (inside[b] !== undefined) return inside[b];
    }
    return false;
  };
  const out: number[] = [];
  for (let b = 0; b < parents.length; b++) {
    inside[b] = reaches(b);
    if (inside[b]) out.push(b);
  }
  return out;
}

export type BodyPresets = { upper: number[]; lower: number[] } | { unavailable: string };

/** The bone whose subtree is the upper body: the first named like a spine or chest. */
const UPPER_ROOT = /spine|chest|torso/i;

/**
 * Upper body: the first bone named like a spine (spine, chest, torso) and everything under it;
 * lower body: every other bone (hips, legs, the root). Unavailable without parents or names.
 */
export function bodyPresets(parents: readonly number[] | undefined, names: readonly string[] | undefined): BodyPresets {
  if (!parents?.length) return { unavailable: 'no bone hierarchy (export the clip from a glTF to record it)' };
  const root = names?.findIndex((name) => UPPER_ROOT.test(name)) ?? -1;
  if (root < 0 || root >= parents.length) return { unavailable: 'no bone named like a spine or chest to split the body at' };
  const upper = subtree(parents, root);
  const set = new Set(upper);
  return { upper, lower: parents.map((_, b) => b).filter((b) => !set.has(b)) };
}
