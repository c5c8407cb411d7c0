/** The part of draco3dgltf (no types of its own) the decoders use. */
declare module 'draco3dgltf' {
  interface DracoModuleOptions {
    /** The decoder's .wasm bytes, so the module reads no file. */
    wasmBinary?: Uint8Array;
  }
  export function createDecoderModule(options?: DracoModuleOptions): Promise<object>;
  export function createEncoderModule(options?: DracoModuleOptions): Promise<object>;
}
