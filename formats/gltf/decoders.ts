/**
 * The WASM decoders compressed glTF needs. formats/ creates none of them (the Draco decoder's
 * loader reads its .wasm file with Node or fetch): an adapter creates them and passes them in
 * (node/gltf/decoders.ts for the CLI and the extension).
 */

/** An emscripten Draco decoder module (draco3dgltf's `createDecoderModule()`), opaque here. */
export type DracoDecoderModule = object;

/** meshoptimizer's `MeshoptDecoder`, awaited (`ready`), opaque here. */
export type MeshoptDecoderModule = object;

export interface GltfDecoders {
  /** For KHR_draco_mesh_compression. */
  readonly draco?: DracoDecoderModule;
  /** For EXT_meshopt_compression (and KHR_meshopt_compression, its ratified form, once the library reads it). */
  readonly meshopt?: MeshoptDecoderModule;
}

export const NO_DECODERS: GltfDecoders = {};
