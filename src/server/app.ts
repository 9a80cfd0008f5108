// The Fastify application: HTTP API routes, the WebSocket endpoint, and the web app's static
// files. `buildServer` wires it to a Storage; `start.ts` runs it as a process.
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import { registerJsonBodies } from './body.ts';
import { ApiError, toApiError } from './errors.ts';
import { HELLO_WITHIN_MS, type HeartbeatOptions, PING_EVERY_MS, pingUntilSilent, realTimer } from './heartbeat.ts';
import { Hub } from './hub.ts';
import { quote, zodIssues } from '../core/issues.ts';
import { parseClientMessage } from './messages.ts';
import {
  type ClientMessage,
  CommandRequest,
  type CommandResult,
  CreateEncounterRequest,
  type ExportJson,
  ExportQuery,
  IssueTokenRequest,
  LogQuery,
  MAX_BODY_BYTES,
  RewindRequest,
  type ServerMessage,
  SettingsRequest,
} from './protocol.ts';
import { markdownReport } from './report.ts';
import type { DiceFactory, Room, Session, SystemLookup } from './room.ts';
import { listExamples } from './scenario.ts';
import { registerStatic } from './static.ts';
import type { Storage, TokenRow } from './storage/storage.ts';
import type { Viewer } from './views.ts';

export interface ServerOptions {
  storage: Storage;
  /** The built web app to serve (web/dist); absent: a page saying how to build it. */
  webRoot?: string;
  /** Fastify/pino logger options; false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  examplesDir?: string;
  /** The game systems by id; default: the registry (src/rules/index.ts). */
  systems?: SystemLookup;
  /**
   * Where the server's dice come from; default ServerDice (unpredictable). Tests and the bench
   * pass seeded dice (engine/encounter.ts diceForSeq) to make fights reproducible.
   */
  dice?: DiceFactory;
  /** Store a snapshot every this many log entries (default 50). */
  snapshotEvery?: number;
  /** Bytes a WebSocket client may leave unread before it is dropped (default 4 MiB; tests pass less). */
  maxUnread?: number;
  /** WebSocket liveness: a ping every 30 s, `hello` within 10 s (heartbeat.ts); tests pass a timer they run by hand. */
  heartbeat?: HeartbeatOptions;
}

export interface FrayServer extends FastifyInstance {
  hub: Hub;
}

/** Frames above this size make ws drop the connection; below it, oversized ones get `error`. */
const WS_HARD_LIMIT = 16 * 1024 * 1024;
/**
 * A client that stops reading (a frozen tab, a stalled network: its TCP connection stays up)
 * would make the server keep every step for it in memory, without end. Past this many bytes
 * waiting, its connection is dropped; it says `hello` with its last seq when it wakes up.
 */
const MAX_UNREAD = 4 * 1024 * 1024;

