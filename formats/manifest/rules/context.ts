/** What every manifest rule receives: the model, where to report, and how to read files. */
import type { FormatDiagnostic, TextRange } from '../../diagnostics';
import type { FileAccess } from '../../fileAccess';
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
}

/** Where to point when a whole table is at fault: its header, else its first line. */
export function tableAnchor(table: { headerRange?: TextRange; range: TextRange }): TextRange {
  return table.headerRange ?? table.range;
}

export const START_OF_FILE: TextRange = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
