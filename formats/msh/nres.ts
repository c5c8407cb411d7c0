/**
 * NRes containers: detection by magic, the 16-byte header, the directory at the end (64 bytes an
 * entry) and the container rules (header, directory and payload bounds, sort index, alignment,
 * names). Reads the header and the directory only, in pieces; payloads are never read here.
 * Every offset it returns is absolute (from the start of the file), so a nested blob's entries
 * and diagnostics point at the nested bytes directly.
 */
import { hexWord, readU32LE } from '../bytes';
import type { FormatDiagnostic } from '../diagnostics';
import type { ByteSource } from '../fileAccess';
import { DEFAULT_CHUNK_BYTES, ProblemCollector } from '../problemCollector';
import { mshDiagnostic } from './codes';
import {
  ENTRY_AT,
  NRES_ENTRY_SIZE,
  NRES_HEADER_SIZE,
  NRES_MAGIC_BYTES,
  NRES_NAME_FIELD_SIZE,
  NRES_PAYLOAD_ALIGNMENT,
  NRES_VERSION,
  RSLI_MAGIC_BYTES,
} from './layout';
import { type ReadSteps, eachRecordChunk, readStep, runOnSource } from './reads';

export type ContainerKind = 'nres' | 'rsli' | 'unknown';

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** What container the first (up to) 4 bytes announce. */
export function containerKindOf(first4: Uint8Array): ContainerKind {
  if (startsWith(first4, NRES_MAGIC_BYTES)) return 'nres';
  if (startsWith(first4, RSLI_MAGIC_BYTES)) return 'rsli';
  return 'unknown';
}

export interface NresHeader {
  version: number;
  /** Signed (i32): a negative count is reported, never used. */
  entryCount: number;
  totalSize: number;
}

export interface NresEntry {
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
  /** The raw 36-byte name field (bytes after the NUL included: round trips keep them). */
  nameField: Uint8Array;
  /** Absolute offset of the 64-byte entry. */
  entryStart: number;
  /** Absolute offset of the payload (blob base + data offset). */
  dataStart: number;
  /** The payload lies inside the blob: offset >= 16 and offset + size <= the directory start. */
  payloadInside: boolean;
}

export interface NresBlob {
  /** Absolute offset of the blob (0 for the file itself, an entry's payload for a nested one). */
  base: number;
  /** Bytes the blob occupies: the file length, or the size of the entry that holds it. */
  length: number;
  header: NresHeader;
  /** Bytes interpreted: the smaller of the total size and `length`. */
  extent: number;
  /** Absolute start of the directory; undefined when it does not fit (no entries then). */
  directoryStart?: number;
  entries: NresEntry[];
}

export interface NresReadOptions {
  /** Per-entry problems reported before one `nres/more-problems` (default 100). */
  maxKeyframeProblems: number;
  chunkBytes?: number;
  /** Who the blob is, for messages: 'NRes archive', 'Model "walk.msh" (archive entry 3)'. */
  subject: string;
  /** Bytes that do not start with the NRes magic are not a blob here: no diagnostics, no blob (for archive entries). */
  onlyIfNres?: boolean;
}

export interface NresRead {
  /** Undefined when there is no usable header (too short, or not NRes). */
  blob?: NresBlob;
  diagnostics: FormatDiagnostic[];
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One character a byte (latin1): lossless for any bytes; MSH names are ASCII in practice. */
export function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
  return text;
}

function nameLength(field: Uint8Array): number {
  const nul = field.indexOf(0);
  return nul < 0 ? field.length : nul;
}

function parseEntry(bytes: Uint8Array, at: number, index: number, base: number, directoryOffset: number, entryStart: number): NresEntry {
  const nameField = bytes.slice(at + ENTRY_AT.name, at + ENTRY_AT.name + NRES_NAME_FIELD_SIZE);
  const dataSize = readU32LE(bytes, at + ENTRY_AT.dataSize);
  const dataOffset = readU32LE(bytes, at + ENTRY_AT.dataOffset);
  return {
    index,
    typeId: readU32LE(bytes, at + ENTRY_AT.typeId),
    attr1: readU32LE(bytes, at + ENTRY_AT.attr1),
    attr2: readU32LE(bytes, at + ENTRY_AT.attr2),
    attr3: readU32LE(bytes, at + ENTRY_AT.attr3),
    dataSize,
    dataOffset,
    sortIndex: readU32LE(bytes, at + ENTRY_AT.sortIndex),
    name: latin1(nameField.subarray(0, nameLength(nameField))),
    nameField,
    entryStart,
    dataStart: base + dataOffset,
    payloadInside: dataOffset >= NRES_HEADER_SIZE && dataOffset + dataSize <= directoryOffset,
  };
}

