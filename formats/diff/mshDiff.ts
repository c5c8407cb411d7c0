/**
 * The semantic diff of two NRes files' MSH models, model by model (by position in the file): the
 * node, key and frame counts stated when they differ; per node, which of its fields changed
 * (parent, track, map start, name); per key of the pools both hold, the time difference, the
 * position distance and the rotation angle, summed up per node (the node whose track holds the
 * key on side A); how many frame map words differ. Keys and map words are read a block at a time.
 */
import type { ByteSource } from '../fileAccess';
import { type MshModelLayout, openMshFile } from '../msh/model';
import { type MshKeyView, type MshMapWordView, type MshNodeView, mshNodeView, readMshKeyViews, readMshMapWords } from '../msh/views';
import { type CountChange, type DiffFailure, type Extreme, NO_EXTREME, diffFailure } from './diffTypes';
import { distance3, rotationAngleDeg } from './metrics';

const KEYS_PER_BLOCK = 16384;
const WORDS_PER_BLOCK = 1 << 18;

/** A node whose record differs: which fields. */
export interface MshNodeChange {
  node: number;
  name?: string;
  fields: string[];
}

/** The differences of the keys of one node's track (side A's tracks). */
export interface MshNodeKeysDiff {
  node: number;
  name?: string;
  changedKeys: number;
  /** Degrees, with the key of the largest. */
  rotation: { max: number; key: number };
  position: { max: number; key: number };
  /** Frames. */
  time: { max: number; key: number };
}

export interface MshModelDiff {
  model: number;
  name: string;
  headerChanges: CountChange[];
  compared: { nodeCount: number; keyCount: number; wordCount: number };
  changedNodes: MshNodeChange[];
  changedKeys: number;
  /** Per node with a changed key, in node order (keys owned by no node under `node: -1`). */
  nodeKeys: MshNodeKeysDiff[];
  changedMapWords: number;
  /** Extremes by node (`index`) and key (`frame`). */
  worst: { rotation: Extreme; position: Extreme; time: Extreme };
}

export interface MshDiff {
  kind: 'msh';
  a: { models: number; size: number };
  b: { models: number; size: number };
  headerChanges: CountChange[];
  /** Models compared: `[0, min(a.models, b.models))`. */
  models: MshModelDiff[];
  identical: boolean;
  worst: { rotation: Extreme; position: Extreme; time: Extreme };
}

function nodeChange(a: MshNodeView | undefined, b: MshNodeView | undefined, node: number): MshNodeChange | undefined {
  if (!a || !b) return undefined;
  const fields: string[] = [];
  if (a.parent !== b.parent) fields.push('parent');
  if (a.track.start !== b.track.start || a.track.end !== b.track.end) fields.push('track');
  if (a.mapStart !== b.mapStart) fields.push('map start');
  if (a.name !== b.name) fields.push('name');
  if (a.hdr0 !== b.hdr0) fields.push('header word');
  if (a.slots.join() !== b.slots.join()) fields.push('slots');
  if (fields.length === 0) return undefined;
  return { node, ...(a.name !== undefined ? { name: a.name } : {}), fields };
}

/** The stored quaternion as x y z w for `rotationAngleDeg`. */
const xyzw = (key: MshKeyView): number[] => [key.quaternion[1], key.quaternion[2], key.quaternion[3], key.quaternion[0]];

function keyChanged(a: MshKeyView, b: MshKeyView): boolean {
  return !Object.is(a.time, b.time) || a.stored.some((s, i) => s !== b.stored[i]) || a.position.some((p, i) => !Object.is(p, b.position[i]));
}

