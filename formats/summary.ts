/** One summary of a checked binary file, shared by hover, `ewzanim info` and the manifest rules. */
import type { FormatDiagnostic } from './diagnostics';
import { countBySeverity } from './diagnostics';
import type { AssetSummary } from './records';

/** The header facts a summary copies (as far as the header could be read). */
const FACT_KEYS = ['boneCount', 'frameCount', 'vertexCount', 'indexCount', 'meshFormat', 'romMagic'] as const;

/** What the header said, as far as it could be read. */
export type SummaryFacts = Pick<AssetSummary, 'size'> & Partial<Pick<AssetSummary, (typeof FACT_KEYS)[number]>>;

export function summarize(
  result: { path: string; kind: string; diagnostics: readonly FormatDiagnostic[] },
  facts: SummaryFacts,
): AssetSummary | undefined {
  if (result.kind !== 'clip' && result.kind !== 'skeleton' && result.kind !== 'mesh' && result.kind !== 'rom') return undefined;
  const { errors, warnings } = countBySeverity(result.diagnostics);
  const summary: AssetSummary = { path: result.path, kind: result.kind, size: facts.size, errorCount: errors, warningCount: warnings };
  for (const key of FACT_KEYS) {
    if (facts[key] !== undefined) (summary as unknown as Record<string, unknown>)[key] = facts[key];
  }
  const firstError = result.diagnostics.find((d) => d.severity === 'error');
  if (firstError) summary.firstError = { code: firstError.code, message: firstError.message };
  return summary;
}

/** Duration in seconds of a clip at `frameRate` (frames / rate; the console stores no rate). */
export function clipDurationSeconds(frameCount: number, frameRate: number): number {
  return frameRate > 0 ? frameCount / frameRate : 0;
}
