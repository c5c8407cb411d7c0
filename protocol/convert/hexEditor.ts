/**
 * The one conversion from the core's types to the hex editor's webview messages
 * (`protocol/hexEditor.ts`), field by field: descriptions (as the core renders them),
 * problems, search matches, and the search a webview asks for, back into the core's query.
 */
import type { ByteDescription } from '../../formats/description';
import { describeView } from '../../formats/describeText';
import type { FormatDiagnostic } from '../../formats/diagnostics';
import type { SearchQuery } from '../../formats/editing/search';
import type { HexDescription, HexDiagnostic, HexSearchQuery, SearchAnswer } from '../hexEditor';
import { byteRangeWire, withoutUndefined } from './plain';

/** The description's rendering (heading, rows, notes): what the tooltip and the inspector draw. */
export function hexDescriptionWire(description: ByteDescription): HexDescription {
  const view = describeView(description);
  return {
    title: view.title,
    place: view.place,
    span: view.span,
    rows: view.rows.map((row) => ({ label: row.label, value: row.value, code: row.code === true })),
    notes: [...view.notes],
  };
}

export function hexDiagnosticWire(diagnostic: FormatDiagnostic): HexDiagnostic {
  return withoutUndefined({
    code: diagnostic.code,
    severity: diagnostic.severity,
    message: diagnostic.message,
    byteRange: diagnostic.byteRange && byteRangeWire(diagnostic.byteRange),
  });
}

/** A search's answer with its matches as wire ranges. */
export function searchAnswerWire(answer: SearchAnswer): SearchAnswer {
  return withoutUndefined({
    matches: answer.matches.map(byteRangeWire),
    total: answer.total,
    capped: answer.capped,
    done: answer.done,
    scannedBytes: answer.scannedBytes,
    error: answer.error,
  });
}

/** The webview's search as the core's query. */
export function searchQueryOfWire(query: HexSearchQuery): SearchQuery {
  return query.kind === 'bytes' ? { kind: 'bytes', pattern: query.pattern } : { kind: 'condition', condition: query.condition };
}
