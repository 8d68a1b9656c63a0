import { ERROR_CATALOGUE, type ErrorName } from './codes.ts';

/**
 * A business error: the domain and the services throw it, the HTTP layer turns it into the
 * envelope `{code, msg, data}` with the catalogue text in the caller's language.
 */
export class AppError extends Error {
  readonly code: number;

  constructor(
    readonly errorName: ErrorName,
    /** Extra detail for the client, e.g. `{ field: 'email' }` for a parameter error. */
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(ERROR_CATALOGUE[errorName].en);
    this.name = 'AppError';
    this.code = ERROR_CATALOGUE[errorName].code;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
