/**
 * Checks an NRes file and every model in it: the container and structure rules (`openMshFile`),
 * then each model's nodes, keys and map against the specification's validation list (errors)
 * and its canonical layout (warnings). Every rule runs in time linear in the model's size, even
 * on overlapping tracks or map blocks (a sweep, never node x frame loops). Per-record problems
 * are capped per model and summarised by `msh/more-problems`; diagnostics of a nested model
 * point at its bytes inside the archive.
 */
import type { FormatDiagnostic } from '../diagnostics';
import type { ByteSource } from '../fileAccess';
import { DEFAULT_CHUNK_BYTES, ProblemCollector } from '../problemCollector';
import { type MshAnimation, animationSteps } from './animation';
import { mshDiagnostic } from './codes';
import { ENTRY_AT, KEY_FIELDS, KEY_SIZE, KEY_TIME_AT, MAP_WORD_SIZE, NO_MAP, NO_PARENT, NODE_FIELDS, NODE_STRIDE, type NodeFieldName } from './layout';
import {
  DEFAULT_MSH_OPTIONS,
  type MshFileLayout,
  type MshModelLayout,
  type MshOpenOptions,
  nodeFallback,
  nodeMapStart,
  nodeName,
  nodeParent,
  openSteps,
  trackStart,
} from './model';
import { type ReadSteps, runOnBytes, runOnSource, wholeFileLimit } from './reads';

export interface MshCheckOptions extends MshOpenOptions {
  /** Keep every model's animation in the result (for a caller that poses them next); default false. */
  keepAnimations?: boolean;
}

export interface MshCheckResult {
  layout: MshFileLayout;
  diagnostics: FormatDiagnostic[];
  /**
   * With `keepAnimations`, the animation of each model (same order as `layout.models`; undefined
   * when not posable); empty otherwise.
   */
  animations: (MshAnimation | undefined)[];
}

/**
 * Checks a loose model or an archive of models. A file of at most one piece (`chunkBytes`,
 * 4 MiB) is read whole; a larger one in pieces, one model's streams at a time (peak memory: the
 * largest model's Res8 + Res19, as typed arrays). Throws only when the source's read throws.
 */
export function checkMshFile(source: ByteSource, options: MshCheckOptions = DEFAULT_MSH_OPTIONS): Promise<MshCheckResult> {
  return runOnSource(checkSteps(source.size, options), source, wholeFileLimit(options.chunkBytes));
}

/** `checkMshFile` over bytes in memory, synchronously. */
export function checkMshBytes(bytes: Uint8Array, options: MshCheckOptions = DEFAULT_MSH_OPTIONS): MshCheckResult {
  return runOnBytes(checkSteps(bytes.length, options), bytes);
}

function* checkSteps(size: number, options: MshCheckOptions): ReadSteps<MshCheckResult> {
  const { layout, diagnostics } = yield* openSteps(size, options);
  const animations: (MshAnimation | undefined)[] = [];
  for (const model of layout.models) {
    const animation = yield* animationSteps(model, options.chunkBytes ?? DEFAULT_CHUNK_BYTES);
    if (options.keepAnimations) animations.push(animation);
    diagnostics.push(...checkMshModel(model, animation, options.maxKeyframeProblems));
  }
  return { layout, diagnostics, animations };
}

/** The node, key and map rules of one model (its structure was checked when it was opened). */
export function checkMshModel(model: MshModelLayout, animation: MshAnimation | undefined, maxProblems: number): FormatDiagnostic[] {
  const problems = new ProblemCollector(maxProblems);
  const context = new ModelContext(model, problems);
  if (model.nodeStride === NODE_STRIDE && model.streams.nodes?.payloadInside) checkParents(context);
  const single: FormatDiagnostic[] = [];
  if (animation) {
    checkNodes(context, animation);
    checkKeys(context, animation);
    checkKeyOrder(context, animation);
    checkMapValues(context, animation);
    single.push(...checkFrameCount(context, animation), ...checkUnusedKeys(context, animation));
    const layoutProblem = checkMapLayout(context, animation);
    if (layoutProblem) single.push(layoutProblem);
    else if (model.fallbacksIncrease) checkMapEntries(context, animation);
  }
  const blob = model.blob;
  return [...single, ...problems.finish('msh/more-problems', { start: blob.base, end: blob.base + blob.length }, 'node, key and map', mshDiagnostic)];
}

