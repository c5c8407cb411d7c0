/**
 * The skeletons, meshes and clips the preview can choose from, with their bone counts: the files
 * of the one workspace walk (formats/workspace/previewCandidates.ts), the same files the checker
 * covers with the user's settings. A clip is known by its 4-byte header alone. The guess and the
 * picker only need `{id, boneCount}` lists.
 */
import * as vscode from 'vscode';
import type { AssetCandidate } from '../../../formats/assetGuess';
import { clipBoneCount as headerBoneCount, clipsWithBones, previewFiles, withBoneCounts, type PreviewFiles } from '../../../formats/workspace/previewCandidates';
import type { ClipChoice } from '../../../protocol/preview';
import { workspaceSettings } from '../settings';
import type { FileAccessFor, UriFileAccess } from '../uriFileAccess';

/** A candidate whose id is its URI string. */
export interface UriCandidate extends AssetCandidate {
  uri: vscode.Uri;
}

/** One walk of the workspace: its files, and the file system their paths belong to. */
export interface WalkedFiles extends PreviewFiles {
  access: UriFileAccess;
}

/**
 * The workspace's clips, skeletons and meshes, walked now: the folders on one file system (the
 * local disk when a folder is there, else the first folder's: github.dev's repository).
 */
export async function workspacePreviewFiles(files: FileAccessFor): Promise<WalkedFiles> {
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri);
  const first = folders.find((uri) => uri.scheme === 'file') ?? folders[0];
  if (!first) return { access: files(vscode.Uri.file('/')), clips: [], skeletons: [], meshes: [] };
  const access = files(first);
  const roots = folders.filter((uri) => uri.scheme === first.scheme && uri.authority === first.authority).map((uri) => access.pathOf(uri));
  return { access, ...(await previewFiles(access.files, roots, workspaceSettings())) };
}

/** The skeletons or meshes of a walk, each with its bone count. */
export async function uriCandidates(walked: WalkedFiles, kind: 'skeleton' | 'mesh'): Promise<UriCandidate[]> {
  const counted = await withBoneCounts(walked.access.files, kind === 'skeleton' ? walked.skeletons : walked.meshes);
  return counted.map(({ path, boneCount }) => {
    const uri = walked.access.uriOf(path);
    return { id: uri.toString(), uri, boneCount };
  });
}

/** The clip's bone count from its 4-byte header (0 when unreadable; outside the local disk the whole file is read). */
export async function clipBoneCount(files: FileAccessFor, clip: vscode.Uri): Promise<number> {
  const { files: access, pathOf } = files(clip);
  return headerBoneCount(access, pathOf(clip));
}

/** Clips with `bones` bones other than `except`, nearest first (same folder, then by path). */
export async function clipChoices(files: FileAccessFor, bones: number, except: vscode.Uri): Promise<ClipChoice[]> {
  const walked = await workspacePreviewFiles(files);
  const others = walked.clips.filter((c) => walked.access.uriOf(c.path).toString() !== except.toString());
  const choices = (await clipsWithBones(walked.access.files, others, bones)).map(({ path, frames }): ClipChoice => {
    const uri = walked.access.uriOf(path);
    return { uri: uri.toString(), name: uri.path.split('/').pop() ?? uri.path, path: vscode.workspace.asRelativePath(uri), bones, frames };
  });
  const folder = except.path.slice(0, except.path.lastIndexOf('/'));
  const near = (c: ClipChoice): number => (vscode.Uri.parse(c.uri).path.startsWith(`${folder}/`) ? 0 : 1);
  return choices.sort((a, b) => near(a) - near(b) || a.path.localeCompare(b.path));
}
