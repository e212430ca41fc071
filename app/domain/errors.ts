// Expected failures of domain operations, as values the HTTP adapters map to statuses.
// (A thrown DomainError is never a 500: routes translate it; anything else is a bug.)

import { DatabaseBusyError } from '~/lib/contention.server';

export type DomainErrorCode =
  | 'invalid_input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  /** The database stayed too busy after retries (DatabaseBusyError): try again shortly. */
  | 'unavailable';

const statusByCode: Record<DomainErrorCode, number> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly status: number;
  /** Extra fields for the JSON body (e.g. the 403 body of the premium check). */
  readonly details?: Record<string, unknown>;

  constructor(code: DomainErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.status = statusByCode[code];
    this.details = details;
  }
}

/**
 * A refusal the HTTP side answers with its status: a DomainError, or the lib's DatabaseBusyError
 * (code 'unavailable', 503, Retry-After), which has the same shape, so every route that handles
 * one handles the other ("please try again" on a form, 503 on the JSON API).
 */
export function isDomainError(error: unknown): error is DomainError | DatabaseBusyError {
  return error instanceof DomainError || error instanceof DatabaseBusyError;
}
