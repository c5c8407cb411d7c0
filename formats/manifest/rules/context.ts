/** What every manifest rule receives: the model, where to report, and how to read files. */
import type { FormatDiagnostic, TextRange } from '../../diagnostics';
import type { FileAccess } from '../../fileAccess';
import type { TakeTurn } from '../../hostTurn';
import { mapInParallel } from '../../inParallel';
import type { ManifestModel } from '../model';
import type { AssetSummaryCache } from '../summaryCache';

export interface RuleContext {
  model: ManifestModel;
  access: FileAccess;
  /** Folder the manifest's paths are relative to. */
  folder: string;
  cache: AssetSummaryCache;
  maxKeyframeProblems: number;
  report(diagnostic: FormatDiagnostic): void;
  /** Set where the rules run in steps (`checkManifestInSteps`): gives the event loop a turn. */
  takeTurn?: TakeTurn;
}

/** Entries a rule goes through between two turns of the event loop when it runs in steps. */
export const ENTRIES_PER_TURN = 500;

/**
 * `mapInParallel`; in steps, over `ENTRIES_PER_TURN` items at a time with a turn between: work
 * that the cache answers without I/O (10,000 stats of a re-check) settles in microtasks alone,
 * which never let the event loop run.
 */
export async function mapInTurns<T, R>(ctx: RuleContext, items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  if (!ctx.takeTurn) return mapInParallel(items, limit, work);
  const results: R[] = [];
  for (let from = 0; from < items.length; from += ENTRIES_PER_TURN) {
    if (from > 0) await ctx.takeTurn();
    results.push(...(await mapInParallel(items.slice(from, from + ENTRIES_PER_TURN), limit, work)));
  }
  return results;
}

/** In steps, a turn before every `ENTRIES_PER_TURN`th item of a rule's loop; else nothing to wait for. */
export function turnBefore(ctx: RuleContext, index: number): Promise<void> | undefined {
  return ctx.takeTurn && index > 0 && index % ENTRIES_PER_TURN === 0 ? ctx.takeTurn() : undefined;
}

/** Where to point when a whole table is at fault: its header, else its first line. */
export function tableAnchor(table: { headerRange?: TextRange; range: TextRange }): TextRange {
  return table.headerRange ?? table.range;
}

export const START_OF_FILE: TextRange = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
