/**
 * Opening an NRes file: the outer blob, the nested models (entries whose payload is an NRes blob,
 * or that are named `*.msh`), each model's streams (found by type id), its node table (Res1) and
 * its names (Res10), with the structural rules (streams present, sizes, attributes, stride).
 * Reads headers, directories, Res1 and Res10 only; the key pool and the frame map are read by
 * `readMshAnimation` (`animation.ts`). The result, `MshFileLayout`, is what the field map, the
 * listing and the checks work from.
 */
import { readU16LE, readU32LE } from '../bytes';
import type { FormatDiagnostic } from '../diagnostics';
import type { ByteSource } from '../fileAccess';
import { DEFAULT_CHUNK_BYTES, DEFAULT_MAX_KEYFRAME_PROBLEMS } from '../problemCollector';
import { mshDiagnostic } from './codes';
import {
  ENTRY_AT,
  KEY_SIZE,
  KEYS_ATTR3,
  MAP_ATTR3,
  MAP_WORD_SIZE,
  MSH_STREAM,
  MSH_STREAM_LABEL,
  NAME_LENGTH_SIZE,
  NO_MAP,
  NODE_STRIDE,
  NRES_HEADER_SIZE,
  NRES_ENTRY_SIZE,
  type MshStreamRole,
  streamRoleOfType,
} from './layout';
import { type ContainerKind, type NresBlob, type NresEntry, containerKindOf, latin1, nresBlobSteps } from './nres';
import { type ReadSteps, eachRecordChunk, readStep, runOnBytes, runOnSource, wholeFileLimit } from './reads';

/** The u16 words of one node record. */
export const NODE_WORDS = NODE_STRIDE / 2;

export interface MshOpenOptions {
  /** Per-record problems reported before one `msh/more-problems` (default 100). */
  maxKeyframeProblems: number;
  /** Bytes read per piece (default 4 MiB). */
  chunkBytes?: number;
  /**
   * The file is expected to be a model (its path ends in `.msh`): report missing streams even
   * when it has none of them. Otherwise a file without Res1/Res8/Res19 is an archive.
   */
  expectModel?: boolean;
}

export const DEFAULT_MSH_OPTIONS: MshOpenOptions = { maxKeyframeProblems: DEFAULT_MAX_KEYFRAME_PROBLEMS };

/** One name record of Res10 (absolute offsets). */
export interface MshNameRecord {
  /** The node it names (records are in node order). */
  node: number;
  start: number;
  /** `start + 4 + (length ? length + 1 : 0)`, clipped to the payload. */
  end: number;
  length: number;
  /** Undefined for length 0 ("no name") or a record that runs past the payload. */
  text?: string;
}

export type MshStreams = Partial<Record<MshStreamRole, NresEntry>>;

export interface MshModelLayout {
  /** Position in `MshFileLayout.models`. */
  index: number;
  /** The entry name in the archive, or 'model' for a loose model file. */
  name: string;
  /** For messages: 'Model "walk.msh" (archive entry 3)' or 'Model'. */
  subject: string;
  /** Position of the model's blob in `MshFileLayout.blobs`. */
  blobIndex: number;
  blob: NresBlob;
  /** The archive entry that holds the model (undefined for a loose model). */
  outerEntry?: NresEntry;
  /** The first entry of each type (1, 8, 10, 19); its payload may lie outside the blob (see `payloadInside`). */
  streams: MshStreams;
  /** Res1 attr3; the nodes are interpreted only when it is 38. */
  nodeStride: number;
  /** Nodes read from Res1: min(attr1, size / 38), 0 when not interpreted. */
  nodeCount: number;
  /** 19 u16 words a node (hdr0, parent, map start, fallback, 15 slots). */
  nodeWords: Uint16Array;
  /** Complete keys in Res8 (size / 24, rounded down). */
  keyCount: number;
  /** Complete words in Res19 (size / 2, rounded down). */
  wordCount: number;
  /** Res19 attr2 (0 without Res19). */
  frameCount: number;
  /** Res10 records read (in node order). */
  nameRecords: MshNameRecord[];
  /** True when Res1 (stride 38), Res8 and Res19 are all present and inside the blob. */
  animated: boolean;
  /** Fallback keys strictly increase from node to node (tracks are disjoint and in order). */
  fallbacksIncrease: boolean;
  /** The map blocks of the mapped nodes start in increasing order, `frameCount` words apart or more (disjoint). */
  mapBlocksIncrease: boolean;
  /** Indices of the nodes with a frame map (map start not 0xFFFF), in node order. */
  mappedNodes: number[];
}

