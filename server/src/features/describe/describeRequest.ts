/**
 * `ewzanim/describeByte`: describes the byte at an offset of a binary file through the core's
 * `describeByte`, reading the file in pieces; an overlay of unsaved bytes (the hex editor's
 * edits) is laid over what is on disk. The answer is the request's wire form (protocol/describe.ts).
 */
import { byteSourceOf, fileKindOf, memoryByteSource, type ByteSource, type FileAccess } from '../../../../formats';
import { describeByte } from '../../../../formats/describe';
import { SparseOverlay } from '../../../../formats/editing/sparseOverlay';
import type { DescribeByteParams, DescribeByteResult } from '../../../../protocol/describe';
import { byteDescriptionWire } from '../../../../protocol/convert/describeByte';

/** `base` with `bytes` written at `offset` (the file grows if they reach past its end). */
export function overlaidSource(base: ByteSource, offset: number, bytes: Uint8Array): ByteSource {
  const overlay = new SparseOverlay();
  overlay.write(offset, bytes);
  const size = Math.max(base.size, offset + bytes.length);
  return {
    size,
    read: async (at, length) => {
      const target = new Uint8Array(Math.max(0, Math.min(length, size - at)));
      target.set((await base.read(at, target.length)).subarray(0, target.length));
      overlay.applyTo(at, target);
      return target;
    },
  };
}

export async function describeBytes(files: FileAccess, path: string, params: DescribeByteParams, frameRate: number): Promise<DescribeByteResult> {
  // By name, else by magic: an NRes file under a generic name (`.rlb`, `.lib`) is described too.
  const kind = (await fileKindOf(files, path))?.kind;
  if (!kind || kind === 'manifest') return null;
  const stat = await files.stat(path);
  let source: ByteSource = stat && !stat.isDirectory ? byteSourceOf(files, path, stat.size) : memoryByteSource(new Uint8Array(0));
  if (params.overlay) source = overlaidSource(source, params.overlay.offset, Uint8Array.from(Buffer.from(params.overlay.base64, 'base64')));
  const description = await describeByte(kind, source, params.offset, { frameRate });
  return description ? byteDescriptionWire(description) : null;
}
