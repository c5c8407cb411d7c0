/** `ewzanim dump` of a mesh: header, the selected vertices (decoded), then the indices. */
import {
  MESH_FORMAT,
  MESH_HEADER_SIZE,
  decodeVertex,
  indexOffset,
  parseMeshHeader,
  readU16LE,
  vertexAttributeLayout,
  vertexOffset,
  verticesByteLength,
  type MeshAttribute,
} from '../formats/index';
import type { ByteSource } from '../formats/fileAccess';
import type { MeshHeader, MeshVertex } from '../formats/records';
import type { IndexRange } from './args';
import { clampRange, RECORDS_PER_BLOCK, type DumpHeader, type DumpSection, type PrintedRow } from './dumpOutput';
import { f32Text } from '../formats/numberText';
import { f32List, type JsonObject } from './jsonText';

export function formatNames(format: number): string[] {
  return (Object.keys(MESH_FORMAT) as (keyof typeof MESH_FORMAT)[]).filter((name) => format & MESH_FORMAT[name]);
}

type AttributeValue = JsonObject[string];

/** The decoded attributes present in the vertex, in file order: printed cells and JSON value. */
function vertexAttributes(v: MeshVertex): { attribute: MeshAttribute; cells: string[]; json: AttributeValue }[] {
  const list: { attribute: MeshAttribute; cells: string[]; json: AttributeValue }[] = [
    { attribute: 'position', cells: v.position.map(f32Text), json: f32List(v.position) },
  ];
  if (v.uv) list.push({ attribute: 'uv', cells: v.uv.map(f32Text), json: f32List(v.uv) });
  if (v.color) list.push({ attribute: 'color', cells: v.color.map(f32Text), json: f32List(v.color) });
  if (v.normal) list.push({ attribute: 'normal', cells: v.normal.map(f32Text), json: f32List(v.normal) });
  if (v.tangent) {
    list.push({
      attribute: 'tangent',
      cells: [...v.tangent.direction.map(f32Text), v.tangent.handedness > 0 ? '+1' : '-1'],
      json: { direction: f32List(v.tangent.direction), handedness: v.tangent.handedness },
    });
  }
  if (v.boneIndices) list.push({ attribute: 'boneIndices', cells: v.boneIndices.map(String), json: v.boneIndices });
  if (v.boneWeights) list.push({ attribute: 'boneWeights', cells: v.boneWeights.map(f32Text), json: f32List(v.boneWeights) });
  return list;
}

function vertexRow(v: MeshVertex, vertex: number, offset: number): PrintedRow {
  const attributes = vertexAttributes(v);
  const json: Record<string, AttributeValue> = { vertex, offset };
  for (const a of attributes) json[a.attribute] = a.json;
  return { cells: [String(vertex), String(offset), ...attributes.flatMap((a) => a.cells)], json: [json] };
}

/** Column title suffixes of each attribute's printed numbers. */
const ATTRIBUTE_COLUMNS: Record<MeshAttribute, readonly string[]> = {
  position: ['x', 'y', 'z'],
  uv: ['u', 'v'],
  color: ['r', 'g', 'b', 'a'],
  normal: ['x', 'y', 'z'],
  tangent: ['x', 'y', 'z', 'hand'],
  boneIndices: ['0', '1', '2', '3'],
  boneWeights: ['0', '1', '2', '3'],
};

/** Shorter table titles where the attribute name would make every column wide. */
const ATTRIBUTE_TITLES: Partial<Record<MeshAttribute, string>> = { boneIndices: 'bone', boneWeights: 'weight' };

/** Table columns for a format: one per printed number (`position.x`, `weight.0`...). */
function vertexColumns(format: number): DumpSection['columns'] {
  const columns: { title: string; align: 'right' }[] = [
    { title: 'vertex', align: 'right' },
    { title: 'offset', align: 'right' },
  ];
  for (const { attribute } of vertexAttributeLayout(format)) {
    for (const suffix of ATTRIBUTE_COLUMNS[attribute]) columns.push({ title: `${ATTRIBUTE_TITLES[attribute] ?? attribute}.${suffix}`, align: 'right' });
  }
  return columns;
}

async function* vertexBlocks(source: ByteSource, header: MeshHeader, vertices?: IndexRange): AsyncIterable<PrintedRow[]> {
  const range = clampRange(vertices, header.vertexCount);
  for (let first = range.start; first < range.end; first += RECORDS_PER_BLOCK) {
    const last = Math.min(range.end, first + RECORDS_PER_BLOCK);
    const start = vertexOffset(header, first);
    const bytes = await source.read(start, verticesByteLength(header, last - first));
    const rows: PrintedRow[] = [];
    for (let vertex = first; vertex < last; vertex++) {
      const at = vertexOffset(header, vertex) - start;
      if (at + header.stride > bytes.length) break; // truncated: `check` says mesh/truncated
      rows.push(vertexRow(decodeVertex(bytes, at, header.format), vertex, start + at));
    }
    yield rows;
    if (rows.length < last - first) return;
  }
}

/** Indices three to a row (a triangle list's triangles), all of them: they are small. */
async function* indexBlocks(source: ByteSource, header: MeshHeader): AsyncIterable<PrintedRow[]> {
  const perBlock = RECORDS_PER_BLOCK * 3;
  for (let first = 0; first < header.indexCount; first += perBlock) {
    const count = Math.min(perBlock, header.indexCount - first);
    const start = indexOffset(header, first);
    const bytes = await source.read(start, count * 2);
    const available = Math.floor(bytes.length / 2);
    const rows: PrintedRow[] = [];
    for (let i = 0; i < available; i += 3) {
      const values: number[] = [];
      for (let k = i; k < Math.min(i + 3, available); k++) values.push(readU16LE(bytes, k * 2));
      rows.push({ cells: [String(first + i), String(start + i * 2), ...values.map(String)], json: values });
    }
    yield rows;
    if (available < count) return;
  }
}

const INDEX_COLUMNS = [
  { title: 'index', align: 'right' },
  { title: 'offset', align: 'right' },
  { title: 'a', align: 'right' },
  { title: 'b', align: 'right' },
  { title: 'c', align: 'right' },
] as const;

export async function meshDump(source: ByteSource, vertices?: IndexRange): Promise<{ header: DumpHeader; sections: DumpSection[] } | undefined> {
  const header = parseMeshHeader(await source.read(0, MESH_HEADER_SIZE));
  if (!header) return undefined;
  const names = formatNames(header.format);
  return {
    header: {
      title:
        `mesh: ${header.vertexCount} vertices, ${header.indexCount} indices, format ${header.format} ` +
        `(${names.join(' | ') || 'position only'}), stride ${header.stride}, ${source.size} bytes`,
      members: {
        kind: 'mesh',
        vertexCount: header.vertexCount,
        indexCount: header.indexCount,
        format: header.format,
        formatFlags: names,
        stride: header.stride,
      },
    },
    sections: [
      { key: 'vertices', columns: vertexColumns(header.format), blocks: vertexBlocks(source, header, vertices) },
      { key: 'indices', columns: INDEX_COLUMNS, blocks: indexBlocks(source, header) },
    ],
  };
}
