/**
 * Which skeleton and mesh go with a clip: the language server answers (`ewzanim/clipLinks`) from
 * the manifest that lists the clip (nearest nether.toml / ember.toml in its folder or above, up
 * to the workspace folder, with its unsaved text), through the manifest core's links. The
 * candidates are the pack's skeletons and meshes with their bone counts (for a picker, or a
 * guess by bone count). Nothing is checked here: without a running server, no links.
 */
import * as vscode from 'vscode';
import { CLIP_LINKS_REQUEST, type ClipLinksParams, type ClipLinksResult, type LinkedAssetRef } from '../../../protocol/clipLinks';
import type { ExtensionServices } from '../services';

export interface LinkCandidate {
  uri: vscode.Uri;
  /** The manifest entry's id. */
  id?: string;
  /** Skeleton: bones; mesh: highest bone index + 1. */
  boneCount?: number;
}

export interface LinkCandidates {
  /** Bones per frame in the clip's header. */
  clipBones?: number;
  skeletons: LinkCandidate[];
  meshes: LinkCandidate[];
}

export interface LinkedAssets {
  skeleton?: vscode.Uri;
  mesh?: vscode.Uri;
  /** For the panel: "nether.toml: linked by its `skeleton`/`mesh` key". */
  source: string;
  candidates: LinkCandidates;
}

function candidate(ref: LinkedAssetRef): LinkCandidate {
  return { uri: vscode.Uri.parse(ref.uri), ...(ref.id !== undefined ? { id: ref.id } : {}), ...(ref.boneCount !== undefined ? { boneCount: ref.boneCount } : {}) };
}

/** The server's whole answer for a clip; undefined without a running server or for a non-file clip. */
export async function clipLinks(services: ExtensionServices, clip: vscode.Uri): Promise<ClipLinksResult | undefined> {
  const client = services.languageClient();
  if (clip.scheme !== 'file' || !client) return undefined;
  try {
    const params: ClipLinksParams = { clip: clip.toString() };
    return await client.sendRequest<ClipLinksResult>(CLIP_LINKS_REQUEST, params);
  } catch {
    // Not a clip, or the server went away: no links.
    return undefined;
  }
}

/** The skeleton and mesh the manifest links to the clip; undefined when it links neither. */
export async function linkedAssets(services: ExtensionServices, clip: vscode.Uri): Promise<LinkedAssets | undefined> {
  const result = await clipLinks(services, clip);
  if (!result || (!result.skeleton && !result.mesh)) return undefined;
  const manifestName = result.manifest ? vscode.Uri.parse(result.manifest).path.split('/').pop() : undefined;
  return {
    skeleton: result.skeleton ? vscode.Uri.parse(result.skeleton.uri) : undefined,
    mesh: result.mesh ? vscode.Uri.parse(result.mesh.uri) : undefined,
    source: `${manifestName ?? 'manifest'}: ${result.sourceText ?? 'linked'}`,
    candidates: {
      ...(result.clipBones !== undefined ? { clipBones: result.clipBones } : {}),
      skeletons: result.candidates.skeletons.map(candidate),
      meshes: result.candidates.meshes.map(candidate),
    },
  };
}