/** Ranges and wording shared by the rules of one model. */
class ModelContext {
  constructor(
    readonly model: MshModelLayout,
    readonly problems: ProblemCollector,
  ) {}

  node(node: number): string {
    const name = nodeName(this.model, node);
    return `${this.model.subject}, node ${node}${name ? ` ("${name}")` : ''}`;
  }

  nodeField(node: number, field: NodeFieldName): { start: number; end: number } {
    const f = NODE_FIELDS.find((candidate) => candidate.name === field) as (typeof NODE_FIELDS)[number];
    const start = (this.model.streams.nodes?.dataStart ?? 0) + node * NODE_STRIDE;
    return { start: start + f.start, end: start + f.end };
  }

  keyField(key: number, offset: number, size: number): { start: number; end: number } {
    const start = (this.model.streams.keys?.dataStart ?? 0) + key * KEY_SIZE + offset;
    return { start, end: start + size };
  }

  word(word: number): { start: number; end: number } {
    const start = (this.model.streams.map?.dataStart ?? 0) + word * MAP_WORD_SIZE;
    return { start, end: start + MAP_WORD_SIZE };
  }

  report(code: string, range: () => { start: number; end: number }, message: () => string, data: () => Record<string, string | number | boolean>): void {
    this.problems.add(code, () => mshDiagnostic(code, range(), message(), { model: this.model.name, ...data() }));
  }
}

function checkParents(c: ModelContext): void {
  const { model } = c;
  for (let node = 0; node < model.nodeCount; node++) {
    const parent = nodeParent(model, node);
    if (parent === NO_PARENT || parent < node) continue;
    c.report(
      'msh/parent',
      () => c.nodeField(node, 'parent'),
      () =>
        `${c.node(node)}: parent link is ${parent}; expected 0xFFFF (a root) or a node index below ${node} (parents come first). ` +
        `${parent >= model.nodeCount ? `There is no node ${parent} (the model has ${model.nodeCount})` : `Node ${parent} comes after it`}, so the node is posed from a stale or out-of-bounds matrix. Fix the link.`,
      () => ({ node, parent }),
    );
  }
}

