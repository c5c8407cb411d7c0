/**
 * Checks one binary file: header and size in constant time (first 16 bytes + `source.size`),
 * then content in bounded chunks. Every malformed input becomes diagnostics; nothing throws
 * for bad bytes. `checkFile` adds stat, kind-by-extension and read failures.
 */
import { checkClipStructure } from './clipCheck';
import { lintClipRecords } from './clipLint';
import { binaryDiagnostic } from './diagnosticCodes';
import type { FormatDiagnostic } from './diagnostics';
import { byteSourceOf, type ByteSource, type FileAccess } from './fileAccess';
import { type AssetKind, type KindOptions, kindOfBytes, kindOfPath } from './fileKinds';
import { checkMesh } from './meshCheck';
import { checkMshFile } from './msh/check';
import { DEFAULT_MAX_KEYFRAME_PROBLEMS } from './problemCollector';
import type { AssetSummary } from './records';
import { printableMagic, readRomMagic } from './rom';
import { checkManifestFile } from './manifest/checkManifestFile';
import { checkSkeleton } from './skeletonCheck';
import { type SummaryFacts, summarize } from './summary';

export interface CheckOptions {
  /** Per-record problems reported per file before one summary diagnostic (default 100). */
  maxKeyframeProblems: number;
  /** Bytes read per piece while linting content (default 4 MiB; whole records). */
  chunkBytes?: number;
  /** Which extensions name MSH files (`fileKinds`); default `.msh` only. */
  kinds?: KindOptions;
}

export const DEFAULT_CHECK_OPTIONS: CheckOptions = { maxKeyframeProblems: DEFAULT_MAX_KEYFRAME_PROBLEMS };

export interface FileCheckResult {
  path: string;
  /** 'unknown' only for a path whose extension no rule knows (with `file/unknown-kind`). */
  kind: AssetKind | 'unknown';
  diagnostics: FormatDiagnostic[];
  summary?: AssetSummary;
}

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
  } catch (error) {
    diagnostics = [unreadable(path, error)];
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
      if (structure.header && structure.recordsReadable) diagnostics.push(...(await lintClipRecords(source, structure.header, options)));
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

function unreadable(path: string, error: unknown): FormatDiagnostic {
  const reason = error instanceof Error ? error.message : String(error);
  return binaryDiagnostic('file/unreadable', { start: 0, end: 0 }, `Cannot read ${path}: ${reason}. Check that the file exists and is readable.`);
}

/**
 * stat + kind by extension + `checkBytes`; a manifest path runs the manifest rules
 * (`formats/manifest`). Missing files and unknown extensions become
 * diagnostics, never exceptions.
 */
export async function checkFile(access: FileAccess, path: string, options: CheckOptions = DEFAULT_CHECK_OPTIONS): Promise<FileCheckResult> {
  let kind = kindOfPath(path, options.kinds);
  if (kind?.kind === 'manifest') return checkManifestFile(access, path, options);
  let stat;
  try {
    stat = await access.stat(path);
  } catch (error) {
    return { path, kind: kind?.kind ?? 'unknown', diagnostics: [unreadable(path, error)] };
  }
  if (!kind && stat?.isFile !== false && stat && !stat.isDirectory && stat.size >= 4) kind = await kindByMagic(access, path);
  if (!kind) {
    return {
      path,
      kind: 'unknown',
      diagnostics: [
        binaryDiagnostic(
          'file/unknown-kind',
          { start: 0, end: 0 },
          `${path} has an extension the tools do not know; expected .nczxanim/.ewzanim, .nczxskel/.ewzskel, .nczxmesh/.nczmesh/.ewzmesh, .nczx/.ewzx/.ewz, nether.toml/ember.toml, or an NRes model (.msh).`,
        ),
      ],
    };
  }
  if (!stat || stat.isDirectory || stat.isFile === false) {
    // A FIFO or a device is never opened: a read could wait forever.
    const why = !stat ? 'no such file' : stat.isDirectory ? 'it is a directory' : 'it is not a regular file (a FIFO, socket or device)';
    return { path, kind: kind.kind, diagnostics: [unreadable(path, new Error(why))] };
  }
  const binary = kind.kind;
  if (binary === 'manifest') return checkManifestFile(access, path, options);
  return checkBytes(binary, byteSourceOf(access, path, stat.size), path, options);
}

/** A file named by no rule is still an NRes/RsLi container when its magic says so. */
async function kindByMagic(access: FileAccess, path: string): Promise<ReturnType<typeof kindOfBytes>> {
  try {
    return kindOfBytes(await access.read(path, 0, 4));
  } catch {
    return undefined;
  }
}
