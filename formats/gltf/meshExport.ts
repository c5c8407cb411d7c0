/**
 * glTF mesh -> native mesh: every triangle primitive of one mesh merged into one vertex list
 * (strips and fans unrolled), with positions, TEXCOORD_0, COLOR_0, NORMAL and JOINTS_0/WEIGHTS_0
 * (denormalised as the specification and KHR_mesh_quantization say) in the native format bits.
 * Positions are those of the mesh as stored: for a skinned mesh the bind-pose space the inverse
 * bind matrices expect (the skinned node's transform plays no part in glTF skinning either).
 */
import { Primitive, type Accessor, type Document } from '@gltf-transform/core';
import { writeMesh, quantizeWeights, meshFormatOf, type MeshData } from '../meshWriter';
import { accessorValues } from './accessorValues';
import { GltfPointers } from './pointers';
import { GltfProblemList, type GltfProblem } from './problems';
import { selectAnimation, selectMesh, selectSkin, type Selector } from './selection';

export interface MeshExportOptions {
  /** Index or name; default the mesh of the first node skinned with the chosen skin, else the first mesh. */
  mesh?: Selector;
  /** Index or name of the skin whose mesh is the default. */
  skin?: Selector;
}

export interface MeshExportResult {
  bytes: Uint8Array;
  mesh: { index: number; name: string };
  format: number;
  vertexCount: number;
  indexCount: number;
  problems: GltfProblem[];
}

/** u16 indices address at most this many vertices. */
export const MAX_MESH_VERTICES = 65536;

const { TRIANGLES, TRIANGLE_STRIP, TRIANGLE_FAN } = Primitive.Mode;

/** Triangle-list indices of a primitive (its own, or 0..n-1), strips and fans unrolled. */
function triangleIndices(primitive: Primitive, vertexCount: number): number[] | undefined {
  const accessor = primitive.getIndices();
  const source = accessor ? Array.from(accessorValues(accessor).values) : Array.from({ length: vertexCount }, (_, i) => i);
  const mode = primitive.getMode();
  if (mode === TRIANGLES) return source.slice(0, source.length - (source.length % 3));
  const out: number[] = [];
  if (mode === TRIANGLE_STRIP) {
    for (let i = 2; i < source.length; i++) out.push(...(i % 2 === 0 ? [source[i - 2], source[i - 1], source[i]] : [source[i - 1], source[i - 2], source[i]]));
    return out;
  }
  if (mode === TRIANGLE_FAN) {
    for (let i = 2; i < source.length; i++) out.push(source[0], source[i - 1], source[i]);
    return out;
  }
  return undefined;
}

interface Columns {
  positions: number[];
  uvs: number[];
  colors: number[];
  normals: number[];
  joints: number[];
  weights: number[];
  indices: number[];
  has: { uv: number; color: number; normal: number; skin: number };
}

function values(accessor: Accessor | null): { values: Float64Array; width: number } | undefined {
  return accessor ? accessorValues(accessor) : undefined;
}

