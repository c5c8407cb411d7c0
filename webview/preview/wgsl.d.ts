// esbuild loads `.wgsl` imports as text (scripts/build.mjs, loader `.wgsl: text`).
declare module '*.wgsl' {
  const source: string;
  export default source;
}
