/**
 * Semantic diffs of the binary formats: clips (angles, distances, ratios per bone and frame),
 * skeletons, meshes and MSH models; the CI gates; the text and markdown of a diff. Pure: files are
 * read through `ByteSource` / `FileAccess` a window at a time.
 */
export * from './diffTypes';
export * from './metrics';
export * from './clipDiff';
export * from './skeletonDiff';
export * from './meshDiff';
export * from './mshDiff';
export * from './diffFiles';
export * from './gates';
export * from './diffDocument';
export * from './diffRender';
