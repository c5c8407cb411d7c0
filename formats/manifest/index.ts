/** The data-pack manifest (`nether.toml` / `ember.toml`): parse, query, validate, link. */
export { parseManifest } from './parseManifest';
export { checkManifest, skeletonsMatchingBoneCount, assetById, readManifestText, type ManifestCheckOptions, type ManifestCheckResult } from './checkManifest';
export * from './model';
export * from './query';
export * from './schema';
export { MANIFEST_DIAGNOSTIC_CODES, type ManifestCodeInfo } from './codes';
export { buildManifestJsonSchema } from './jsonSchema';
export { AssetSummaryCache, type FileFacts } from './summaryCache';
export type { ResolvedAsset } from './resolvedAsset';
export type { AnimationLink, MeshLink, LinkSource } from './rules/links';
export type { GltfInfo, GltfSkinInfo } from './gltfInfo';
export { LineIndex, rangeContains } from './textRanges';
export { unsafeGameIdReason } from './rules/gameRules';
export { checkManifestFile, checkManifestPack, type ManifestFileResult } from './checkManifestFile';
export { gltfExportHoverLines, GltfExportSummaryCache } from './gltfExportHover';
