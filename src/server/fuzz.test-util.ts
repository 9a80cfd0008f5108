// Helpers of the server's fuzzers (api.fuzz.test.ts, ws.fuzz.test.ts): what is stored of an
// encounter, and the commands worth mutating.
import type { Json } from '../engine/fuzz.test-util.ts';
import type { FrayServer } from './app.ts';
import type { Storage } from './storage/storage.ts';
import { bearer, createDuel, issue } from './test-helpers.ts';

/** An encounter under fire: its id, the GM's token, and a player's token (for bjorn) with its id. */
export interface Target {
  id: string;
  gm: string;
  player: string;
  tokenId: string;
}

/** A new duel (examples/tft/duel.yaml) with a player's token. */
export async function freshDuel(app: FrayServer): Promise<Target> {
  const { encounter, gm } = await createDuel(app);
  const p = await issue(app, encounter.id, gm.token, { role: 'player', figures: ['bjorn'] });
  return { id: encounter.id, gm: gm.token, player: p.token, tokenId: p.id };
}

/** What is stored of an encounter (its row, log and tokens) and the state the server holds, as text to compare. */
export async function stored(app: FrayServer, storage: Storage, id: string): Promise<string> {
  const row = await storage.getEncounter(id);
  const state = row === null ? null : (await app.hub.room(id)).state;
  return JSON.stringify([row, await storage.readLog(id, 0), await storage.listTokens(id), state]);
}

/** The command the game waits for (the AI's) and those the GM's explain offers now: the request bodies most worth mutating. */
export async function offered(app: FrayServer, t: Target): Promise<Json[]> {
  const r = await app.inject({ method: 'GET', url: `/api/encounters/${t.id}/explain`, headers: bearer(t.gm) });
  if (r.statusCode !== 200) return [];
  const room = await app.hub.room(t.id);
  const next = room.system.pending(room.state) === null ? [] : [room.system.decide(room.state) as Json];
  const figures = (r.json().report?.figures ?? []) as { options?: { command?: Json }[] }[];
  return [...next, ...next, ...figures.flatMap((f) => (f.options ?? []).map((o) => o.command).filter((c): c is Json => c !== undefined))];
}
