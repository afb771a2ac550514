// What runtime/sanitize.ts hands each sanitiser, and what a sanitiser gives back.

/** What both sanitisers remove on top of their own rules against script. */
export interface Policy {
  readonly elements: readonly string[];
  readonly attributes: readonly string[];
}

/** Remote HTML → clean nodes (of an inert document: nothing loads or runs until they are put in the page). */
export type Clean = (html: string) => DocumentFragment;
