/**
 * The link nobody has upstream: which skeleton and mesh a clip belongs to, and whether their
 * bone counts agree. Links, strongest first: explicit `skeleton` / `mesh` keys (ours), the same
 * .gltf/.glb and skin, the pack's only skeleton. Every message names both assets, both counts
 * and where the link came from.
 */
import type { TextRange } from '../../diagnostics';
import { clipSkeletonMismatchEffect, meshPastBonesEffect } from '../../keyframeBind';
import { manifestDiagnostic } from '../codes';
import { nearestName } from '../editDistance';
import { entryLabel, stringValue, type ManifestKey } from '../model';
import type { ResolvedAsset } from '../resolvedAsset';
import type { RuleContext } from './context';

export type LinkSource = 'explicit' | 'gltf-skin' | 'single-skeleton';

export interface AnimationLink {
  /** The clip's id (an imported id for wildcard glTF imports). */
  animation: string;
  skeleton?: string;
  mesh?: string;
  source: LinkSource;
}

export interface MeshLink {
  mesh: string;
  skeleton: string;
  source: LinkSource;
}

export const SOURCE_TEXT: Record<LinkSource, string> = {
  explicit: 'linked by its `skeleton`/`mesh` key',
  'gltf-skin': 'linked because both use the same glTF skin',
  'single-skeleton': 'linked because it is the only skeleton in the pack',
};

interface Found {
  asset: ResolvedAsset;
  source: LinkSource;
  /** The key that made the link (explicit links), where a mismatch is reported. */
  key?: ManifestKey;
}

function byId(assets: readonly ResolvedAsset[], kind: ResolvedAsset['kind']): Map<string, ResolvedAsset> {
  const map = new Map<string, ResolvedAsset>();
  // Last wins, as upstream.
  for (const asset of assets) if (asset.kind === kind && asset.id !== undefined) map.set(asset.id, asset);
  return map;
}

function anchor(asset: ResolvedAsset): TextRange {
  const f = asset.entry.fields;
  return (f.id ?? f.path ?? f.animation_name)?.value.range ?? asset.entry.headerRange ?? asset.entry.range;
}

function plural(n: number): string {
  return `${n} bone${n === 1 ? '' : 's'}`;
}

export interface LinkResult {
  links: AnimationLink[];
  meshLinks: MeshLink[];
}

/** glTF entries of one file and skin share one joint list: key them by both. */
function skinKey(asset: ResolvedAsset): string | undefined {
  return asset.gltf !== undefined && asset.skinName !== undefined ? `${asset.path}\u0000${asset.skinName}` : undefined;
}

export function linkAssets(ctx: RuleContext, assets: readonly ResolvedAsset[]): LinkResult {
  const skeletons = byId(assets, 'skeleton');
  const meshes = byId(assets, 'mesh');
  const skeletonAssets = assets.filter((a) => a.kind === 'skeleton');
  const only = skeletonAssets.length === 1 ? skeletonAssets[0] : undefined;
  // Indexes, so that a pack of thousands of entries links in linear time.
  const skeletonBySkin = new Map<string, ResolvedAsset>();
  for (const s of skeletonAssets) {
    const key = skinKey(s);
    if (key !== undefined && !skeletonBySkin.has(key)) skeletonBySkin.set(key, s);
  }
  const gltfMeshByPath = new Map<string, ResolvedAsset>();
  for (const m of assets) if (m.kind === 'mesh' && m.gltf !== undefined && !gltfMeshByPath.has(m.path)) gltfMeshByPath.set(m.path, m);
  const sameSkinSkeleton = (asset: ResolvedAsset): Found | undefined => {
    const key = skinKey(asset);
    const s = key === undefined ? undefined : skeletonBySkin.get(key);
    return s ? { asset: s, source: 'gltf-skin' } : undefined;
  };

  const explicitTarget = (asset: ResolvedAsset, keyName: 'skeleton' | 'mesh'): Found | undefined => {
    const key = asset.entry.fields[keyName];
    const id = stringValue(key);
    if (!key || id === undefined) return undefined;
    const target = (keyName === 'skeleton' ? skeletons : meshes).get(id);
    if (!target) {
      const known = [...(keyName === 'skeleton' ? skeletons : meshes).keys()];
      const nearest = nearestName(id, known);
      ctx.report(manifestDiagnostic('manifest/unknown-link', key.value.range,
        `No ${keyName} with id "${id}" in this manifest` + (known.length ? `; ${keyName}s: ${known.map((k) => `"${k}"`).join(', ')}.` : '.') + (nearest?.likelyTypo ? ` Did you mean "${nearest.name}"?` : ''),
        { data: nearest?.likelyTypo ? { suggestion: nearest.name } : undefined }));
      return undefined;
    }
    return { asset: target, source: 'explicit', key };
  };

  // Meshes first: a clip without its own mesh key inherits the one mesh linked to its skeleton.
  const meshLinks: MeshLink[] = [];
  const meshesOfSkeleton = new Map<ResolvedAsset, ResolvedAsset[]>();
  for (const mesh of assets) {
    if (mesh.kind !== 'mesh') continue;
    const found = explicitTarget(mesh, 'skeleton') ?? sameSkinSkeleton(mesh)
      ?? (only && mesh.boneCount !== undefined ? { asset: only, source: 'single-skeleton' as const } : undefined);
    if (!found) continue;
    const list = meshesOfSkeleton.get(found.asset) ?? [];
    list.push(mesh);
    meshesOfSkeleton.set(found.asset, list);
    if (mesh.id !== undefined && found.asset.id !== undefined) meshLinks.push({ mesh: mesh.id, skeleton: found.asset.id, source: found.source });
    checkMeshBones(ctx, mesh, found.asset, found, 'skeleton');
  }

  const links: AnimationLink[] = [];
  for (const clip of assets) {
    if (clip.kind !== 'animation') continue;
    const skeleton = explicitTarget(clip, 'skeleton') ?? sameSkinSkeleton(clip)
      ?? (only && (clip.summary !== undefined || clip.gltf !== undefined) ? { asset: only, source: 'single-skeleton' as const } : undefined);
    let mesh = explicitTarget(clip, 'mesh');
    if (!mesh && clip.gltf !== undefined) {
      const gltfMesh = gltfMeshByPath.get(clip.path);
      if (gltfMesh) mesh = { asset: gltfMesh, source: 'gltf-skin' };
    }
    if (!mesh && skeleton) {
      const candidates = meshesOfSkeleton.get(skeleton.asset) ?? [];
      if (candidates.length === 1) mesh = { asset: candidates[0], source: skeleton.source };
    }
    if (skeleton) checkClipAgainstSkeleton(ctx, clip, skeleton);
    if (mesh) checkMeshBones(ctx, mesh.asset, clip, mesh, 'clip');
    const ids = clip.importedIds ?? (clip.id !== undefined ? [clip.id] : []);
    const source = skeleton?.source ?? mesh?.source;
    if (source && (skeleton?.asset.id !== undefined || mesh?.asset.id !== undefined)) {
      for (const id of ids) {
        const link: AnimationLink = { animation: id, source };
        if (skeleton?.asset.id !== undefined) link.skeleton = skeleton.asset.id;
        if (mesh?.asset.id !== undefined) link.mesh = mesh.asset.id;
        links.push(link);
      }
    }
    if (!skeleton && skeletonAssets.length > 1 && clip.boneCount !== undefined) suggestSkeleton(ctx, clip, skeletonAssets);
  }
  return { links, meshLinks };
}