export interface MshFileLayout {
  size: number;
  container: ContainerKind;
  /** Every NRes blob read: the file's own first (when it is NRes), then nested ones. */
  blobs: NresBlob[];
  models: MshModelLayout[];
}

export interface MshOpenResult {
  layout: MshFileLayout;
  /** Container and structural model diagnostics (no key or map content: see `checkMshFile`). */
  diagnostics: FormatDiagnostic[];
}

const MODEL_TYPES: readonly number[] = [MSH_STREAM.nodes, MSH_STREAM.keys, MSH_STREAM.map];

function isModelName(name: string): boolean {
  return name.toLowerCase().endsWith('.msh');
}

function isStreamType(typeId: number): boolean {
  return typeId === MSH_STREAM.nodes || typeId === MSH_STREAM.keys || typeId === MSH_STREAM.names || typeId === MSH_STREAM.map;
}

function holdsModelStreams(blob: NresBlob): boolean {
  return blob.entries.some((e) => MODEL_TYPES.includes(e.typeId));
}

/**
 * Opens an NRes file (loose model or archive of models). A file of at most one piece
 * (`chunkBytes`, 4 MiB) is read whole; a larger one in pieces (headers, directories, Res1, Res10).
 * Throws only when the source's read throws.
 */
export function openMshFile(source: ByteSource, options: MshOpenOptions = DEFAULT_MSH_OPTIONS): Promise<MshOpenResult> {
  return runOnSource(openSteps(source.size, options), source, wholeFileLimit(options.chunkBytes));
}

/** `openMshFile` over bytes in memory, synchronously. */
export function openMshBytes(bytes: Uint8Array, options: MshOpenOptions = DEFAULT_MSH_OPTIONS): MshOpenResult {
  return runOnBytes(openSteps(bytes.length, options), bytes);
}

/** `openMshFile` as read steps (see `reads.ts`). */
export function* openSteps(size: number, options: MshOpenOptions): ReadSteps<MshOpenResult> {
  const first4 = size > 0 ? yield* readStep(0, Math.min(4, size)) : new Uint8Array(0);
  const container = containerKindOf(first4);
  const layout: MshFileLayout = { size, container, blobs: [], models: [] };
  if (container === 'rsli') {
    const diagnostic = mshDiagnostic(
      'nres/rsli',
      { start: 0, end: Math.min(4, size) },
      'This is an RsLi container (magic NL\\0\\1): encrypted and compressed, and it holds no models, so it is not checked. ' +
        'MSH models live in NRes archives (.rlb, .lib) or loose .msh files: open one of those.',
    );
    return { layout, diagnostics: [diagnostic] };
  }
  const subject = options.expectModel ? 'Model' : 'NRes file';
  const root = yield* nresBlobSteps(0, size, { ...options, subject });
  const diagnostics = [...root.diagnostics];
  if (!root.blob) return { layout, diagnostics };
  layout.blobs.push(root.blob);
  const rootIsModel = options.expectModel || holdsModelStreams(root.blob);
  if (rootIsModel) diagnostics.push(...(yield* openModel(layout, root.blob, undefined, 'Model', options)));
  for (const entry of root.blob.entries) {
    if (!entry.payloadInside || entry.dataSize === 0) continue;
    if (rootIsModel && isStreamType(entry.typeId)) continue; // a loose model's own streams are not nested blobs
    // A nested blob is detected by its magic; an entry named *.msh is expected to be one.
    const modelSubject = `Model "${entry.name}" (archive entry ${entry.index})`;
    const read = yield* nresBlobSteps(entry.dataStart, entry.dataSize, { ...options, subject: modelSubject, onlyIfNres: !isModelName(entry.name) });
    diagnostics.push(...read.diagnostics);
    if (!read.blob) continue;
    layout.blobs.push(read.blob);
    if (isModelName(entry.name) || holdsModelStreams(read.blob)) {
      diagnostics.push(...(yield* openModel(layout, read.blob, entry, modelSubject, options)));
    }
  }
  return { layout, diagnostics };
}

