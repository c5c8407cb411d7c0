/**
 * Which skeleton and mesh go with a clip, from the nearest manifest (nether.toml / ember.toml in
 * the clip's folder or above, up to the workspace folder) through the manifest core's links.
 */
import * as vscode from 'vscode';
import { dirname, join, resolve } from 'node:path';
import { nodeFileAccess } from '../../../cli/nodeFileAccess';
import { assetById, checkManifest, MANIFEST_NAMES, readManifestText } from '../../../formats/index';

export interface LinkedAssets {
  skeleton?: vscode.Uri;
  mesh?: vscode.Uri;
  /** For the panel: "nether.toml: linked by its skeleton/mesh key". */
  source: string;
}

const SOURCE_TEXT: Record<string, string> = {
  explicit: 'its skeleton/mesh keys',
  'gltf-skin': 'the same glTF skin',
  'single-skeleton': 'the only skeleton in the pack',
};

export async function linkedAssets(clip: vscode.Uri): Promise<LinkedAssets | undefined> {
  if (clip.scheme !== 'file') return undefined;
  const clipPath = resolve(clip.fsPath);
  const root = vscode.workspace.getWorkspaceFolder(clip)?.uri.fsPath;
  for (let folder = dirname(clipPath), depth = 0; depth < 16; depth++) {
    for (const name of MANIFEST_NAMES) {
      const found = await linkFrom(join(folder, name), clipPath);
      if (found) return found;
    }
    const parent = dirname(folder);
    if (parent === folder || (root && folder === resolve(root))) break;
    folder = parent;
  }
  return undefined;
}

async function linkFrom(manifestPath: string, clipPath: string): Promise<LinkedAssets | undefined> {
  const stat = await nodeFileAccess.stat(manifestPath);
  if (!stat || stat.isDirectory) return undefined;
  try {
    const text = await readManifestText(nodeFileAccess, manifestPath, stat.size);
    const result = await checkManifest(nodeFileAccess, manifestPath, text, { maxKeyframeProblems: 0 });
    const clipAsset = result.assets.find((a) => a.kind === 'animation' && resolve(a.path) === clipPath);
    if (!clipAsset?.id) return undefined;
    const link = result.links.find((l) => l.animation === clipAsset.id);
    if (!link) return undefined;
    const skeleton = link.skeleton ? assetById(result, 'skeleton', link.skeleton) : undefined;
    const mesh = link.mesh ? assetById(result, 'mesh', link.mesh) : undefined;
    if (!skeleton?.exists && !mesh?.exists) return undefined;
    return {
      skeleton: skeleton?.exists ? vscode.Uri.file(skeleton.path) : undefined,
      mesh: mesh?.exists ? vscode.Uri.file(mesh.path) : undefined,
      source: `${manifestPath.split(/[\\/]/).pop()}: linked by ${SOURCE_TEXT[link.source] ?? link.source}`,
    };
  } catch {
    // A manifest that cannot be read links nothing; the language server reports its problems.
    return undefined;
  }
}