/** ASCII case-folded byte order of two name fields (up to their NUL), as the runtime's lookup sorts them. */
export function compareNresNames(a: Uint8Array, b: Uint8Array): number {
  const lengthA = nameLength(a);
  const lengthB = nameLength(b);
  for (let i = 0; i < Math.min(lengthA, lengthB); i++) {
    const ca = a[i] >= 0x41 && a[i] <= 0x5a ? a[i] + 32 : a[i];
    const cb = b[i] >= 0x41 && b[i] <= 0x5a ? b[i] + 32 : b[i];
    if (ca !== cb) return ca - cb;
  }
  return lengthA - lengthB;
}

/**
 * Reads and checks the NRes blob of `length` bytes at `base`: header, directory, entries. Never
 * throws for bad bytes (only when the source's own read fails).
 */
export function readNresBlob(source: ByteSource, base: number, length: number, options: NresReadOptions): Promise<NresRead> {
  return runOnSource(nresBlobSteps(base, length, options), source);
}

/** `readNresBlob` as read steps (see `reads.ts`). */
export function* nresBlobSteps(base: number, length: number, options: NresReadOptions): ReadSteps<NresRead> {
  const { subject } = options;
  const diagnostics: FormatDiagnostic[] = [];
  const at = (start: number, end: number) => ({ start: base + start, end: base + end });
  const head = yield* readStep(base, Math.min(NRES_HEADER_SIZE, length));
  const kind = containerKindOf(head);
  if (options.onlyIfNres && kind !== 'nres') return { diagnostics };
  if (length < NRES_HEADER_SIZE) {
    diagnostics.push(
      mshDiagnostic(
        'nres/bad-header',
        at(0, length),
        `${subject} is ${plural(length, 'byte')} but an NRes header alone needs 16 (magic "NRes", version, entry count, total size). ` +
          'The file is truncated or not an NRes container; restore it from the original archive.',
      ),
    );
    return { diagnostics };
  }
  if (head.length < NRES_HEADER_SIZE) return { diagnostics };
  if (kind !== 'nres') {
    diagnostics.push(
      mshDiagnostic(
        'nres/bad-header',
        at(0, 4),
        `${subject} starts with ${hexWord(readU32LE(head, 0), 8)} (bytes ${Array.from(head.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join(' ')}); ` +
          `expected the magic "NRes" (4E 52 65 73)${kind === 'rsli' ? ' (this is an RsLi container, which holds no models)' : ''}. ` +
          'It is not an NRes blob: check that the right file or entry was given.',
      ),
    );
    return { diagnostics };
  }
  const header: NresHeader = { version: readU32LE(head, 4), entryCount: readU32LE(head, 8) | 0, totalSize: readU32LE(head, 12) };
  if (header.version !== NRES_VERSION) {
    diagnostics.push(
      mshDiagnostic(
        'nres/bad-header',
        at(4, 8),
        `${subject}: version is ${hexWord(header.version, 8)}; expected 0x00000100, the only NRes version known. ` +
          'Set bytes 4-7 to 00 01 00 00 if the rest of the container is intact.',
        { version: header.version },
      ),
    );
  }
  const blob: NresBlob = { base, length, header, extent: Math.min(header.totalSize, length), entries: [] };
  if (header.totalSize !== length) {
    diagnostics.push(
      mshDiagnostic(
        'nres/bad-header',
        at(12, 16),
        `${subject}: the header's total size is ${header.totalSize} but the blob is ${plural(length, 'byte')}; they must be equal ` +
          `(the directory is found from the total size). ${header.totalSize > length ? 'The blob is truncated: restore it' : 'Trailing bytes follow the blob: remove them or fix the total size'}.`,
        { totalSize: header.totalSize, length },
      ),
    );
  }
  if (header.entryCount < 0) {
    diagnostics.push(
      mshDiagnostic(
        'nres/bad-header',
        at(8, 12),
        `${subject}: the entry count is ${header.entryCount}; expected 0 or more. The directory cannot be read; restore the container.`,
        { entryCount: header.entryCount },
      ),
    );
    return { blob, diagnostics };
  }
  const directoryOffset = blob.extent - NRES_ENTRY_SIZE * header.entryCount;
  if (directoryOffset < NRES_HEADER_SIZE) {
    diagnostics.push(
      mshDiagnostic(
        'nres/bad-directory',
        at(8, 12),
        `${subject}: ${plural(header.entryCount, 'entry')} need a ${NRES_ENTRY_SIZE * header.entryCount}-byte directory at the end, ` +
          `but only ${Math.max(0, blob.extent - NRES_HEADER_SIZE)} bytes follow the header (the directory would start at ${directoryOffset}, before byte 16). ` +
          'The entry count or the total size is wrong; restore the container.',
        { entryCount: header.entryCount, directoryOffset },
      ),
    );
    return { blob, diagnostics };
  }
  blob.directoryStart = base + directoryOffset;
  yield* eachRecordChunk(
    blob.directoryStart,
    header.entryCount,
    NRES_ENTRY_SIZE,
    options.chunkBytes ?? DEFAULT_CHUNK_BYTES,
    (bytes, first, records) => {
      for (let r = 0; r < records; r++) {
        const index = first + r;
        blob.entries.push(parseEntry(bytes, r * NRES_ENTRY_SIZE, index, base, directoryOffset, (blob.directoryStart as number) + index * NRES_ENTRY_SIZE));
      }
    },
  );
  const problems = new ProblemCollector(options.maxKeyframeProblems);
  for (const entry of blob.entries) checkEntry(problems, entry, directoryOffset, subject);
  diagnostics.push(...problems.finish('nres/more-problems', { start: blob.directoryStart, end: blob.directoryStart + header.entryCount * NRES_ENTRY_SIZE }, 'directory entry', mshDiagnostic));
  const sort = checkSortIndices(blob.entries, subject);
  if (sort) diagnostics.push(sort);
  return { blob, diagnostics };
}

