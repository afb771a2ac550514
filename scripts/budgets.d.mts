export interface Budget {
  name: string;
  /** Chunk names (in `dir`), or paths from the repository. */
  chunks: string[];
  dir: string;
  limit: string;
}
export function file(chunk: string, dir?: string): string;
export function budgets(): Budget[];
export function unmatched(list: Budget[], exists?: (path: string) => boolean, listDir?: (dir: string) => string[]): string[];
