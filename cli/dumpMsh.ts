/**
 * `ewzanim dump` of an NRes model or archive: one model's nodes (track, map start, parent,
 * name), keys (position, time, stored i16 and decoded quaternion, norm, axis-angle) and frame
 * map (each word's node, frame and meaning), from the core's views; `--node`, `--keys` and
 * `--map` pick ranges, `--model` the model of an archive.
 */
import { type MshDump, type MshFileLayout, type MshIndexRange, mshDump, openMshFile } from '../formats/msh';
import type { ByteSource } from '../formats/fileAccess';
import type { IndexRange } from './args';
import type { DumpHeader, DumpSection, PrintedRow } from './dumpOutput';
import { f32Text, formatDecimals } from '../formats/numberText';
import { f32, f32List } from './jsonText';

export interface MshDumpOptions {
  model?: number;
  nodes?: IndexRange;
  keys?: IndexRange;
  map?: IndexRange;
}

/** What went wrong before anything could be dumped, for the command to print. */
export type MshDumpFailure = { reason: 'no-models'; container: MshFileLayout['container'] } | { reason: 'no-such-model'; models: number };

const range = (r: IndexRange | undefined): MshIndexRange | undefined => (r ? { start: r.start, end: r.end ?? Number.MAX_SAFE_INTEGER } : undefined);

async function* once(rows: PrintedRow[]): AsyncIterable<PrintedRow[]> {
  yield rows;
}

const right = (title: string) => ({ title, align: 'right' as const });
const left = (title: string) => ({ title, align: 'left' as const });
const opt = (value: number | undefined): string => (value === undefined ? '-' : String(value));

function sections(dump: MshDump): DumpSection[] {
  const nodes: PrintedRow[] = dump.nodes.map((n) => ({
    cells: [String(n.node), n.name ?? '', String(n.offset), opt(n.parent), `${n.track.start}..${n.track.end}`, String(Math.max(0, n.track.keys)), opt(n.mapStart)],
    json: [{ node: n.node, name: n.name, offset: n.offset, parent: n.parent ?? null, trackStart: n.track.start, fallback: n.track.end, keys: n.track.keys, mapStart: n.mapStart ?? null, frameCount: n.frameCount }],
  }));
  const keys: PrintedRow[] = dump.keys.map((k) => ({
    cells: [
      String(k.key), opt(k.node), String(k.offset), f32Text(k.time), ...k.position.map(f32Text), k.stored.join(' '),
      ...k.quaternion.map(f32Text), formatDecimals(k.norm, 6), `${formatDecimals(k.angleDeg, 3)}° about (${k.axis.map((a) => formatDecimals(a, 4)).join(', ')})`,
    ],
    json: [{ key: k.key, node: k.node ?? null, offset: k.offset, time: f32(k.time), position: f32List(k.position), stored: [...k.stored], quaternion: f32List(k.quaternion), norm: k.norm, angleDeg: k.angleDeg, axis: [...k.axis] }],
  }));
  const map: PrintedRow[] = dump.map.map((w) => ({
    cells: [String(w.word), String(w.offset), String(w.value), opt(w.node), opt(w.frame), w.meaning],
    json: [{ word: w.word, offset: w.offset, value: w.value, node: w.node ?? null, frame: w.frame ?? null, meaning: w.meaning }],
  }));
  return [
    { key: 'nodes', columns: [right('node'), left('name'), right('offset'), right('parent'), right('track'), right('keys'), right('map')], blocks: once(nodes) },
    {
      key: 'keys',
      columns: [right('key'), right('node'), right('offset'), right('time'), right('p.x'), right('p.y'), right('p.z'), right('stored x y z w'), right('q.w'), right('q.x'), right('q.y'), right('q.z'), right('norm'), left('axis-angle')],
      blocks: once(keys),
    },
    { key: 'map', columns: [right('word'), right('offset'), right('value'), right('node'), right('frame'), left('meaning')], blocks: once(map) },
  ];
}

export async function mshDumpOf(source: ByteSource, options: MshDumpOptions): Promise<{ header: DumpHeader; sections: DumpSection[] } | MshDumpFailure> {
  const { layout } = await openMshFile(source);
  if (layout.models.length === 0) return { reason: 'no-models', container: layout.container };
  const index = options.model ?? 0;
  const dump = await mshDump(source, layout, index, { nodes: range(options.nodes), keys: range(options.keys), words: range(options.map) });
  if (!dump) return { reason: 'no-such-model', models: layout.models.length };
  const m = dump.model;
  return {
    header: {
      title:
        `msh: model ${m.model} of ${layout.models.length} "${m.name}" (bytes ${m.offset}..${m.offset + m.length}): ${m.nodeCount} nodes (${m.mappedNodes} mapped), ` +
        `${m.keyCount} keys, ${m.wordCount} map words, ${m.frameCount} frames; quaternions decoded s / 32767, never normalised`,
      members: { kind: 'msh', model: m.model, models: layout.models.length, name: m.name, offset: m.offset, length: m.length, nodeCount: m.nodeCount, keyCount: m.keyCount, wordCount: m.wordCount, frameCount: m.frameCount },
    },
    sections: sections(dump),
  };
}
