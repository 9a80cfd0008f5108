// Errors the server answers with: a code from the protocol, its HTTP status, and the issues
// (field + reason) when the fault is in the input.
import { CommandRejected, InputError } from '../core/errors.ts';
import type { ErrorBody, ErrorCode, Issue } from './protocol.ts';

const STATUS: Record<ErrorCode, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  rejected: 422,
  internal: 500,
};

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues: Issue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get status(): number {
    return STATUS[this.code];
  }
  body(): ErrorBody {
    return this.issues.length > 0
      ? { error: this.code, message: this.message, issues: this.issues }
      : { error: this.code, message: this.message };
  }
}

/** Maps engine errors to answers: CommandRejected -> rejected, InputError -> invalid. */
export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (e instanceof CommandRejected) return new ApiError('rejected', e.message, [...e.issues]);
  if (e instanceof InputError) return new ApiError('invalid', e.message, [...e.issues]);
  return new ApiError('internal', 'internal error');
}

export const forbidden = (path: string, message: string) => new ApiError('forbidden', `${path}: ${message}`, [{ path, message }]);
export const invalid = (path: string, message: string) => new ApiError('invalid', `${path}: ${message}`, [{ path, message }]);
