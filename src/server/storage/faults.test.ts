// Which driver errors are "the database is unavailable" (503) rather than a server fault (500):
// the shapes pg, Node's sockets and better-sqlite3 give them.
import { describe, expect, it } from 'vitest';
import { toApiError } from '../errors.ts';
import { unavailableReason } from './faults.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('unavailableReason', () => {
  it('names the reason when the database is stopped, restarting, unreachable or out of room', () => {
    expect(unavailableReason(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(unavailableReason(withCode('terminating connection due to administrator command', '57P01'))).toBe('terminating connection due to administrator command');
    expect(unavailableReason(withCode('the database system is starting up', '57P03'))).toBe('the database system is starting up');
    expect(unavailableReason(withCode('sorry, too many clients already', '53300'))).toBe('sorry, too many clients already');
    expect(unavailableReason(withCode('connection failure', '08006'))).toBe('connection failure');
    expect(unavailableReason(new Error('Connection terminated unexpectedly'))).toBe('Connection terminated unexpectedly');
    expect(unavailableReason(new Error('timeout exceeded when trying to connect'))).toBe('timeout exceeded when trying to connect');
    expect(unavailableReason(withCode('database or disk is full', 'SQLITE_FULL'))).toBe('database or disk is full');
    expect(unavailableReason(withCode('disk I/O error', 'SQLITE_IOERR_WRITE'))).toBe('disk I/O error');
    // localhost tried on ::1 and 127.0.0.1: Node's AggregateError has no message of its own.
    const both = Object.assign(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')], ''), { code: 'ECONNREFUSED' });
    expect(unavailableReason(both)).toBe('connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432');
  });

  it('leaves every other error alone: a bug or a constraint stays a server fault', () => {
    expect(unavailableReason(withCode('duplicate key value violates unique constraint', '23505'))).toBeNull();
    expect(unavailableReason(withCode('UNIQUE constraint failed: log.seq', 'SQLITE_CONSTRAINT_PRIMARYKEY'))).toBeNull();
    expect(unavailableReason(withCode('syntax error at or near "selec"', '42601'))).toBeNull();
    expect(unavailableReason(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBeNull();
    expect(unavailableReason('Connection terminated')).toBeNull();
    expect(unavailableReason(null)).toBeNull();
  });

  it('toApiError answers 503 unavailable with the reason, and 500 internal for the rest', () => {
    const down = toApiError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'));
    expect([down.status, down.body()]).toEqual([503, { error: 'unavailable', message: 'the database is unavailable (connect ECONNREFUSED 127.0.0.1:5432); try again once it is back' }]);
    const bug = toApiError(new TypeError('x is undefined'));
    expect([bug.status, bug.body()]).toEqual([500, { error: 'internal', message: 'internal error' }]);
  });
});
