// The server's operations, shared by the HTTP routes and the WebSocket: encounters (create,
// list, delete), tokens (issue, list, revoke, and the check every call makes), and the rooms
// (live encounters) kept in memory, each caught up when another process appends to its log.
import { isDeepStrictEqual } from 'node:util';
import { InputError } from '../core/errors.ts';
import { quote } from '../core/issues.ts';
import { scenarioNameIssues, settingsIssues } from './checks.ts';
import { ApiError, forbidden, invalid, toApiError } from './errors.ts';
import {
  type CreateEncounterRequest,
  type CreateEncounterResponse,
  type EncounterInfo,
  EncounterSettings,
  type IssueTokenRequest,
  type IssuedToken,
  type Role,
  type SettingsPatch,
  type SettingsRequest,
  type TokenInfo,
} from './protocol.ts';
import { getSystem } from '../rules/index.ts';
import { Room, type RoomLogger, type RoomOptions, type SystemLookup, shuttingDown } from './room.ts';
import { checkScenario, loadExample, parseScenarioText } from './scenario.ts';
import type { EncounterRow, Storage, TokenRow } from './storage/storage.ts';
import { hashToken, newId, newToken } from './tokens.ts';
import { type Viewer, figureIds, viewSideName } from './views.ts';

/**
 * Rooms kept in memory: beyond this many, the least recently used idle ones are dropped (they
 * reload on demand). A room with sessions, or a join in progress, is never dropped.
 */
const MAX_IDLE_ROOMS = 200;

/** A room in memory: loading (`room` null) or loaded; `pins`: uses that must not lose it (a join in progress). */
interface Resident {
  promise: Promise<Room>;
  room: Room | null;
  pins: number;
}

export interface HubLimits {
  /** Rooms kept in memory before idle ones are dropped (default 200). */
  maxIdleRooms?: number;
}

export class Hub {
  /** The rooms in memory, least recently used first (each use moves one to the end). */
  private readonly rooms = new Map<string, Resident>();
  private readonly maxIdleRooms: number;
  private readonly offAppend: () => void;
  private readonly offResync: () => void;
  /** The last token issue time (ms): see issueTime. */
  private lastIssued = 0;
  /** Set by shutdown: no room is loaded or changed after. */
  private stopping = false;

  constructor(
    readonly storage: Storage,
    private readonly log: RoomLogger,
    private readonly examplesDir?: string,
    private readonly systems: SystemLookup = getSystem,
    private readonly roomOptions: RoomOptions = {},
    limits: HubLimits = {},
  ) {
    this.maxIdleRooms = limits.maxIdleRooms ?? MAX_IDLE_ROOMS;
    this.offAppend = storage.onAppend((id, seq) => {
      const r = this.rooms.get(id);
      if (!r) return;
      void r.promise
        .then((room) => {
          // -2: a token was revoked (maybe by another process): its sockets here close now.
          if (seq === -2) return room.run(() => room.closeRevoked());
          return seq === -1 || seq > room.seq ? room.run(() => room.catchUp()) : undefined;
        })
        .catch((err) => this.log.error({ err, encounter: id }, 'catching up failed'));
    });
    // The PostgreSQL LISTEN connection is back after a loss: what it missed (appends, settings,
    // deletions, revocations) is read from the database for every room in memory.
    this.offResync = storage.onResync(() => {
      this.log.warn({ rooms: this.rooms.size }, 'storage notification channel reconnected: catching up every live encounter');
      for (const [id, r] of this.rooms) {
        void r.promise
          .then((room) =>
            room.run(async () => {
              await room.catchUp();
              await room.closeRevoked();
            }),
          )
          .catch((err) => this.log.error({ err, encounter: id }, 'catching up failed'));
      }
    });
  }

  // --- tokens ----------------------------------------------------------------------------------

  /** The token's row if it is genuine, not revoked, and for this encounter; else unauthorized. */
  async authenticate(encounterId: string, token: string | undefined): Promise<TokenRow> {
    const refuse = (why: string) => new ApiError('unauthorized', why, [{ path: 'token', message: why }]);
    if (!token) throw refuse('a token is required (Authorization: Bearer <token>)');
    const row = await this.storage.findTokenByHash(hashToken(token));
    if (!row || row.encounterId !== encounterId) throw refuse('unknown token for this encounter');
    if (row.revokedAt !== null) throw refuse('this token was revoked');
    return row;
  }

