// Crash test: a real server process (src/server/start.ts) is killed with SIGKILL while a
// stream of commands is in flight; a new process on the same database must hold every
// acknowledged command, and its state must equal a replay of its log (engine/encounter.ts).
// Runs on every test database.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { type Encounter, replay } from '../engine/encounter.ts';
import type { CreateEncounterResponse, EncounterView, ExportJson } from './protocol.ts';
import { PROJECT_ROOT } from './start.ts';
import { testDatabases } from './storage/test-databases.ts';
import { TestClient, tft } from './test-helpers.ts';

interface Proc {
  child: ChildProcess;
  base: string;
}

/** Starts a server process and waits for the URL it prints. */
function startProcess(db: string, seed: number): Promise<Proc> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/server/start.ts', '--port', '0', '--db', db, '--log-level', 'warn', '--dice-seed', String(seed), '--snapshot-every', '4'],
    { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const t = setTimeout(() => reject(new Error(`server did not start: ${out} ${err}`)), 45_000);
    child.stderr?.on('data', (d) => {
      err += String(d);
    });
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = /open (http:\/\/\S+)\//.exec(out);
      if (m) {
        clearTimeout(t);
        resolve({ child, base: m[1] });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${err}`)));
  });
}

function kill9(p: Proc): Promise<void> {
  return new Promise((resolve) => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
    p.child.once('exit', () => resolve());
    p.child.kill('SIGKILL');
  });
}

const json = async <T>(r: Response): Promise<T> => {
  if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
  return (await r.json()) as T;
};

for (const tdb of testDatabases()) {
  describe(`crash test on ${tdb.name}`, () => {
    const procs: Proc[] = [];
    afterAll(async () => {
      for (const p of procs) await kill9(p);
      await tdb.cleanup();
    });

    it('SIGKILL mid-stream: every acknowledged command survives and the state equals a replay of the log', { timeout: 120_000 }, async () => {
      const db = await tdb.create();
      const first = await startProcess(db, 11);
      procs.push(first);
      const created = await json<CreateEncounterResponse>(
        await fetch(`${first.base}/api/encounters`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ example: 'tft/duel' }),
        }),
      );
      const id = created.encounter.id;
      const gm = created.gm.token;
      const c = await TestClient.connect(`${first.base.replace('http', 'ws')}/api/ws`);
      let state = (await c.hello(id, gm)).encounter.view.state;
      const acked = new Map<number, unknown>();
      // A stream: each command goes out as soon as the previous one's step arrives; after
      // 13 acknowledgements (past three snapshots), the 14th is sent and the process killed at once.
      for (let i = 1; i <= 14; i++) {
        const command = tft.decide(state);
        c.send({ type: 'command', id: `k${i}`, command });
        if (i === 14) {
          await kill9(first);
          break;
        }
        const ack = await c.waitFor('ack', (m) => m.id === `k${i}`);
        acked.set(ack.seq, JSON.parse(JSON.stringify(command)));
        state = (await c.waitFor('step', (m) => m.entry.seq === ack.seq)).view.state;
      }
      await c.close();
      expect(acked.size).toBe(13);

      const second = await startProcess(db, 12);
      procs.push(second);
      const auth = { authorization: `Bearer ${gm}` };
      const ex = await json<ExportJson>(await fetch(`${second.base}/api/encounters/${id}/export`, { headers: auth }));
      // Every acknowledged command is there, at its seq, unchanged; the one in flight may or may not be.
      for (const [seq, command] of acked) expect(ex.log.find((e) => e.seq === seq)?.command).toEqual(command);
      expect([13, 14]).toContain(ex.log.length);
      expect(ex.log.map((e) => e.seq)).toEqual(ex.log.map((_, k) => k + 1));
      const view = await json<EncounterView>(await fetch(`${second.base}/api/encounters/${id}`, { headers: auth }));
      const record: Encounter = { system: 'tft', scenario: ex.scenario, seed: 0, commands: ex.commands.map((x, k) => ({ seq: k, ...x })) };
      expect(view.view.seq).toBe(ex.log.length);
      expect(view.view.state).toEqual(replay(tft, record));
      // The restarted server plays on from there (its compare-and-set starts at the right seq).
      if (!view.view.over) {
        const r = await fetch(`${second.base}/api/encounters/${id}/commands`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ command: tft.decide(view.view.state), expectSeq: view.view.seq }),
        });
        expect((await json<{ seq: number }>(r)).seq).toBe(view.view.seq + 1);
      }
      await kill9(second);
    });

    it('SIGTERM: open sockets are told bye (shutdown) and the process exits 0', { timeout: 120_000 }, async () => {
      const p = await startProcess(await tdb.create(), 13);
      procs.push(p);
      const created = await json<CreateEncounterResponse>(
        await fetch(`${p.base}/api/encounters`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ example: 'tft/duel' }),
        }),
      );
      const c = await TestClient.connect(`${p.base.replace('http', 'ws')}/api/ws`);
      await c.hello(created.encounter.id, created.gm.token);
      const exited = new Promise<number | null>((resolve) => p.child.once('exit', (code) => resolve(code)));
      p.child.kill('SIGTERM');
      expect((await c.waitFor('bye')).reason).toBe('shutdown');
      expect(await exited).toBe(0);
    });
  });
}
