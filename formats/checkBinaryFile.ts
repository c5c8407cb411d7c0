/**
 * A binary file on disk to `checkBytes`, each byte read once: a file no larger than one piece
 * (`chunkBytes`, default 4 MiB) whose check reads its content is loaded by one read; a larger
 * one is streamed in pieces. Returns the first bytes too, so the manifest's content rule (what
 * the file's signature says) needs no read of its own. Below `check.ts` and the manifest rules.
 */
import { type BinaryKind, checkBytes } from './checkBytes';
import type { CheckOptions, FileCheckResult } from './checkResult';
import type { LocalSpaceVerdict } from './motion/localSpace';
import { byteSourceOf, type ByteSource, type FileAccess, type FileStat } from './fileAccess';
import { DEFAULT_CHUNK_BYTES } from './problemCollector';
import { wholeFileSource } from './wholeFileSource';

/** Kinds whose check reads the content (a ROM's reads only its magic). */
const CONTENT_KINDS: ReadonlySet<BinaryKind> = new Set<BinaryKind>(['clip', 'skeleton', 'mesh', 'msh']);

export interface BinaryFileCheck {
  result: FileCheckResult;
  /** The file's first bytes as read: the whole file, or the header read of a streamed one. */
  head?: Uint8Array;
  /**
   * A check sent across threads carries only the head's signature bytes and, instead of the
   * whole file, what the manifest's rules would take from it (`manifest/assetFacts.ts`).
   */
  ruleBytes?: { localSpaceSamples?: Uint8Array; skeletonBytes?: Uint8Array; localSpaceVerdicts?: Record<string, LocalSpaceVerdict> };
}

export async function checkBinaryFile(access: FileAccess, path: string, kind: BinaryKind, stat: FileStat, options: CheckOptions): Promise<BinaryFileCheck> {
  if (CONTENT_KINDS.has(kind) && stat.size <= (options.chunkBytes ?? DEFAULT_CHUNK_BYTES)) {
    const whole = wholeFileSource(access, path, stat.size);
    const result = await checkBytes(kind, whole, path, options);
    return { result, head: whole.loaded };
  }
  const { source, head } = keepingHead(byteSourceOf(access, path, stat.size));
  const result = await checkBytes(kind, source, path, options);
  return { result, head: head() };
}

/** `source`, remembering what its first read at offset 0 returned (the header). */
function keepingHead(source: ByteSource): { source: ByteSource; head: () => Uint8Array | undefined } {
  let head: Uint8Array | undefined;
  const read = source.read.bind(source);
  const kept: ByteSource = {
    ...source,
    read: async (offset, length) => {
      const bytes = await read(offset, length);
      if (offset === 0 && !head) head = bytes.slice();
      return bytes;
    },
  };
  return { source: kept, head: () => head };
}
