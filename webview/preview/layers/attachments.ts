/**
 * The meshes attached to bones: a built-in box or a mesh file of the pack, on a bone, with an
 * offset. Each follows its bone's model matrix in the pose drawn (stamp, blended or mixed) and is
 * drawn as the lines of its edges (attachment.ts). No DOM.
 */
import { BUILTIN_MESH_PREFIX } from '../../../formats/mixer/mixFile';
import { indexOffset, parseMeshHeader, vertexOffset } from '../../../formats/mesh';
import { restPositions, triangleEdges } from '../meshGeometry';
import { attachmentLines, attachmentMatrix, BOX_SHAPE, type AttachmentOffset, type AttachmentShape } from './attachment';

export const BUILTIN_BOX = `${BUILTIN_MESH_PREFIX}box`;

export interface PreviewAttachment {
  readonly id: number;
  /** A mesh file's URI, or `builtin:box`. */
  mesh: string;
  name: string;
  /** Set while the mesh's bytes are on their way. */
  pending: boolean;
  bone: number;
  offset: AttachmentOffset;
  /** What is drawn, once read. */
  shape?: AttachmentShape;
}

const NO_OFFSET: AttachmentOffset = { position: [0, 0, 0], rotation: [0, 0, 0, 1], scale: 1 };

/** A mesh file's rest positions and triangle edges, or why it cannot be attached. */
export function shapeFromMesh(name: string, bytes: Uint8Array): AttachmentShape | string {
  const header = parseMeshHeader(bytes);
  if (!header || header.vertexCount === 0 || bytes.length < header.expectedSize) return `${name} is not a usable mesh`;
  const vertexEnd = vertexOffset(header, header.vertexCount);
  const vertices = bytes.subarray(vertexOffset(header, 0), vertexEnd);
  const indices = header.indexCount > 0 ? bytes.subarray(vertexEnd, indexOffset(header, header.indexCount)) : undefined;
  const edges = triangleEdges(header, indices);
  if (edges.some((v) => v >= header.vertexCount)) return `${name}: an index points past its ${header.vertexCount} vertices`;
  return { positions: restPositions(header, vertices), edges };
}

export class AttachmentSet {
  readonly items: PreviewAttachment[] = [];
  private nextId = 1;

  /** A new attachment of `mesh` on `bone`; the box is ready at once, a file waits for its bytes. */
  add(mesh: string, name: string, bone: number, offset: AttachmentOffset = NO_OFFSET): PreviewAttachment {
    const builtin = mesh === BUILTIN_BOX;
    const item: PreviewAttachment = { id: this.nextId++, mesh, name: builtin ? 'Box' : name, pending: !builtin, bone, offset: { ...offset }, shape: builtin ? BOX_SHAPE : undefined };
    this.items.push(item);
    return item;
  }

  get(id: number): PreviewAttachment | undefined {
    return this.items.find((a) => a.id === id);
  }

  /** The mesh's bytes for attachment `id`: its shape, or why not (the attachment is then removed). */
  receive(id: number, name: string, bytes: Uint8Array): string | undefined {
    const item = this.get(id);
    if (!item) return undefined;
    const shape = shapeFromMesh(name, bytes);
    if (typeof shape === 'string') {
      this.remove(id);
      return shape;
    }
    Object.assign(item, { name, shape, pending: false });
    return undefined;
  }

  remove(id: number): boolean {
    const i = this.items.findIndex((a) => a.id === id);
    if (i >= 0) this.items.splice(i, 1);
    return i >= 0;
  }

  /** Moves attachment `id` to another bone or offset; false when unknown or a number is not finite. */
  set(id: number, change: { bone?: number; offset?: Partial<AttachmentOffset> }): boolean {
    const item = this.get(id);
    const offset = { ...item?.offset, ...change.offset } as AttachmentOffset;
    const numbers = [change.bone ?? 0, ...offset.position, ...offset.rotation, offset.scale];
    if (!item || !numbers.every(Number.isFinite) || !(offset.scale > 0)) return false;
    if (change.bone !== undefined) item.bone = Math.max(0, Math.round(change.bone));
    item.offset = offset;
    return true;
  }

  /** Every attachment's lines in the pose (BONE_OUTPUT_FLOATS per bone; `bones` written); nothing for bones past them. */
  lines(pose: Float32Array, bones: number, color: readonly [number, number, number]): Float32Array {
    const parts = this.items.filter((a) => a.shape && a.bone < bones).map((a) => attachmentLines(a.shape!, attachmentMatrix(pose, a.bone, a.offset), color));
    const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
    let o = 0;
    for (const part of parts) {
      out.set(part, o);
      o += part.length;
    }
    return out;
  }
}
