// Table shapes (Kysely's typed view of the database) and the migrations that create them.
// The same migrations run on SQLite and PostgreSQL: only portable types (text, integer).
// JSON values are stored as text so both databases hold them byte for byte alike.
import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';
import { sideNameOf } from '../../engine/names.ts';
import { getSystem } from '../../rules/index.ts';

export interface EncountersTable {
  id: string;
  name: string;
  system: string;
  /** The parsed scenario, JSON. */
  scenario: string;
  /** EncounterSettings, JSON. */
  settings: string;
  created_at: string;
  updated_at: string;
  /** The last log entry's seq: the compare-and-set guard of append (UPDATE ... WHERE seq = expected). */
  seq: number;
  over: number;
  winner: string | null;
  /** The winner's side by the scenario's name (null: no winner, or a side without a name). From 002. */
  winner_name: string | null;
}

export interface LogTable {
  encounter_id: string;
  /** Primary key (encounter_id, seq): two writers can never both store the same step. */
  seq: number;
  kind: string;
  /** Kind-specific body, JSON: {command, faces, entered, events} or {to}. */
  body: string;
  role: string;
  token_id: string | null;
  at: string;
}

export interface SnapshotsTable {
  encounter_id: string;
  /** The log seq this snapshot is the state after. */
  seq: number;
  /** {state, line}: the system state and the command seqs on the line of play, JSON. */
  body: string;
}

export interface TokensTable {
  id: string;
  encounter_id: string;
  /** sha256 of the secret, hex; the secret itself is never stored. */
  hash: string;
  role: string;
  figures: string;
  label: string;
  created_at: string;
  revoked_at: string | null;
}

export interface Database {
  encounters: EncountersTable;
  log: LogTable;
  snapshots: SnapshotsTable;
  tokens: TokensTable;
}

const m001: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('encounters')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('system', 'text', (c) => c.notNull())
      .addColumn('scenario', 'text', (c) => c.notNull())
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('over', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('winner', 'text')
      .execute();
    await db.schema
      .createTable('log')
      .addColumn('encounter_id', 'text', (c) => c.notNull().references('encounters.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('token_id', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('log_pk', ['encounter_id', 'seq'])
      .execute();
    await db.schema
      .createTable('snapshots')
      .addColumn('encounter_id', 'text', (c) => c.notNull().references('encounters.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('snapshots_pk', ['encounter_id', 'seq'])
      .execute();
    await db.schema
      .createTable('tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('encounter_id', 'text', (c) => c.notNull().references('encounters.id').onDelete('cascade'))
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('figures', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('tokens_encounter').on('tokens').column('encounter_id').execute();
    await db.schema.createIndex('encounters_updated').on('encounters').column('updated_at').execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    for (const t of ['tokens', 'snapshots', 'log', 'encounters']) await sql`drop table ${sql.table(t)}`.execute(db);
  },
};

// The lobby names the winner as the table does: by its side's name, which only the state knows
// (listing never loads an encounter). Rows over before it are named by 003.
const m002: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async up(db: Kysely<any>) {
    await db.schema.alterTable('encounters').addColumn('winner_name', 'text').execute();
  },
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async down(db: Kysely<any>) {
    await db.schema.alterTable('encounters').dropColumn('winner_name').execute();
  },
};

// Encounters over before 002 have a winner but no name, and the lobby showed the side's id until
// their next step. A migration of its own, not part of 002: databases already at 002 exist and
// never run 002 again. SQL cannot name a side (sideNameOf reads the system's state), so each such
// row's state is read here: its latest snapshot, else the state its system sets up from the
// scenario (side names never change after setup, so no log is replayed). A row with neither (a
// system this build lacks, a scenario it no longer reads) keeps null, as before: the lobby shows
// the id.
const m003: Migration = {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  async up(db: Kysely<any>) {
    const rows: { id: string; system: string; scenario: string; winner: string }[] = await db
      .selectFrom('encounters')
      .select(['id', 'system', 'scenario', 'winner'])
      .where('over', '=', 1)
      .where('winner', 'is not', null)
      .where('winner_name', 'is', null)
      .execute();
    for (const r of rows) {
      const snap: { body: string } | undefined = await db.selectFrom('snapshots').select('body').where('encounter_id', '=', r.id).orderBy('seq', 'desc').limit(1).executeTakeFirst();
      const name =
        winnerNameIn(() => (JSON.parse(snap?.body ?? 'null') as { state?: unknown } | null)?.state, r.winner) ??
        winnerNameIn(() => getSystem(r.system).setup(JSON.parse(r.scenario)), r.winner);
      if (name !== null) await db.updateTable('encounters').set({ winner_name: name }).where('id', '=', r.id).execute();
    }
  },
};

/** The winning side's name in the state `stateOf` gives, or null (no name, no state, or it cannot be read). */
function winnerNameIn(stateOf: () => unknown, winner: string): string | null {
  try {
    return sideNameOf(stateOf(), winner);
  } catch {
    return null;
  }
}

/** Migrations in code (no files to find at run time), applied in name order. */
export const migrations: MigrationProvider = {
  async getMigrations() {
    return { '001_initial': m001, '002_winner_name': m002, '003_winner_name_backfill': m003 };
  },
};
