// esbuild plugin for the Node bundles: node/gltf/dracoDecoderWasm.ts (which reads the Draco
// decoder's .wasm from node_modules when run from source) becomes the .wasm's bytes, inlined, so
// the extension and the one-file CLI carry the decoder without a file beside the bundle.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** @type {import('esbuild').Plugin} */
export const inlineDracoDecoderWasm = {
  name: 'inline-draco-decoder-wasm',
  setup(build) {
    build.onLoad({ filter: /[\\/]node[\\/]gltf[\\/]dracoDecoderWasm\.ts$/ }, () => ({
      contents: readFileSync(require.resolve('draco3dgltf/draco_decoder_gltf.wasm')),
      loader: 'binary',
    }));
  },
};