function entryField(entry: NresEntry, offset: number): { start: number; end: number } {
  return { start: entry.entryStart + offset, end: entry.entryStart + offset + 4 };
}

function* openModel(
  layout: MshFileLayout,
  blob: NresBlob,
  outerEntry: NresEntry | undefined,
  subject: string,
  options: MshOpenOptions,
): ReadSteps<FormatDiagnostic[]> {
  const diagnostics: FormatDiagnostic[] = [];
  const streams: MshStreams = {};
  for (const entry of blob.entries) {
    const role = streamRoleOfType(entry.typeId);
    if (!role) continue;
    const first = streams[role];
    if (!first) {
      streams[role] = entry;
      continue;
    }
    diagnostics.push(
      mshDiagnostic(
        'msh/duplicate-stream',
        { start: entry.entryStart, end: entry.entryStart + NRES_ENTRY_SIZE },
        `${subject}: entry ${entry.index} ("${entry.name}") is a second ${MSH_STREAM_LABEL[role]} stream (type ${entry.typeId}); ` +
          `entry ${first.index} ("${first.name}") is the one used. Remove the duplicate entry.`,
        { entry: entry.index, typeId: entry.typeId },
      ),
    );
  }
  const model: MshModelLayout = {
    index: layout.models.length,
    name: outerEntry?.name ?? 'model',
    subject,
    blobIndex: layout.blobs.indexOf(blob),
    blob,
    streams,
    nodeStride: 0,
    nodeCount: 0,
    nodeWords: new Uint16Array(0),
    keyCount: 0,
    wordCount: 0,
    frameCount: 0,
    nameRecords: [],
    animated: false,
    fallbacksIncrease: true,
    mapBlocksIncrease: true,
    mappedNodes: [],
  };
  if (outerEntry) model.outerEntry = outerEntry;
  layout.models.push(model);
  const missing = (['nodes', 'keys', 'map'] as const).filter((role) => !streams[role]);
  if (missing.length > 0) {
    const directory = blob.directoryStart === undefined ? { start: blob.base, end: blob.base + NRES_HEADER_SIZE } : { start: blob.directoryStart, end: blob.directoryStart + blob.entries.length * NRES_ENTRY_SIZE };
    diagnostics.push(
      mshDiagnostic(
        'msh/missing-stream',
        directory.end > directory.start ? directory : { start: blob.base, end: blob.base + NRES_HEADER_SIZE },
        `${subject} has no ${missing.map((r) => MSH_STREAM_LABEL[r]).join(', no ')} entry; an animated model needs Res1 (type 1), Res8 (type 8) and Res19 (type 19). ` +
          'The model cannot be posed: export it again with its animation streams.',
        { missing: missing.map((r) => MSH_STREAM[r]).join(',') },
      ),
    );
  }
  diagnostics.push(...checkKeyStream(model), ...checkMapStream(model));
  diagnostics.push(...(yield* readNodeTable(model, options)));
  diagnostics.push(...(yield* readNames(model)));
  markOrder(model);
  model.animated = model.nodeStride === NODE_STRIDE && !!streams.keys?.payloadInside && !!streams.map?.payloadInside && !!streams.nodes?.payloadInside;
  return diagnostics;
}

function attrProblem(model: MshModelLayout, entry: NresEntry, role: MshStreamRole, attr: 'attr1' | 'attr3', expected: number, meaning: string): FormatDiagnostic {
  return mshDiagnostic(
    'msh/attr',
    entryField(entry, attr === 'attr1' ? ENTRY_AT.attr1 : ENTRY_AT.attr3),
    `${model.subject}: ${MSH_STREAM_LABEL[role]} ${attr} is ${entry[attr]}; expected ${expected} (${meaning}). ` + `Set entry ${entry.index}'s ${attr} to ${expected}.`,
    { entry: entry.index, attr, found: entry[attr], expected },
  );
}

