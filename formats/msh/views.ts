/**
 * Plain data for people: what the listing, the hover, `info` and `dump` show of a model (nodes
 * with their track, map start and frame count; keys with position, time, stored and decoded
 * quaternion, its norm and axis-angle; map words with their meaning; a node's sampled pose).
 * Key and map views read only the requested range.
 */
import type { ByteSource } from '../fileAccess';
import { DEFAULT_CHUNK_BYTES } from '../problemCollector';
import type { Vec3 } from '../records';
import { axisAngle } from '../rotationMath';
import { type MshAnimation, type MshQuaternion, type MshRawKey, decodeMshQuaternion, readMshRawKey } from './animation';
import { KEY_SIZE, MAP_WORD_SIZE, NO_MAP, NO_PARENT, NODE_STRIDE } from './layout';
import { type MshFileLayout, type MshModelLayout, keyOwner, nodeFallback, nodeHdr0, nodeMapStart, nodeName, nodeParent, nodeSlots, trackStart, wordOwner } from './model';
import { eachRecordChunk, runOnSource } from './reads';
import { type MshSample, mshPoseMatrix, sampleMshNode } from './sampling';

/** Half-open `[start, end)` of indices. */
export interface MshIndexRange {
  start: number;
  end: number;
}

function clampRange(range: MshIndexRange | undefined, count: number): MshIndexRange {
  const start = Math.max(0, Math.min(count, Math.floor(range?.start ?? 0)));
  return { start, end: Math.max(start, Math.min(count, Math.floor(range?.end ?? count))) };
}

export interface MshNodeView {
  node: number;
  name?: string;
  /** Absolute offset of the 38-byte record. */
  offset: number;
  hdr0: number;
  /** Undefined for a root (0xFFFF). */
  parent?: number;
  /** Undefined for a static node (0xFFFF). */
  mapStart?: number;
  fallback: number;
  /** Keys `start..=end` (end = the fallback); `keys` = end - start + 1, 0 or less when empty. */
  track: { start: number; end: number; keys: number };
  /** The model's frame count (the node's map block is that many words). */
  frameCount: number;
  slots: number[];
}

export function mshNodeView(model: MshModelLayout, node: number): MshNodeView | undefined {
  if (!(node >= 0 && node < model.nodeCount)) return undefined;
  const start = trackStart(model, node);
  const fallback = nodeFallback(model, node);
  const view: MshNodeView = {
    node,
    offset: (model.streams.nodes?.dataStart ?? 0) + node * NODE_STRIDE,
    hdr0: nodeHdr0(model, node),
    fallback,
    track: { start, end: fallback, keys: fallback - start + 1 },
    frameCount: model.frameCount,
    slots: nodeSlots(model, node),
  };
  const name = nodeName(model, node);
  if (name !== undefined) view.name = name;
  const parent = nodeParent(model, node);
  if (parent !== NO_PARENT) view.parent = parent;
  const mapStart = nodeMapStart(model, node);
  if (mapStart !== NO_MAP) view.mapStart = mapStart;
  return view;
}

export interface MshKeyView {
  key: number;
  /** Absolute offset of the 24-byte key. */
  offset: number;
  /** The node whose track holds the key. */
  node?: number;
  position: Vec3;
  time: number;
  /** Stored i16 x, y, z, w (file order). */
  stored: [number, number, number, number];
  /** Decoded `[w, x, y, z]` (s / 32767, f32). */
  quaternion: MshQuaternion;
  /** Length of the decoded quaternion (the runtime never normalises it). */
  norm: number;
  /** Of the normalised rotation; angle 0..180 degrees. */
  axis: Vec3;
  angleDeg: number;
}

export function mshKeyView(model: MshModelLayout, key: number, raw: MshRawKey): MshKeyView {
  const quaternion = decodeMshQuaternion(raw.rotation);
  const [w, x, y, z] = quaternion;
  const { axis, angleDeg } = axisAngle([x, y, z, w]);
  const view: MshKeyView = {
    key,
    offset: (model.streams.keys?.dataStart ?? 0) + key * KEY_SIZE,
    position: raw.position,
    time: raw.time,
    stored: raw.rotation,
    quaternion,
    norm: Math.hypot(w, x, y, z),
    axis,
    angleDeg,
  };
  const node = keyOwner(model, key);
  if (node !== undefined) view.node = node;
  return view;
}

/** Views of the records of a stream in `range` (clamped to `count`), reading only their bytes. */
async function readRecordViews<T>(
  source: ByteSource,
  start: number,
  count: number,
  recordSize: number,
  range: MshIndexRange | undefined,
  view: (bytes: Uint8Array, at: number, index: number) => T,
): Promise<T[]> {
  const { start: first, end } = clampRange(range, count);
  const views: T[] = [];
  const steps = eachRecordChunk(start + first * recordSize, end - first, recordSize, DEFAULT_CHUNK_BYTES, (bytes, firstRecord, records) => {
    for (let r = 0; r < records; r++) views.push(view(bytes, r * recordSize, first + firstRecord + r));
  });
  await runOnSource(steps, source);
  return views;
}