  async issueToken(encounterId: string, gm: TokenRow, req: IssueTokenRequest): Promise<IssuedToken> {
    requireGm(gm);
    const room = await this.room(encounterId);
    if (req.role === 'player') {
      if (req.figures.length === 0) throw invalid('figures', 'a player seat needs at least one figure');
      const known = new Set(room.encounterView({ role: 'gm', figures: [] }).figures);
      req.figures.forEach((f, i) => {
        if (!known.has(f)) throw invalid(`figures[${i}]`, `no figure ${quote(f)} in this encounter`);
        const first = req.figures.indexOf(f);
        if (first < i) throw invalid(`figures[${i}]`, `${quote(f)} is already figures[${first}]; name each figure once`);
      });
    } else if (req.figures.length > 0) {
      throw invalid('figures', `a ${req.role} token is not bound to figures`);
    }
    const token = newToken();
    const row = {
      id: newId(),
      encounterId,
      hash: hashToken(token),
      role: req.role,
      figures: req.figures,
      label: req.label,
      createdAt: this.issueTime(),
    };
    await this.storage.insertToken(row);
    return { ...tokenInfo({ ...row, revokedAt: null }), token, link: linkFor(encounterId, token) };
  }

  /**
   * Tokens are listed by issue time: strictly increasing here (a millisecond later than the last
   * when two are issued within one), so a GM's list keeps the order the seats were made in.
   */
  private issueTime(): string {
    this.lastIssued = Math.max(Date.now(), this.lastIssued + 1);
    return new Date(this.lastIssued).toISOString();
  }

  async listTokens(encounterId: string, gm: TokenRow): Promise<TokenInfo[]> {
    requireGm(gm);
    return (await this.storage.listTokens(encounterId)).map(tokenInfo);
  }

  async revokeToken(encounterId: string, gm: TokenRow, tokenId: string): Promise<void> {
    requireGm(gm);
    if (tokenId === gm.id) throw invalid('tokenId', 'the GM cannot revoke the token in use');
    if (!(await this.storage.revokeToken(encounterId, tokenId, new Date().toISOString()))) {
      const why = `no active token ${quote(tokenId)} in this encounter`;
      throw new ApiError('not-found', why, [{ path: 'tokenId', message: why }]);
    }
    const r = this.rooms.get(encounterId);
    if (r) (await r.promise).closeToken(tokenId);
  }

  // --- encounters ------------------------------------------------------------------------------

  async create(req: CreateEncounterRequest): Promise<CreateEncounterResponse> {
    const sources = [req.example, req.scenario].filter((x) => x !== undefined).length;
    if (sources !== 1) throw invalid('scenario', 'give exactly one of `example` or `scenario`');
    let raw: unknown;
    let fallbackName = 'Encounter';
    if (req.example !== undefined) {
      const { example, scenario } = loadExample(req.example, this.examplesDir);
      raw = scenario;
      fallbackName = example.title;
    } else raw = typeof req.scenario === 'string' ? parseScenarioText(req.scenario) : req.scenario;
    let checked: ReturnType<typeof checkScenario>;
    const long = raw && typeof raw === 'object' && !Array.isArray(raw) ? scenarioNameIssues(raw as Record<string, unknown>) : [];
    try {
      checked = checkScenario(raw, this.systems);
    } catch (e) {
      if (e instanceof InputError) {
        // The system's paths are relative to the scenario ("figures[0].st"; "" for its root).
        const issues = e.issues.map((i) => ({ path: i.path === '' ? 'scenario' : i.path.startsWith('scenario') ? i.path : `scenario.${i.path}`, message: i.message }));
        throw new ApiError('invalid', `invalid scenario: ${[...long, ...issues].map((i) => `${i.path}: ${i.message}`).join('; ')}`, [...long, ...issues]);
      }
      throw e;
    }
    if (long.length > 0) throw new ApiError('invalid', `invalid scenario: ${long.map((i) => `${i.path}: ${i.message}`).join('; ')}`, long);
    const settings = EncounterSettings.parse(req.settings ?? {});
    const bad = settingsIssues(settings, figureIds(checked.state), 'body.settings');
    if (bad.length > 0) throw new ApiError('invalid', `invalid settings: ${bad.map((i) => `${i.path}: ${i.message}`).join('; ')}`, bad);
    const scenarioName = typeof checked.scenario.name === 'string' ? checked.scenario.name : undefined;
    const name = req.name ?? scenarioName ?? fallbackName;
    const id = newId();
    const at = new Date().toISOString();
    const token = newToken();
    const gm = { id: newId(), hash: hashToken(token), role: 'gm' as const, figures: [], label: 'GM', createdAt: this.issueTime() };
    await this.storage.createEncounter({ id, name, system: checked.system.id, scenario: checked.scenario, settings, at }, gm);
    const room = await this.room(id);
    return {
      encounter: room.info(),
      gm: { ...tokenInfo({ ...gm, encounterId: id, revokedAt: null }), token, link: linkFor(id, token) },
    };
  }

