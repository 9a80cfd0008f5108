// Durable storage of encounters: their scenario and settings, the append-only command log,
// snapshots, and hashed tokens. One class over Kysely serves SQLite (better-sqlite3, the
// default, one file) and PostgreSQL (pg; several server processes may share it, LISTEN/NOTIFY
// telling each of them about entries the others appended).
//
// The log's integrity rests on compare-and-set: `append(id, expected, entry)` stores entry
// `expected + 1` only if the encounter's last seq is still `expected` (UPDATE ... WHERE seq =
// expected, then INSERT under the (encounter_id, seq) primary key, in one transaction). A
// writer that lost the race gets SeqConflict and nothing is written.
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { InputError } from '../../core/errors.ts';
import type { EncounterSettings, Role } from '../protocol.ts';
import { unavailableReason } from './faults.ts';
import { type Database, migrations } from './schema.ts';

/** The expected seq was stale: another writer appended first (or the encounter is gone). */
export class SeqConflict extends Error {
  constructor(
    readonly encounterId: string,
    readonly expected: number,
  ) {
    super(`encounter ${encounterId}: the log is no longer at seq ${expected}`);
    this.name = 'SeqConflict';
  }
}

export interface EncounterRow {
  id: string;
  name: string;
  system: string;
  scenario: unknown;
  settings: EncounterSettings;
  createdAt: string;
  updatedAt: string;
  seq: number;
  over: boolean;
  winner: string | null;
  /** The winner's side by the scenario's name; null when no winner or no name (the lobby shows the id). */
  winnerName: string | null;
}

/** What an append or rewind leaves the listing: whether the fight is over, and who won. */
export interface ListingMeta {
  over: boolean;
  winner: string | null;
  winnerName: string | null;
}

export interface CommandBody {
  command: unknown;
  faces: number[];
  entered: boolean;
  /** When a player entered some faces and the server rolled the rest: the positions in `faces` entered by hand. */
  enteredAt?: number[];
  events: Record<string, unknown>[];
}
export interface RewindBody {
  to: number;
}

export type LogEntry =
  | { seq: number; kind: 'command'; body: CommandBody; role: Role; tokenId: string | null; at: string }
  | { seq: number; kind: 'rewind'; body: RewindBody; role: Role; tokenId: string | null; at: string };

export interface Snapshot {
  seq: number;
  state: unknown;
  /** The command seqs on the line of play whose replay gives `state`. */
  line: number[];
}

export interface TokenRow {
  id: string;
  encounterId: string;
  hash: string;
  role: Role;
  figures: string[];
  label: string;
  createdAt: string;
  revokedAt: string | null;
}

export type StorageKind = 'sqlite' | 'postgres';
export type AppendListener = (encounterId: string, seq: number) => void;

const NOTIFY_CHANNEL = 'fray_log';

export class Storage {
  private readonly emitter = new EventEmitter();
  private listenClient: pg.Client | null = null;
  /** PostgreSQL: the next attempt to LISTEN again after the connection was lost, and how many failed since. */
  private relistenTimer: NodeJS.Timeout | null = null;
  private relistenFailures = 0;
  /** PostgreSQL: the pool's connections not yet fully closed (see close). */
  private readonly connections = new Set<unknown>();
  private closing = false;

  private constructor(
    readonly kind: StorageKind,
    readonly db: Kysely<Database>,
    private readonly pgUrl: string | null,
    pool: pg.Pool | null = null,
  ) {
    this.emitter.setMaxListeners(0);
    if (pool) {
      pool.on('connect', (c) => {
        this.connections.add(c);
        // The pool listens for errors only while a connection is idle: one lost while in use
        // (a transaction open, a query on its way) would end the process, unheard. The query
        // fails with the error (answered 503 unavailable) and the pool drops the connection.
        c.on('error', () => undefined);
      });
      pool.on('remove', (c) => {
        this.connections.delete(c);
        if (this.connections.size === 0) this.emitter.emit('drained');
      });
      // An idle connection the server drops (a restart, an administrator) is only discarded by
      // the pool, which then reports it here: without a listener that report would end the
      // process. Reported like the LISTEN connection's failures; expected while closing.
      pool.on('error', (e) => {
        if (!this.closing) this.reportError(connectionLost('an idle PostgreSQL connection of the pool', e));
      });
    }
  }