function checkClipAgainstSkeleton(ctx: RuleContext, clip: ResolvedAsset, found: Found): void {
  const skeleton = found.asset;
  const clipBones = clip.boneCount;
  const skeletonBones = skeleton.boneCount;
  if (clipBones === undefined || skeletonBones === undefined || clipBones === skeletonBones) return;
  const effect = clipSkeletonMismatchEffect(clipBones, skeletonBones);
  ctx.report(manifestDiagnostic('manifest/bone-mismatch', found.key?.value.range ?? anchor(clip),
    `${entryLabel(clip.entry)} has ${plural(clipBones)} but ${entryLabel(skeleton.entry)} has ${plural(skeletonBones)} (${SOURCE_TEXT[found.source]}): ${effect}.`,
    { severity: 'warning', related: [{ path: ctx.model.path, message: `${entryLabel(skeleton.entry)}: ${plural(skeletonBones)}`, range: anchor(skeleton) }],
      data: { clipBones, skeletonBones, source: found.source } }));
}

function checkMeshBones(ctx: RuleContext, mesh: ResolvedAsset, against: ResolvedAsset, found: Found, role: 'skeleton' | 'clip'): void {
  const needed = mesh.boneCount;
  const available = against.boneCount;
  if (needed === undefined || available === undefined || needed <= available) return;
  const where = found.key?.value.range ?? (role === 'clip' ? anchor(against) : anchor(mesh));
  ctx.report(manifestDiagnostic('manifest/bone-mismatch', where,
    `${entryLabel(mesh.entry)} uses bone index ${needed - 1} (needs ${plural(needed)}) but ${entryLabel(against.entry)} has ${plural(available)} (${SOURCE_TEXT[found.source]}): ` +
    `${meshPastBonesEffect(available, needed, role)}.`,
    { severity: 'error', related: [{ path: ctx.model.path, message: `${entryLabel(mesh.entry)} needs ${plural(needed)}`, range: anchor(mesh) }],
      data: { meshBones: needed, [`${role}Bones`]: available, source: found.source } }));
}

/** Several skeletons and no link: name those with the clip's bone count (for "add skeleton = ..."). */
function suggestSkeleton(ctx: RuleContext, clip: ResolvedAsset, skeletons: readonly ResolvedAsset[]): void {
  const matching = skeletonsWithBoneCount(skeletons, clip.boneCount!);
  const message = matching.length === 1
    ? `${entryLabel(clip.entry)} (${plural(clip.boneCount!)}) is not linked to a skeleton; "${matching[0]}" is the only skeleton with ${plural(clip.boneCount!)}. Add \`skeleton = "${matching[0]}"\` so the bone counts are checked (\`nether pack\` ignores the key).`
    : `${entryLabel(clip.entry)} (${plural(clip.boneCount!)}) is not linked to any of the ${skeletons.length} skeletons, so its bone count is not checked. Add \`skeleton = "<id>"\`` +
      (matching.length ? ` (with ${plural(clip.boneCount!)}: ${matching.map((m) => `"${m}"`).join(', ')}).` : '.');
  const data: Record<string, string | number> = { candidates: matching.join(','), boneCount: clip.boneCount! };
  if (matching.length === 1) data.skeleton = matching[0];
  ctx.report(manifestDiagnostic('manifest/unlinked-animation', anchor(clip), message, { data }));
}

/** Ids of the skeletons with exactly `boneCount` bones, in manifest order. */
export function skeletonsWithBoneCount(assets: readonly ResolvedAsset[], boneCount: number): string[] {
  const ids: string[] = [];
  for (const a of assets) if (a.kind === 'skeleton' && a.boneCount === boneCount && a.id !== undefined && !ids.includes(a.id)) ids.push(a.id);
  return ids;
}
