// The databases the storage and server suites run against, chosen from the environment:
// SQLite always; PostgreSQL too when FRAY_TEST_PG names a server (CI sets it). Each opened
// database is private to the suite (a temp file, or a fresh PostgreSQL database dropped after).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** Creates a fresh, empty database and returns its URL for Storage.open. */
  create(): Promise<string>;
  /** Removes every database create() made. */
  cleanup(): Promise<void>;
}

function sqliteDb(): TestDatabase {
  const dirs: string[] = [];
  return {
    name: 'sqlite',
    async create() {
      const dir = mkdtempSync(join(tmpdir(), 'fray-test-'));
      dirs.push(dir);
      return `sqlite:${join(dir, 'fray.db')}`;
    },
    async cleanup() {
      for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    },
  };
}

function postgresDb(adminUrl: string): TestDatabase {
  const made: string[] = [];
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  return {
    name: 'postgres',
    async create() {
      const name = `fray_test_${randomBytes(6).toString('hex')}`;
      await admin((c) => c.query(`CREATE DATABASE ${name}`));
      made.push(name);
      const u = new URL(adminUrl);
      u.pathname = `/${name}`;
      return u.toString();
    },
    async cleanup() {
      const names = made.splice(0);
      if (names.length === 0) return;
      await admin(async (c) => {
        for (const n of names) await c.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
      });
    },
  };
}

/** SQLite, plus PostgreSQL when FRAY_TEST_PG is set. */
export function testDatabases(): TestDatabase[] {
  const url = process.env.FRAY_TEST_PG;
  return url ? [sqliteDb(), postgresDb(url)] : [sqliteDb()];
}
