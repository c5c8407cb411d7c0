/** Small translations from the core's plain data to LSP types. */
import type { MarkupContent, Range } from 'vscode-languageserver/node';
import type { TextRange } from '../../../formats';

/** Core text ranges are already 0-based line / UTF-16 character, as LSP counts them. */
export function toLspRange(range: TextRange): Range {
  return { start: { ...range.start }, end: { ...range.end } };
}

export function markdown(value: string): MarkupContent {
  return { kind: 'markdown', value };
}
