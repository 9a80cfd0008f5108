// The table's notice while its connection is down, in words for the table: short and plain,
// with the technical reason (a database driver's "connect ECONNREFUSED ...") kept apart.
import { unavailableReasonOf } from '../../../src/server/protocol.ts';

/** The reconnecting notice for the reason the connection gave (LiveTable's status detail). */
export function reconnectingWords(detail: string | null | undefined): { text: string; reason?: string } {
  if (!detail) return { text: 'Reconnecting…' };
  const db = unavailableReasonOf(detail);
  if (db !== null) return { text: "Reconnecting: the server's database is unavailable…", reason: db };
  return { text: `Reconnecting: ${detail}…` };
}
