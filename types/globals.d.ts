declare const __PIAZZA_VERSION__: string;
declare module 'piazza:manifest' {
  /** entry name → [entry file, ...files it imports], relative to dist/chunks/ */
  const manifest: Record<string, string[]>;
  export default manifest;
}
declare module '*.css' {
  const css: string;
  export default css;
}