  private reportError(e: Error): void {
    if (this.emitter.listenerCount('error') > 0) this.emitter.emit('error', e);
  }

  /**
   * Opens storage from a URL: `sqlite:PATH[?synchronous=normal]` (or a bare path, or
   * `sqlite::memory:`) or `postgres://...`, and brings the schema up to date.
   */
  static async open(url: string): Promise<Storage> {
    let storage: Storage;
    if (/^postgres(ql)?:\/\//.test(url)) {
      // A host that drops connection attempts silently would hold each request for the OS's
      // timeout (minutes), queued without end: after 10 s it is `unavailable` (faults.ts).
      const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
      storage = new Storage('postgres', new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), url, pool);
    } else {
      const [path, query = ''] = url.replace(/^sqlite:/, '').split('?');
      const sync = new URLSearchParams(query).get('synchronous') ?? 'full';
      if (sync !== 'full' && sync !== 'normal') throw dbRefused(`synchronous must be full or normal, got '${sync}'`);
      const file = openSqlite(path);
      // WAL: readers never block the writer. synchronous=full (default): an acknowledged
      // command survives a power loss too (one fsync per command); `?synchronous=normal`
      // survives a crash of the process but not of the machine, and is about 4x faster.
      file.pragma(`synchronous = ${sync.toUpperCase()}`);
      file.pragma('foreign_keys = ON');
      file.pragma('busy_timeout = 5000');
      storage = new Storage('sqlite', new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) }), null);
    }
    try {
      await storage.migrate();
      if (storage.kind === 'postgres') await storage.listen();
    } catch (e) {
      await storage.close();
      throw storage.kind === 'postgres' ? (pgRefused(url, e) ?? e) : e;
    }
    return storage;
  }

  private async migrate(): Promise<void> {
    if (this.kind === 'postgres') {
      // Two processes starting together must not both create the tables.
      await this.db.connection().execute(async (conn) => {
        await sql`select pg_advisory_lock(7302514)`.execute(conn);
        try {
          const { error } = await new Migrator({ db: conn, provider: migrations }).migrateToLatest();
          if (error) throw error;
        } finally {
          await sql`select pg_advisory_unlock(7302514)`.execute(conn);
        }
      });
      return;
    }
    const { error } = await new Migrator({ db: this.db, provider: migrations }).migrateToLatest();
    if (error) throw error;
  }

  /**
   * Opens the connection that LISTENs for other processes' changes. When it is lost (a server
   * restart, an administrator's pg_terminate_backend), it is opened again with backoff and
   * onResync's subscribers are told: notifications sent meanwhile never arrive, so every live
   * encounter must catch up (after LISTEN is in place again, so nothing falls between).
   */
  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.pgUrl ?? undefined });
    // Set before connecting: close() ends a connection still being opened.
    this.listenClient = client;
    let lost = false;
    const onLost = (e: Error) => {
      if (lost) return;
      lost = true;
      if (this.listenClient === client) this.listenClient = null;
      if (this.closing) return;
      this.reportError(connectionLost(`the PostgreSQL connection listening on ${NOTIFY_CHANNEL}`, e));
      this.relisten();
    };
    client.on('notification', (n) => {
      if (n.channel !== NOTIFY_CHANNEL || !n.payload) return;
      const cut = n.payload.lastIndexOf(':');
      this.emitter.emit('append', n.payload.slice(0, cut), Number(n.payload.slice(cut + 1)));
    });
    // The server ending the connection shows as an error, then the end; either way: open it
    // again. Failures while opening are the caller's (the promise rejects).
    let listening = false;
    client.on('error', (e) => {
      if (listening) onLost(e);
    });
    client.on('end', () => {
      if (listening) onLost(new Error(`the PostgreSQL connection listening on ${NOTIFY_CHANNEL} closed`));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (e) {
      if (this.listenClient === client) this.listenClient = null;
      await client.end().catch(() => undefined);
      throw e;
    }
    listening = true;
  }

  /** Opens the LISTEN connection again after a delay that doubles with each failure (0.1 s to 5 s). */
  private relisten(): void {
    if (this.closing || this.relistenTimer) return;
    const delay = Math.min(100 * 2 ** this.relistenFailures, 5000);
    this.relistenTimer = setTimeout(async () => {
      this.relistenTimer = null;
      if (this.closing) return;
      try {
        await this.listen();
      } catch (e) {
        if (this.closing) return;
        this.relistenFailures += 1;
        this.reportError(e as Error);
        this.relisten();
        return;
      }
      this.relistenFailures = 0;
      if (!this.closing) this.emitter.emit('resync');
    }, delay);
  }

  /**
   * Calls `fn(encounterId, seq)` after every append (seq -1: the row changed (settings) or is
   * gone; -2: a token was revoked), from this process or (PostgreSQL) any
   * other process sharing the database. Returns the unsubscribe function.
   */
  onAppend(fn: AppendListener): () => void {
    this.emitter.on('append', fn);
    return () => this.emitter.off('append', fn);
  }

  /**
   * Calls `fn` when the PostgreSQL LISTEN connection is back after it was lost: any
   * notification may have been missed, so every live encounter should catch up. Returns the
   * unsubscribe function.
   */
  onResync(fn: () => void): () => void {
    this.emitter.on('resync', fn);
    return () => this.emitter.off('resync', fn);
  }

  /** Calls `fn` when a connection is lost or cannot be opened again (logged by the server). Returns the unsubscribe function. */
  onError(fn: (e: Error) => void): () => void {
    this.emitter.on('error', fn);
    return () => this.emitter.off('error', fn);
  }

  /** Rejects when the database does not answer (GET /api/health). */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  /**
   * Closes every connection. PostgreSQL: returns once each pooled connection has really ended
   * (the pool's own end() resolves while they are still closing), so a caller may drop the
   * database right after.
   */
  async close(): Promise<void> {
    this.closing = true;
    if (this.relistenTimer) {
      clearTimeout(this.relistenTimer);
      this.relistenTimer = null;
    }
    if (this.listenClient) {
      const c = this.listenClient;
      this.listenClient = null;
      await c.end().catch(() => undefined);
    }
    let timer: NodeJS.Timeout | undefined;
    const drained =
      this.connections.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            this.emitter.once('drained', resolve);
            timer = setTimeout(resolve, 5000); // never hang a shutdown on a connection that will not say goodbye
          });
    await this.db.destroy();
    await drained;
    clearTimeout(timer);
  }

  // --- encounters -----------------------------------------------------------------------------

  async createEncounter(
    e: { id: string; name: string; system: string; scenario: unknown; settings: EncounterSettings; at: string },
    gm: Omit<TokenRow, 'encounterId' | 'revokedAt'>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('encounters')
        .values({
          id: e.id,
          name: e.name,
          system: e.system,
          scenario: JSON.stringify(e.scenario),
          settings: JSON.stringify(e.settings),
          created_at: e.at,
          updated_at: e.at,
          seq: 0,
          over: 0,
          winner: null,
          winner_name: null,
        })
        .execute();
      await trx.insertInto('tokens').values(tokenValues({ ...gm, encounterId: e.id, revokedAt: null })).execute();
    });
  }

  async getEncounter(id: string): Promise<EncounterRow | null> {
    const r = await this.db.selectFrom('encounters').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? encounterRow(r) : null;
  }

  async listEncounters(ids: readonly string[]): Promise<EncounterRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('encounters').selectAll().where('id', 'in', [...ids]).execute();
    // The last changed first, ties by id: sorted here, by code units, so that both databases
    // (and PostgreSQL under any collation) give one order.
    return rows.map(encounterRow).sort((a, b) => byText(b.updatedAt, a.updatedAt) || byText(a.id, b.id));
  }

  async deleteEncounter(id: string): Promise<boolean> {
    const gone = await this.db.transaction().execute(async (trx) => {
      // Explicit child deletes: SQLite enforces cascades only with foreign_keys on, PG always.
      await trx.deleteFrom('log').where('encounter_id', '=', id).execute();
      await trx.deleteFrom('snapshots').where('encounter_id', '=', id).execute();
      await trx.deleteFrom('tokens').where('encounter_id', '=', id).execute();
      const r = await trx.deleteFrom('encounters').where('id', '=', id).executeTakeFirst();
      // Other processes reload the row (seq -1), find it gone and close their sessions.
      if (this.kind === 'postgres') await sql`select pg_notify(${NOTIFY_CHANNEL}, ${`${id}:-1`})`.execute(trx);
      return Number(r.numDeletedRows) > 0;
    });
    if (this.kind === 'sqlite') this.emitter.emit('append', id, -1);
    return gone;
  }

  /**
   * Stores the settings `change` makes of the stored ones, read and written in one transaction
   * (the row locked on PostgreSQL), so that two writers, in this process or another, never build
   * on the same old settings and lose one change. `change` may throw: nothing is written. Tells
   * every subscriber (seq -1 in onAppend: "reload the row"); undefined when the encounter is gone.
   */
  async updateSettings(id: string, change: (stored: EncounterSettings) => EncounterSettings, at: string): Promise<EncounterSettings | undefined> {
    const next = await this.db.transaction().execute(async (trx) => {
      let read = trx.selectFrom('encounters').select('settings').where('id', '=', id);
      if (this.kind === 'postgres') read = read.forUpdate();
      const row = await read.executeTakeFirst();
      if (!row) return undefined;
      const settings = change(JSON.parse(row.settings));
      await trx
        .updateTable('encounters')
        .set({ settings: JSON.stringify(settings), updated_at: at })
        .where('id', '=', id)
        .execute();
      if (this.kind === 'postgres') await sql`select pg_notify(${NOTIFY_CHANNEL}, ${`${id}:-1`})`.execute(trx);
      return settings;
    });
    if (next && this.kind === 'sqlite') this.emitter.emit('append', id, -1);
    return next;
  }

  // --- the log --------------------------------------------------------------------------------

  /**
   * Appends `entry` as seq `expected + 1` if and only if the log is still at `expected`;
   * otherwise throws SeqConflict and writes nothing. `meta` updates the listing.
   */
  async append(id: string, expected: number, entry: Omit<LogEntry, 'seq'>, meta: ListingMeta): Promise<number> {
    const seq = expected + 1;
    try {
      await this.db.transaction().execute(async (trx) => {
        const u = await trx
          .updateTable('encounters')
          .set({ seq, updated_at: entry.at, over: meta.over ? 1 : 0, winner: meta.winner, winner_name: meta.winnerName })
          .where('id', '=', id)
          .where('seq', '=', expected)
          .executeTakeFirst();
        if (Number(u.numUpdatedRows) !== 1) throw new SeqConflict(id, expected);
        await trx
          .insertInto('log')
          .values({
            encounter_id: id,
            seq,
            kind: entry.kind,
            body: JSON.stringify(entry.body),
            role: entry.role,
            token_id: entry.tokenId,
            at: entry.at,
          })
          .execute();
        // Delivered to every listener when (and only if) the transaction commits.
        if (this.kind === 'postgres') await sql`select pg_notify(${NOTIFY_CHANNEL}, ${`${id}:${seq}`})`.execute(trx);
      });
    } catch (e) {
      if (e instanceof SeqConflict) throw e;
      if (isUniqueViolation(e)) throw new SeqConflict(id, expected);
      throw e;
    }
    if (this.kind === 'sqlite') this.emitter.emit('append', id, seq);
    return seq;
  }

  /** Entries with from < seq <= to (to: all), in order. */
  async readLog(id: string, from = 0, to?: number): Promise<LogEntry[]> {
    let q = this.db.selectFrom('log').selectAll().where('encounter_id', '=', id).where('seq', '>', from);
    if (to !== undefined) q = q.where('seq', '<=', to);
    const rows = await q.orderBy('seq').execute();
    return rows.map(
      (r) =>
        ({
          seq: Number(r.seq),
          kind: r.kind,
          body: JSON.parse(r.body),
          role: r.role as Role,
          tokenId: r.token_id,
          at: r.at,
        }) as LogEntry,
    );
  }

  // --- snapshots ------------------------------------------------------------------------------

  async putSnapshot(id: string, snap: Snapshot): Promise<void> {
    const body = JSON.stringify({ state: snap.state, line: snap.line });
    // Another process may have stored the same snapshot first: the same seq means the same state.
    await this.db
      .insertInto('snapshots')
      .values({ encounter_id: id, seq: snap.seq, body })
      .onConflict((oc) => oc.columns(['encounter_id', 'seq']).doNothing())
      .execute();
  }

  /** The latest snapshot at or before `maxSeq` (default: any). */
  async latestSnapshot(id: string, maxSeq?: number): Promise<Snapshot | null> {
    let q = this.db.selectFrom('snapshots').selectAll().where('encounter_id', '=', id);
    if (maxSeq !== undefined) q = q.where('seq', '<=', maxSeq);
    const r = await q.orderBy('seq', 'desc').limit(1).executeTakeFirst();
    if (!r) return null;
    const b = JSON.parse(r.body) as { state: unknown; line: number[] };
    return { seq: Number(r.seq), state: b.state, line: b.line };
  }

  /** Every snapshot's seq and line (not the states), to pick a base for a rewind. */
  async snapshotLines(id: string): Promise<{ seq: number; line: number[] }[]> {
    const rows = await this.db.selectFrom('snapshots').selectAll().where('encounter_id', '=', id).orderBy('seq').execute();
    return rows.map((r) => ({ seq: Number(r.seq), line: (JSON.parse(r.body) as { line: number[] }).line }));
  }

  async getSnapshot(id: string, seq: number): Promise<Snapshot | null> {
    const r = await this.db
      .selectFrom('snapshots')
      .selectAll()
      .where('encounter_id', '=', id)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!r) return null;
    const b = JSON.parse(r.body) as { state: unknown; line: number[] };
    return { seq: Number(r.seq), state: b.state, line: b.line };
  }

  // --- tokens ---------------------------------------------------------------------------------

  async insertToken(t: Omit<TokenRow, 'revokedAt'>): Promise<void> {
    await this.db.insertInto('tokens').values(tokenValues({ ...t, revokedAt: null })).execute();
  }

  async findTokenByHash(hash: string): Promise<TokenRow | null> {
    const r = await this.db.selectFrom('tokens').selectAll().where('hash', '=', hash).executeTakeFirst();
    return r ? tokenRow(r) : null;
  }

  async findTokensByHash(hashes: readonly string[]): Promise<TokenRow[]> {
    if (hashes.length === 0) return [];
    const rows = await this.db.selectFrom('tokens').selectAll().where('hash', 'in', [...hashes]).execute();
    return rows.map(tokenRow);
  }

  async listTokens(encounterId: string): Promise<TokenRow[]> {
    const rows = await this.db.selectFrom('tokens').selectAll().where('encounter_id', '=', encounterId).execute();
    // By issue time, ties by id, sorted here as listEncounters sorts.
    return rows.map(tokenRow).sort((a, b) => byText(a.createdAt, b.createdAt) || byText(a.id, b.id));
  }

  /** Marks a token revoked; false when it does not exist or was already revoked. */
  async revokeToken(encounterId: string, tokenId: string, at: string): Promise<boolean> {
    const done = await this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('tokens')
        .set({ revoked_at: at })
        .where('encounter_id', '=', encounterId)
        .where('id', '=', tokenId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      const one = Number(r.numUpdatedRows) === 1;
      // Every process closes the sockets of that token at once (seq -2 in onAppend).
      if (one && this.kind === 'postgres') await sql`select pg_notify(${NOTIFY_CHANNEL}, ${`${encounterId}:-2`})`.execute(trx);
      return one;
    });
    if (done && this.kind === 'sqlite') this.emitter.emit('append', encounterId, -2);
    return done;
  }
}