function entryLabel(entry: NresEntry): string {
  return `entry ${entry.index} ("${entry.name}", type ${entry.typeId})`;
}

function checkEntry(problems: ProblemCollector, entry: NresEntry, directoryOffset: number, subject: string): void {
  const fieldRange = (offset: number, size: number) => ({ start: entry.entryStart + offset, end: entry.entryStart + offset + size });
  if (!entry.payloadInside) {
    problems.add('nres/bad-directory', () =>
      mshDiagnostic(
        'nres/bad-directory',
        { start: entry.entryStart, end: entry.entryStart + NRES_ENTRY_SIZE },
        `${subject}: ${entryLabel(entry)} has its payload at ${entry.dataOffset}..${entry.dataOffset + entry.dataSize} (offset + size); ` +
          `expected offset >= 16 and offset + size <= ${directoryOffset} (the directory start). The entry cannot be read: fix its offset (+56) and size (+12) or restore the container.`,
        { entry: entry.index, dataOffset: entry.dataOffset, dataSize: entry.dataSize, directoryOffset },
      ),
    );
  } else if (entry.dataOffset % NRES_PAYLOAD_ALIGNMENT !== 0) {
    problems.add('nres/unaligned-payload', () =>
      mshDiagnostic(
        'nres/unaligned-payload',
        fieldRange(ENTRY_AT.dataOffset, 4),
        `${subject}: ${entryLabel(entry)} starts at ${entry.dataOffset}, not on an 8-byte boundary; every known container pads payloads to 8 bytes. ` +
          'Repack the container with a writer that aligns payloads.',
        { entry: entry.index, dataOffset: entry.dataOffset },
      ),
    );
  }
  if (!entry.nameField.includes(0)) {
    problems.add('nres/name', () =>
      mshDiagnostic(
        'nres/name',
        fieldRange(ENTRY_AT.name, NRES_NAME_FIELD_SIZE),
        `${subject}: ${entryLabel(entry)} has no NUL in its 36-byte name field; names hold at most 35 characters and a terminating NUL. ` +
          'Shorten the name so that byte 35 of the field is 00.',
        { entry: entry.index },
      ),
    );
  }
}

/** `nres/sort-index` when the sort indices are not a permutation, else `nres/sort-order` when they do not follow the names. */
function checkSortIndices(entries: readonly NresEntry[], subject: string): FormatDiagnostic | undefined {
  const count = entries.length;
  const seen = new Uint8Array(count);
  for (const entry of entries) {
    const bad = entry.sortIndex >= count || seen[entry.sortIndex] === 1;
    if (bad) {
      return mshDiagnostic(
        'nres/sort-index',
        { start: entry.entryStart + ENTRY_AT.sortIndex, end: entry.entryStart + ENTRY_AT.sortIndex + 4 },
        `${subject}: entry ${entry.index}'s sort index is ${entry.sortIndex}, ${entry.sortIndex >= count ? `outside 0..${count - 1}` : 'already used by an earlier entry'}; ` +
          'the sort indices must be a permutation of the entries (position in case-insensitive name order -> entry). Lookups by name can miss entries: rebuild the sort index.',
        { entry: entry.index, sortIndex: entry.sortIndex },
      );
    }
    seen[entry.sortIndex] = 1;
  }
  for (let p = 1; p < count; p++) {
    const previous = entries[entries[p - 1].sortIndex];
    const current = entries[entries[p].sortIndex];
    if (compareNresNames(previous.nameField, current.nameField) > 0) {
      const entry = entries[p];
      return mshDiagnostic(
        'nres/sort-order',
        { start: entry.entryStart + ENTRY_AT.sortIndex, end: entry.entryStart + ENTRY_AT.sortIndex + 4 },
        `${subject}: sort position ${p} names entry ${current.index} ("${current.name}"), which sorts before position ${p - 1}'s "${previous.name}" ` +
          'ignoring case; expected the entries in case-insensitive name order. A lookup by name (a binary search) can miss entries: rebuild the sort index.',
        { position: p, entry: current.index },
      );
    }
  }
  return undefined;
}
