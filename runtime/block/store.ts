// A block's state: one valtio proxy, changed by the block's actions and controllers (which run
// outside Preact, created in mount), read by views with useStore (use-store.ts). The only import
// of valtio (Biome's noRestrictedImports): controllers and models take proxy, ref, snapshot and
// subscribe from here, with no Preact (the listing's early chunk reads its state without it).
export { proxy, ref, snapshot, subscribe } from 'valtio/vanilla';
