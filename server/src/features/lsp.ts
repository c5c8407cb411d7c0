/** Small translations from the core's plain data to LSP types. */
import { MarkupKind, type MarkupContent, type Range } from 'vscode-languageserver';
import type { TextRange } from '../../../formats';

/** Core text ranges are already 0-based line / UTF-16 character, as LSP counts them. */
export function toLspRange(range: TextRange): Range {
  return { start: { ...range.start }, end: { ...range.end } };
}

export function markdown(value: string): MarkupContent {
  return { kind: 'markdown', value };
}

/** Markdown as plain text: emphasis and code marks dropped, the words kept. */
export function markdownToPlainText(value: string): string {
  return value.replace(/\*\*/g, '').replace(/`/g, '').replace(/^---$/gm, '');
}

/** Markdown for clients that render it, plain text for the others. */
export function markup(value: string, clientRendersMarkdown: boolean): MarkupContent {
  return clientRendersMarkdown ? markdown(value) : { kind: MarkupKind.PlainText, value: markdownToPlainText(value) };
}
