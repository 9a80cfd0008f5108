// Which driver errors mean "the database is unavailable" (stopped, restarting, unreachable,
// out of connections or space): the answer is 503 `unavailable` with the driver's reason, not
// a 500 `internal` that blames the server, since trying again once it is back succeeds.

/** Node's socket errors: no server listening, the connection cut, no route, no such host. */
const SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 53 (insufficient resources: too many
 * connections, disk full), 57P01-57P03 (shut down by an administrator or a crash, starting up).
 */
const PG_STATE = /^(08...|53...|57P0[123])$/;

/** pg's own words when a connection ends under a query or cannot be had (no code on these). */
const PG_MESSAGE = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/** SQLite: the file is locked past busy_timeout, the disk is full, or it cannot be read or written. */
const SQLITE = /^SQLITE_(BUSY|FULL|IOERR|CANTOPEN)/;

/**
 * The reason the database is unavailable, when `e` says so ("connect ECONNREFUSED
 * 127.0.0.1:5432", "terminating connection due to administrator command"); null for any
 * other error (a bug, a constraint), which stays internal.
 */
export function unavailableReason(e: unknown): string | null {
  if (typeof e !== 'object' || e === null) return null;
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (typeof message === 'string' && PG_MESSAGE.test(message)) return message;
  if (typeof code !== 'string' || !(SOCKET.has(code) || PG_STATE.test(code) || SQLITE.test(code))) return null;
  if (typeof message === 'string' && message !== '') return message;
  // Several addresses tried (localhost: ::1, then 127.0.0.1): Node's AggregateError has no message of its own.
  const each = e instanceof AggregateError ? e.errors.map((x) => (x as Error)?.message).filter(Boolean) : [];
  return each.length > 0 ? each.join('; ') : code;
}
