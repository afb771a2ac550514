declare const __PIAZZA_VERSION__: string;
declare module 'piazza:files' {
  /** entry name → [entry file, ...files it imports], relative to dist/chunks/ (runtime/manifest.ts) */
  const files: Record<string, string[]>;
  export default files;
}
declare module 'piazza:blocks' {
  /** The block types of this build, from the blocks registry (blocks/registry.json). */
  const types: string[];
  export default types;
}
declare module 'piazza:manifest' {
  /** The file name of the build's manifest module (runtime/manifest.ts) in dist/chunks/. */
  const file: string;
  export default file;
}
declare module '*.css' {
  const css: string;
  export default css;
}
