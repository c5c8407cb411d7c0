/**
 * How the hex editor's webview cuts a file into rows (part of the hex editor's messages,
 * protocol/hexEditor.ts): the host writes it field by field from the core's row layout
 * (`protocol/convert/hexRowLayout.ts`), and the webview reads it with the core's own row
 * arithmetic (formats/editing/rowLayout.ts, formats/msh/rows.ts and fields.ts), which accepts
 * these types because they carry the same fields. A field the core adds reaches the webview
 * only once it is added here and to the conversion.
 *
 * Plain data except two binary arrays of an NRes file (`nameField`, `nodeWords`), which
 * postMessage transfers as binary like the page bytes.
 */

/** A clip or skeleton: a header row, then one row per record (or plain 16-byte rows when the header is unreadable). */
export interface HexGridLayout {
  kind: 'clip' | 'skeleton';
  /** File size in bytes. */
  size: number;
  /** Bytes of the header row; 0 when the header is unreadable (plain rows from byte 0). */
  headerSize: number;
  /** Bytes per record row: 16 (keyframe), 48 (matrix), or 16 in plain mode. */
  recordSize: number;
  /** Clip: bones per frame; skeleton: bones; 0 in plain mode. */
  boneCount: number;
  /** Clip: frames the header promises; skeleton: 1; 0 in plain mode. */
  frameCount: number;
  /** Whole records present in the file (fewer than promised when it is truncated). */
  recordCount: number;
  /** Size the header promises (0 in plain mode). */
  expectedSize: number;
  /** Rows in all: header, records, then 16-byte rows of what is left. */
  rowCount: number;
}

/** Rows that repeat every `recordBytes` from `start`, cut at the offsets `cuts` inside each record. */
export interface HexRowSegment {
  start: number;
  /** Exclusive. */
  end: number;
  recordBytes: number;
  cuts: number[];
  /** The first row of the segment in the file. */
  firstRow: number;
}

/** An NRes file (MSH model or archive): rows of varying size from its directory. */
export interface HexMshLayout {
  kind: 'msh';
  size: number;
  rowCount: number;
  /** The file as consecutive segments, in file order. */
  segments: HexRowSegment[];
  /** The opened file: fields, labels and values of every row come from it. */
  file: HexMshFile;
}

export type HexRowLayout = HexGridLayout | HexMshLayout;

/** An opened NRes file. */
export interface HexMshFile {
  size: number;
  /** What the first four bytes announce. */
  container: 'nres' | 'rsli' | 'unknown';
  /** Every NRes blob read: the file's own first (when it is NRes), then nested ones. */
  blobs: HexNresBlob[];
  /** The models found (one for a loose model, one per model entry of an archive). */
  models: HexMshModel[];
}

/** One NRes container: the file itself or an entry's payload. */
export interface HexNresBlob {
  /** Absolute offset of the blob (0 for the file itself). */
  base: number;
  /** Bytes the blob occupies: the file length, or the size of the entry that holds it. */
  length: number;
  /** The header's version, entry count (signed) and total size. */
  header: { version: number; entryCount: number; totalSize: number };
  /** Bytes interpreted: the smaller of the total size and `length`. */
  extent: number;
  /** Absolute start of the directory; absent when it does not fit (no entries then). */
  directoryStart?: number;
  entries: HexNresEntry[];
}

/** One 64-byte directory entry. */
export interface HexNresEntry {
  /** Position in the directory. */
  index: number;
  typeId: number;
  attr1: number;
  attr2: number;
  attr3: number;
  dataSize: number;
  /** From the start of the blob that holds the entry. */
  dataOffset: number;
  sortIndex: number;
  /** The text before the first NUL, one character a byte (latin1). */
  name: string;
  /** The raw 36-byte name field (binary). */
  nameField: Uint8Array;
  /** Absolute offset of the 64-byte entry. */
  entryStart: number;
  /** Absolute offset of the payload. */
  dataStart: number;
  /** The payload lies inside the blob. */
  payloadInside: boolean;
}

/** One Res10 name record (absolute offsets). */
export interface HexMshNameRecord {
  /** The node it names. */
  node: number;
  start: number;
  end: number;
  length: number;
  /** Absent for length 0 ("no name") or a record that runs past the payload. */
  text?: string;
}

/** The streams of a model, by role: the first entry of type 1, 8, 10 and 19. */
export interface HexMshStreams {
  nodes?: HexNresEntry;
  keys?: HexNresEntry;
  names?: HexNresEntry;
  map?: HexNresEntry;
}

/** One MSH model of the file. */
export interface HexMshModel {
  /** Position in `HexMshFile.models`. */
  index: number;
  /** The entry name in the archive, or 'model' for a loose model file. */
  name: string;
  /** For messages: 'Model "walk.msh" (archive entry 3)' or 'Model'. */
  subject: string;
  /** Position of the model's blob in `HexMshFile.blobs`, and that blob. */
  blobIndex: number;
  blob: HexNresBlob;
  /** The archive entry that holds the model (absent for a loose model). */
  outerEntry?: HexNresEntry;
  streams: HexMshStreams;
  /** Res1 attr3; the nodes are interpreted only when it is 38. */
  nodeStride: number;
  nodeCount: number;
  /** 19 u16 words a node (binary). */
  nodeWords: Uint16Array;
  keyCount: number;
  wordCount: number;
  /** Res19 attr2 (0 without Res19). */
  frameCount: number;
  nameRecords: HexMshNameRecord[];
  /** Res1 (stride 38), Res8 and Res19 are all present and inside the blob. */
  animated: boolean;
  fallbacksIncrease: boolean;
  mapBlocksIncrease: boolean;
  /** Indices of the nodes with a frame map, in node order. */
  mappedNodes: number[];
}
