/**
 * Which skeleton and mesh to show a clip with when nothing links them: the candidates whose bone
 * counts fit the clip, ranked, and a guess only where it is clear, with the reason in words
 * ("skeleton guessed: only one with 40 bones"). Pure: the caller lists the candidates (a
 * workspace search, or the server's list of a pack's assets).
 */

export interface AssetCandidate {
  /** A path, URI or manifest id: whatever the caller needs back. */
  id: string;
  /** Skeleton: its bone count; mesh: its highest bone index + 1 (undefined: unskinned or unreadable). */
  boneCount?: number;
}

export interface RankedCandidate<C extends AssetCandidate = AssetCandidate> {
  candidate: C;
  /** The bone count fits the clip (and the chosen skeleton, for meshes). */
  fits: boolean;
  /** Same bone count exactly (a mesh may use fewer bones than it could). */
  exact: boolean;
  /** For a picker: "40 bones, fits" / "3 bones" / "unskinned". */
  label: string;
}

export interface AssetGuess<C extends AssetCandidate = AssetCandidate> {
  chosen?: C;
  /** Why this one, or why none, in words. */
  reason: string;
}

function plural(n: number): string {
  return `${n} bone${n === 1 ? '' : 's'}`;
}

function folderOf(id: string): string {
  const i = Math.max(id.lastIndexOf('/'), id.lastIndexOf('\\'));
  return i < 0 ? '' : id.slice(0, i);
}

/** Leading path characters shared with `near`, counted in whole folders. */
function sharedFolderDepth(id: string, near: string): number {
  const a = folderOf(id).split(/[\\/]/);
  const b = folderOf(near).split(/[\\/]/);
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** Does a skeleton fit a clip of `clipBones`: exactly the same bone count. */
function skeletonFits(clipBones: number, c: AssetCandidate): { fits: boolean; exact: boolean } {
  const exact = c.boneCount === clipBones;
  return { fits: exact, exact };
}

/** Does a mesh fit: skinned, and every bone it uses exists in the clip (and skeleton). */
function meshFits(bones: number, c: AssetCandidate): { fits: boolean; exact: boolean } {
  const fits = c.boneCount !== undefined && c.boneCount > 0 && c.boneCount <= bones;
  return { fits, exact: fits && c.boneCount === bones };
}

/**
 * Candidates in picker order: those that fit first (exact bone count before fewer bones), then
 * nearer the clip (more shared folders), then by id.
 */
export function rankCandidates<C extends AssetCandidate>(kind: 'skeleton' | 'mesh', clipBones: number, candidates: readonly C[], near = ''): RankedCandidate<C>[] {
  const ranked = candidates.map((candidate) => {
    const { fits, exact } = kind === 'skeleton' ? skeletonFits(clipBones, candidate) : meshFits(clipBones, candidate);
    const count = candidate.boneCount === undefined ? (kind === 'mesh' ? 'unskinned' : 'unreadable') : kind === 'mesh' ? `uses ${plural(candidate.boneCount)}` : plural(candidate.boneCount);
    return { candidate, fits, exact, label: fits ? `${count}, fits` : count, depth: sharedFolderDepth(candidate.id, near) };
  });
  ranked.sort((a, b) => Number(b.fits) - Number(a.fits) || Number(b.exact) - Number(a.exact) || b.depth - a.depth || (a.candidate.id < b.candidate.id ? -1 : a.candidate.id > b.candidate.id ? 1 : 0));
  return ranked.map(({ candidate, fits, exact, label }) => ({ candidate, fits, exact, label }));
}

/** One winner among the best-ranked fits: the only one, or the one nearest `near` when no other is as near. */
function pick<C extends AssetCandidate>(kind: 'skeleton' | 'mesh', ranked: RankedCandidate<C>[], near: string, clipBones: number): AssetGuess<C> {
  const fits = ranked.filter((r) => r.fits);
  if (fits.length === 0) return { reason: kind === 'skeleton' ? `no skeleton with ${plural(clipBones)}` : `no skinned mesh using at most ${plural(clipBones)}` };
  const best = fits.filter((r) => r.exact === fits[0].exact);
  const tier = kind === 'skeleton' ? `with ${plural(clipBones)}` : `using ${best[0].exact ? '' : 'at most '}${plural(clipBones)}`;
  if (best.length === 1) return { chosen: best[0].candidate, reason: `${kind} guessed: only one ${tier}` };
  const depths = best.map((r) => sharedFolderDepth(r.candidate.id, near));
  const deepest = Math.max(...depths);
  const nearest = best.filter((_, i) => depths[i] === deepest);
  if (nearest.length === 1) return { chosen: nearest[0].candidate, reason: `${kind} guessed: the nearest of ${best.length} ${tier}` };
  return { reason: `${best.length} ${kind === 'mesh' ? 'meshes' : 'skeletons'} ${tier}: pick one` };
}

/**
 * The skeleton and mesh to show a `clipBones`-bone clip with. A skeleton fits with exactly the
 * clip's bone count; a mesh fits when it uses no bone past the clip (or the guessed skeleton),
 * preferring one that uses exactly as many. `near` (the clip's path) breaks ties by folder.
 */
export function guessSkeletonAndMesh<S extends AssetCandidate, M extends AssetCandidate>(
  clipBones: number,
  skeletons: readonly S[],
  meshes: readonly M[],
  near = '',
): { skeleton: AssetGuess<S>; mesh: AssetGuess<M> } {
  const skeleton = pick('skeleton', rankCandidates('skeleton', clipBones, skeletons, near), near, clipBones);
  // Meshes are looked for near the chosen skeleton (they usually lie together), else near the clip.
  const meshNear = skeleton.chosen?.id ?? near;
  const mesh = pick('mesh', rankCandidates('mesh', clipBones, meshes, meshNear), meshNear, clipBones);
  return { skeleton, mesh };
}

/** The two reasons as one line for the panel ("skeleton guessed: ...; mesh guessed: ..."). */
export function guessText(guess: { skeleton: AssetGuess; mesh: AssetGuess }): string {
  return `${guess.skeleton.reason}; ${guess.mesh.reason}`;
}
