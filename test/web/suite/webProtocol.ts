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
 * `preview-shown`: the preview tab `tabLabel` is open on frame 0; compare its canvas, drawn at a
 * fixed size, with the golden image `golden`, then close that tab.
 * `curves-shown`: the preview tab `tabLabel` shows its Curves panel; pick `bone` in the bone list,
 * see its curves drawn with exactly the marks `marks` ([code, frame]), then close that tab.
 * `diff-shown`: the clip diff tab `tabLabel` is open; see its summary hold `summary` and its
 * legend match `legend` (a regular expression) over a coloured heatmap, then close that tab.
 * `notification`: a notification holding `text` is shown (then cleared); the suite does not wait
 * for it, so a step it waits for must follow.
 */
export type PageStep =
  | { step: 'hex-edit'; file: string }
  | { step: 'preview-shown'; tabLabel: string; golden: string }
  | { step: 'curves-shown'; tabLabel: string; bone: number; marks: [string, number][] }
  | { step: 'diff-shown'; tabLabel: string; summary: string; legend: string }
  | { step: 'notification'; text: string };

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
  /**
   * The clip whose keyframe listing is hovered: the listing line holding `rotationWord`
   * (`rot 0x…`) is hovered on that word; the hover's lines by index (the core's decode of the
   * planted word, computed on the node side).
   */
  listing: { clip: string; rotationWord: string; hoverLines: Record<number, string> };
  /** The clip edited in the hex editor: scale x of frame 0 · bone 0 (bytes 14-15) becomes 2 (00 40). */
  hexClip: string;
  /** The clip the preview opens, and its golden image's name (test/gpu/golden/<golden>.png). */
  preview: { clip: string; golden: string };
  /** The clip whose Curves are shown, and the bone picked there with the marks its curves carry ([code, frame], from the core's findings). */
  curves: { clip: string; bone: number; marks: [string, number][] };
  /** Two clips compared (`b` is `a` with one keyframe turned), a line of the diff's summary and a pattern of its legend. */
  compare: { a: string; b: string; summary: string; legend: string };
  /** An .fbx the export is asked for, and the words of the notification that says it cannot run here. */
  fbx: { path: string; message: string };
  /** Compressed GLBs exported by the export command at `frameRate`: `clip` must hold `bytes` (the node-side export of the uncompressed source). */
  gltfExports: { glb: string; frameRate: number; clip: string; bytes: number[] }[];
}