export async function buildServer(opts: ServerOptions): Promise<FrayServer> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: MAX_BODY_BYTES,
    forceCloseConnections: true,
    // The router's own refusals (a path part over 100 characters, a malformed %-escape) answer
    // like every other error: {error, message, issues}, without echoing the URL.
    frameworkErrors: (err, _req, res) => {
      const reply = res as FastifyReply;
      const long = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const why = long ? 'a part of the path is longer than 100 characters' : 'the path is not a valid URL (a malformed %-escape?)';
      const api = new ApiError('invalid', `invalid URL: ${why}`, [{ path: 'url', message: why }]);
      return reply.code(api.status).send(api.body());
    },
  });
  registerJsonBodies(app);
  const hub = new Hub(opts.storage, app.log, opts.examplesDir, opts.systems, { dice: opts.dice, snapshotEvery: opts.snapshotEvery });
  app.decorate('hub', hub);
  const offStorageErrors = opts.storage.onError((err) => app.log.error({ err }, 'storage connection failed'));
  app.addHook('onClose', async () => offStorageErrors());

  app.setErrorHandler((err, req, reply) => {
    let api: ApiError;
    const e = err as { statusCode?: number; code?: string; message: string };
    if (err instanceof ApiError || !e.statusCode) api = toApiError(err);
    else if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') api = new ApiError('too-large', `body exceeds ${MAX_BODY_BYTES} bytes`, [{ path: 'body', message: `more than ${MAX_BODY_BYTES} bytes` }]);
    else if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const why = `${req.headers['content-type'] ? `content-type ${quote(String(req.headers['content-type']))}` : 'no content-type'}: send JSON with content-type: application/json`;
      api = new ApiError('invalid', `invalid body: ${why}`, [{ path: 'headers.content-type', message: why }]);
    }
    else if (e.statusCode < 500) api = new ApiError('invalid', e.message, [{ path: 'body', message: e.message }]);
    else api = toApiError(err);
    if (api.code === 'internal') req.log.error({ err }, 'request failed');
    else if (api.code === 'unavailable') req.log.warn({ reason: api.message }, 'request failed: the database is unavailable');
    return reply.code(api.status).send(api.body());
  });

  await app.register(websocket, {
    options: { maxPayload: WS_HARD_LIMIT },
    // On close: every session is told `bye` (shutdown) before its socket closes, then the rest.
    preClose: async function (this: FastifyInstance) {
      await hub.shutdown();
      const wss = this.websocketServer;
      for (const client of wss.clients) client.close(1001, 'shutdown');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  });

  const viewerOf = (t: TokenRow): Viewer => ({ role: t.role, figures: t.figures });
  const auth = (req: FastifyRequest<{ Params: { id: string } }>) => hub.authenticate(req.params.id, tokenOf(req));

  // --- HTTP ------------------------------------------------------------------------------------

  // Asks the database: a load balancer or a supervisor learns that the server cannot serve.
  app.get('/api/health', async (_req, reply) => {
    try {
      await opts.storage.ping();
      return { ok: true as const, storage: opts.storage.kind };
    } catch (e) {
      return reply.code(503).send({ ok: false as const, storage: opts.storage.kind, message: toApiError(e).message });
    }
  });

  app.get('/api/examples', async () => ({
    examples: listExamples(opts.examplesDir).map(({ name, system, title }) => ({ name, system, title })),
  }));

  app.post('/api/encounters', async (req, reply) => {
    const body = parse(CreateEncounterRequest, req.body, 'body');
    return reply.code(201).send(await hub.create(body));
  });

  app.get('/api/encounters', async (req) => {
    return { encounters: await hub.list(tokensOf(req)) };
  });

  app.get<{ Params: { id: string } }>('/api/encounters/:id', async (req) => {
    const t = await auth(req);
    return (await hub.room(req.params.id)).encounterView(viewerOf(t));
  });

  app.get<{ Params: { id: string } }>('/api/encounters/:id/log', async (req) => {
    const t = await auth(req);
    const q = parse(LogQuery, req.query, 'query');
    const room = await hub.room(req.params.id);
    return room.run(async () => ({ seq: room.seq, entries: await room.entriesAfter(q.from, viewerOf(t)) }));
  });

  app.get<{ Params: { id: string } }>('/api/encounters/:id/explain', async (req) => {
    const t = await auth(req);
    return (await hub.room(req.params.id)).explainNow(viewerOf(t));
  });

  app.get<{ Params: { id: string } }>('/api/encounters/:id/export', async (req, reply) => {
    const t = await auth(req);
    const q = parse(ExportQuery, req.query, 'query');
    const room = await hub.room(req.params.id);
    const viewer = viewerOf(t);
    if (q.format === 'markdown') {
      const md = await room.run(async () => markdownReport(room.encounterView(viewer), await room.entriesAfter(0, viewer)));
      return reply.type('text/markdown; charset=utf-8').send(md);
    }
    if (t.role !== 'gm') throw new ApiError('forbidden', 'the JSON export (the whole record) is for the GM; use format=markdown', [{ path: 'format', message: 'GM only' }]);
    const out: ExportJson = await room.run(async () => {
      const entries = await opts.storage.readLog(room.id, 0, room.seq);
      const byseq = new Map(entries.map((e) => [e.seq, e]));
      return {
        format: 'fray-encounter' as const,
        version: 1 as const,
        encounter: room.info(),
        system: room.system.id,
        scenario: room.row.scenario,
        settings: room.settings,
        commands: room.line.map((s) => {
          const e = byseq.get(s);
          if (e?.kind !== 'command') throw new Error(`line entry ${s} missing`);
          return { command: e.body.command, faces: e.body.faces };
        }),
        log: entries.map((e) => room.entryView(e, viewer)),
      };
    });
    return out;
  });

  app.post<{ Params: { id: string } }>('/api/encounters/:id/commands', async (req) => {
    const t = await auth(req);
    const body = parse(CommandRequest, req.body, 'body');
    const room = await hub.room(req.params.id);
    const r = await room.submit(t, body);
    if (r.type === 'dice-needed') return r satisfies CommandResult;
    const viewer = viewerOf(t);
    return { type: 'accepted', seq: r.seq, entry: room.entryView(r.entry, viewer), view: room.stateView(viewer) } satisfies CommandResult;
  });

  app.post<{ Params: { id: string } }>('/api/encounters/:id/rewind', async (req) => {
    const t = await auth(req);
    const body = parse(RewindRequest, req.body, 'body');
    const room = await hub.room(req.params.id);
    const entry = await room.rewind(t, body.to, undefined, body.expectSeq);
    const viewer = viewerOf(t);
    return { seq: entry.seq, entry: room.entryView(entry, viewer), view: room.stateView(viewer) };
  });

  app.patch<{ Params: { id: string } }>('/api/encounters/:id/settings', async (req) => {
    const t = await auth(req);
    const patch = parse(SettingsRequest.strict(), req.body, 'body');
    return { settings: await hub.updateSettings(req.params.id, t, patch) };
  });

  app.delete<{ Params: { id: string } }>('/api/encounters/:id', async (req, reply) => {
    const t = await auth(req);
    await hub.remove(req.params.id, t);
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string } }>('/api/encounters/:id/tokens', async (req, reply) => {
    const t = await auth(req);
    const body = parse(IssueTokenRequest, req.body, 'body');
    return reply.code(201).send(await hub.issueToken(req.params.id, t, body));
  });

  app.get<{ Params: { id: string } }>('/api/encounters/:id/tokens', async (req) => {
    const t = await auth(req);
    return { tokens: await hub.listTokens(req.params.id, t) };
  });

  app.delete<{ Params: { id: string; tokenId: string } }>('/api/encounters/:id/tokens/:tokenId', async (req, reply) => {
    const t = await auth(req);
    await hub.revokeToken(req.params.id, t, req.params.tokenId);
    return reply.code(204).send();
  });

  // --- WebSocket -------------------------------------------------------------------------------

  app.route({
    method: 'GET',
    url: '/api/ws',
    // A plain request (no Upgrade) gets an answer like every refusal, not the plugin's empty 404.
    handler: async () => {
      const why = "expected 'websocket': this is the WebSocket endpoint; connect with a WebSocket client";
      throw new ApiError('invalid', `not a WebSocket request: ${why}`, [{ path: 'headers.upgrade', message: why }]);
    },
    wsHandler: (socket) => {
      const conn = new Connection(socket, hub, opts.maxUnread ?? MAX_UNREAD, app.log, opts.heartbeat ?? {});
      socket.on('message', (data, isBinary) => conn.receive(data as Buffer, isBinary));
      socket.on('close', () => conn.closed());
      socket.on('error', () => conn.closed());
    },
  });

  if (opts.webRoot) registerStatic(app, opts.webRoot);
  else registerStatic(app, '/nonexistent-fray-web-root');

  return app as unknown as FrayServer;
}

