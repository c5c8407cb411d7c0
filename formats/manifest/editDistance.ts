/**
 * Edit distance with adjacent transpositions (optimal string alignment), for "did you mean"
 * suggestions on unknown manifest keys: `titel` is one edit from `title`.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0].push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i].push(d);
    }
  }
  return rows[a.length][b.length];
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
