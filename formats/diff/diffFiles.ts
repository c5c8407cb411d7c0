/**
 * Two files by path: what they are (by name, else by magic; one side's kind serves both when the
 * other's name says nothing, as git's temporary files may), then the diff of that kind.
 */
import { type ByteSource, type FileAccess, byteSourceOf } from '../fileAccess';
import { type AssetKind, type KindOptions, fileKindOf } from '../fileKinds';
import { type ClipDiff, type ClipDiffOptions, diffClips } from './clipDiff';
import { type DiffFailure, diffFailure } from './diffTypes';
import { type MeshDiff, diffMeshes } from './meshDiff';
import { type MshDiff, diffMshFiles } from './mshDiff';
import { type SkeletonDiff, diffSkeletons } from './skeletonDiff';

export type FileDiff = ClipDiff | SkeletonDiff | MeshDiff | MshDiff;

export type DiffableKind = FileDiff['kind'];

const DIFFABLE: readonly AssetKind[] = ['clip', 'skeleton', 'mesh', 'msh'];

export interface DiffFilesOptions extends ClipDiffOptions, KindOptions {}

async function sourceOf(access: FileAccess, path: string, side: string): Promise<ByteSource | DiffFailure> {
  const stat = await access.stat(path);
  if (!stat || stat.isDirectory) return diffFailure('diff/no-such-file', `${side}: ${path}: ${stat ? 'is a folder' : 'no such file'}`);
  return byteSourceOf(access, path, stat.size);
}

/** Diffs `pathA` (the old side) with `pathB` (the new side) by what they mean. */
export async function diffFiles(access: FileAccess, pathA: string, pathB: string, options: DiffFilesOptions = {}): Promise<FileDiff | DiffFailure> {
  try {
    const a = await sourceOf(access, pathA, 'A');
    if ('failure' in a) return a;
    const b = await sourceOf(access, pathB, 'B');
    if ('failure' in b) return b;
    const kindA = (await fileKindOf(access, pathA, options))?.kind;
    const kindB = (await fileKindOf(access, pathB, options))?.kind;
    const kind = kindA ?? kindB;
    if (kindA && kindB && kindA !== kindB) return diffFailure('diff/kind-mismatch', `A is a ${kindA}, B is a ${kindB}: only files of one kind compare`);
    if (!kind || !DIFFABLE.includes(kind)) {
      return diffFailure('diff/unsupported', `${kind ? `a ${kind === 'rom' ? 'packed ROM' : kind}` : 'not a supported file'}: diff compares clips, skeletons, meshes and MSH models`);
    }
    switch (kind) {
      case 'clip':
        return await diffClips(a, b, options);
      case 'skeleton':
        return await diffSkeletons(a, b);
      case 'mesh':
        return await diffMeshes(a, b);
      default:
        return await diffMshFiles(a, b);
    }
  } catch (error) {
    return diffFailure('diff/unreadable', `cannot read: ${error instanceof Error ? error.message : String(error)}`);
  }
}
