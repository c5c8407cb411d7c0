/**
 * Diagnostics as plain data. The core never knows about LSP or VS Code: adapters translate
 * byte ranges (binary files) and text ranges (manifests) into their own types.
 */

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** Half-open byte range `[start, end)` inside a binary file. */
export interface ByteRange {
  start: number;
  end: number;
}

/** 0-based line and UTF-16 character, as LSP counts them. */
export interface TextPosition {
  line: number;
  character: number;
}

export interface TextRange {
  start: TextPosition;
  end: TextPosition;
}

/** A place in another file that explains a diagnostic (the skeleton a clip mismatches, say). */
export interface RelatedLocation {
  path: string;
  message: string;
  byteRange?: ByteRange;
  range?: TextRange;
}

export interface FormatDiagnostic {
  /** Stable code such as `anim/truncated`; never renamed once published. */
  code: string;
  severity: Severity;
  /** What was found, what was expected, and what to do. */
  message: string;
  /** Set for diagnostics in binary files. */
  byteRange?: ByteRange;
  /** Set for diagnostics in text files (manifests). */
  range?: TextRange;
  related?: RelatedLocation[];
  /** Machine-readable facts a quick fix needs (e.g. `{ newPath: "walk.nczxanim" }`). */
  data?: Record<string, string | number | boolean>;
}

export function countBySeverity(diagnostics: readonly FormatDiagnostic[]): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
  }
  return { errors, warnings };
}
