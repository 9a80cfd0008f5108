// Shared by the server's test suites: a real server on a loopback port, a real WebSocket
// client that collects messages, and the TFT duel example (examples/tft/duel.yaml).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import WebSocket from 'ws';
import { diceForSeq } from '../engine/encounter.ts';
import { getSystem } from '../rules/index.ts';
import { type FrayServer, type ServerOptions, buildServer } from './app.ts';
import type { ClientMessage, CreateEncounterResponse, EncounterView, IssuedToken, ServerMessage } from './protocol.ts';
import { EXAMPLES_DIR, parseScenarioText } from './scenario.ts';
import { Storage } from './storage/storage.ts';
import { testDatabases } from './storage/test-databases.ts';

export const duelYaml = () => readFileSync(join(EXAMPLES_DIR, 'tft', 'duel.yaml'), 'utf8');
export const duelScenario = () => parseScenarioText(duelYaml()) as Record<string, unknown>;
export const tft = getSystem('tft');
/** A seed under which the duel (AI against AI) lasts long enough for every test's steps. */
export const TEST_SEED = 1;

export interface TestServer {
  app: FrayServer;
  storage: Storage;
  /** http://127.0.0.1:PORT */
  base: string;
  ws: string;
  close(): Promise<void>;
}

/**
 * One `describe('TITLE on DB')` per test database (SQLite always, PostgreSQL when the
 * environment offers it), with a server on that database for its tests: `srv` is filled in
 * before the first test and closed, with its database, after the last.
 */
export function describeServerOnEachDatabase(title: string, body: (srv: TestServer) => void): void {
  for (const tdb of testDatabases()) {
    describe(`${title} on ${tdb.name}`, () => {
      const srv = {} as TestServer;
      beforeAll(async () => {
        Object.assign(srv, await startTestServer(await tdb.create()));
      });
      afterAll(async () => {
        await srv.close?.();
        await tdb.cleanup();
      });
      body(srv);
    });
  }
}

/** A server on a free loopback port over the database at `url`. `storage` shares one (two servers, one DB); `options` adds to the server's. */
export async function startTestServer(url: string, storage?: Storage, options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const own = !storage;
  const s = storage ?? (await Storage.open(url));
  // Seeded dice per (encounter seq): every duel in the tests plays the same way, whatever order
  // the tests run in (server dice are otherwise unpredictable by design).
  const app = await buildServer({ storage: s, logger: false, dice: (_id, seq) => diceForSeq(TEST_SEED, seq), ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return {
    app,
    storage: s,
    base: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}/api/ws`,
    async close() {
      await app.close();
      if (own) await s.close();
    },
  };
}

/** Creates the duel through the HTTP API (Fastify inject) and returns the GM's token with it. */
export async function createDuel(app: FrayServer, extra: Record<string, unknown> = {}): Promise<CreateEncounterResponse> {
  const r = await app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'tft/duel', ...extra } });
  if (r.statusCode !== 201) throw new Error(`create failed: ${r.statusCode} ${r.body}`);
  return r.json();
}

export async function issue(app: FrayServer, id: string, gmToken: string, body: Record<string, unknown>): Promise<IssuedToken> {
  const r = await app.inject({ method: 'POST', url: `/api/encounters/${id}/tokens`, headers: bearer(gmToken), payload: body });
  if (r.statusCode !== 201) throw new Error(`issue failed: ${r.statusCode} ${r.body}`);
  return r.json();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** GET /api/encounters/:id as `token` sees it. */
export const getView = async (app: FrayServer, id: string, token: string) =>
  (await app.inject({ method: 'GET', url: `/api/encounters/${id}`, headers: bearer(token) })).json() as EncounterView;

/** A WebSocket client that keeps every message and can wait for one. */
export class TestClient {
  readonly messages: ServerMessage[] = [];
  private waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void; from: number }[] = [];
  closedWith: number | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (d) => {
      const m = JSON.parse(String(d)) as ServerMessage;
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => {
        if (w.pred(m)) {
          w.resolve(m);
          return false;
        }
        return true;
      });
    });
    socket.on('close', (code) => {
      this.closedWith = code;
    });
  }

  /** `options`: the `ws` client's (`autoPong: false` makes one that never answers the server's pings). */
  static async connect(url: string, options?: WebSocket.ClientOptions): Promise<TestClient> {
    const socket = new WebSocket(url, options);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new TestClient(socket);
  }

  send(msg: ClientMessage | string | Buffer): void {
    this.socket.send(typeof msg === 'string' || Buffer.isBuffer(msg) ? msg : JSON.stringify(msg));
  }

  /** The first message (already received or coming) after index `from` that matches. */
  waitFor<T extends ServerMessage['type']>(
    type: T,
    pred: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    const match = (m: ServerMessage) => m.type === type && pred(m as Extract<ServerMessage, { type: T }>);
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen as Extract<ServerMessage, { type: T }>);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`timed out waiting for ${type}; got ${this.messages.map((m) => m.type).join(',')}`)), timeoutMs);
      this.waiters.push({
        pred: match,
        from: this.messages.length,
        resolve: (m) => {
          clearTimeout(t);
          resolve(m as Extract<ServerMessage, { type: T }>);
        },
      });
    });
  }

  async hello(encounterId: string, token: string, lastSeq?: number) {
    this.send(lastSeq === undefined ? { type: 'hello', encounterId, token } : { type: 'hello', encounterId, token, lastSeq });
    return this.waitFor('welcome');
  }

  /** A round trip: every message sent before it has been answered when the pong arrives. */
  async roundTrip(): Promise<void> {
    const id = `rt-${Math.random()}`;
    this.send({ type: 'ping', id });
    await this.waitFor('pong', (m) => m.id === id);
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

/**
 * A TFT fight where Bjorn drops his broadsword ("bjorn.broadsword": its uid names him) next to
 * Kay, empty-handed, who may pick it up; Cedric stands far off. `bjornWeapons` as in a scenario.
 */
export const swordDropScenario = (bjornWeapons: unknown[] = ['broadsword', 'dagger']) => ({
  system: 'tft',
  name: 'The dropped sword',
  map: { width: 10, height: 8 },
  options: { ruleset: 'legacy' },
  figures: [
    { id: 'bjorn', name: 'Bjorn', side: 'north', st: 12, dx: 12, iq: 8, weapons: bjornWeapons, at: [2, 3], facing: 0 },
    { id: 'kay', name: 'Kay', side: 'north', st: 12, dx: 12, iq: 8, weapons: [], at: [2, 4], facing: 0 },
    { id: 'cedric', name: 'Cedric', side: 'south', st: 13, dx: 11, iq: 8, weapons: ['war-ax'], at: [8, 3], facing: 3 },
  ],
});

/**
 * The GM's next command in swordDropScenario: nobody moves, Bjorn at his first action readies
 * his second weapon and drops the one in hand, the others defend; null at Kay's action once a
 * weapon lies on the ground (his player's to pick up).
 */
export function swordDropStep(state: unknown): unknown {
  const p = tft.pending(state);
  const [figure] = p?.figures ?? [];
  const s = state as { items: unknown[]; figures: { id: string; weapons: { uid: string }[] }[] };
  if (p?.kind === 'move') return { type: 'move', figure, path: [] };
  if (p?.kind !== 'action') return tft.decide(state);
  if (figure === 'bjorn' && s.items.length === 0) return { type: 'ready', figure, weapon: s.figures.find((f) => f.id === 'bjorn')?.weapons[1].uid, drop: true };
  if (figure === 'kay' && s.items.length > 0) return null;
  return { type: 'defend', figure };
}
