/**
 * The Draco decoder's WebAssembly bytes (draco3dgltf's draco_decoder_gltf.wasm). Read from the
 * package here; the bundles (scripts/build.mjs, scripts/package-cli.mjs) replace this module by
 * the bytes themselves (scripts/inlineWasm.mjs), so the extension and the one-file CLI carry the
 * decoder without a file beside them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const dracoDecoderWasm: Uint8Array = readFileSync(createRequire(import.meta.url).resolve('draco3dgltf/draco_decoder_gltf.wasm'));
export default dracoDecoderWasm;
