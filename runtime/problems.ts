// What piazza tells a site admin, in no language (runtime/messages.ts words it). A file of its own,
// below both the loader's contract (types.ts) and the consent core's (consent/types.ts), which the
// contract names: the two would import each other otherwise.

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
