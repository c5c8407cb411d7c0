/**
 * The few host globals the core uses, for `formats/tsconfig.json` (ES2022 only: no DOM, no
 * Node). Every runtime the tools run in (Node, the webviews) has them; the root tsconfig takes
 * them from its DOM lib instead and excludes this folder.
 */

/** UTF-8 text out of bytes (WHATWG Encoding). */
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}

/** What `formats/wasm` needs of WebAssembly; the API itself is passed in (`loadClipKernels`). */
declare namespace WebAssembly {
  interface Memory {
    readonly buffer: ArrayBuffer;
    grow(delta: number): number;
  }
  class Module {
    constructor(bytes: BufferSource);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
}

type BufferSource = ArrayBufferView | ArrayBuffer;

/** Base64 of a binary string and back (WHATWG; globals in Node 16+ too). */
declare function btoa(data: string): string;
declare function atob(data: string): string;
