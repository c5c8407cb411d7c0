/**
 * TOML parsing that keeps going after a syntax error. toml-eslint-parser (a maintained TOML 1.0
 * parser with source ranges on every node) stops at the first error; we report it, blank the
 * offending line (spaces, so every other offset stays valid) and parse again, so the rest of
 * the file is still checked as far as the parser allows. Parsing goes one top-level section at a
 * time, so errors in one entry are recovered from by re-parsing that entry only.
 */
import { parseTOML, type AST } from 'toml-eslint-parser';
import type { FormatDiagnostic } from '../diagnostics';
import type { LineIndex } from './textRanges';
import { tomlSectionStarts } from './tomlSections';

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

/** A section's text and where it sits in the whole text. */
interface Section {
  text: string;
  offset: number;
}

function blankLine(section: Section, lines: LineIndex, line: number): string {
  const [start, end] = localBounds(section, lines, line);
  return section.text.slice(0, start) + ' '.repeat(end - start) + section.text.slice(end);
}

function isBlank(section: Section, lines: LineIndex, line: number): boolean {
  const [start, end] = localBounds(section, lines, line);
  return section.text.slice(start, end).trim() === '';
}

/** A line's bounds inside the section (clipped to it). */
function localBounds(section: Section, lines: LineIndex, line: number): [number, number] {
  const [start, end] = lines.lineBounds(line);
  const clip = (n: number) => Math.max(0, Math.min(section.text.length, n - section.offset));
  return [clip(start), clip(end)];
}

export interface TomlParseResult {
  /** Diagnostics of every section, in text order. */
  diagnostics: FormatDiagnostic[];
  /** Lines blanked to get past syntax errors: their keys are missing from the model. */
  skippedLines: number[];
  /** Sections that gave a tree (the others are missing from the model entirely). */
  parsedSections: number;
  sections: number;
}

/**
 * Parses `original` one top-level section at a time (tomlSections.ts) and hands each section's
 * tree to `visit` with the section's offset, then drops it: at most one section's tree is held.
 * Each section recovers from its own syntax errors; the work spent re-parsing is capped, so a
 * large file that is not TOML at all gives a few errors quickly instead of 20 full re-parses.
 */
export function parseTomlSections(original: string, lines: LineIndex, visit: (program: AST.TOMLProgram, offset: number) => void): TomlParseResult {
  const steps = parseTomlSectionsInSteps(original, lines, visit);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * The same, one section per step, so a caller can let other work run in between (see
 * parseManifestInSteps). `readDirectly`, where given, is offered each section first (its start
 * and end in `original`): true when the caller read it itself (a shape it knows without the
 * parser, `plainSection.ts`), and the parser is not run on it.
 */
export function* parseTomlSectionsInSteps(
  original: string,
  lines: LineIndex,
  visit: (program: AST.TOMLProgram, offset: number) => void,
  readDirectly?: (start: number, end: number) => boolean,
): Generator<void, TomlParseResult> {
  const starts = tomlSectionStarts(original);
  const result: TomlParseResult = { diagnostics: [], skippedLines: [], parsedSections: 0, sections: starts.length };
  // A step of its own: finding the sections of 5 MB of text takes ~15-30 ms.
  yield;
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i]!;
    const end = starts[i + 1] ?? original.length;
    if (readDirectly?.(start, end)) {
      result.parsedSections++;
      yield;
      continue;
    }
    const section = { text: original.slice(start, end), offset: start };
    const program = parseSectionWithRecovery(section, lines, original.length, result);
    if (program) {
      result.parsedSections++;
      visit(program, start);
    }
    yield;
  }
  return result;
}

/** Characters parsed again to recover, at most this many times the section's own length (plus a little). */
const RECOVERY_WORK_FACTOR = 4;
const RECOVERY_WORK_SLACK = 64 * 1024;

function parseSectionWithRecovery(section: Section, lines: LineIndex, totalLength: number, into: TomlParseResult): AST.TOMLProgram | undefined {
  let current = attempt(section.text);
  let work = section.text.length;
  const budget = RECOVERY_WORK_FACTOR * section.text.length + RECOVERY_WORK_SLACK;
  while ('failure' in current && into.diagnostics.length < MAX_SYNTAX_ERRORS) {
    const failure = current.failure;
    const failureAt = section.offset + failure.offset;
    const at = lines.positionAt(failureAt);
    // An error at the first token of a line often belongs to the line before (`title =` then
    // a newline): try blanking either and keep whichever lets the parser get further.
    const candidates = [at.line];
    for (let l = at.line - 1; l >= 0 && lines.lineBounds(l)[1] > section.offset; l--) {
      if (!isBlank(section, lines, l)) {
        candidates.push(l);
        break;
      }
    }
    let best: { line: number; text: string; next: Attempt } | undefined;
    for (const line of candidates) {
      if (isBlank(section, lines, line) || work > budget) continue;
      const blanked = blankLine(section, lines, line);
      const next = attempt(blanked);
      work += blanked.length;
      const reach = 'program' in next ? Infinity : next.failure.offset;
      const bestReach = !best ? -1 : 'program' in best.next ? Infinity : best.next.failure.offset;
      if (reach > bestReach) best = { line, text: blanked, next };
    }
    const culprit = best?.line ?? at.line;
    const [lineStart, lineEnd] = lines.lineBounds(culprit);
    const start = culprit === at.line ? failureAt : lineStart;
    const end = culprit === at.line ? Math.max(lineEnd, failureAt + 1) : lineEnd;
    into.diagnostics.push({
      code: 'manifest/syntax',
      severity: 'error',
      message: `Not valid TOML: ${failure.message}. The packer refuses the whole file.`,
      range: lines.rangeOf(start, Math.min(end, totalLength)),
    });
    if (!best) return undefined;
    into.skippedLines.push(best.line);
    section.text = best.text;
    current = best.next;
  }
  return 'program' in current ? current.program : undefined;
}