function checkKeyStream(model: MshModelLayout): FormatDiagnostic[] {
  const entry = model.streams.keys;
  if (!entry) return [];
  const diagnostics: FormatDiagnostic[] = [];
  const keys = Math.floor(entry.dataSize / KEY_SIZE);
  if (entry.payloadInside) model.keyCount = keys;
  if (entry.dataSize % KEY_SIZE !== 0) {
    diagnostics.push(
      mshDiagnostic(
        'msh/keys-size',
        entryField(entry, ENTRY_AT.dataSize),
        `${model.subject}: ${MSH_STREAM_LABEL.keys} is ${entry.dataSize} bytes, not a multiple of 24 (${keys} keys and ${entry.dataSize % KEY_SIZE} bytes over). ` +
          'Every key is 24 bytes (position, time, quaternion): the stream is truncated or padded; re-export the model.',
        { dataSize: entry.dataSize },
      ),
    );
  }
  if (entry.attr1 !== keys) diagnostics.push(attrProblem(model, entry, 'keys', 'attr1', keys, 'the key count, size / 24'));
  if (entry.attr3 !== KEYS_ATTR3) diagnostics.push(attrProblem(model, entry, 'keys', 'attr3', KEYS_ATTR3, 'a constant for the key pool'));
  if (entry.attr2 !== 0) {
    diagnostics.push(
      mshDiagnostic(
        'msh/keys-attr2',
        entryField(entry, ENTRY_AT.attr2),
        `${model.subject}: ${MSH_STREAM_LABEL.keys} attr2 is ${entry.attr2}; every known model has 0 there. Set entry ${entry.index}'s attr2 to 0.`,
        { entry: entry.index, found: entry.attr2 },
      ),
    );
  }
  return diagnostics;
}

function checkMapStream(model: MshModelLayout): FormatDiagnostic[] {
  const entry = model.streams.map;
  if (!entry) return [];
  const diagnostics: FormatDiagnostic[] = [];
  const words = Math.floor(entry.dataSize / MAP_WORD_SIZE);
  if (entry.payloadInside) model.wordCount = words;
  model.frameCount = entry.attr2;
  if (entry.dataSize % MAP_WORD_SIZE !== 0) {
    diagnostics.push(
      mshDiagnostic(
        'msh/map-size',
        entryField(entry, ENTRY_AT.dataSize),
        `${model.subject}: ${MSH_STREAM_LABEL.map} is ${entry.dataSize} bytes, an odd size; the frame map is u16 words (2 bytes each). ` +
          'The stream is truncated or padded; re-export the model.',
        { dataSize: entry.dataSize },
      ),
    );
  }
  if (entry.attr1 !== words) diagnostics.push(attrProblem(model, entry, 'map', 'attr1', words, 'the word count, size / 2'));
  if (entry.attr3 !== MAP_ATTR3) diagnostics.push(attrProblem(model, entry, 'map', 'attr3', MAP_ATTR3, 'a constant for the frame map'));
  if (entry.attr2 === 0) {
    diagnostics.push(
      mshDiagnostic(
        'msh/zero-frames',
        entryField(entry, ENTRY_AT.attr2),
        `${model.subject}: ${MSH_STREAM_LABEL.map} attr2, the frame count, is 0; expected 1 or more (a static model has 1). ` +
          'Every time samples the fallback keys. Set it to the largest fallback key time + 1.',
        { entry: entry.index },
      ),
    );
  }
  return diagnostics;
}