/**
 * Opens the SQLite file at `path` for Fray (WAL), refusing with the path and the reason a
 * file that is not a database, one that another program's tables fill (Fray would add its own
 * beside them and switch its journal), one another process has open, and a place it cannot
 * create or open.
 *
 * The file is locked for this process alone while it is open (SQLite's exclusive locking
 * mode: an OS lock, gone with the process, so a crash leaves nothing to clean up): a second
 * server on the same file would keep its own rooms in memory and never hear of the first
 * one's steps, and each one's clients would see a stale table.
 */
function openSqlite(path: string): SqliteDatabase.Database {
  let file: SqliteDatabase.Database | null = null;
  const memory = path === ':memory:';
  try {
    if (!memory) mkdirSync(dirname(path), { recursive: true });
    // No waiting for a lock here: a file in use is refused at once (busy_timeout comes after).
    file = new SqliteDatabase(path, { timeout: 0 });
    // Before the first read, so that no other process shares the file from then on.
    if (!memory) file.pragma('locking_mode = EXCLUSIVE');
    // The first read: a file that is not SQLite fails here ("file is not a database"), one in
    // use by another process here or at the lock below ("database is locked").
    const tables = (file.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as { name: string }[]).map((r) => r.name);
    if (tables.length > 0 && !tables.includes('kysely_migration')) {
      const some = tables.slice(0, 5).join(', ') + (tables.length > 5 ? ', ...' : '');
      throw dbRefused(`not a Fray database: it holds another program's tables (${some}); give Fray a file of its own`);
    }
    file.pragma('journal_mode = WAL');
    // Takes the write lock now; in exclusive mode it is held until the file is closed.
    if (!memory) file.exec('BEGIN EXCLUSIVE; COMMIT');
    return file;
  } catch (e) {
    file?.close();
    const err = e as { code?: string; message: string };
    if (err.code === 'SQLITE_BUSY' || err.code === 'SQLITE_LOCKED') {
      throw dbRefused(
        `cannot use the SQLite file ${path}: another process has it open (another fray serve?); an SQLite file serves one server process at a time (servers that share encounters share a PostgreSQL database)`,
      );
    }
    const hint =
      err.code === 'SQLITE_NOTADB'
        ? ' (is it a SQLite file?)'
        : err.code === 'SQLITE_CANTOPEN' || err.code === 'EACCES' || err.code === 'EROFS' || err.code === 'SQLITE_READONLY'
          ? ' (can this user create and write files in its directory?)'
          : '';
    const reason = e instanceof InputError ? e.issues[0].message : err.message;
    throw dbRefused(`cannot use the SQLite file ${path}: ${reason}${hint}`);
  }
}