/** One WebSocket client: hello first, then commands and requests, answered in order. */
class Connection {
  private chain: Promise<void> = Promise.resolve();
  private room: Room | null = null;
  private session: Session | null = null;
  private encounterId = '';
  private token = '';
  private gone = false;
  private readonly pings: { heard(): void; stop(): void };
  private readonly cancelHelloWait: () => void;

  constructor(
    private readonly socket: WebSocket,
    private readonly hub: Hub,
    private readonly maxUnread: number,
    private readonly log: FastifyBaseLogger,
    beat: HeartbeatOptions,
  ) {
    const timer = beat.timer ?? realTimer;
    this.pings = pingUntilSilent(socket, beat.pingEveryMs ?? PING_EVERY_MS, timer, () => {
      this.log.info({ encounter: this.encounterId }, 'WebSocket client answered no ping: connection dropped');
      this.cut();
    });
    const helloMs = beat.helloWithinMs ?? HELLO_WITHIN_MS;
    // Checked after what is already queued: a hello still joining (a slow database) gets its answer first.
    this.cancelHelloWait = timer(helloMs, () => {
      this.chain = this.chain.then(() => {
        if (this.session || this.gone) return;
        this.closed();
        this.socket.close(1008, `no hello within ${helloMs / 1000} s`);
      }).catch(() => undefined);
    });
  }

  send(msg: ServerMessage): void {
    this.sendText(JSON.stringify(msg));
  }

  sendText(json: string): void {
    if (this.gone || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > this.maxUnread) {
      // A close frame would wait behind what it does not read: the connection is cut.
      this.log.warn({ encounter: this.encounterId, unread: this.socket.bufferedAmount }, 'WebSocket client stopped reading: connection dropped');
      this.cut();
      return;
    }
    this.socket.send(json);
  }

  receive(data: Buffer, isBinary: boolean): void {
    this.pings.heard();
    // Answered strictly in arrival order, one at a time.
    this.chain = this.chain.then(() => this.handle(data, isBinary)).catch(() => undefined);
  }

  closed(): void {
    this.gone = true;
    this.pings.stop();
    this.cancelHelloWait();
    if (this.room && this.session) this.room.leave(this.session);
  }

  /** Ends the connection at once, without a closing handshake (the client would not answer it). */
  private cut(): void {
    this.closed();
    this.socket.terminate();
  }

