/**
 * The preview's mix files on the host side: `.mix.json` saved where the user says (default:
 * beside the shown clip) with every clip and mesh path written relative to the file, and opened
 * with those paths resolved back to URIs (formats/mixer/mixFile.ts parses and serialises); the
 * pack's meshes offered for attachments; the shown clip's bone parents from its export record.
 */
import * as vscode from 'vscode';
import { exportedBones, relativePath } from '../../../formats/gltf/exportRecord';
import { BUILTIN_MESH_PREFIX, MixFileError, parseMix, serializeMix, type MixFile } from '../../../formats/mixer/mixFile';
import type { HostToPreviewMessage, MeshChoice } from '../../../protocol/preview';
import { workspaceFileAccess } from '../gltfExport/workspaceFileAccess';
import type { FileAccessFor } from '../uriFileAccess';
import { workspacePreviewFiles } from './candidates';

const MIX_FILTERS = { 'Animation mix': ['mix.json', 'json'] };

/** The pack's meshes (the workspace walk's), by path. */
export async function meshChoices(files: FileAccessFor): Promise<MeshChoice[]> {
  const { meshes, access } = await workspacePreviewFiles(files);
  return meshes.map((m): MeshChoice => {
    const uri = access.uriOf(m.path);
    return { uri: uri.toString(), name: uri.path.split('/').pop() ?? uri.path, path: vscode.workspace.asRelativePath(uri) };
  }).sort((a, b) => a.path.localeCompare(b.path));
}

/** Each bone's parent from the export record beside `clip`, where it has them for every bone. */
export async function boneParentsOfClip(clip: vscode.Uri, boneCount: number): Promise<number[] | undefined> {
  try {
    return (await exportedBones(workspaceFileAccess(clip), clip.path, boneCount))?.parents;
  } catch {
    return undefined;
  }
}

/** Saves `mix` (paths as URIs) where the user says; returns the `mixSaved` answer. */
export async function saveMix(clip: vscode.Uri, suggestedName: string, mix: MixFile): Promise<HostToPreviewMessage> {
  const target = await vscode.window.showSaveDialog({ defaultUri: vscode.Uri.joinPath(clip, '..', suggestedName), filters: MIX_FILTERS, title: 'Save Mix' });
  if (!target) return { type: 'mixSaved', outcome: 'cancelled' };
  try {
    const folder = vscode.Uri.joinPath(target, '..');
    const relative = (uri: string): string => {
      if (uri.startsWith(BUILTIN_MESH_PREFIX)) return uri;
      const file = vscode.Uri.parse(uri);
      if (file.scheme !== folder.scheme || file.authority !== folder.authority) throw new Error(`${uri} is not on the same file system as the mix file`);
      return relativePath(folder.path, file.path);
    };
    const text = serializeMix({
      layers: mix.layers.map((l) => ({ ...l, clip: relative(l.clip) })),
      attachments: mix.attachments.map((a) => ({ ...a, mesh: relative(a.mesh) })),
    });
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
    return { type: 'mixSaved', outcome: 'saved', detail: vscode.workspace.asRelativePath(target) };
  } catch (error) {
    return { type: 'mixSaved', outcome: 'failed', detail: error instanceof Error ? error.message : String(error) };
  }
}

/** Asks for a mix file (starting beside the shown clip) and reads it; returns the `mix` answer. */
export async function openMix(clip: vscode.Uri): Promise<HostToPreviewMessage> {
  const [file] = (await vscode.window.showOpenDialog({ defaultUri: vscode.Uri.joinPath(clip, '..'), filters: MIX_FILTERS, canSelectMany: false, title: 'Open Mix' })) ?? [];
  if (!file) return { type: 'mix' };
  const name = file.path.split('/').pop() ?? file.path;
  try {
    const mix = parseMix(new TextDecoder().decode(await vscode.workspace.fs.readFile(file)));
    const folder = vscode.Uri.joinPath(file, '..');
    const resolve = (path: string): string => (path.startsWith(BUILTIN_MESH_PREFIX) ? path : vscode.Uri.joinPath(folder, path).toString());
    return {
      type: 'mix', name, mix: {
        ...mix,
        layers: mix.layers.map((l) => ({ ...l, clip: resolve(l.clip) })),
        attachments: mix.attachments.map((a) => ({ ...a, mesh: resolve(a.mesh) })),
      },
    };
  } catch (error) {
    const reason = error instanceof MixFileError ? `${error.code}: ${name}: ${error.message}` : `Cannot read ${name}: ${String(error)}`;
    return { type: 'mix', name, reason };
  }
}