/**
 * A PostgreSQL database that cannot serve, as --db names it (its password hidden), with the
 * server's reason and what to check; null for a fault of Fray's own (a migration's bug).
 */
function pgRefused(url: string, e: unknown): InputError | null {
  const err = e as { code?: unknown; message?: unknown };
  const code = typeof err?.code === 'string' ? err.code : '';
  const hint = code.startsWith('28')
    ? ' (check the user and the password)'
    : code === '3D000'
      ? ' (create it first, or name another)'
      : code === '42501'
        ? ' (this user may not create tables there)'
        : unavailableReason(e) !== null
          ? ' (is PostgreSQL running there, at that host and port?)'
          : null;
  if (hint === null) return null;
  const reason = unavailableReason(e) ?? String(err.message);
  return dbRefused(`cannot use the PostgreSQL database ${withoutPassword(url)}: ${reason}${hint}`);
}

/** A database URL fit to print: the password, if any, as ***. */
function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
  }
}

/**
 * The database named by --db (or DATABASE_URL) cannot serve: bad input, not a fault of Fray's
 * (`fray serve` exits 1 with the reason, not 70 with a stack).
 */
function dbRefused(message: string): InputError {
  return new InputError([{ path: '--db', message }], 'option');
}

function encounterRow(r: Database['encounters']): EncounterRow {
  return {
    id: r.id,
    name: r.name,
    system: r.system,
    scenario: JSON.parse(r.scenario),
    settings: JSON.parse(r.settings),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    seq: Number(r.seq),
    over: Number(r.over) === 1,
    winner: r.winner,
    winnerName: r.winner_name,
  };
}