async function diffModel(sourceA: ByteSource, modelA: MshModelLayout, sourceB: ByteSource, modelB: MshModelLayout): Promise<MshModelDiff> {
  const headerChanges: CountChange[] = [];
  for (const [field, key] of [['node count', 'nodeCount'], ['key count', 'keyCount'], ['frame count', 'frameCount'], ['map words', 'wordCount']] as const) {
    if (modelA[key] !== modelB[key]) headerChanges.push({ field, a: modelA[key], b: modelB[key] });
  }
  const nodeCount = Math.min(modelA.nodeCount, modelB.nodeCount);
  const changedNodes: MshNodeChange[] = [];
  for (let node = 0; node < nodeCount; node++) {
    const change = nodeChange(mshNodeView(modelA, node), mshNodeView(modelB, node), node);
    if (change) changedNodes.push(change);
  }
  const keyCount = Math.min(modelA.keyCount, modelB.keyCount);
  const perNode = new Map<number, MshNodeKeysDiff>();
  let changedKeys = 0;
  for (let first = 0; first < keyCount; first += KEYS_PER_BLOCK) {
    const range = { start: first, end: Math.min(keyCount, first + KEYS_PER_BLOCK) };
    const [keysA, keysB] = [await readMshKeyViews(sourceA, modelA, range), await readMshKeyViews(sourceB, modelB, range)];
    for (let i = 0; i < Math.min(keysA.length, keysB.length); i++) {
      const ka = keysA[i], kb = keysB[i];
      if (!keyChanged(ka, kb)) continue;
      changedKeys++;
      const node = ka.node ?? -1;
      let totals = perNode.get(node);
      if (!totals) {
        const name = node >= 0 ? mshNodeView(modelA, node)?.name : undefined;
        totals = { node, ...(name !== undefined ? { name } : {}), changedKeys: 0, rotation: { max: 0, key: -1 }, position: { max: 0, key: -1 }, time: { max: 0, key: -1 } };
        perNode.set(node, totals);
      }
      totals.changedKeys++;
      const angle = rotationAngleDeg(xyzw(ka), 0, xyzw(kb), 0);
      const distance = distance3(ka.position, 0, kb.position, 0);
      const time = Number.isNaN(ka.time - kb.time) ? Infinity : Math.abs(ka.time - kb.time);
      if (angle > totals.rotation.max) totals.rotation = { max: angle, key: ka.key };
      if (distance > totals.position.max) totals.position = { max: distance, key: ka.key };
      if (time > totals.time.max) totals.time = { max: time, key: ka.key };
    }
  }
  const wordCount = Math.min(modelA.wordCount, modelB.wordCount);
  let changedMapWords = 0;
  for (let first = 0; first < wordCount; first += WORDS_PER_BLOCK) {
    const range = { start: first, end: Math.min(wordCount, first + WORDS_PER_BLOCK) };
    const [wordsA, wordsB]: MshMapWordView[][] = [await readMshMapWords(sourceA, modelA, range), await readMshMapWords(sourceB, modelB, range)];
    for (let i = 0; i < Math.min(wordsA.length, wordsB.length); i++) if (wordsA[i].value !== wordsB[i].value) changedMapWords++;
  }
  const nodeKeys = [...perNode.values()].sort((x, y) => x.node - y.node);
  const worstOf = (pick: (d: MshNodeKeysDiff) => { max: number; key: number }): Extreme =>
    nodeKeys.reduce<Extreme>((worst, d) => (pick(d).max > worst.value ? { value: pick(d).max, index: d.node, frame: pick(d).key } : worst), NO_EXTREME);
  return {
    model: modelA.index,
    name: modelA.name,
    headerChanges,
    compared: { nodeCount, keyCount, wordCount },
    changedNodes,
    changedKeys,
    nodeKeys,
    changedMapWords,
    worst: { rotation: worstOf((d) => d.rotation), position: worstOf((d) => d.position), time: worstOf((d) => d.time) },
  };
}

function larger(x: Extreme, y: Extreme): Extreme {
  return y.value > x.value ? y : x;
}

/** Compares the models of NRes file `a` with those of `b`, by position. */
export async function diffMshFiles(a: ByteSource, b: ByteSource): Promise<MshDiff | DiffFailure> {
  const [{ layout: layoutA }, { layout: layoutB }] = [await openMshFile(a), await openMshFile(b)];
  if (layoutA.models.length === 0) return diffFailure('diff/bad-header', 'A: no readable MSH model');
  if (layoutB.models.length === 0) return diffFailure('diff/bad-header', 'B: no readable MSH model');
  const models: MshModelDiff[] = [];
  for (let m = 0; m < Math.min(layoutA.models.length, layoutB.models.length); m++) models.push(await diffModel(a, layoutA.models[m], b, layoutB.models[m]));
  const headerChanges: CountChange[] = [];
  if (layoutA.models.length !== layoutB.models.length) headerChanges.push({ field: 'model count', a: layoutA.models.length, b: layoutB.models.length });
  if (a.size !== b.size) headerChanges.push({ field: 'size', a: a.size, b: b.size });
  const worst = models.reduce(
    (w, m) => ({ rotation: larger(w.rotation, m.worst.rotation), position: larger(w.position, m.worst.position), time: larger(w.time, m.worst.time) }),
    { rotation: NO_EXTREME, position: NO_EXTREME, time: NO_EXTREME },
  );
  const modelChanged = (m: MshModelDiff): boolean => m.headerChanges.length > 0 || m.changedNodes.length > 0 || m.changedKeys > 0 || m.changedMapWords > 0;
  return {
    kind: 'msh',
    a: { models: layoutA.models.length, size: a.size },
    b: { models: layoutB.models.length, size: b.size },
    headerChanges,
    models,
    identical: headerChanges.length === 0 && !models.some(modelChanged),
    worst,
  };
}
