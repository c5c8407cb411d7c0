import type { FormatDiagnostic } from '../formats/diagnostics';
import type { ByteDescription } from '../formats/describe';
import type { RowLayout } from '../formats/editing/rowLayout';

/**
 * Messages between the hex editor's extension-host side (client/src/hexEditor/) and its
 * webview (webview/hex/). Bytes travel as Uint8Array, which VS Code's postMessage transfers
 * as binary, never as JSON arrays of numbers.
 */

/** Everything the webview needs to draw rows without asking again. */
export interface HexDocumentInfo {
  uri: string;
  fileName: string;
  layout: RowLayout;
  /** The header's bytes (up to 16) as currently edited: the webview decodes the header row. */
  headerBytes: Uint8Array;
  /** Frames per second (setting `ewzanim.frameRate`), for the header row's duration. */
  frameRate: number;
  /** Explanation shown on top when the header cannot be read (plain rows below). */
  headerProblem?: string;
}

export type HostToHexMessage =
  | { type: 'init'; info: HexDocumentInfo }
  /** The bytes changed (edit, undo, redo, revert): drop cached pages, ask again. */
  | { type: 'changed'; info: HexDocumentInfo }
  | { type: 'bytes'; requestId: number; offset: number; bytes: Uint8Array }
  | { type: 'diagnostics'; diagnostics: FormatDiagnostic[] }
  | { type: 'description'; requestId: number; description: ByteDescription | null; error?: string }
  /** Scroll to and select the row holding `offset` (Go to commands, other views' selection). */
  | { type: 'reveal'; offset: number }
  | { type: 'editResult'; requestId: number; error?: string };

export type HexToHostMessage =
  | { type: 'ready' }
  | { type: 'readBytes'; requestId: number; offset: number; length: number }
  | { type: 'describe'; requestId: number; offset: number }
  | { type: 'edit'; requestId: number; offset: number; bytes: Uint8Array; label: string }
  /** The user selected a byte; the host tells the other views which frame/bone it is. */
  | { type: 'select'; offset: number }
  /** Painted for the first time, and how long after the script started (for the bench). */
  | { type: 'firstPaint'; ms: number }
  | { type: 'openPreview' };

/** Largest `readBytes` the host answers: a page of rows, never a whole file. */
export const MAX_READ_BYTES = 1 << 20;
