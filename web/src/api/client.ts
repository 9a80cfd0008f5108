// Talks to the table server (src/server/protocol.ts): HTTP for creating, listing and exporting
// encounters and issuing tokens; one WebSocket per open table for live play, which reconnects
// by itself and catches up from the last sequence number it saw.
import type {
  ClientMessage,
  CommandRequest,
  CommandResult,
  CreateEncounterRequest,
  CreateEncounterResponse,
  EncounterSettings,
  EncounterView,
  ErrorBody,
  ExamplesResponse,
  ExplainResponse,
  IssueTokenRequest,
  IssuedToken,
  ListEncountersResponse,
  LogEntryView,
  LogResponse,
  RewindRequest,
  RewindResponse,
  ServerMessage,
  SettingsRequest,
  StateView,
  TokenInfo,
} from '../../../src/server/protocol.ts';
import { getSystem } from '../../../src/rules/index.ts';

export type {
  EncounterSettings,
  EncounterView,
  ExamplesResponse,
  IssuedToken,
  ListEncountersResponse,
  LogEntryView,
  ServerMessage,
  StateView,
  TokenInfo,
};

/** An HTTP or WebSocket refusal with the server's code, message and field issues. */
export class ApiError extends Error {
  readonly code: string;
  readonly issues: { path: string; message: string }[];
  /** Read defensively: an error body from a proxy, or an older or newer server, may differ (issuesOf). */
  constructor(
    code: unknown,
    message: unknown,
    issues: unknown = [],
    readonly status = 0,
  ) {
    super(typeof message === 'string' ? message : typeof code === 'string' ? code : 'the server refused');
    this.name = 'ApiError';
    this.code = typeof code === 'string' ? code : 'internal';
    this.issues = issuesOf(issues);
  }
}

/** Field issues as the server sends them: each an object with a string message (its path '' where none is given); anything else left out. */
export function issuesOf(v: unknown): { path: string; message: string }[] {
  if (!Array.isArray(v)) return [];
  const out: { path: string; message: string }[] = [];
  for (const i of Array.from(v)) {
    if (typeof i !== 'object' || i === null || typeof (i as { message?: unknown }).message !== 'string') continue;
    const x = i as { path?: unknown; message: string };
    out.push({ path: typeof x.path === 'string' ? x.path : '', message: x.message });
  }
  return out;
}

/**
 * An error as a page shows it, each problem once. The server's message often joins its issues
 * ("invalid scenario: scenario.figures[0].dx: expected a number, got 'high'; scenario.figures[1]
 * ..."): several such are shown as the message's head ("invalid scenario") and the list; one,
 * as the message alone. Issues the message does not say are listed under it.
 */
export function errorView(text: string, given: readonly { path: string; message: string }[]): { text: string; issues: { path: string; message: string }[] } {
  const message = typeof text === 'string' ? text : '';
  const issues = issuesOf(given);
  const at = issues.map((i) => message.indexOf(i.path ? `${i.path}: ${i.message}` : i.message));
  if (issues.length > 1 && at.every((x) => x >= 0)) {
    const head = message.slice(0, Math.min(...at)).replace(/[\s:;,]+$/, '');
    if (head) return { text: head, issues: [...issues] };
  }
  return { text: message, issues: issues.filter((i) => !message.includes(i.message)) };
}