function checkNodes(c: ModelContext, a: MshAnimation): void {
  const { model } = c;
  const K = a.keyCount;
  const F = a.frameCount;
  for (let node = 0; node < model.nodeCount; node++) {
    const fallback = nodeFallback(model, node);
    const mapStart = nodeMapStart(model, node);
    const start = trackStart(model, node);
    const length = fallback - start + 1;
    if (fallback >= K) {
      c.report(
        'msh/fallback-range',
        () => c.nodeField(node, 'fallback'),
        () => `${c.node(node)}: fallback key is ${fallback} but Res8 holds ${K} keys (0..${K - 1}); the runtime reads past the key pool for this node. Point the fallback at the last key of the node's track.`,
        () => ({ node, fallback, keyCount: K }),
      );
    }
    if (node > 0 && fallback <= nodeFallback(model, node - 1)) {
      c.report(
        'msh/fallback-order',
        () => c.nodeField(node, 'fallback'),
        () =>
          `${c.node(node)}: fallback key ${fallback} is not above node ${node - 1}'s ${nodeFallback(model, node - 1)}; in the canonical layout fallbacks strictly increase ` +
          '(each node owns the keys after the previous fallback, up to its own). Tracks overlap or are empty: rebuild the key pool in node order.',
        () => ({ node, fallback }),
      );
    }
    if (mapStart !== NO_MAP) {
      if (mapStart + F > a.wordCount) {
        c.report(
          'msh/map-range',
          () => c.nodeField(node, 'mapStart'),
          () =>
            `${c.node(node)}: map block ${mapStart}..${mapStart + F - 1} (map start + ${F} frames) runs past Res19's ${a.wordCount} words; ` +
            'the runtime reads past the frame map for the last frames. Fix the map start or restore the missing words.',
          () => ({ node, mapStart, frameCount: F, wordCount: a.wordCount }),
        );
      }
      if (length < 2) {
        c.report(
          'msh/short-track',
          () => c.nodeField(node, 'fallback'),
          () =>
            `${c.node(node)} has a frame map but its track (keys ${start}..${fallback}) holds ${Math.max(0, length)} key${length === 1 ? '' : 's'}; ` +
            'a mapped node needs at least 2 (the runtime interpolates between a key and the next). Add keys, or make the node static (map start 0xFFFF).',
          () => ({ node, trackStart: start, fallback }),
        );
      } else if (start < K && a.times[start] !== 0 && Number.isInteger(a.times[start]) && a.times[start] > 0) {
        // (A time that is negative, fractional or not finite is reported once, by the key checks.)
        c.report(
          'msh/key-time-grid',
          () => c.keyField(start, KEY_TIME_AT, 4),
          () => `${c.node(node)}: the track's first key (${start}) is at time ${a.times[start]}; in the canonical layout every track starts at time 0. Re-export the animation from frame 0.`,
          () => ({ node, key: start }),
        );
      }
    } else if (!(length === 1 && fallback < K && a.times[fallback] === 0)) {
      c.report(
        'msh/static-track',
        () => c.nodeField(node, 'fallback'),
        () =>
          `${c.node(node)} has no frame map (static) but its track is keys ${start}..${fallback} (${Math.max(0, length)} key${length === 1 ? '' : 's'}` +
          `${length === 1 && fallback < K ? `, at time ${a.times[fallback]}` : ''}); the canonical static node has exactly one key, at time 0. Re-export the node.`,
        () => ({ node, trackStart: start, fallback }),
      );
    }
  }
}

const POSITION_AND_TIME = KEY_FIELDS.filter((f) => f.valueType === 'f32');

function checkKeys(c: ModelContext, a: MshAnimation): void {
  for (let key = 0; key < a.keyCount; key++) {
    for (let i = 0; i < 4; i++) {
      const value = i < 3 ? a.positions[key * 3 + i] : a.times[key];
      if (Number.isFinite(value)) continue;
      const field = POSITION_AND_TIME[i];
      c.report(
        'msh/non-finite',
        () => c.keyField(key, field.start, 4),
        () => `${c.model.subject}, key ${key}: ${field.name} is ${value}; expected a finite f32. A NaN or infinity poisons the node's matrix (and every child): re-export the animation.`,
        () => ({ key, field: field.name }),
      );
    }
    const time = a.times[key];
    if (Number.isFinite(time) && (time < 0 || !Number.isInteger(time))) {
      c.report(
        'msh/key-time-grid',
        () => c.keyField(key, KEY_TIME_AT, 4),
        () => `${c.model.subject}, key ${key}: time is ${time}; in the canonical layout key times are whole, non-negative frame numbers. Snap the key to a frame.`,
        () => ({ key, time }),
      );
    }
  }
}

/** A closed interval of positions owned by a node, with the weight that decides which owner wins. */
interface Interval {
  start: number;
  end: number;
  node: number;
  weight: number;
}

/**
 * Calls `visit` once for every position covered by at least one interval, with the covering
 * interval of the largest weight: a sweep with a max-heap, O((intervals + positions) log intervals).
 */
function sweepCovered(intervals: Interval[], visit: (position: number, top: Interval) => void): void {
  const sorted = intervals.filter((i) => i.start <= i.end).sort((x, y) => x.start - y.start);
  const heap: Interval[] = [];
  const above = (i: number, j: number) => heap[i].weight > heap[j].weight;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j], heap[i]]);
  const push = (item: Interval) => {
    heap.push(item);
    for (let i = heap.length - 1; i > 0 && above(i, (i - 1) >> 1); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
  };
  const pop = () => {
    const last = heap.pop() as Interval;
    if (heap.length === 0) return;
    heap[0] = last;
    for (let i = 0; ; ) {
      let best = i;
      for (const child of [2 * i + 1, 2 * i + 2]) if (child < heap.length && above(child, best)) best = child;
      if (best === i) return;
      swap(i, best);
      i = best;
    }
  };
  let next = 0;
  let position = 0;
  while (next < sorted.length || heap.length > 0) {
    if (heap.length === 0) position = Math.max(position, sorted[next].start);
    while (next < sorted.length && sorted[next].start <= position) push(sorted[next++]);
    while (heap.length > 0 && heap[0].end < position) pop();
    if (heap.length === 0) continue;
    visit(position, heap[0]);
    position++;
  }
}