  private async handle(data: Buffer, isBinary: boolean): Promise<void> {
    const p = parseClientMessage(data, isBinary);
    if (!p.ok) return this.send({ type: 'error', code: p.code, message: p.message, issues: p.issues });
    const msg = p.msg;
    try {
      if (msg.type === 'ping') return this.send(msg.id === undefined ? { type: 'pong' } : { type: 'pong', id: msg.id });
      if (msg.type === 'hello') return await this.hello(msg);
      if (!this.room || !this.session) {
        return this.send({ type: 'error', code: 'invalid', message: 'send hello first', issues: [{ path: 'type', message: 'hello must come first' }] });
      }
      // Every message re-checks its token: a token revoked from another process stops here.
      const token = await this.hub.authenticate(this.encounterId, this.token);
      await this.dispatch(msg, token, this.room);
    } catch (e) {
      const err = toApiError(e);
      const id = 'id' in msg && typeof msg.id === 'string' ? msg.id : undefined;
      if (id !== undefined) this.send({ type: 'rejected', id, code: err.code, message: err.message, issues: err.issues });
      else this.send({ type: 'error', code: err.code, message: err.message, issues: err.issues });
      if (err.code === 'unauthorized' && this.session) this.session.close('revoked');
    }
  }

  private async hello(msg: Extract<ClientMessage, { type: 'hello' }>): Promise<void> {
    if (this.session) throw new ApiError('invalid', 'hello was already said on this connection', [{ path: 'type', message: 'duplicate hello' }]);
    const token = await this.hub.authenticate(msg.encounterId, msg.token);
    // The room stays in memory (never evicted) from its lookup until the session is in it.
    await this.hub.withRoom(msg.encounterId, async (room) => {
      const session: Session = {
        viewer: { role: token.role, figures: token.figures },
        tokenId: token.id,
        send: (m) => this.send(m),
        sendText: (t) => this.sendText(t),
        close: (reason) => {
          this.send({ type: 'bye', reason });
          room.leave(session);
          this.gone = true;
          this.socket.close(reason === 'shutdown' ? 1001 : 4000, reason);
        },
      };
      this.encounterId = msg.encounterId;
      this.token = msg.token;
      await room.join(session, msg.lastSeq);
      // Joined: set only now, so a hello whose join failed (the database unavailable) may be said again.
      this.room = room;
      this.session = session;
      this.cancelHelloWait();
      // The socket closed while joining: the session must not stay (it would keep the room in memory).
      if (this.gone) room.leave(session);
    });
  }

  private async dispatch(msg: ClientMessage, token: TokenRow, room: Room): Promise<void> {
    const viewer: Viewer = { role: token.role, figures: token.figures };
    switch (msg.type) {
      case 'command': {
        const r = await room.submit(token, { command: msg.command, expectSeq: msg.expectSeq, faces: msg.faces }, (seq) =>
          this.send({ type: 'ack', id: msg.id, seq }),
        );
        if (r.type === 'dice-needed') this.send({ type: 'dice-needed', id: msg.id, sides: r.sides, index: r.index, roll: r.roll });
        return;
      }
      case 'rewind': {
        await room.rewind(token, msg.to, (seq) => this.send({ type: 'ack', id: msg.id, seq }), msg.expectSeq);
        return;
      }
      case 'explain': {
        const r = await room.explainNow(viewer);
        return this.send({ type: 'explain', id: msg.id, seq: r.seq, report: r.report });
      }
      case 'sync': {
        const entries = await room.run(async () => ({ entries: await room.entriesAfter(msg.lastSeq, viewer), view: room.stateView(viewer) }));
        for (const entry of entries.entries) this.send({ type: 'step', entry, view: entries.view });
        return;
      }
      default:
        return;
    }
  }
}

function parse<S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> {
  const input = value ?? {};
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const issues = zodIssues(r.error, input, where);
  throw new ApiError('invalid', `invalid ${where}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
}

/** The token of a request: Authorization: Bearer <t>, else ?token=<t>. */
function tokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (typeof h === 'string') {
    const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
    if (m) return m[1];
  }
  const q = (req.query as { token?: unknown } | undefined)?.token;
  return typeof q === 'string' && q.length > 0 ? q : undefined;
}

/** Every token a listing request presents (Authorization and X-Fray-Tokens), at most 100. */
function tokensOf(req: FastifyRequest): string[] {
  const out = new Set<string>();
  const one = tokenOf(req);
  if (one) out.add(one);
  const h = req.headers['x-fray-tokens'];
  const list = Array.isArray(h) ? h.join(',') : (h ?? '');
  for (const t of list.split(',')) if (t.trim()) out.add(t.trim());
  if (out.size > 100) throw new ApiError('invalid', 'at most 100 tokens per listing', [{ path: 'x-fray-tokens', message: 'more than 100 tokens' }]);
  return [...out];
}
