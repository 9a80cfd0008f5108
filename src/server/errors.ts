// Errors the server answers with: a code from the protocol, its HTTP status, and the issues
// (field + reason) when the fault is in the input.
import { CommandRejected, InputError } from '../core/errors.ts';
import { clip } from '../core/issues.ts';
import { type ErrorBody, type ErrorCode, type Issue, unavailableMessage } from './protocol.ts';
import { unavailableReason } from './storage/faults.ts';

const STATUS: Record<ErrorCode, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  rejected: 422,
  internal: 500,
  unavailable: 503,
};

/** Bounds of what an error answer says (an input is never echoed back whole, however long). */
export const MAX_ERROR_MESSAGE = 1000;
export const MAX_ISSUE_PATH = 200;
export const MAX_ISSUE_MESSAGE = 500;
export const MAX_ISSUES = 50;

/**
 * `issues` as an answer sends them: each path and message on one line and shortened, and at
 * most MAX_ISSUES of them (then one saying how many more there were).
 */
export function boundIssues(issues: readonly Issue[]): Issue[] {
  const out = issues.slice(0, MAX_ISSUES).map((i) => ({ path: clip(i.path, MAX_ISSUE_PATH), message: clip(i.message, MAX_ISSUE_MESSAGE) }));
  if (issues.length > MAX_ISSUES) out.push({ path: '', message: `and ${issues.length - MAX_ISSUES} more problems` });
  return out;
}

export class ApiError extends Error {
  readonly issues: Issue[];
  constructor(
    readonly code: ErrorCode,
    message: string,
    issues: Issue[] = [],
  ) {
    super(clip(message, MAX_ERROR_MESSAGE));
    this.name = 'ApiError';
    this.issues = boundIssues(issues);
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

/**
 * Maps errors to answers: CommandRejected -> rejected, InputError -> invalid, the database out
 * of reach (storage/faults.ts) -> unavailable with the driver's reason, anything else -> internal.
 */
export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (e instanceof CommandRejected) return new ApiError('rejected', e.message, [...e.issues]);
  if (e instanceof InputError) return new ApiError('invalid', e.message, [...e.issues]);
  const down = unavailableReason(e);
  if (down !== null) return new ApiError('unavailable', unavailableMessage(down));
  return new ApiError('internal', 'internal error');
}

export const forbidden = (path: string, message: string) => new ApiError('forbidden', `${path}: ${message}`, [{ path, message }]);
export const invalid = (path: string, message: string) => new ApiError('invalid', `${path}: ${message}`, [{ path, message }]);
