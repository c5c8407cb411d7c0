/**
 * `ewzanim/clipLinks` (protocol/clipLinks.ts): the manifest that lists a clip, searched from the
 * clip's folder upwards to its workspace folder, answers through the manifest language service;
 * the answer is written in the request's wire form by protocol/convert/clipLinks.ts.
 */
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { kindOfPath, MANIFEST_NAMES, parseClipHeader, type ClipLinkFacts } from '../../../../formats';
import { directoryOf } from '../../../../formats/paths';
import { CLIP_LINKS_REQUEST, type ClipLinksParams, type ClipLinksResult } from '../../../../protocol/clipLinks';
import { clipLinksWire } from '../../../../protocol/convert/clipLinks';
import type { ServerContext } from '../../context';

/** How far up a clip's folders a manifest is looked for when the clip is outside every workspace folder. */
const MAX_LEVELS_OUTSIDE_WORKSPACE = 16;

/** The clip's folder and its parents, up to the workspace folder that holds it. */
export function manifestFolders(clipPath: string, roots: readonly string[]): string[] {
  const root = roots.filter((r) => clipPath.startsWith(r.endsWith('/') ? r : `${r}/`)).sort((a, b) => b.length - a.length)[0];
  const folders: string[] = [];
  for (let folder = directoryOf(clipPath); folders.length < MAX_LEVELS_OUTSIDE_WORKSPACE || root; folder = directoryOf(folder)) {
    folders.push(folder);
    if (folder === root || folder === '/' || folder === '') break;
  }
  return folders;
}

async function clipBones(ctx: ServerContext, path: string): Promise<number | undefined> {
  try {
    return parseClipHeader(await ctx.files.read(path, 0, 4))?.boneCount;
  } catch {
    return undefined;
  }
}

export async function clipLinksOf(ctx: ServerContext, params: ClipLinksParams): Promise<ClipLinksResult> {
  if (typeof params?.clip !== 'string' || !ctx.isFileUri(params.clip)) {
    throw new ResponseError(ErrorCodes.InvalidParams, 'ewzanim/clipLinks takes the URI of a clip in the workspace (file:, or a workspace folder\'s file system)');
  }
  const path = ctx.uriToPath(params.clip);
  const kind = kindOfPath(path)?.kind;
  if (kind !== 'clip') {
    throw new ResponseError(ErrorCodes.InvalidParams, `${path} is not a clip (.nczxanim / .ewzanim)${kind ? `: it is a ${kind}` : ''}`);
  }
  const answer = (manifest: string | undefined, links: Omit<ClipLinkFacts, 'clip'> | undefined, listed: boolean, clipBones: number | undefined): ClipLinksResult =>
    clipLinksWire({ manifest, links, listed, clipBones }, ctx.pathToUri);
  const bones = await clipBones(ctx, path);
  let nearest: { path: string; links: Omit<ClipLinkFacts, 'clip'> } | undefined;
  for (const folder of manifestFolders(path, ctx.roots())) {
    for (const name of MANIFEST_NAMES) {
      const manifestPath = `${folder === '/' ? '' : folder}/${name}`;
      const facts = await ctx.manifestResult(ctx.pathToUri(manifestPath));
      if (!facts) continue;
      const links = ctx.manifestService.clipLinks(facts, path);
      if (links) return answer(manifestPath, links, true, bones);
      nearest ??= { path: manifestPath, links: { candidates: ctx.manifestService.packCandidates(facts) } };
    }
  }
  return answer(nearest?.path, nearest?.links, false, bones);
}

export function registerClipLinksRequest(ctx: ServerContext): void {
  ctx.connection.onRequest(CLIP_LINKS_REQUEST, (params: ClipLinksParams) => clipLinksOf(ctx, params));
}