function* readNodeTable(model: MshModelLayout, options: MshOpenOptions): ReadSteps<FormatDiagnostic[]> {
  const entry = model.streams.nodes;
  if (!entry) return [];
  model.nodeStride = entry.attr3;
  if (entry.attr3 !== NODE_STRIDE) {
    return [
      mshDiagnostic(
        'msh/node-stride',
        entryField(entry, ENTRY_AT.attr3),
        `${model.subject}: ${MSH_STREAM_LABEL.nodes} stride (attr3) is ${entry.attr3}; only 38-byte nodes (19 u16) are interpreted` +
          `${entry.attr3 === 24 ? ' (a 24-byte variant exists in one known file)' : ''}. The nodes, keys and map of this model are not checked or posed.`,
        { stride: entry.attr3 },
      ),
    ];
  }
  if (!entry.payloadInside) return [];
  const diagnostics: FormatDiagnostic[] = [];
  const fit = Math.floor(entry.dataSize / NODE_STRIDE);
  if (entry.attr1 > fit) {
    diagnostics.push(
      mshDiagnostic(
        'msh/nodes-size',
        entryField(entry, ENTRY_AT.dataSize),
        `${model.subject}: ${MSH_STREAM_LABEL.nodes} attr1 says ${entry.attr1} nodes (${entry.attr1 * NODE_STRIDE} bytes at 38 each) but the stream is ` +
          `${entry.dataSize} bytes (${fit} nodes). The runtime reads past the stream: fix attr1 or restore the missing nodes.`,
        { nodeCount: entry.attr1, fit },
      ),
    );
  }
  const count = Math.min(entry.attr1, fit);
  const words = new Uint16Array(count * NODE_WORDS);
  let read = 0;
  yield* eachRecordChunk(
    entry.dataStart,
    count,
    NODE_STRIDE,
    options.chunkBytes ?? DEFAULT_CHUNK_BYTES,
    (bytes, first, records) => {
      for (let i = 0; i < records * NODE_WORDS; i++) words[first * NODE_WORDS + i] = readU16LE(bytes, i * 2);
      read = first + records;
    },
  );
  model.nodeCount = read;
  model.nodeWords = read === count ? words : words.slice(0, read * NODE_WORDS);
  return diagnostics;
}

function* readNames(model: MshModelLayout): ReadSteps<FormatDiagnostic[]> {
  const entry = model.streams.names;
  if (!entry || !entry.payloadInside) return [];
  const bytes = yield* readStep(entry.dataStart, entry.dataSize);
  const end = entry.dataStart + bytes.length;
  let problem: { start: number; end: number; what: string } | undefined;
  let at = 0;
  while (at + NAME_LENGTH_SIZE <= bytes.length && (model.nodeCount === 0 || model.nameRecords.length < model.nodeCount)) {
    const length = readU32LE(bytes, at);
    const start = entry.dataStart + at;
    const record: MshNameRecord = { node: model.nameRecords.length, start, end: start + NAME_LENGTH_SIZE, length };
    model.nameRecords.push(record);
    if (length === 0) {
      at += NAME_LENGTH_SIZE;
      continue;
    }
    const textEnd = at + NAME_LENGTH_SIZE + length;
    if (length > bytes.length || textEnd + 1 > bytes.length) {
      record.end = end;
      problem = { start, end, what: `record ${record.node} says ${length} characters but only ${bytes.length - at - NAME_LENGTH_SIZE} bytes remain in the stream` };
      break;
    }
    record.text = latin1(bytes.subarray(at + NAME_LENGTH_SIZE, textEnd));
    record.end = start + NAME_LENGTH_SIZE + length + 1;
    if (bytes[textEnd] !== 0 && !problem) problem = { start: entry.dataStart + textEnd, end: entry.dataStart + textEnd + 1, what: `record ${record.node} has no NUL after its ${length} characters` };
    at = textEnd + 1;
  }
  if (!problem && model.nodeCount > 0 && model.nameRecords.length < model.nodeCount) {
    const range = bytes.length > 0 ? { start: entry.dataStart, end } : entryField(entry, ENTRY_AT.dataSize);
    problem = { ...range, what: `it holds ${model.nameRecords.length} records for ${model.nodeCount} nodes` };
  }
  if (!problem) return [];
  return [
    mshDiagnostic(
      'msh/names',
      { start: problem.start, end: problem.end },
      `${model.subject}: ${MSH_STREAM_LABEL.names}: ${problem.what}; expected one record a node (u32 length, then the text and a NUL when the length is > 0). ` +
        'Nodes without a readable record are shown unnamed; re-export the names.',
      { entry: entry.index },
    ),
  ];
}

// ---- The node table ------------------------------------------------------------------------

