/**
 * Going from problem to problem in the hex editor: which bytes a problem selects, the order the
 * problems are gone through (the Problems panel's: errors first, then warnings, then the rest,
 * each in the order the check reports them), where a freshly opened editor starts, and the next
 * and previous problem (F8, Shift+F8). Pure: no DOM.
 */
import type { ByteRange, Severity } from '../../formats/diagnostics';

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

/** What going to a problem needs of it (the core's diagnostics and the hex editor's wire type both have it). */
export interface Problem {
  severity: Severity;
  byteRange?: ByteRange;
}

/** A problem that has bytes to go to. */
export type Placed<P extends Problem> = P & { byteRange: ByteRange };

/**
 * The bytes a problem marks and selects: its byte range; an empty range (bytes missing at the
 * end of the file) marks the byte before it, the last one there is.
 */
export function problemBytes(range: ByteRange): ByteRange {
  const start = range.end > range.start ? range.start : Math.max(0, range.start - 1);
  return { start, end: Math.max(range.end, start + 1) };
}

/** The problems with bytes, in the Problems panel's order: by severity, then as reported. */
export function problemOrder<P extends Problem>(diagnostics: readonly P[]): Placed<P>[] {
  const placed = diagnostics.filter((d): d is Placed<P> => d.byteRange !== undefined);
  // Array.prototype.sort is stable: equal severities keep the check's order.
  return placed.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
}

/**
 * The problem after (`step` 1) or before (-1) `current`, wrapping round at the ends; from no
 * current problem, the first or the last. Undefined when there is none.
 */
export function stepProblem(current: number | undefined, count: number, step: 1 | -1): number | undefined {
  if (count === 0) return undefined;
  if (current === undefined || current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/** The problem whose bytes are exactly `selection` (a code link's reveal, a step); else undefined. */
export function problemAt(problems: readonly Placed<Problem>[], selection: ByteRange): number | undefined {
  const index = problems.findIndex((p) => {
    const bytes = problemBytes(p.byteRange);
    return bytes.start === selection.start && bytes.end === selection.end;
  });
  return index < 0 ? undefined : index;
}

/** Whether `offset` lies in the problem's bytes (the selection is still on it). */
export function isOnProblem(problem: Placed<Problem>, offset: number): boolean {
  const bytes = problemBytes(problem.byteRange);
  return offset >= bytes.start && offset < bytes.end;
}
