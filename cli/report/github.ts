/**
 * `ewzanim check --format github`: GitHub Actions workflow commands, one line per diagnostic
 * (`::error file=assets/walk.nczxanim,line=1,title=anim/truncated::...`), which the runner turns
 * into annotations on the run and the pull request. Binary files have no lines: their
 * annotations sit on line 1 and the message names the bytes (`(bytes 0x3E8-0x5A3)`), as in the
 * Problems panel. Manifest annotations carry line and column (and the end when it is known).
 */
import type { FormatDiagnostic, Severity } from '../../formats/diagnostics';
import { messageWithByteRange } from '../../formats/byteRangeText';
import type { CheckReport } from '../checkCommand';
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

export function githubAnnotations(report: CheckReport, cwd: string): string[] {
  const lines: string[] = [];
  for (const problem of report.problems) {
    lines.push(command('error', [['file', workspacePath(problem.path, cwd)], ['title', 'ewzanim']], `${problem.path}: ${problem.message}`));
  }
  for (const file of report.files) {
    const path = workspacePath(file.path, cwd);
    for (const d of file.diagnostics) {
      lines.push(command(LEVEL[d.severity], [['file', path], ...annotationPosition(d), ['title', d.code]], messageWithByteRange(d)));
    }
  }
  return lines;
}