  /** The encounters these tokens open (invalid and revoked ones are skipped). */
  async list(tokens: readonly string[]): Promise<(EncounterInfo & { role: Role })[]> {
    const rows = (await this.storage.findTokensByHash(tokens.map(hashToken))).filter((t) => t.revokedAt === null);
    const best = new Map<string, Role>();
    const rank: Record<Role, number> = { gm: 3, player: 2, spectator: 1 };
    for (const t of rows) {
      const cur = best.get(t.encounterId);
      if (!cur || rank[t.role] > rank[cur]) best.set(t.encounterId, t.role);
    }
    // Each encounter as its best tokens' holder sees it (a player: all its figures of them).
    const viewerOf = (id: string): Viewer => {
      const role = best.get(id) as Role;
      return { role, figures: [...new Set(rows.filter((t) => t.encounterId === id && t.role === role).flatMap((t) => t.figures))] };
    };
    // The winner's side's name, scrubbed of the figures hidden from that holder (a GM's text:
    // "Jemmueb and Bobjo"), as the encounter's view reads it (Room.info). Figures are the
    // scenario's (they never change names), so no replay either.
    const winnerName = (r: EncounterRow): string | null => {
      const viewer = viewerOf(r.id);
      if (r.winnerName === null || viewer.role === 'gm' || r.settings.hiddenFigures.length === 0) return r.winnerName;
      return viewSideName(r.winnerName, this.systems(r.system).setup(r.scenario), r.settings, viewer);
    };
    // From the stored rows: listing never loads (replays) an encounter.
    const encounters = await this.storage.listEncounters([...best.keys()]);
    return encounters.map((r) => ({
      id: r.id,
      name: r.name,
      system: r.system,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      seq: r.seq,
      over: r.over,
      winner: r.winner,
      winnerName: winnerName(r),
      role: best.get(r.id) as Role,
    }));
  }

  async remove(encounterId: string, gm: TokenRow): Promise<void> {
    requireGm(gm);
    const room = await this.room(encounterId);
    await room.run(async () => {
      await this.storage.deleteEncounter(encounterId);
      room.closeAll('deleted');
    });
    if (this.rooms.get(encounterId)?.room === room) this.rooms.delete(encounterId);
  }

  async updateSettings(encounterId: string, gm: TokenRow, req: SettingsRequest): Promise<EncounterSettings> {
    requireGm(gm);
    const room = await this.room(encounterId);
    const { expect, ...patch } = req;
    // Only what the patch brings is judged (and named as sent): settings stored before these
    // checks existed stay readable.
    const bad = settingsIssues(patch, room.encounterView({ role: 'gm', figures: [] }).figures, 'body');
    if (bad.length > 0) throw new ApiError('invalid', `invalid settings: ${bad.map((i) => `${i.path}: ${i.message}`).join('; ')}`, bad);
    return room.updateSettings((stored) => {
      const now = EncounterSettings.parse(stored);
      // Compare-and-set per field: a change built on what another window has since replaced is refused, not merged.
      // No handled specials stored (none marked yet, or settings from before the field): none handled, as `expect: []` reads it.
      const seen = { handledSpecials: [], ...now };
      const stale = (Object.keys(expect ?? {}) as (keyof SettingsPatch)[]).filter((k) => !isDeepStrictEqual(seen[k], expect?.[k]));
      if (stale.length > 0) {
        throw new ApiError(
          'conflict',
          `${stale.join(', ')} changed since you read ${stale.length > 1 ? 'them' : 'it'}: another GM window saved ${stale.length > 1 ? 'them' : 'it'} first; nothing was saved`,
          stale.map((k) => ({ path: `expect.${k}`, message: `${k} changed since you read it (another GM window saved it)` })),
        );
      }
      return EncounterSettings.parse({ ...now, ...patch });
    });
  }

