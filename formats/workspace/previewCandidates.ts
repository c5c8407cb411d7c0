/**
 * What the preview can pair a clip with, and which clips it can mix in: the files of the one
 * workspace walk (so exactly the files the checker covers, with the user's exclude globs and MSH
 * extensions), each with its bone count. A clip is known by its 4-byte header alone; a skeleton
 * or mesh by the core's summary (a mesh's bone count needs its vertices).
 */
import { checkFileAs } from '../check';
import { CLIP_HEADER_SIZE, parseClipHeader } from '../clip';
import type { FileAccess } from '../fileAccess';
import { kindsByName } from '../fileKinds';
import type { EwzanimSettings } from '../settings/settings';
import { ExcludeFilter } from './exclude';
import { walkWorkspace, type WalkedFile } from './walk';

/** The walk's files of the kinds the preview uses, each list in walk order. */
export interface PreviewFiles {
  clips: WalkedFile[];
  skeletons: WalkedFile[];
  meshes: WalkedFile[];
}

/** A skeleton or mesh and its bone count; undefined when the file cannot tell (unreadable, broken). */
export interface BoneCountedFile {
  path: string;
  boneCount?: number;
}

/** A clip of the wanted bone count, from its header. */
export interface ClipWithBones {
  path: string;
  bones: number;
  frames: number;
}

/** Walks `roots` as the workspace check does with these settings and keeps the clips, skeletons and meshes. */
export async function previewFiles(access: FileAccess, roots: readonly string[], settings: Pick<EwzanimSettings, 'exclude' | 'mshExtensions'>): Promise<PreviewFiles> {
  const { files } = await walkWorkspace(access, roots, new ExcludeFilter(settings.exclude, roots), kindsByName({ mshExtensions: settings.mshExtensions }));
  return {
    clips: files.filter((f) => f.kind.kind === 'clip'),
    skeletons: files.filter((f) => f.kind.kind === 'skeleton'),
    meshes: files.filter((f) => f.kind.kind === 'mesh'),
  };
}

/** Each skeleton or mesh with its bone count, from the core's summary of the file. */
export async function withBoneCounts(access: FileAccess, files: readonly WalkedFile[]): Promise<BoneCountedFile[]> {
  return Promise.all(
    files.map(async ({ path, kind }): Promise<BoneCountedFile> => {
      try {
        const result = await checkFileAs(access, path, kind, { maxKeyframeProblems: 0 });
        return { path, boneCount: result.summary?.boneCount };
      } catch {
        return { path };
      }
    }),
  );
}

/** A clip's bone count from its 4-byte header; 0 when it cannot be read. */
export async function clipBoneCount(access: FileAccess, path: string): Promise<number> {
  try {
    return parseClipHeader(await access.read(path, 0, CLIP_HEADER_SIZE))?.boneCount ?? 0;
  } catch {
    return 0;
  }
}

/** The clips with `bones` bones and at least one frame, each known by its 4-byte header only. */
export async function clipsWithBones(access: FileAccess, clips: readonly WalkedFile[], bones: number): Promise<ClipWithBones[]> {
  const headers = await Promise.all(clips.map(({ path }) => access.read(path, 0, CLIP_HEADER_SIZE).then(parseClipHeader, () => undefined)));
  const fitting: ClipWithBones[] = [];
  for (const [i, header] of headers.entries()) {
    if (header && header.boneCount === bones && header.frameCount > 0) fitting.push({ path: clips[i]!.path, bones, frames: header.frameCount });
  }
  return fitting;
}
