/**
 * Checks one binary file: header and size in constant time (first 16 bytes + `source.size`),
 * then content in bounded chunks. Every malformed input becomes diagnostics; nothing throws
 * for bad bytes. Below `check.ts`; the manifest's asset rules call it too.
 */
import { type CheckOptions, DEFAULT_CHECK_OPTIONS, type FileCheckResult } from './checkResult';
import { checkClipStructure } from './clipCheck';
import { lintClipRecordsInRanges } from './clipRangeLint';
import { binaryDiagnostic } from './diagnosticCodes';
import type { FormatDiagnostic } from './diagnostics';
import type { ByteSource } from './fileAccess';
import { checkMesh } from './meshCheck';
import { nameMotionBones } from './motion/boneNames';
import { checkMshFile } from './msh/check';
import { printableMagic, readRomMagic } from './rom';
import { checkSkeleton } from './skeletonCheck';
import { type SummaryFacts, summarize } from './summary';

export type BinaryKind = 'clip' | 'skeleton' | 'mesh' | 'rom' | 'msh';

/** Header bytes every structural check needs: the legacy clip header is the longest (16). */
export const HEAD_BYTES = 16;

export async function checkBytes(kind: BinaryKind, source: ByteSource, path: string, options: CheckOptions = DEFAULT_CHECK_OPTIONS): Promise<FileCheckResult> {
  const size = source.size;
  let diagnostics: FormatDiagnostic[];
  let facts: SummaryFacts = { size };
  try {
    const first16 = size > 0 ? await source.read(0, Math.min(HEAD_BYTES, size)) : new Uint8Array(0);
    ({ diagnostics, facts } = await checkByKind(kind, source, first16, options));
    if (kind === 'clip' && options.boneNamesOf && facts.boneCount !== undefined) diagnostics = await nameMotionBones(diagnostics, path, facts.boneCount, options.boneNamesOf);
  } catch (error) {
    diagnostics = [unreadableFileDiagnostic(path, error)];
  }
  const result: FileCheckResult = { path, kind, diagnostics };
  result.summary = summarize(result, facts);
  return result;
}

async function checkByKind(kind: BinaryKind, source: ByteSource, first16: Uint8Array, options: CheckOptions): Promise<{ diagnostics: FormatDiagnostic[]; facts: SummaryFacts }> {
  const size = source.size;
  switch (kind) {
    case 'clip': {
      const structure = checkClipStructure(first16, size);
      const diagnostics = structure.diagnostics;
      if (structure.header && structure.recordsReadable) diagnostics.push(...(await lintClipRecordsInRanges(source, structure.header, options)));
      const facts: SummaryFacts = { size };
      if (structure.header && structure.recordsReadable) {
        facts.boneCount = structure.header.boneCount;
        facts.frameCount = structure.header.frameCount;
      }
      return { diagnostics, facts };
    }
    case 'skeleton': {
      const { diagnostics, header } = await checkSkeleton(source, first16, options);
      return { diagnostics, facts: { size, boneCount: header?.boneCount } };
    }
    case 'mesh': {
      const { diagnostics, header, maxBoneIndex } = await checkMesh(source, first16, options);
      const facts: SummaryFacts = { size, vertexCount: header?.vertexCount, indexCount: header?.indexCount, meshFormat: header?.format };
      if (maxBoneIndex !== undefined) facts.boneCount = maxBoneIndex + 1;
      return { diagnostics, facts };
    }
    case 'msh': {
      // Reads the container's header and directory, then one model's streams at a time.
      const { diagnostics } = await checkMshFile(source, options);
      return { diagnostics, facts: { size } };
    }
    case 'rom': {
      const magic = readRomMagic(first16);
      if (magic) return { diagnostics: [], facts: { size, romMagic: magic } };
      const found = size < 4 ? `only ${size} byte${size === 1 ? '' : 's'}` : `"${printableMagic(first16)}"`;
      return {
        diagnostics: [
          binaryDiagnostic(
            'rom/bad-magic',
            { start: 0, end: Math.min(4, size) },
            `ROM starts with ${found}; expected one of the magics "EWZ\\0", "EWZX" or "NCZX". This is not a packed ROM: re-run the packer (nether pack).`,
          ),
        ],
        facts: { size },
      };
    }
  }
}

export function unreadableFileDiagnostic(path: string, error: unknown): FormatDiagnostic {
  const reason = error instanceof Error ? error.message : String(error);
  return binaryDiagnostic('file/unreadable', { start: 0, end: 0 }, `Cannot read ${path}: ${reason}. Check that the file exists and is readable.`);
}

