/**
 * What the renderers need from a mesh beyond its vertex bytes, computed once per load: vertex
 * normals (the mesh's own, decoded by the core, or computed from the triangles), the edge list
 * the wireframe draws, and which bones its vertices use. Pure (no DOM, no GPU).
 */
import { f16LookupTable } from '../../formats/f16';
import { decodeOctahedral, vertexAttributeLayout, verticesByteLength } from '../../formats/mesh';
import { MESH_FORMAT, type MeshHeader } from '../../formats/records';

export interface MeshGeometry {
  /** 3 floats per vertex, unit length (zero for a vertex no triangle touches). */
  normals: Float32Array;
  /** Where the normals came from. */
  normalSource: 'mesh' | 'computed';
  /** Vertex index pairs, each edge of a triangle once. */
  edges: Uint32Array;
  /** Bone indices some vertex uses with a weight above 0, ascending. */
  usedBones: number[];
}

/** Triangle corner `i`'s vertex: through the index list, or the i-th vertex of a non-indexed mesh. */
function cornerReader(indices?: Uint8Array): (i: number) => number {
  if (!indices) return (i) => i;
  const view = new DataView(indices.buffer, indices.byteOffset, indices.byteLength);
  return (i) => view.getUint16(i * 2, true);
}

function cornerCount(header: MeshHeader, indices?: Uint8Array): number {
  const corners = indices ? header.indexCount : header.vertexCount;
  return corners - (corners % 3);
}

/** Rest positions as f32 triples (the f16 attribute through the core's table). */
export function restPositions(header: MeshHeader, vertices: Uint8Array): Float32Array {
  const half = f16LookupTable();
  const out = new Float32Array(header.vertexCount * 3);
  for (let v = 0, o = 0; v < header.vertexCount; v++, o += header.stride) {
    out[v * 3] = half[vertices[o] | (vertices[o + 1] << 8)];
    out[v * 3 + 1] = half[vertices[o + 2] | (vertices[o + 3] << 8)];
    out[v * 3 + 2] = half[vertices[o + 4] | (vertices[o + 5] << 8)];
  }
  return out;
}

/** Area-weighted sum of the normals of the triangles around each vertex, normalised. */
export function computeNormals(header: MeshHeader, vertices: Uint8Array, indices?: Uint8Array): Float32Array {
  const p = restPositions(header, vertices);
  const out = new Float32Array(header.vertexCount * 3);
  const corner = cornerReader(indices);
  for (let i = 0, n = cornerCount(header, indices); i < n; i += 3) {
    const a = corner(i) * 3, b = corner(i + 1) * 3, c = corner(i + 2) * 3;
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
    // The cross product's length is twice the triangle's area: larger faces weigh more.
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    if (!Number.isFinite(nx + ny + nz)) continue;
    for (const v of [a, b, c]) {
      out[v] += nx;
      out[v + 1] += ny;
      out[v + 2] += nz;
    }
  }
  for (let v = 0; v < out.length; v += 3) {
    const length = Math.hypot(out[v], out[v + 1], out[v + 2]);
    if (length > 0) for (let k = 0; k < 3; k++) out[v + k] /= length;
  }
  return out;
}

/** The mesh's own normals (octahedral, decoded with the core's `decodeOctahedral`). */
export function meshNormals(header: MeshHeader, vertices: Uint8Array): Float32Array | undefined {
  const normal = vertexAttributeLayout(header.format).find((a) => a.attribute === 'normal');
  if (!normal) return undefined;
  const view = new DataView(vertices.buffer, vertices.byteOffset, vertices.byteLength);
  const out = new Float32Array(header.vertexCount * 3);
  for (let v = 0; v < header.vertexCount; v++) out.set(decodeOctahedral(view.getUint32(verticesByteLength(header, v) + normal.start, true)), v * 3);
  return out;
}

/** Each triangle edge once (as a sorted vertex pair), for the wireframe. */
export function triangleEdges(header: MeshHeader, indices?: Uint8Array): Uint32Array {
  const corner = cornerReader(indices);
  const seen = new Set<number>();
  const out: number[] = [];
  for (let i = 0, n = cornerCount(header, indices); i < n; i += 3) {
    const t = [corner(i), corner(i + 1), corner(i + 2)];
    for (let k = 0; k < 3; k++) {
      const a = Math.min(t[k], t[(k + 1) % 3]);
      const b = Math.max(t[k], t[(k + 1) % 3]);
      const key = a * 0x100000000 + b;
      if (a === b || seen.has(key)) continue;
      seen.add(key);
      out.push(a, b);
    }
  }
  return Uint32Array.from(out);
}

/** Bone indices with a weight above 0 in some vertex (skinned meshes), ascending. */
export function usedBones(header: MeshHeader, vertices: Uint8Array): number[] {
  if ((header.format & MESH_FORMAT.SKINNED) === 0) return [];
  const joints = header.stride - 8;
  const used = new Uint8Array(256);
  for (let v = 0, o = joints; v < header.vertexCount; v++, o += header.stride) {
    for (let k = 0; k < 4; k++) if (vertices[o + 4 + k] > 0) used[vertices[o + k]] = 1;
  }
  const out: number[] = [];
  used.forEach((u, bone) => u && out.push(bone));
  return out;
}

export function meshGeometry(header: MeshHeader, vertices: Uint8Array, indices?: Uint8Array): MeshGeometry {
  const own = meshNormals(header, vertices);
  return {
    normals: own ?? computeNormals(header, vertices, indices),
    normalSource: own ? 'mesh' : 'computed',
    edges: triangleEdges(header, indices),
    usedBones: usedBones(header, vertices),
  };
}