function tokenValues(t: TokenRow): Database['tokens'] {
  return {
    id: t.id,
    encounter_id: t.encounterId,
    hash: t.hash,
    role: t.role,
    figures: JSON.stringify(t.figures),
    label: t.label,
    created_at: t.createdAt,
    revoked_at: t.revokedAt,
  };
}

function tokenRow(r: Database['tokens']): TokenRow {
  return {
    id: r.id,
    encounterId: r.encounter_id,
    hash: r.hash,
    role: r.role as Role,
    figures: JSON.parse(r.figures),
    label: r.label,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
  };
}

/**
 * A lost connection, reported by what it was and the driver's reason and code only: the pool
 * hangs the whole client on its error (its buffers, its parameters), which has no place in a log.
 */
function connectionLost(what: string, e: Error): Error {
  const err = new Error(`${what} was lost: ${e.message}`) as Error & { code?: unknown };
  err.code = (e as { code?: unknown }).code;
  return err;
}

/** Texts by their UTF-16 code units, as SQLite compares them (PostgreSQL's order depends on its collation). */
function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A primary-key / unique violation, from either driver. */
function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string };
  // SQLITE_BUSY: another process holds the write lock past busy_timeout; nothing was written.
  return err?.code === '23505' || err?.code === 'SQLITE_BUSY' || err?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || err?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
