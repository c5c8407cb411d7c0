/** glTF -> clip, skeleton and mesh with the quantisation report, and clip -> GLB. */
export { GltfReadError, loadGltfDocument, readGltfBytes, isGlb, MAX_GLTF_EXPORT_BYTES, MAX_GLTF_INSPECT_BYTES } from './load';
export type { GltfDecoders } from './decoders';
export * from './problems';
export { frameCountFor, frameTime, keyTimeTolerance, TrackSampler, type Interpolation, type KeyTrack, type TargetPath } from './sampler';
export * from './animationExport';
export * from './quantisationReport';
export { HISTOGRAM_RELATIVE_RESOLUTION } from './errorHistogram';
export { localSpaceDifference, type ExportedJoint, type LocalSpaceDifference } from './scene';
export type { Selector } from './selection';
export * from './skeletonExport';
export * from './meshExport';
export * from './glbExport';
export * from './inventory';
export * from './reportText';
export * from './exportRecord';
export * from './conversionNotes';
