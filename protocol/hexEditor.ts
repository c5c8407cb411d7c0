import type { WireByteRange } from './describe';
import type { HexRowLayout } from './hexRowLayout';

export type * from './hexRowLayout';

/**
 * Messages between the hex editor's extension-host side (client/src/hexEditor/) and its
 * webview (webview/hex/). Their own types, written from the core's field by field by
 * `protocol/convert/hexEditor.ts` (and `hexRowLayout.ts` for the rows). Bytes travel as
 * Uint8Array, which VS Code's postMessage transfers as binary, never as JSON arrays of numbers.
 */

/** What the hex editor shows a file as: a clip, a skeleton, or an NRes file (MSH model or archive). */
export type HexKind = 'clip' | 'skeleton' | 'msh';

/**
 * A byte's description as the inspector and the tooltip draw it: the core's one rendering
 * (formats/describeText.ts `describeView`), the same rows as the language server's hover.
 */
export interface HexDescription {
  /** What the field is: 'Rotation (smallest-three u32)'. */
  title: string;
  /** Which record: 'frame 3 · bone 1', 'bone 2', 'vertex 7'; '' for headers and loose bytes. */
  place: string;
  /** 'bytes 0x14-0x17 (4 bytes)'. */
  span: string;
  /** Labelled values; `code` rows (raw bytes and words) are shown as code. */
  rows: { label: string; value: string; code: boolean }[];
  /** Findings (not finite, non-unit, out of range…). */
  notes: string[];
}

/** A problem of the file, for the problems strip, the row marks and F8. */
export interface HexDiagnostic {
  /** Stable code such as `anim/truncated`. */
  code: string;
  severity: 'error' | 'warning' | 'information' | 'hint';
  /** What was found, what was expected, and what to do. */
  message: string;
  /** The bytes it is about; absent for a problem of the whole file. */
  byteRange?: WireByteRange;
}

/** What to look for: a hex byte pattern ('0a ?? ff'), or values that meet a condition. */
export type HexSearchQuery =
  | { kind: 'bytes'; pattern: string }
  /** NaN or infinite positions, scales and matrix cells; non-unit rotations; zero scales. */
  | { kind: 'condition'; condition: 'nan' | 'infinite' | 'nonUnit' | 'zeroScale' };

/** Everything the webview needs to draw rows without asking again. */
export interface HexDocumentInfo {
  /** The document's URI and its file name. */
  uri: string;
  fileName: string;
  layout: HexRowLayout;
  /** The header's bytes (up to 16) as currently edited: the webview decodes the header row. */
  headerBytes: Uint8Array;
  /** Frames per second (setting `ewzanim.frameRate`), for the header row's duration. */
  frameRate: number;
  /** Explanation shown on top when the header cannot be read (plain rows below). */
  headerProblem?: string;
}

/** The file on disk is not the version the editor shows: the banner and the tab's mark. */
export interface DiskNotice {
  status: 'changed' | 'rewritten' | 'kept' | 'deleted';
  /** What changed and when, in one or two sentences. */
  message: string;
  /** The banner's buttons: "Reload from disk (discard my edits)", "Keep mine". */
  actions: ('reload' | 'keepMine')[];
  /** Added to the tab's title: "deleted", "changed on disk". */
  tabMark: string;
}

/**
 * Why the bytes changed. After `reload`, `revert` and `rewritten` the file may have another
 * layout: the webview keeps the selection and scroll by frame and bone where they still exist.
 */
export type ContentChange = 'edit' | 'undo' | 'redo' | 'revert' | 'reload' | 'rewritten' | 'save';

/** What a search reports while it runs and when it ends. */
export interface SearchAnswer {
  /** The first matches in file order (at most MAX_SEARCH_MATCHES). */
  matches: WireByteRange[];
  /** Every match found so far. */
  total: number;
  /** More matches exist than `matches` holds. */
  capped: boolean;
  /** False while the search still runs (a progress report). */
  done: boolean;
  /** Bytes searched so far. */
  scannedBytes: number;
  /** Why the search could not run (a bad hex pattern). */
  error?: string;
}

export type HostToHexMessage =
  | { type: 'init'; info: HexDocumentInfo; notice?: DiskNotice }
  /** The bytes changed: drop cached pages, ask again. */
  | { type: 'changed'; info: HexDocumentInfo; change: ContentChange }
  /** `edited`: unsaved spans inside the page as flat `[from, to, ...]` file offsets. */
  | { type: 'bytes'; requestId: number; offset: number; bytes: Uint8Array; edited: number[] }
  | { type: 'diagnostics'; diagnostics: HexDiagnostic[] }
  | { type: 'description'; requestId: number; description: HexDescription | null; error?: string }
  /** Scroll to and select the bytes `[offset, end)` (Go to commands, Problems, other views' selection). */
  | { type: 'reveal'; offset: number; end?: number }
  | { type: 'editResult'; requestId: number; error?: string }
  /** The file on disk changed, was deleted, or is in sync again (undefined). */
  | { type: 'notice'; notice: DiskNotice | undefined }
  /** Progress (done false) and the final answer of the search `searchId`. */
  | { type: 'searchResult'; searchId: number; answer: SearchAnswer }
  /** A keybinding of the workbench reached the editor: open the search, or move to a match. */
  | { type: 'command'; command: 'find' | 'findNext' | 'findPrevious' }
  /** F8 / Shift+F8: select the bytes of the next (1) or previous (-1) problem of the file. */
  | { type: 'stepProblem'; step: 1 | -1 };

export type HexToHostMessage =
  | { type: 'ready' }
  | { type: 'readBytes'; requestId: number; offset: number; length: number }
  | { type: 'describe'; requestId: number; offset: number }
  | { type: 'edit'; requestId: number; offset: number; bytes: Uint8Array; label: string }
  /** The user selected a byte; the host tells the other views which frame/bone it is. */
  | { type: 'select'; offset: number }
  /** Painted for the first time, and how long after the script started (for the bench). */
  | { type: 'firstPaint'; ms: number }
  | { type: 'openPreview' }
  /** The disk banner's buttons. */
  | { type: 'diskAction'; action: 'reload' | 'keepMine' }
  /** Starts a search (a running one is stopped); answers come as `searchResult` with this id. */
  | { type: 'search'; searchId: number; query: HexSearchQuery }
  | { type: 'cancelSearch' };

/** Largest `readBytes` the host answers: a page of rows, never a whole file. */
export const MAX_READ_BYTES = 1 << 20;