/** Within each track key times strictly increase: every pair (k, k + 1) inside some track, checked once. */
function checkKeyOrder(c: ModelContext, a: MshAnimation): void {
  const { model } = c;
  const pairs: Interval[] = [];
  for (let node = 0; node < model.nodeCount; node++) {
    const end = Math.min(nodeFallback(model, node), a.keyCount - 1) - 1;
    pairs.push({ start: trackStart(model, node), end, node, weight: -node });
  }
  sweepCovered(pairs, (key, top) => {
    const t0 = a.times[key];
    const t1 = a.times[key + 1];
    if (t0 < t1) return;
    c.report(
      'msh/key-times',
      () => c.keyField(key + 1, KEY_TIME_AT, 4),
      () =>
        `${c.node(top.node)}: key ${key + 1} is at time ${t1}, not after key ${key} at ${t0}; within a track key times must strictly increase ` +
        '(the runtime divides by t1 - t0 and picks keys by the map). Fix the times or the order of the keys.',
      () => ({ node: top.node, key: key + 1 }),
    );
  });
}

/** A map value below the fallback needs value + 1 < key count (only nodes whose fallback is out of range can break it). */
function checkMapValues(c: ModelContext, a: MshAnimation): void {
  const { model } = c;
  const blocks: Interval[] = [];
  for (const node of model.mappedNodes) {
    const fallback = nodeFallback(model, node);
    if (fallback < a.keyCount) continue; // value < fallback <= K - 1 gives value + 1 < K: nothing to break
    const start = nodeMapStart(model, node);
    blocks.push({ start, end: Math.min(start + a.frameCount, a.wordCount) - 1, node, weight: fallback });
  }
  sweepCovered(blocks, (word, top) => {
    const value = a.map[word];
    if (!(value < top.weight && value + 1 >= a.keyCount)) return;
    c.report(
      'msh/map-value',
      () => c.word(word),
      () =>
        `${c.node(top.node)}, frame ${word - nodeMapStart(model, top.node)}: map word ${word} is ${value}, below the fallback ${top.weight}, so the runtime ` +
        `interpolates keys ${value} and ${value + 1}, but Res8 holds ${a.keyCount} keys. Point the word at a key of the node's track (or at its fallback).`,
      () => ({ node: top.node, word, value }),
    );
  });
}

function checkFrameCount(c: ModelContext, a: MshAnimation): FormatDiagnostic[] {
  const { model } = c;
  const entry = model.streams.map;
  if (!entry || model.nodeCount === 0 || a.frameCount === 0) return [];
  let last = -Infinity;
  for (let node = 0; node < model.nodeCount; node++) {
    const fallback = nodeFallback(model, node);
    if (fallback >= a.keyCount) return [];
    last = Math.max(last, a.times[fallback]);
  }
  const expected = last + 1;
  if (!Number.isInteger(expected) || expected < 1 || expected === a.frameCount) return [];
  return [
    mshDiagnostic(
      'msh/frame-count',
      { start: entry.entryStart + ENTRY_AT.attr2, end: entry.entryStart + ENTRY_AT.attr2 + 4 },
      `${model.subject}: the frame count (Res19 attr2) is ${a.frameCount} but the latest fallback key is at time ${last}; canonically the frame count is that time + 1 = ${expected}. ` +
        `${a.frameCount < expected ? 'Frames after the count play the fallback keys early' : 'The timeline holds frames past every track'}: set attr2 to ${expected}.`,
      { model: model.name, frameCount: a.frameCount, expected },
    ),
  ];
}