/** Views of the keys in `range` (clamped to the key pool), reading only those bytes. */
export async function readMshKeyViews(source: ByteSource, model: MshModelLayout, range?: MshIndexRange): Promise<MshKeyView[]> {
  const keys = model.streams.keys;
  if (!keys?.payloadInside) return [];
  return readRecordViews(source, keys.dataStart, model.keyCount, KEY_SIZE, range, (bytes, at, key) => mshKeyView(model, key, readMshRawKey(bytes, at)));
}

export interface MshMapWordView {
  word: number;
  /** Absolute offset of the u16. */
  offset: number;
  value: number;
  /** The mapped node whose block holds the word, and the frame it maps. */
  node?: number;
  frame?: number;
  /**
   * 'key': the runtime interpolates keys value and value + 1; 'fallback': value >= the node's
   * fallback, so the fallback key is used; 'unowned': no node's block holds the word.
   */
  meaning: 'key' | 'fallback' | 'unowned';
}

/** Views of the map words in `range` (clamped to Res19), reading only those bytes. */
export async function readMshMapWords(source: ByteSource, model: MshModelLayout, range?: MshIndexRange): Promise<MshMapWordView[]> {
  const map = model.streams.map;
  if (!map?.payloadInside) return [];
  return readRecordViews(source, map.dataStart, model.wordCount, MAP_WORD_SIZE, range, (bytes, at, word) => {
    const value = bytes[at] | (bytes[at + 1] << 8);
    const owner = wordOwner(model, word);
    const view: MshMapWordView = { word, offset: map.dataStart + word * MAP_WORD_SIZE, value, meaning: 'unowned' };
    if (owner) Object.assign(view, { node: owner.node, frame: owner.frame, meaning: value >= nodeFallback(model, owner.node) ? 'fallback' : 'key' });
    return view;
  });
}

export interface MshNodePose {
  node: number;
  /** The time sampled, in frames. */
  time: number;
  sample: MshSample;
  /** Row-major 4x4 local matrix (undefined when the sample is out of bounds). */
  matrix?: number[];
}

/**
 * A node's sampled pose at frame `frame` (sampled at time t = frame, by the runtime's rules:
 * reference sampling, not bit-exact with the x87 runtime).
 */
export function mshNodePoseAt(animation: MshAnimation, node: number, frame: number): MshNodePose {
  const sample = sampleMshNode(animation, node, frame);
  const pose: MshNodePose = { node, time: Math.fround(frame), sample };
  if (sample.kind !== 'out-of-bounds') pose.matrix = Array.from(mshPoseMatrix(sample.pose));
  return pose;
}

export interface MshModelSummary {
  model: number;
  name: string;
  /** Absolute offset and length of the model's NRes blob. */
  offset: number;
  length: number;
  nodeCount: number;
  keyCount: number;
  wordCount: number;
  frameCount: number;
  mappedNodes: number;
  named: boolean;
  /** Posable: Res1 (stride 38), Res8 and Res19 present and readable. */
  animated: boolean;
}

export interface MshFileSummary {
  size: number;
  container: MshFileLayout['container'];
  /** 'model' for a loose model, 'archive' for an NRes archive, 'other' otherwise. */
  shape: 'model' | 'archive' | 'other';
  entryCount: number;
  models: MshModelSummary[];
}

/** What `info` and a file hover say about an NRes file. */
export function mshFileSummary(layout: MshFileLayout): MshFileSummary {
  const root = layout.blobs[0];
  const loose = layout.models.some((m) => !m.outerEntry);
  return {
    size: layout.size,
    container: layout.container,
    shape: !root ? 'other' : loose ? 'model' : 'archive',
    entryCount: root?.entries.length ?? 0,
    models: layout.models.map((m) => ({
      model: m.index,
      name: m.name,
      offset: m.blob.base,
      length: m.blob.length,
      nodeCount: m.nodeCount,
      keyCount: m.keyCount,
      wordCount: m.wordCount,
      frameCount: m.frameCount,
      mappedNodes: m.mappedNodes.length,
      named: m.streams.names !== undefined,
      animated: m.animated,
    })),
  };
}

export interface MshDumpRanges {
  nodes?: MshIndexRange;
  keys?: MshIndexRange;
  words?: MshIndexRange;
}

export interface MshDump {
  model: MshModelSummary;
  nodes: MshNodeView[];
  keys: MshKeyView[];
  map: MshMapWordView[];
}

/** `dump` of one model: the nodes, keys and map words in the given ranges (default: all). */
export async function mshDump(source: ByteSource, layout: MshFileLayout, modelIndex: number, ranges: MshDumpRanges = {}): Promise<MshDump | undefined> {
  const model = layout.models[modelIndex];
  if (!model) return undefined;
  const nodeRange = clampRange(ranges.nodes, model.nodeCount);
  const nodes: MshNodeView[] = [];
  for (let node = nodeRange.start; node < nodeRange.end; node++) nodes.push(mshNodeView(model, node) as MshNodeView);
  return {
    model: mshFileSummary(layout).models[modelIndex],
    nodes,
    keys: await readMshKeyViews(source, model, ranges.keys),
    map: await readMshMapWords(source, model, ranges.words),
  };
}
