/**
 * The skeletons, meshes and clips the preview can choose from, with their bone counts: the files
 * of the one workspace walk (formats/workspace/previewCandidates.ts), the same files the checker
 * covers with the user's settings. A clip is known by its 4-byte header alone. The guess and the
 * picker only need `{id, boneCount}` lists.
 */
import * as vscode from 'vscode';
import { nodeFileAccess } from '../../../node/fileAccess';
import type { AssetCandidate } from '../../../formats/assetGuess';
import { CLIP_HEADER_SIZE, parseClipHeader } from '../../../formats/clip';
import { clipBoneCount as headerBoneCount, clipsWithBones, previewFiles, withBoneCounts, type PreviewFiles } from '../../../formats/workspace/previewCandidates';
import type { ClipChoice } from '../../../protocol/preview';
import { workspaceSettings } from '../settings';

/** A candidate whose id is its URI string. */
export interface UriCandidate extends AssetCandidate {
  uri: vscode.Uri;
}

/** The workspace's clips, skeletons and meshes, walked now (folders on disk only). */
export async function workspacePreviewFiles(): Promise<PreviewFiles> {
  const roots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  return previewFiles(nodeFileAccess, roots, workspaceSettings());
}

/** The skeletons or meshes of a walk, each with its bone count. */
export async function uriCandidates(files: PreviewFiles, kind: 'skeleton' | 'mesh'): Promise<UriCandidate[]> {
  const counted = await withBoneCounts(nodeFileAccess, kind === 'skeleton' ? files.skeletons : files.meshes);
  return counted.map(({ path, boneCount }) => {
    const uri = vscode.Uri.file(path);
    return { id: uri.toString(), uri, boneCount };
  });
}

/** The clip's bone count from its 4-byte header (0 when unreadable). */
export async function clipBoneCount(clip: vscode.Uri): Promise<number> {
  if (clip.scheme === 'file') return headerBoneCount(nodeFileAccess, clip.fsPath);
  // No ranged reads outside the file system: the whole file, only for such a clip.
  try {
    return parseClipHeader((await vscode.workspace.fs.readFile(clip)).subarray(0, CLIP_HEADER_SIZE))?.boneCount ?? 0;
  } catch {
    return 0;
  }
}

/** Clips with `bones` bones other than `except`, nearest first (same folder, then by path). */
export async function clipChoices(bones: number, except: vscode.Uri): Promise<ClipChoice[]> {
  const { clips } = await workspacePreviewFiles();
  const others = clips.filter((c) => vscode.Uri.file(c.path).toString() !== except.toString());
  const choices = (await clipsWithBones(nodeFileAccess, others, bones)).map(({ path, frames }): ClipChoice => {
    const uri = vscode.Uri.file(path);
    return { uri: uri.toString(), name: uri.path.split('/').pop() ?? uri.path, path: vscode.workspace.asRelativePath(uri), bones, frames };
  });
  const folder = except.path.slice(0, except.path.lastIndexOf('/'));
  const near = (c: ClipChoice): number => (vscode.Uri.parse(c.uri).path.startsWith(`${folder}/`) ? 0 : 1);
  return choices.sort((a, b) => near(a) - near(b) || a.path.localeCompare(b.path));
}
