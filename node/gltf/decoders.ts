/**
 * The compressed-glTF decoders for the Node adapters (CLI, extension): draco3dgltf's Draco
 * decoder (its WebAssembly passed in as bytes, so no file is looked up beside the bundle) and
 * meshoptimizer's decoder, created once per process on first use.
 */
import { createDecoderModule } from 'draco3dgltf';
import { MeshoptDecoder } from 'meshoptimizer';
import type { GltfDecoders } from '../../formats/gltf';
import dracoDecoderWasm from './dracoDecoderWasm';

let decoders: Promise<GltfDecoders> | undefined;

async function createDecoders(): Promise<GltfDecoders> {
  const [draco] = await Promise.all([createDecoderModule({ wasmBinary: dracoDecoderWasm }), MeshoptDecoder.ready]);
  return { draco, meshopt: MeshoptDecoder };
}

/** The decoders, created on the first call (about 10 ms) and shared after it. */
export function nodeGltfDecoders(): Promise<GltfDecoders> {
  decoders ??= createDecoders();
  return decoders;
}