function markOrder(model: MshModelLayout): void {
  let previousMap = -1;
  for (let node = 0; node < model.nodeCount; node++) {
    if (node > 0 && nodeFallback(model, node) <= nodeFallback(model, node - 1)) model.fallbacksIncrease = false;
    const start = nodeMapStart(model, node);
    if (start === NO_MAP) continue;
    model.mappedNodes.push(node);
    if (previousMap >= 0 && start < previousMap + model.frameCount) model.mapBlocksIncrease = false;
    previousMap = start;
  }
}

type NodeQuery = Pick<MshModelLayout, 'nodeWords' | 'nodeCount' | 'fallbacksIncrease' | 'mapBlocksIncrease' | 'mappedNodes' | 'frameCount'>;

export function nodeHdr0(model: Pick<MshModelLayout, 'nodeWords'>, node: number): number {
  return model.nodeWords[node * NODE_WORDS];
}

export function nodeParent(model: Pick<MshModelLayout, 'nodeWords'>, node: number): number {
  return model.nodeWords[node * NODE_WORDS + 1];
}

export function nodeMapStart(model: Pick<MshModelLayout, 'nodeWords'>, node: number): number {
  return model.nodeWords[node * NODE_WORDS + 2];
}

export function nodeFallback(model: Pick<MshModelLayout, 'nodeWords'>, node: number): number {
  return model.nodeWords[node * NODE_WORDS + 3];
}

/** The 15 slot indices of a node (3 levels of detail x 5 groups). */
export function nodeSlots(model: Pick<MshModelLayout, 'nodeWords'>, node: number): number[] {
  return Array.from(model.nodeWords.subarray(node * NODE_WORDS + 4, node * NODE_WORDS + NODE_WORDS));
}

/** First key of a node's track: 0 for node 0, else the previous node's fallback + 1. */
export function trackStart(model: Pick<MshModelLayout, 'nodeWords'>, node: number): number {
  return node === 0 ? 0 : nodeFallback(model, node - 1) + 1;
}

export function isMapped(model: Pick<MshModelLayout, 'nodeWords'>, node: number): boolean {
  return nodeMapStart(model, node) !== NO_MAP;
}

/** The node whose track (trackStart..=fallback) holds key `key`; the first one when tracks overlap. */
export function keyOwner(model: NodeQuery, key: number): number | undefined {
  if (model.fallbacksIncrease) {
    // Disjoint tracks in order: the first node whose fallback is >= key, if its track starts at or before it.
    const node = firstNodeWhere(model.nodeCount, (n) => nodeFallback(model, n) >= key);
    return node < model.nodeCount && key >= trackStart(model, node) ? node : undefined;
  }
  for (let node = 0; node < model.nodeCount; node++) {
    if (key >= trackStart(model, node) && key <= nodeFallback(model, node)) return node;
  }
  return undefined;
}

/** The mapped node whose block (mapStart..mapStart + frameCount) holds map word `word`, and the frame it maps. */
export function wordOwner(model: NodeQuery, word: number): { node: number; frame: number } | undefined {
  const holds = (node: number): boolean => {
    const start = nodeMapStart(model, node);
    return start !== NO_MAP && word >= start && word - start < model.frameCount;
  };
  if (model.mapBlocksIncrease) {
    // Disjoint blocks in order: the last mapped node whose block starts at or before the word.
    const mapped = model.mappedNodes;
    const after = firstNodeWhere(mapped.length, (m) => nodeMapStart(model, mapped[m]) > word);
    const node = mapped[after - 1];
    return node !== undefined && holds(node) ? { node, frame: word - nodeMapStart(model, node) } : undefined;
  }
  for (const node of model.mappedNodes) if (holds(node)) return { node, frame: word - nodeMapStart(model, node) };
  return undefined;
}

/** The first of 0..count-1 for which a monotone `test` holds (count when none does). */
function firstNodeWhere(count: number, test: (node: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (test(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** The name of a node from Res10, when it has one. */
export function nodeName(model: Pick<MshModelLayout, 'nameRecords'>, node: number): string | undefined {
  return model.nameRecords[node]?.text;
}
