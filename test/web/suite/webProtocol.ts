/**
 * What the web suite's two sides share: the extension host's run() (test/web/suite) and the node
 * test that drives the page (test/web/web.test.ts) talk through console lines with these prefixes.
 */

/** The final line: every check's outcome. */
export const RESULT_PREFIX = 'EWZANIM_WEB_RESULT ';
/** A step the node side must do in the page before the check goes on (see `PageStep`). */
export const STEP_PREFIX = 'EWZANIM_WEB_STEP ';

/**
 * `hex-edit`: the clip is open in the hex editor; set frame 0 · bone 0's scale x to 2 and save.
 * `preview-shown`: the preview tab `tabLabel` is open; look at it, then close that tab.
 */
export type PageStep = { step: 'hex-edit'; file: string } | { step: 'preview-shown'; tabLabel: string };

export interface CheckResult {
  exitCode: number;
  passes: string[];
  failures: { title: string; message: string }[];
}

/** The planted workspace's expectations travel in this file (see test/web/webWorkspace.ts). */
export const EXPECTED_FILE = 'planted/expected.json';

export interface WebExpectations {
  /** Path -> its diagnostics in order (LSP severity 1..4; 0-based line for manifests). */
  diagnostics: Record<string, { code: string; severity: 1 | 2 | 3 | 4; line?: number }[]>;
  /** Clean files: no diagnostics once the others have arrived. */
  clean: string[];
  /** The manifest hovered, the text hovered on, and the hover's first lines. */
  hover: { path: string; needle: string; firstLines: string[] };
  /** The clip edited in the hex editor: scale x of frame 0 · bone 0 (bytes 14-15) becomes 2 (00 40). */
  hexClip: string;
}
