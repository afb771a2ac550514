import type { ErrorObject } from 'ajv';
import type { ConfigProblem } from '../runtime/types';
export type Problem = ConfigProblem;
export function toProblems(errors: ErrorObject[] | null | undefined): Problem[];
