/**
 * `ewzanim check --format github`: GitHub Actions workflow commands, one line per diagnostic (the
 * first few of one code in one file; the rest of that code as one summary line)
 * (`::error file=assets/walk.nczxanim,line=1,title=anim/truncated::...`), which the runner turns
 * into annotations on the run and the pull request. Binary files have no lines: their
 * annotations sit on line 1 and the message names the bytes (`(bytes 0x3E8-0x5A3)`), as in the
 * Problems panel. Manifest annotations carry line and column (and the end when it is known).
 */
import type { FormatDiagnostic, Severity } from '../../formats/diagnostics';
import { messageWithByteRange } from '../../formats/byteRangeText';
import type { CheckReport } from './checkReport';
import { workspacePath } from './paths';

type AnnotationLevel = 'error' | 'warning' | 'notice';

const LEVEL: Record<Severity, AnnotationLevel> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

/** Escapes a command's message, as the runner unescapes it (`%`, CR, LF). */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a property value: the message escapes plus `:` and `,`, which separate properties. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function command(level: AnnotationLevel, properties: [string, string | number][], message: string): string {
  const props = properties.map(([key, value]) => `${key}=${escapeProperty(String(value))}`).join(',');
  return `::${level}${props ? ` ${props}` : ''}::${escapeData(message)}`;
}

/** The position properties of a diagnostic: `line` (1-based) and, for text ranges, columns. */
export function annotationPosition(d: FormatDiagnostic): [string, number][] {
  if (d.range) {
    const { start, end } = d.range;
    // GitHub takes columns only within one line; its end column is inclusive, the core's exclusive.
    if (end.line > start.line) return [['line', start.line + 1], ['endLine', end.line + 1]];
    const position: [string, number][] = [['line', start.line + 1], ['col', start.character + 1]];
    if (end.character > start.character + 1) position.push(['endColumn', end.character]);
    return position;
  }
  return d.byteRange ? [['line', 1]] : [];
}

/**
 * GitHub shows at most 10 annotations of each level per step: of one code in one file, the first
 * this many are annotated one by one, the rest summed up in one annotation (SARIF and JSON keep
 * every problem).
 */
export const ANNOTATIONS_PER_CODE = 3;

/** The diagnostics of one file, each code's first few alone, the rest of that code as one group. */
function groupByCode(diagnostics: readonly FormatDiagnostic[]): (FormatDiagnostic | FormatDiagnostic[])[] {
  const seen = new Map<string, number>();
  const rest = new Map<string, FormatDiagnostic[]>();
  const out: (FormatDiagnostic | FormatDiagnostic[])[] = [];
  for (const d of diagnostics) {
    const count = (seen.get(d.code) ?? 0) + 1;
    seen.set(d.code, count);
    if (count <= ANNOTATIONS_PER_CODE) {
      out.push(d);
      continue;
    }
    let group = rest.get(d.code);
    if (!group) {
      group = [];
      rest.set(d.code, group);
      out.push(group);
    }
    group.push(d);
  }
  return out;
}

/** One annotation for `group` (same code, same file), at its first problem's position. */
function groupAnnotation(path: string, group: readonly FormatDiagnostic[]): string {
  const first = group[0];
  const message =
    `${group.length} more ${first.code} in this file (${ANNOTATIONS_PER_CODE} shown above), the first: ${messageWithByteRange(first)}. ` +
    'Every one is in `ewzanim check --format sarif` or `--json`.';
  return command(LEVEL[first.severity], [['file', path], ...annotationPosition(first), ['title', `${first.code} (${group.length} more)`]], message);
}

export function githubAnnotations(report: CheckReport, cwd: string): string[] {
  const lines: string[] = [];
  for (const problem of report.problems) {
    lines.push(command('error', [['file', workspacePath(problem.path, cwd)], ['title', 'ewzanim']], `${problem.path}: ${problem.message}`));
  }
  for (const file of report.files) {
    const path = workspacePath(file.path, cwd);
    for (const item of groupByCode(file.diagnostics)) {
      lines.push(
        Array.isArray(item)
          ? groupAnnotation(path, item)
          : command(LEVEL[item.severity], [['file', path], ...annotationPosition(item), ['title', item.code]], messageWithByteRange(item)),
      );
    }
  }
  return lines;
}