  /** The live room of an encounter, loading it on first use; not-found when there is none. */
  room(encounterId: string): Promise<Room> {
    if (this.stopping) return Promise.reject(shuttingDown());
    return this.loaded(encounterId, this.resident(encounterId));
  }

  /**
   * Runs `fn` with the live room of an encounter, which stays in memory until `fn` is done: a
   * join in progress (the room looked up, its session not yet added) never loses its room to
   * eviction, which would leave the session on a room that no longer hears of new steps.
   */
  async withRoom<T>(encounterId: string, fn: (room: Room) => Promise<T>): Promise<T> {
    if (this.stopping) throw shuttingDown();
    const r = this.resident(encounterId);
    r.pins += 1;
    try {
      return await fn(await this.loaded(encounterId, r));
    } finally {
      r.pins -= 1;
    }
  }

  /** The ids of the rooms in memory, least recently used first (for tests and diagnostics). */
  residentRooms(): string[] {
    return [...this.rooms.keys()];
  }

  /** The encounter's entry among the rooms in memory, made the most recently used; loads it if absent. */
  private resident(encounterId: string): Resident {
    const known = this.rooms.get(encounterId);
    if (known) {
      this.rooms.delete(encounterId);
      this.rooms.set(encounterId, known);
      return known;
    }
    const r = { room: null, pins: 0 } as Omit<Resident, 'promise'> as Resident;
    r.promise = (async () => {
      const row = await this.storage.getEncounter(encounterId);
      if (!row) throw new ApiError('not-found', `no encounter ${encounterId}`);
      const room = await Room.load(this.storage, this.log, row, this.systems, this.roomOptions);
      r.room = room;
      return room;
    })();
    this.rooms.set(encounterId, r);
    r.promise.catch(() => this.forget(encounterId, r));
    this.evictIdle();
    return r;
  }

  private async loaded(encounterId: string, r: Resident): Promise<Room> {
    const room = await r.promise;
    if (room.isClosed) {
      this.forget(encounterId, r);
      throw new ApiError('not-found', `no encounter ${encounterId}`);
    }
    return room;
  }

  /** Drops an entry, unless a newer one for the same encounter took its place. */
  private forget(encounterId: string, r: Resident): void {
    if (this.rooms.get(encounterId) === r) this.rooms.delete(encounterId);
  }

  /** Down to the limit, least recently used first, skipping rooms loading, joining or watched. */
  private evictIdle(): void {
    for (const [id, r] of this.rooms) {
      if (this.rooms.size <= this.maxIdleRooms) return;
      if (r.room !== null && r.pins === 0 && r.room.sessions.size === 0) this.rooms.delete(id);
    }
  }

  /**
   * Says goodbye to every session (server shutting down), each room once the changes queued on
   * it are done: a command in flight is stored and acknowledged before its sender hears `bye`,
   * and nothing is applied after (a command arriving later is refused, never stored unheard).
   */
  async shutdown(): Promise<void> {
    this.stopping = true;
    this.offAppend();
    this.offResync();
    await Promise.all(
      [...this.rooms.values()].map(async (r) => {
        try {
          const room = await r.promise;
          await room.run(async () => room.closeAll('shutdown'));
        } catch {
          // a room that failed to load has no sessions
        }
      }),
    );
    this.rooms.clear();
  }
}

export function requireGm(t: TokenRow): void {
  if (t.role !== 'gm') throw forbidden('token', 'only the GM may do this');
}

export function tokenInfo(t: TokenRow): TokenInfo {
  return { id: t.id, role: t.role, figures: t.figures, label: t.label, createdAt: t.createdAt, revoked: t.revokedAt !== null };
}

export function linkFor(encounterId: string, token: string): string {
  return `/table/${encodeURIComponent(encounterId)}#token=${encodeURIComponent(token)}`;
}

export { toApiError };
