/**
 * MSH animation models in NRes containers (Parkan, after the fparkan specification at commit
 * 8a69872): the public surface adapters import. Pure: no Node, no vscode, no LSP.
 *
 * - `layout`: sizes, offsets and field tables of the container and the streams.
 * - `nres`: container detection and the header/directory reader and rules.
 * - `model`: `openMshFile` (outer blob, nested models, streams, node table, names) and node queries.
 * - `animation`: key pool and frame map as typed arrays (`readMshAnimation`), key decoding.
 * - `check`: `checkMshFile`, every rule of the container and of each model.
 * - `codes`: the diagnostic codes table.
 * - `sampling`: the runtime's sampling rules (reference, not bit-exact with the x87 runtime).
 * - `fields`: `mshFieldAt` / `mshFieldsOfRow`, what every byte is.
 * - `views`: data for the listing, hover, info and dump.
 * - `writer`: canonical containers and models, and their inverse.
 * - `listing`: the text listing of models (nodes, keys, poses at a frame) and its hover.
 */
export * from './layout';
export * from './codes';
export * from './nres';
export * from './model';
export * from './animation';
export * from './check';
export * from './sampling';
export * from './fields';
export * from './views';
export * from './writer';
export * from './reads';
export * from './values';
export * from './listing';
export * from './rows';
export * from './describe';
export * from './search';
