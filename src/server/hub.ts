// The server's operations, shared by the HTTP routes and the WebSocket: encounters (create,
// list, delete), tokens (issue, list, revoke, and the check every call makes), and the rooms
// (live encounters) kept in memory, each caught up when another process appends to its log.
import { InputError } from '../core/errors.ts';
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
  type TokenInfo,
} from './protocol.ts';
import { getSystem } from '../rules/index.ts';
import { Room, type RoomLogger, type RoomOptions, type SystemLookup, shuttingDown } from './room.ts';
import { checkScenario, loadExample, parseScenarioText } from './scenario.ts';
import type { Storage, TokenRow } from './storage/storage.ts';
import { hashToken, newId, newToken } from './tokens.ts';

/** Rooms without sessions beyond this many are dropped from memory (they reload on demand). */
const MAX_IDLE_ROOMS = 200;

export class Hub {
  private readonly rooms = new Map<string, Promise<Room>>();
  private readonly offAppend: () => void;
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
  ) {
    this.offAppend = storage.onAppend((id, seq) => {
      const p = this.rooms.get(id);
      if (!p) return;
      void p
        .then((room) => {
          // -2: a token was revoked (maybe by another process): its sockets here close now.
          if (seq === -2) return room.run(() => room.closeRevoked());
          return seq === -1 || seq > room.seq ? room.run(() => room.catchUp()) : undefined;
        })
        .catch((err) => this.log.error({ err, encounter: id }, 'catching up failed'));
    });
  }

  // --- tokens ----------------------------------------------------------------------------------

  /** The token's row if it is genuine, not revoked, and for this encounter; else unauthorized. */
  async authenticate(encounterId: string, token: string | undefined): Promise<TokenRow> {
    if (!token) throw new ApiError('unauthorized', 'a token is required (Authorization: Bearer <token>)');
    const row = await this.storage.findTokenByHash(hashToken(token));
    if (!row || row.encounterId !== encounterId) throw new ApiError('unauthorized', 'unknown token for this encounter');
    if (row.revokedAt !== null) throw new ApiError('unauthorized', 'this token was revoked');
    return row;
  }

  async issueToken(encounterId: string, gm: TokenRow, req: IssueTokenRequest): Promise<IssuedToken> {
    requireGm(gm);
    const room = await this.room(encounterId);
    if (req.role === 'player') {
      if (req.figures.length === 0) throw invalid('figures', 'a player seat needs at least one figure');
      const known = new Set(room.encounterView({ role: 'gm', figures: [] }).figures);
      req.figures.forEach((f, i) => {
        if (!known.has(f)) throw invalid(`figures[${i}]`, `no figure '${f}' in this encounter`);
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
      throw new ApiError('not-found', `no active token ${tokenId} in this encounter`);
    }
    const p = this.rooms.get(encounterId);
    if (p) (await p).closeToken(tokenId);
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
    const bad = settingsIssues(settings, figureIdsOf(checked.state), 'body.settings');
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
    this.rooms.delete(encounterId);
  }

  async updateSettings(encounterId: string, gm: TokenRow, patch: SettingsPatch): Promise<EncounterSettings> {
    requireGm(gm);
    const room = await this.room(encounterId);
    // Only what the patch brings is judged (and named as sent): settings stored before these
    // checks existed stay readable.
    const bad = settingsIssues(patch, room.encounterView({ role: 'gm', figures: [] }).figures, 'body');
    if (bad.length > 0) throw new ApiError('invalid', `invalid settings: ${bad.map((i) => `${i.path}: ${i.message}`).join('; ')}`, bad);
    const settings = EncounterSettings.parse({ ...room.settings, ...patch });
    await room.updateSettings(settings);
    return settings;
  }

  /** The live room of an encounter, loading it on first use; not-found when there is none. */
  room(encounterId: string): Promise<Room> {
    if (this.stopping) return Promise.reject(shuttingDown());
    let p = this.rooms.get(encounterId);
    if (!p) {
      p = (async () => {
        const row = await this.storage.getEncounter(encounterId);
        if (!row) throw new ApiError('not-found', `no encounter ${encounterId}`);
        return Room.load(this.storage, this.log, row, this.systems, this.roomOptions);
      })();
      this.rooms.set(encounterId, p);
      p.catch(() => this.rooms.delete(encounterId));
      this.evictIdle();
    }
    return p.then((room) => {
      if (room.isClosed) {
        this.rooms.delete(encounterId);
        throw new ApiError('not-found', `no encounter ${encounterId}`);
      }
      return room;
    });
  }

  private evictIdle(): void {
    if (this.rooms.size <= MAX_IDLE_ROOMS) return;
    for (const [id, p] of this.rooms) {
      if (this.rooms.size <= MAX_IDLE_ROOMS) break;
      void p.then((r) => {
        if (r.sessions.size === 0) this.rooms.delete(id);
      }, () => undefined);
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
    await Promise.all(
      [...this.rooms.values()].map(async (p) => {
        try {
          const room = await p;
          await room.run(async () => room.closeAll('shutdown'));
        } catch {
          // a room that failed to load has no sessions
        }
      }),
    );
    this.rooms.clear();
  }
}

/** The figure ids of a start state (every system keeps `figures`, a list or a map by id). */
function figureIdsOf(state: unknown): string[] {
  const figs = (state as { figures?: unknown })?.figures;
  const list = Array.isArray(figs) ? figs : figs && typeof figs === 'object' ? Object.values(figs) : [];
  return list.map((f) => (f as { id?: unknown })?.id).filter((id): id is string => typeof id === 'string');
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