async function http<T>(method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const h: Record<string, string> = { ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  if (body !== undefined) h['content-type'] = 'application/json';
  const res = await fetch(path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // Markdown export and plain-text errors stay text.
  }
  if (!res.ok) {
    const e = (typeof data === 'object' && data !== null ? data : { error: 'internal', message: String(text || res.statusText) }) as ErrorBody;
    throw new ApiError(e.error, e.message, e.issues, res.status);
  }
  return data as T;
}

export const api = {
  examples: () => http<ExamplesResponse>('GET', '/api/examples'),
  create: (req: CreateEncounterRequest) => http<CreateEncounterResponse>('POST', '/api/encounters', undefined, req),
  list: (tokens: string[]) =>
    tokens.length === 0
      ? Promise.resolve<ListEncountersResponse>({ encounters: [] })
      : http<ListEncountersResponse>('GET', '/api/encounters', undefined, undefined, { 'x-fray-tokens': tokens.slice(0, 100).join(',') }),
  get: (id: string, token: string) => http<EncounterView>('GET', `/api/encounters/${enc(id)}`, token),
  log: (id: string, token: string, from = 0) => http<LogResponse>('GET', `/api/encounters/${enc(id)}/log?from=${from}`, token),
  explain: (id: string, token: string) => http<ExplainResponse>('GET', `/api/encounters/${enc(id)}/explain`, token),
  command: (id: string, token: string, req: CommandRequest) => http<CommandResult>('POST', `/api/encounters/${enc(id)}/commands`, token, req),
  rewind: (id: string, token: string, req: RewindRequest) => http<RewindResponse>('POST', `/api/encounters/${enc(id)}/rewind`, token, req),
  settings: (id: string, token: string, patch: SettingsRequest) => http<{ settings: EncounterSettings }>('PATCH', `/api/encounters/${enc(id)}/settings`, token, patch),
  issueToken: (id: string, token: string, req: Partial<IssueTokenRequest> & { role: IssueTokenRequest['role'] }) =>
    http<IssuedToken>('POST', `/api/encounters/${enc(id)}/tokens`, token, req),
  tokens: (id: string, token: string) => http<{ tokens: TokenInfo[] }>('GET', `/api/encounters/${enc(id)}/tokens`, token),
  revoke: (id: string, token: string, tokenId: string) => http<void>('DELETE', `/api/encounters/${enc(id)}/tokens/${enc(tokenId)}`, token),
  exportUrl: (id: string, format: 'json' | 'markdown') => `/api/encounters/${enc(id)}/export?format=${format}`,
  exportText: (id: string, token: string, format: 'json' | 'markdown') => http<unknown>('GET', `/api/encounters/${enc(id)}/export?format=${format}`, token),
  remove: (id: string, token: string) => http<void>('DELETE', `/api/encounters/${enc(id)}`, token),
};

function enc(s: string): string {
  return encodeURIComponent(s);
}

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

export interface LiveHandlers {
  welcome(view: EncounterView, missed: LogEntryView[]): void;
  step(entry: LogEntryView, view: StateView): void;
  settings(settings: EncounterSettings, view: StateView): void;
  status(s: LiveStatus, detail?: string): void;
}

interface PendingRequest {
  resolve(m: ServerMessage): void;
  reject(e: Error): void;
  /** A command: its text and the seq the page stood at when it was sent (see `unanswered`). */
  command?: { key: string; seq: number | undefined };
}

/**
 * One live connection to a table. Commands, explain requests and rewinds are answered by id;
 * when the socket drops, or the server says `bye` because it is shutting down (a restart), it
 * reconnects with growing delays (0.25 s up to 5 s) and says the last seq it saw, so nothing is
 * missed and nothing is shown twice. A `bye` for a revoked token or a deleted encounter, or a
 * refused hello, is final. Requests in flight when the
 * socket drops fail (the caller shows the error; commands are never silently re-sent). The
 * server may have stored such a command before the socket dropped, or before the database went
 * away as it committed (answered `unavailable`): the same command sent again carries the seq it
 * was first sent at (`expectSeq`), so it is refused as stale ('conflict') instead of being
 * applied twice when the first one was stored; then the log shows it stored, and it counts as
 * acknowledged, not as a conflict. A hello answered `unavailable` (the database is down) is
 * tried again like a dropped socket.
 */
export class LiveTable {
  private ws: WebSocket | null = null;
  private lastSeq: number | undefined;
  private nextId = 1;
  private pending = new Map<string, PendingRequest>();
  private retry = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private welcomed = false;
  /** This table's token's id (the welcome's): the author of its own log entries. */
  private tokenId: string | undefined;
  /** The encounter's game system (the welcome's): its parser reads a command as the server stores it. */
  private system: string | undefined;
  /** Why the connection is down, said with the next status (the database unavailable, a restart). */
  private why: string | undefined;
  /** Commands that may have been stored unanswered (lost with a dropped socket, or `unavailable`), by their text: the seq each was sent at. */
  private unanswered = new Map<string, number>();

  constructor(
    readonly encounterId: string,
    readonly token: string,
    private readonly on: LiveHandlers,
    private readonly url = defaultWsUrl(),
  ) {
    this.open();
  }

  get seq(): number | undefined {
    return this.lastSeq;
  }

  private open(): void {
    if (this.closed) return;
    this.on.status(this.retry === 0 ? 'connecting' : 'reconnecting', this.why);
    this.why = undefined;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    this.welcomed = false;
    ws.onopen = () => {
      const hello: ClientMessage = { type: 'hello', encounterId: this.encounterId, token: this.token };
      if (this.lastSeq !== undefined) hello.lastSeq = this.lastSeq;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (ev) => this.receive(String(ev.data));
    ws.onclose = () => this.dropped();
    ws.onerror = () => {
      // onclose follows and schedules the retry; nothing to show for a transient error.
    };
  }

  private dropped(): void {
    this.ws = null;
    for (const p of this.pending.values()) {
      this.maybeStored(p);
      p.reject(new ApiError(LOST, 'connection lost before the server answered; check the log and try again'));
    }
    this.pending.clear();
    if (this.closed) return;
    const delay = reconnectDelay(this.retry);
    this.retry += 1;
    this.on.status('reconnecting', this.why);
    this.timer = setTimeout(() => this.open(), delay);
  }

  private receive(text: string): void {
    let m: ServerMessage;
    try {
      m = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    switch (m.type) {
      case 'welcome':
        this.retry = 0;
        this.welcomed = true;
        this.why = undefined;
        this.tokenId = m.tokenId;
        this.system = m.encounter.encounter.system;
        this.lastSeq = m.encounter.view.seq;
        this.on.welcome(m.encounter, m.missed);
        this.on.status('live');
        return;
      case 'step':
        this.lastSeq = m.view.seq;
        this.on.step(m.entry, m.view);
        return;
      case 'settings':
        this.on.settings(m.settings, m.view);
        return;
      case 'bye':
        if (m.reason === 'shutdown') {
          // The server is stopping (a restart, a deploy): the table is still there. The close
          // that follows schedules the reconnect, with the usual growing delays.
          this.why = 'the server is restarting';
          this.ws?.close();
          return;
        }
        // Revoked or deleted: this token will never open the table again.
        this.closed = true;
        this.on.status('closed', m.reason);
        this.ws?.close();
        return;
      case 'error':
        if (!this.welcomed && m.code === 'unavailable') {
          // The database is down, not the token refused: tried again, with the usual growing delays.
          this.why = m.message;
          this.ws?.close();
        } else if (!this.welcomed) {
          // The hello itself was refused (bad or revoked token): stop retrying.
          this.closed = true;
          this.on.status('closed', m.message);
          this.ws?.close();
        }
        return;
      case 'ack':
      case 'rejected':
      case 'dice-needed':
      case 'explain':
      case 'pong': {
        const id = 'id' in m ? m.id : undefined;
        if (m.type === 'rejected' && !this.welcomed && id === undefined) return;
        if (id === undefined) return;
        const p = this.pending.get(id);
        if (!p) return;
        this.pending.delete(id);
        if (m.type === 'rejected') {
          // "The database is unavailable... try again": it may have stored the command as it went away.
          if (m.code === 'unavailable') this.maybeStored(p);
          p.reject(new ApiError(m.code, m.message, m.issues));
        } else p.resolve(m);
        return;
      }
    }
  }

  /** A command that may have been stored without an answer: sent again, it is pinned to the seq it was sent at. */
  private maybeStored(p: PendingRequest): void {
    if (p.command?.seq !== undefined) this.unanswered.set(p.command.key, p.command.seq);
  }

  private request(build: (id: string) => ClientMessage, command?: PendingRequest['command']): Promise<ServerMessage> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || !this.welcomed) {
      return Promise.reject(new ApiError('internal', 'not connected to the table yet; reconnecting…'));
    }
    const id = `c${this.nextId++}`;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, command });
      ws.send(JSON.stringify(build(id)));
    });
  }

  /** Sends a command; resolves with the ack, or with `dice-needed` when physical dice run out. */
  async command(command: unknown, faces?: number[]): Promise<{ type: 'ack'; seq: number } | { type: 'dice-needed'; sides: number; index: number; purpose?: string; figure?: string }> {
    const key = JSON.stringify(command);
    // Sent before and lost with the socket: only valid where the encounter has not moved since.
    const pinned = this.unanswered.get(key);
    let m: ServerMessage;
    try {
      m = await this.request(
        (id) => {
          const msg: ClientMessage = { type: 'command', id, command };
          if (faces) msg.faces = faces;
          if (pinned !== undefined) msg.expectSeq = pinned;
          return msg;
        },
        { key, seq: pinned ?? this.lastSeq },
      );
    } catch (e) {
      if (!(e instanceof ApiError && e.code === 'conflict' && pinned !== undefined)) throw e;
      // Stale: maybe because the first sending was stored. Then it is done, not a conflict.
      const mine = storedForm(this.system, JSON.parse(key));
      const at = await this.storedSince(pinned, (x) => x.kind === 'command' && x.by.tokenId === this.tokenId && sameJson(storedForm(this.system, x.command), mine));
      if (at === undefined) throw e;
      if (at === null) {
        // Never stored: sent again, it is judged where the encounter is now.
        this.unanswered.delete(key);
        throw e;
      }
      m = { type: 'ack', id: '', seq: at };
    }
    if (m.type === 'ack') {
      this.unanswered.clear();
      return { type: 'ack', seq: m.seq };
    }
    if (m.type === 'dice-needed') {
      // What the die is for, in the server's words (`roll.text`: "Cedric's attack roll, die 2 of
      // 3 (d6)"), where the server says it; read loosely so an older server still works.
      const roll = (m as { roll?: { text?: unknown; figure?: unknown } }).roll;
      const text = roll?.text;
      // Whose action the die belongs to (roll.figure): another figure's than the command's when a command plays a segment on (AD&D).
      const whose = typeof roll?.figure === 'string' ? { figure: roll.figure } : {};
      return { type: 'dice-needed', sides: m.sides, index: m.index, ...(typeof text === 'string' && text ? { purpose: text } : {}), ...whose };
    }
    throw new ApiError('internal', `unexpected answer ${m.type}`);
  }

  async explain(): Promise<{ seq: number; report: Record<string, unknown> }> {
    const m = await this.request((id) => ({ type: 'explain', id }));
    if (m.type !== 'explain') throw new ApiError('internal', `unexpected answer ${m.type}`);
    return { seq: m.seq, report: m.report };
  }

  /**
   * GM: back to the state after entry `to`. `expectSeq`, the seq the GM decided at: refused
   * ('conflict') if a step was stored since; the steps that came meanwhile arrive first, on this
   * socket, so the page shows them by the time the refusal comes.
   *
   * A GM's undo does not wait for the socket: while it is down (reconnecting), or when it drops
   * before the answer, the rewind goes over HTTP, pinned to the seq the GM saw, so it never undoes
   * a step the GM has not seen nor is applied twice. Its step is shown at once (`step`); the
   * catch-up on reconnect does not show it again. One the dropped socket had stored already, or
   * one answered `unavailable` that the database stored as it went away, sent again at the same
   * step, is found at the head of the log and taken as done.
   */
  async rewind(to: number, expectSeq?: number): Promise<number> {
    if (this.isLive()) {
      try {
        const m = await this.request((id) => (expectSeq === undefined ? { type: 'rewind', id, to } : { type: 'rewind', id, to, expectSeq }));
        if (m.type !== 'ack') throw new ApiError('internal', `unexpected answer ${m.type}`);
        return m.seq;
      } catch (e) {
        if (e instanceof ApiError && e.code === 'conflict' && expectSeq !== undefined) {
          const at = await this.rewoundAt(expectSeq, to);
          if (typeof at === 'number') return at;
        }
        if (!(e instanceof ApiError && e.code === LOST)) throw e;
      }
    }
    return this.rewindOverHttp(to, expectSeq ?? this.lastSeq);
  }

  private isLive(): boolean {
    return this.welcomed && this.ws?.readyState === WebSocket.OPEN;
  }

  private async rewindOverHttp(to: number, pin: number | undefined): Promise<number> {
    let r: RewindResponse;
    try {
      r = await api.rewind(this.encounterId, this.token, pin === undefined ? { to } : { to, expectSeq: pin });
    } catch (e) {
      // No answer, or a proxy's while the server is down: said as such, not as the proxy's page.
      // The server's own `unavailable` (its database) keeps its words: the rewind may have been stored.
      if (!(e instanceof ApiError) || ([502, 503, 504].includes(e.status) && e.code !== 'unavailable')) throw new ApiError('unreachable', UNREACHABLE);
      if (e.code !== 'conflict' || pin === undefined) throw e;
      // The socket may have stored this very rewind before it dropped: then it is done.
      const at = await this.rewoundAt(pin, to);
      if (typeof at === 'number') return at;
      // Refused as stale: the steps that came are shown now (the socket, when down, could not).
      if (!this.isLive()) await api.get(this.encounterId, this.token).then((v) => this.on.welcome(v, []), () => undefined);
      throw e;
    }
    // Nothing came between (it was pinned there): the reconnect's catch-up starts after it.
    if (pin !== undefined && pin === this.lastSeq && r.seq === pin + 1) this.lastSeq = r.seq;
    this.on.step(r.entry, r.view);
    return r.seq;
  }

  /** The seq of this rewind (to `to`, pinned at `pin`) when the log holds it; else null or undefined (see storedSince). */
  private rewoundAt(pin: number, to: number): Promise<number | null | undefined> {
    return this.storedSince(pin, (x) => x.seq === pin + 1 && x.kind === 'rewind' && x.to === to);
  }

  /** The seq of the first entry after `pin` that `match` finds in the log; null: none; undefined: the log could not be read. */
  private async storedSince(pin: number, match: (e: LogEntryView) => boolean): Promise<number | null | undefined> {
    const log = await api.log(this.encounterId, this.token, pin).catch(() => undefined);
    return log && (log.entries.find(match)?.seq ?? null);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
  }
}

/** The code of a request that failed because the socket dropped before the server answered. */
const LOST = 'disconnected';
const UNREACHABLE = 'Not rewound: the server cannot be reached. Nothing was undone; rewind again once the table is live (the dot at the top turns green).';

/**
 * A command as the server stores it: read by its system's parser, as the server reads it (a
 * TFT move sent without `path` is stored with `path: []`); as it is where it does not parse.
 */
function storedForm(system: string | undefined, command: unknown): unknown {
  try {
    return getSystem(system).parseCommand(command);
  } catch {
    return command;
  }
}

/** Whether two JSON values are equal, whatever the order of their objects' fields. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => Object.hasOwn(y, k) && sameJson(x[k], y[k]));
}

/** The wait before reconnect attempt `retry` (0, 1, 2...): 0.25 s doubling up to 5 s. */
export function reconnectDelay(retry: number): number {
  return Math.min(5000, 250 * 2 ** retry);
}

function defaultWsUrl(): string {
  const l = globalThis.location;
  const proto = l.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${l.host}/api/ws`;
}
