/**
 * Core results -> LSP types, as small pure functions (unit tested without an editor).
 * Binary files have no lines: their diagnostics sit at (0,0) and carry the byte range in the
 * message and in `data.byteRange`, where the hex editor finds it.
 */
import { DiagnosticSeverity, type Diagnostic, type DiagnosticRelatedInformation, type Range } from 'vscode-languageserver';
import { describeByteRange, messageWithByteRange } from '../../formats/byteRangeText';
import type { FormatDiagnostic, Severity, TextRange } from '../../formats/diagnostics';

export const DIAGNOSTIC_SOURCE = 'ewzanim';

const LSP_SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

const FILE_START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** The severity a code gets after the user's overrides; undefined when the code is 'off'. */
export function effectiveSeverity(
  diagnostic: Pick<FormatDiagnostic, 'code' | 'severity'>,
  overrides: Readonly<Record<string, Severity | 'off'>>,
): Severity | undefined {
  const override = overrides[diagnostic.code];
  if (override === 'off') return undefined;
  return override ?? diagnostic.severity;
}

/** "bytes 0x4-0x13": the core's one wording of a byte range, as the hex editor shows it too. */
export { describeByteRange };

function toRange(range: TextRange | undefined): Range {
  return range ? { start: { ...range.start }, end: { ...range.end } } : FILE_START;
}

export interface TranslateOptions {
  /** The client shows `relatedInformation` (else it is left out). Default true. */
  relatedInformation?: boolean;
}

export function toLspDiagnostic(
  diagnostic: FormatDiagnostic,
  overrides: Readonly<Record<string, Severity | 'off'>>,
  pathToUri: (path: string) => string,
  options: TranslateOptions = {},
): Diagnostic | undefined {
  const severity = effectiveSeverity(diagnostic, overrides);
  if (!severity) return undefined;
  const byteRange = diagnostic.byteRange;
  const result: Diagnostic = {
    range: toRange(diagnostic.range),
    severity: LSP_SEVERITY[severity],
    code: diagnostic.code,
    source: DIAGNOSTIC_SOURCE,
    message: messageWithByteRange(diagnostic),
  };
  if (diagnostic.data || byteRange) {
    result.data = { ...diagnostic.data, ...(byteRange ? { byteRange: { start: byteRange.start, end: byteRange.end } } : {}) };
  }
  if (diagnostic.related?.length && options.relatedInformation !== false) {
    result.relatedInformation = diagnostic.related.map(
      (r): DiagnosticRelatedInformation => ({
        location: { uri: pathToUri(r.path), range: toRange(r.range) },
        message: r.byteRange ? `${r.message} (${describeByteRange(r.byteRange)})` : r.message,
      }),
    );
  }
  return result;
}

export function toLspDiagnostics(
  diagnostics: readonly FormatDiagnostic[],
  overrides: Readonly<Record<string, Severity | 'off'>>,
  pathToUri: (path: string) => string,
  options: TranslateOptions = {},
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const lsp = toLspDiagnostic(d, overrides, pathToUri, options);
    if (lsp) out.push(lsp);
  }
  return out;
}

export interface ProblemCounts {
  errors: number;
  warnings: number;
  others: number;
}

export function countProblems(diagnostics: readonly Diagnostic[], into: ProblemCounts = { errors: 0, warnings: 0, others: 0 }): ProblemCounts {
  for (const d of diagnostics) {
    if (d.severity === DiagnosticSeverity.Error) into.errors++;
    else if (d.severity === DiagnosticSeverity.Warning) into.warnings++;
    else into.others++;
  }
  return into;
}
