/**
 * TOML parsing that keeps going after a syntax error. toml-eslint-parser (a maintained TOML 1.0
 * parser with source ranges on every node) stops at the first error; we report it, blank the
 * offending line (spaces, so every other offset stays valid) and parse again, so the rest of
 * the file is still checked as far as the parser allows.
 */
import { parseTOML, type AST } from 'toml-eslint-parser';
import type { FormatDiagnostic } from '../diagnostics';
import type { LineIndex } from './textRanges';

/** Give up after this many errors: beyond it the file is not TOML in any useful sense. */
const MAX_SYNTAX_ERRORS = 20;

interface ParserFailure {
  offset: number;
  message: string;
}

type Attempt = { program: AST.TOMLProgram } | { failure: ParserFailure };

function attempt(text: string): Attempt {
  try {
    return { program: parseTOML(text, { tomlVersion: '1.0' }) };
  } catch (error) {
    const e = error as { index?: unknown; message?: unknown };
    const offset = typeof e.index === 'number' ? e.index : 0;
    return { failure: { offset, message: typeof e.message === 'string' ? e.message : String(error) } };
  }
}

function blankLine(text: string, lines: LineIndex, line: number): string {
  const [start, end] = lines.lineBounds(line);
  return text.slice(0, start) + ' '.repeat(end - start) + text.slice(end);
}

function isBlank(text: string, lines: LineIndex, line: number): boolean {
  const [start, end] = lines.lineBounds(line);
  return text.slice(start, end).trim() === '';
}

export interface TomlParseResult {
  /** Undefined only when even the recovery could not produce a tree. */
  program?: AST.TOMLProgram;
  diagnostics: FormatDiagnostic[];
  /** Lines blanked to get past syntax errors: their keys are missing from the model. */
  skippedLines: number[];
}

export function parseTomlWithRecovery(original: string, lines: LineIndex): TomlParseResult {
  const diagnostics: FormatDiagnostic[] = [];
  const skippedLines: number[] = [];
  let text = original;
  let current = attempt(text);
  while ('failure' in current && diagnostics.length < MAX_SYNTAX_ERRORS) {
    const failure = current.failure;
    const at = lines.positionAt(failure.offset);
    // An error at the first token of a line often belongs to the line before (`title =` then
    // a newline): try blanking either and keep whichever lets the parser get further.
    const candidates = [at.line];
    for (let l = at.line - 1; l >= 0; l--) {
      if (!isBlank(text, lines, l)) {
        candidates.push(l);
        break;
      }
    }
    let best: { line: number; text: string; next: Attempt } | undefined;
    for (const line of candidates) {
      if (isBlank(text, lines, line)) continue;
      const blanked = blankLine(text, lines, line);
      const next = attempt(blanked);
      const reach = 'program' in next ? Infinity : next.failure.offset;
      const bestReach = !best ? -1 : 'program' in best.next ? Infinity : best.next.failure.offset;
      if (reach > bestReach) best = { line, text: blanked, next };
    }
    const culprit = best?.line ?? at.line;
    const [lineStart, lineEnd] = lines.lineBounds(culprit);
    const start = culprit === at.line ? failure.offset : lineStart;
    const end = culprit === at.line ? Math.max(lineEnd, failure.offset + 1) : lineEnd;
    diagnostics.push({
      code: 'manifest/syntax',
      severity: 'error',
      message: `Not valid TOML: ${failure.message}. The packer refuses the whole file.`,
      range: lines.rangeOf(start, Math.min(end, original.length)),
    });
    if (!best) return { diagnostics, skippedLines };
    skippedLines.push(best.line);
    text = best.text;
    current = best.next;
  }
  return { program: 'program' in current ? current.program : undefined, diagnostics, skippedLines };
}