function checkUnusedKeys(c: ModelContext, a: MshAnimation): FormatDiagnostic[] {
  const { model } = c;
  let last = -1;
  for (let node = 0; node < model.nodeCount; node++) last = Math.max(last, nodeFallback(model, node));
  if (last >= a.keyCount - 1) return [];
  const first = last + 1;
  return [
    mshDiagnostic(
      'msh/unused-keys',
      { start: c.keyField(first, 0, 0).start, end: c.keyField(a.keyCount, 0, 0).start },
      `${model.subject}: keys ${first}..${a.keyCount - 1} come after the last fallback key${last < 0 ? ' (the model has no nodes)' : ` (${last})`}, so they belong to no track and nothing plays them. ` +
        'Remove them, or fix the fallbacks that should reach them.',
      { model: model.name, firstUnused: first, keyCount: a.keyCount },
    ),
  ];
}

/** Canonically: one block of `frameCount` words per mapped node, in node order, contiguous from word 0. */
function checkMapLayout(c: ModelContext, a: MshAnimation): FormatDiagnostic | undefined {
  const { model } = c;
  const F = a.frameCount;
  if (F === 0) return undefined;
  const mapped = model.mappedNodes;
  for (let j = 0; j < mapped.length; j++) {
    const node = mapped[j];
    const start = nodeMapStart(model, node);
    if (start === j * F) continue;
    return mshDiagnostic(
      'msh/map-layout',
      c.nodeField(node, 'mapStart'),
      `${c.node(node)}: map start is ${start}; in the canonical layout mapped node number ${j} (in node order) has the block at ${j} x ${F} frames = ${j * F} ` +
        '(blocks are contiguous, one per mapped node). Tools that assume it misread this model: rebuild the frame map.',
      { model: model.name, node, mapStart: start, expected: j * F },
    );
  }
  const entry = model.streams.map;
  if (!entry || a.wordCount === mapped.length * F) return undefined;
  return mshDiagnostic(
    'msh/map-layout',
    { start: entry.entryStart + ENTRY_AT.dataSize, end: entry.entryStart + ENTRY_AT.dataSize + 4 },
    `${model.subject}: Res19 holds ${a.wordCount} words; the canonical layout has ${mapped.length} mapped nodes x ${F} frames = ${mapped.length * F}. ` +
      `${a.wordCount > mapped.length * F ? 'The extra words belong to no node' : 'Words are missing'}: rebuild the frame map.`,
    { model: model.name, wordCount: a.wordCount, expected: mapped.length * F },
  );
}

/** Canonically `map[f]` is the last key of the track at or before frame f (the fallback past the track's end). */
function checkMapEntries(c: ModelContext, a: MshAnimation): void {
  const { model } = c;
  for (const node of model.mappedNodes) {
    const start = trackStart(model, node);
    const fallback = nodeFallback(model, node);
    const mapStart = nodeMapStart(model, node);
    if (fallback >= a.keyCount || start >= fallback || a.times[start] !== 0 || mapStart + a.frameCount > a.wordCount) continue;
    let increasing = true;
    for (let k = start; k < fallback && increasing; k++) increasing = a.times[k] < a.times[k + 1];
    if (!increasing) continue;
    let expected = start;
    for (let frame = 0; frame < a.frameCount; frame++) {
      while (expected < fallback && a.times[expected + 1] <= frame) expected++;
      const word = mapStart + frame;
      const value = a.map[word];
      if (value === expected) continue;
      const want = expected;
      c.report(
        'msh/map-entry',
        () => c.word(word),
        () =>
          `${c.node(node)}, frame ${frame}: map word ${word} is ${value}; canonically it is ${want}, ` +
          (want === fallback
            ? `the fallback, since frame ${frame} is at or past the track's last key (time ${a.times[fallback]})`
            : `the key whose segment [${a.times[want]}, ${a.times[want + 1]}) holds frame ${frame}`) +
          '. The runtime then interpolates other keys than the times say: rebuild the frame map.',
        () => ({ node, frame, word, value, expected: want }),
      );
    }
  }
}
