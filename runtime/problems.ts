// What piazza tells a site admin: coded notes in no language (runtime/messages.ts words them) and
// the lines that carry them (runtime/log.ts). A file of its own, below the loader's contract
// (types.ts), the event bus (events.ts) and the consent core's (consent/types.ts), which the
// contract names: they would import each other otherwise.

/**
 * A config problem: its JSON path, and what is wrong as a code (ajv's keyword, or the check's own:
 * 'count', 'category', 'json'…) with its parameters (values, types, limit…), in no language:
 * runtime/messages.ts words it for the admin. Thrown by a block (ConfigError): the loader prints it.
 */
export interface ConfigProblem extends AdminNote {
  path: string;
}

/** A message for admins without a JSON path (e.g. an unknown block type). */
export interface AdminNote {
  code: string;
  [param: string]: unknown;
}

/** A console line for admins in both its languages; the logger prints the admin's (runtime/log.ts). */
export interface Words {
  it: string;
  en: string;
}

/**
 * Coded admin console lines after one prefix (runtime/log.ts adminNotes), worded in the admin's
 * language by the messages chunk; each resolves to the text written, once written.
 */
export interface AdminNotes {
  warn(what: AdminNote | ConfigProblem[], detail?: unknown): Promise<string>;
  error(what: AdminNote | ConfigProblem[], detail?: unknown): Promise<string>;
}

/** Admin console lines after one prefix (runtime/log.ts adminLines): coded notes, and words in the admin's language. */
export interface AdminLines extends AdminNotes {
  /** The line's prefix, e.g. `[piazza] listing block "eventi": `. */
  prefix: string;
  warn(what: Words | AdminNote | ConfigProblem[], detail?: unknown): Promise<string>;
  error(what: Words | AdminNote | ConfigProblem[], detail?: unknown): Promise<string>;
}

/** A block's (or helper's) admin console lines (runtime/log.ts adminLog). */
export interface AdminLog extends AdminLines {
  /** A request that failed, as every block prints it: `richiesta <what.it> non riuscita: <status> <message> (<url>)`, in English `<what.en> request failed: …`. */
  request(error: { status?: number; message: string; url?: string }, what: Words): void;
}
