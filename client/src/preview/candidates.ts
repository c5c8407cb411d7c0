/**
 * The skeletons, meshes and clips the preview can choose from, with their bone counts: today a
 * search of the workspace, each file summarised by the core's `checkFile`. The guess and the
 * picker only need `{id, boneCount}` lists, so a server request listing a pack's assets can
 * replace this search without touching them.
 */
import * as vscode from 'vscode';
import { nodeFileAccess } from '../../../node/fileAccess';
import type { AssetCandidate } from '../../../formats/assetGuess';
import { checkFile, parseClipHeader } from '../../../formats/index';
import type { ClipChoice } from '../../../protocol/preview';

export const SKELETON_GLOB = '**/*.{ewzskel,nczxskel}';
export const MESH_GLOB = '**/*.{ewzmesh,nczxmesh,nczmesh}';
const CLIP_GLOB = '**/*.{ewzanim,nczxanim}';
const EXCLUDE = '**/node_modules/**';
const LIMIT = 500;

/** A candidate whose id is its URI string. */
export interface UriCandidate extends AssetCandidate {
  uri: vscode.Uri;
}

async function summarise(uri: vscode.Uri): Promise<UriCandidate> {
  if (uri.scheme !== 'file') return { id: uri.toString(), uri };
  try {
    // Skeletons and meshes are small; the mesh's bone count needs its vertices (highest bone index + 1).
    const result = await checkFile(nodeFileAccess, uri.fsPath, { maxKeyframeProblems: 0 });
    return { id: uri.toString(), uri, boneCount: result.summary?.boneCount };
  } catch {
    return { id: uri.toString(), uri };
  }
}

export async function workspaceCandidates(glob: string): Promise<UriCandidate[]> {
  const files = await vscode.workspace.findFiles(glob, EXCLUDE, LIMIT);
  return Promise.all(files.map(summarise));
}

/** Clips with `bones` bones other than `except`, nearest first (same folder, then by path). */
export async function clipChoices(bones: number, except: vscode.Uri): Promise<ClipChoice[]> {
  const files = await vscode.workspace.findFiles(CLIP_GLOB, EXCLUDE, LIMIT);
  const choices: ClipChoice[] = [];
  for (const uri of files) {
    if (uri.toString() === except.toString() || uri.scheme !== 'file') continue;
    const header = parseClipHeader(await nodeFileAccess.read(uri.fsPath, 0, 4).catch(() => new Uint8Array(0)));
    if (!header || header.boneCount !== bones || header.frameCount === 0) continue;
    choices.push({ uri: uri.toString(), name: uri.path.split('/').pop() ?? uri.path, path: vscode.workspace.asRelativePath(uri), bones, frames: header.frameCount });
  }
  const folder = except.path.slice(0, except.path.lastIndexOf('/'));
  const near = (c: ClipChoice): number => (vscode.Uri.parse(c.uri).path.startsWith(`${folder}/`) ? 0 : 1);
  return choices.sort((a, b) => near(a) - near(b) || a.path.localeCompare(b.path));
}
