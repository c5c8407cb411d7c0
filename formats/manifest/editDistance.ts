/** Levenshtein distance, for "did you mean" suggestions on unknown manifest keys. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}

export interface NearestName {
  name: string;
  distance: number;
  /** Close enough to be a likely typo (worth offering as a quick fix). */
  likelyTypo: boolean;
}

/** The candidate closest to `name` (first one on ties), or undefined when there are none. */
export function nearestName(name: string, candidates: readonly string[]): NearestName | undefined {
  let best: NearestName | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { name: candidate, distance, likelyTypo: false };
  }
  if (best) best.likelyTypo = best.distance <= Math.max(1, Math.floor(Math.max(name.length, best.name.length) / 3));
  return best;
}
