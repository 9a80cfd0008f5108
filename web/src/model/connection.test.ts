// The reconnecting notice (model/connection.ts): plain words first, the technical reason apart.
import { describe, expect, it } from 'vitest';
import { unavailableMessage } from '../../../src/server/protocol.ts';
import { reconnectingWords } from './connection.ts';

describe('the reconnecting notice', () => {
  it("says the server's database is unavailable plainly, its driver's reason apart; a restart as itself; no reason, none", () => {
    expect(reconnectingWords(unavailableMessage('connect ECONNREFUSED 127.0.0.1:5432'))).toEqual({
      text: "Reconnecting: the server's database is unavailable…",
      reason: 'connect ECONNREFUSED 127.0.0.1:5432',
    });
    // A reason with parentheses of its own stays whole.
    expect(reconnectingWords(unavailableMessage('timeout (30 s)')).reason).toBe('timeout (30 s)');
    expect(reconnectingWords('the server is restarting')).toEqual({ text: 'Reconnecting: the server is restarting…' });
    expect(reconnectingWords(null)).toEqual({ text: 'Reconnecting…' });
  });
});