export function exportMesh(document: Document, options: MeshExportOptions = {}): MeshExportResult {
  const problems = new GltfProblemList();
  const pointers = new GltfPointers(document);
  const root = document.getRoot();
  let skin;
  if (options.skin !== undefined || (options.mesh === undefined && root.listSkins().length > 0)) {
    const animation = options.skin === undefined && root.listAnimations().length > 0 ? selectAnimation(document, undefined, problems) : undefined;
    skin = selectSkin(document, animation, options.skin, pointers, problems);
  }
  const mesh = selectMesh(document, skin, options.mesh, problems);
  const meshPointer = pointers.mesh(mesh);
  const c: Columns = { positions: [], uvs: [], colors: [], normals: [], joints: [], weights: [], indices: [], has: { uv: 0, color: 0, normal: 0, skin: 0 } };
  const used: { primitive: Primitive; pointer: string; count: number }[] = [];
  mesh.listPrimitives().forEach((primitive, p) => {
    const pointer = `${meshPointer}/primitives/${p}`;
    const position = primitive.getAttribute('POSITION');
    if (!position) {
      problems.report('gltf/mesh-attribute', pointer, 'This primitive has no POSITION attribute: skipped.');
      return;
    }
    const indices = triangleIndices(primitive, position.getCount());
    if (!indices) {
      problems.report('gltf/mesh-attribute', pointer, `This primitive draws mode ${primitive.getMode()} (points or lines), which the console's meshes cannot: skipped.`);
      return;
    }
    used.push({ primitive, pointer, count: position.getCount() });
    const base = c.positions.length / 3;
    for (const index of indices) c.indices.push(base + index);
    for (const value of accessorValues(position).values) c.positions.push(value);
    if (primitive.getAttribute('TEXCOORD_0')) c.has.uv++;
    if (primitive.getAttribute('COLOR_0')) c.has.color++;
    if (primitive.getAttribute('NORMAL')) c.has.normal++;
    if (primitive.getAttribute('JOINTS_0') && primitive.getAttribute('WEIGHTS_0')) c.has.skin++;
  });
  if (used.length === 0) problems.fail('gltf/bad-mesh', meshPointer, `${meshPointer} has no triangle primitive with positions.`);
  const vertexCount = c.positions.length / 3;
  if (vertexCount > MAX_MESH_VERTICES) {
    problems.fail('gltf/bad-mesh', meshPointer, `${meshPointer} has ${vertexCount} vertices; a mesh's u16 indices address at most ${MAX_MESH_VERTICES}.`);
  }
  const data: MeshData = { positions: new Float64Array(c.positions), indices: new Uint16Array(c.indices) };
  const partly = (what: string, count: number, fill: string): void => {
    if (count > 0 && count < used.length) problems.report('gltf/mesh-attribute', meshPointer, `${count} of ${used.length} primitives have ${what}; the others get ${fill}.`);
  };
  partly('TEXCOORD_0', c.has.uv, 'UV 0, 0');
  partly('COLOR_0', c.has.color, 'white');
  partly('NORMAL', c.has.normal, 'the normal 0, 0, 1');
  partly('JOINTS_0 and WEIGHTS_0', c.has.skin, 'bone 0 with weight 1');
  if (c.has.uv) data.uvs = new Float64Array(vertexCount * 2);
  if (c.has.color) data.colors = new Float64Array(vertexCount * 4).fill(1);
  if (c.has.normal) data.normals = new Float64Array(vertexCount * 3);
  if (c.has.skin) {
    data.joints = new Uint8Array(vertexCount * 4);
    data.weights = new Uint8Array(vertexCount * 4);
  }
  let clampedUv = 0, extraInfluences = 0;
  let vertex = 0;
  for (const { primitive, pointer, count } of used) {
    const uv = values(primitive.getAttribute('TEXCOORD_0'));
    const color = values(primitive.getAttribute('COLOR_0'));
    const normal = values(primitive.getAttribute('NORMAL'));
    const joints = [values(primitive.getAttribute('JOINTS_0')), values(primitive.getAttribute('JOINTS_1'))];
    const weights = [values(primitive.getAttribute('WEIGHTS_0')), values(primitive.getAttribute('WEIGHTS_1'))];
    for (let i = 0; i < count; i++, vertex++) {
      if (data.uvs) {
        for (let k = 0; k < 2; k++) {
          const value = uv ? uv.values[i * 2 + k] : 0;
          if (value < 0 || value > 1) clampedUv++;
          data.uvs[vertex * 2 + k] = value;
        }
      }
      if (data.colors && color) {
        for (let k = 0; k < color.width; k++) data.colors[vertex * 4 + k] = color.values[i * color.width + k];
      }
      if (data.normals) {
        if (normal) data.normals.set(normal.values.subarray(i * 3, i * 3 + 3), vertex * 3);
        else data.normals[vertex * 3 + 2] = 1;
      }
      if (data.joints && data.weights) {
        const influences: { joint: number; weight: number }[] = [];
        for (let set = 0; set < 2; set++) {
          const j = joints[set], w = weights[set];
          if (!j || !w) continue;
          for (let k = 0; k < 4; k++) influences.push({ joint: j.values[i * 4 + k], weight: w.values[i * 4 + k] });
        }
        if (influences.length === 0) influences.push({ joint: 0, weight: 1 });
        influences.sort((a, b) => b.weight - a.weight);
        if (influences.slice(4).some((x) => x.weight > 0)) extraInfluences++;
        const kept = influences.slice(0, 4);
        while (kept.length < 4) kept.push({ joint: 0, weight: 0 });
        for (let k = 0; k < 4; k++) {
          const joint = kept[k].weight > 0 ? kept[k].joint : 0;
          if (joint > 255) problems.fail('gltf/bad-mesh', pointer, `Vertex ${i} uses joint ${joint}; the native mesh stores bone indices in one byte (0-255).`);
          data.joints[vertex * 4 + k] = joint;
        }
        quantizeWeights(kept.map((x) => x.weight), data.weights, vertex * 4);
      }
    }
  }
  if (clampedUv) problems.report('gltf/mesh-attribute', meshPointer, `${clampedUv} UV components lie outside 0..1 and were clamped (the format stores UVs as unorm16; tiling textures need their UVs folded first).`);
  if (extraInfluences) problems.report('gltf/mesh-attribute', meshPointer, `${extraInfluences} vertices have more than 4 influences: the 4 largest are kept and their weights renormalised.`);
  for (let i = 0; i < data.positions.length; i++) {
    if (Math.abs(data.positions[i]) > 65504) {
      problems.report('gltf/mesh-attribute', meshPointer, `Vertex ${Math.floor(i / 3)} lies at ${data.positions[i]}, beyond the largest f16 (65504): it becomes infinite.`);
      break;
    }
  }
  const bytes = writeMesh(data);
  return {
    bytes,
    mesh: { index: pointers.meshIndex(mesh), name: mesh.getName() },
    format: meshFormatOf(data),
    vertexCount,
    indexCount: c.indices.length,
    problems: problems.items,
  };
}
