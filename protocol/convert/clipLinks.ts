/**
 * The one conversion from the manifest service's clip links (`formats/manifest/service/clipLinks.ts`)
 * to the `ewzanim/clipLinks` wire types (`protocol/clipLinks.ts`), field by field. Paths become
 * URIs through the server's `pathToUri`.
 */
import type { ClipLinkFacts, LinkedAssetFacts, LinkSource } from '../../formats/manifest';
import type { ClipLinkSource, ClipLinksResult, LinkedAssetRef } from '../clipLinks';
import { withoutUndefined } from './plain';

/** What the server found: the manifest (absolute path) and its links or candidates for the clip. */
export interface ClipLinksFound {
  manifest: string | undefined;
  links: Omit<ClipLinkFacts, 'clip'> | undefined;
  /** Whether `manifest` lists the clip. */
  listed: boolean;
  clipBones: number | undefined;
}

export function clipLinksWire(found: ClipLinksFound, pathToUri: (path: string) => string): ClipLinksResult {
  const ref = (facts: LinkedAssetFacts): LinkedAssetRef => withoutUndefined({ uri: pathToUri(facts.path), id: facts.id, boneCount: facts.boneCount });
  const { links } = found;
  const source = links?.source === undefined ? undefined : linkSourceWire(links.source);
  return withoutUndefined({
    clipBones: found.clipBones,
    manifest: found.manifest === undefined ? undefined : pathToUri(found.manifest),
    listed: found.listed,
    skeleton: links?.skeleton && ref(links.skeleton),
    mesh: links?.mesh && ref(links.mesh),
    source,
    sourceText: source === undefined ? undefined : links?.sourceText,
    candidates: { skeletons: (links?.candidates.skeletons ?? []).map(ref), meshes: (links?.candidates.meshes ?? []).map(ref) },
  });
}

function linkSourceWire(source: LinkSource): ClipLinkSource {
  switch (source) {
    case 'explicit':
    case 'gltf-skin':
    case 'single-skeleton':
      return source;
  }
}
