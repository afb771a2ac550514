import type { ErrorObject } from 'ajv';
export interface Problem { path: string; message: string }
export function toProblems(errors: ErrorObject[] | null | undefined): Problem[];
