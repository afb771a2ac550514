// The steps of a block's load on the page's performance timeline (User Timing), for the bench's
// load phases (test/bench/load-phases.ts) and a browser's performance panel. One name per step,
// the block in `detail`: `piazza-early` its early step ran (its first requests sent; the listing's
// early chunk), `piazza-mounted` its setup done (the block kit's mount), `piazza-results` its
// first answer in its state, drawn in the same task (the listing). Not in the manifest, which
// every page loads. A mark costs microseconds; an engine without User Timing gets none.

export const mark = (name: string, blockId: string): void => void performance.mark?.(name, { detail: { blockId } });
