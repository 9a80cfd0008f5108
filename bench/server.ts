// `npm run bench:server [-- --tables N --clients M --commands K --db URL]`
// N tables, each with M WebSocket clients (the GM, a player per duel figure, the rest
// spectators) on loopback, against a real server process (src/server/start.ts). Each table
// plays TFT duels (examples/tft/duel.yaml) back to back: every command is sent by the client
// that owns the pending figure as soon as the previous step arrives. Prints commands per
// second, p50/p99 latency from send to broadcast (every client's receipt counts), and lost
// commands: sent but not acknowledged, acknowledged but not broadcast to every client of the
// table, or not in the stored log afterwards. Lost must be 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { getSystem } from '../src/rules/index.ts';
import type { CreateEncounterResponse, ExportJson, IssuedToken, ServerMessage } from '../src/server/protocol.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const tft = getSystem('tft');

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : dflt;
}
const TABLES = Number(arg('tables', '8'));
const CLIENTS = Math.max(1, Number(arg('clients', '4')));
const COMMANDS = Number(arg('commands', '150'));
const tmp = mkdtempSync(join(tmpdir(), 'fray-bench-'));
const DB = arg('db', `sqlite:${join(tmp, 'bench.db')}`);

async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/start.ts', '--port', '0', '--db', DB, '--log-level', 'warn'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = /open (http:\/\/\S+)\//.exec(out);
      if (m) resolve({ child, base: m[1] });
    });
    child.once('exit', (c) => reject(new Error(`server exited ${c}`)));
  });
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${url}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

class Client {
  private handlers: ((m: ServerMessage) => void)[] = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      const m = JSON.parse(String(d)) as ServerMessage;
      for (const h of this.handlers) h(m);
    });
  }
  static open(url: string): Promise<Client> {
    const ws = new WebSocket(url);
    return new Promise((res, rej) => {
      ws.once('open', () => res(new Client(ws)));
      ws.once('error', rej);
    });
  }
  on(h: (m: ServerMessage) => void) {
    this.handlers.push(h);
  }
  off(h: (m: ServerMessage) => void) {
    this.handlers = this.handlers.filter((x) => x !== h);
  }
  send(m: unknown) {
    this.ws.send(JSON.stringify(m));
  }
  next(pred: (m: ServerMessage) => boolean): Promise<ServerMessage> {
    return new Promise((resolve) => {
      const h = (m: ServerMessage) => {
        if (pred(m)) {
          this.off(h);
          resolve(m);
        }
      };
      this.on(h);
    });
  }
}

const latencies: number[] = [];
let sent = 0;
let acked = 0;
let lost = 0;
let rejected = 0;
const checks: { id: string; gm: string; commands: Map<number, string> }[] = [];

async function playTable(base: string, t: number, budget: { left: number }): Promise<void> {
  const wsUrl = `${base.replace('http', 'ws')}/api/ws`;
  while (budget.left > 0) {
    const { encounter, gm } = await post<CreateEncounterResponse>(`${base}/api/encounters`, { example: 'tft/duel', name: `bench ${t}` });
    const id = encounter.id;
    const seats: IssuedToken[] = [];
    for (const f of ['bjorn', 'cedric']) seats.push(await post<IssuedToken>(`${base}/api/encounters/${id}/tokens`, { role: 'player', figures: [f] }, gm.token));
    const tokens = [gm.token, seats[0].token, seats[1].token];
    const clients: Client[] = [];
    const owner = new Map<string, Client>();
    for (let k = 0; k < CLIENTS; k++) {
      const c = await Client.open(wsUrl);
      const token = k < 3 ? tokens[k] : (await post<IssuedToken>(`${base}/api/encounters/${id}/tokens`, { role: 'spectator' }, gm.token)).token;
      c.send({ type: 'hello', encounterId: id, token });
      await c.next((m) => m.type === 'welcome');
      clients.push(c);
    }
    // With fewer than 3 clients the GM sends everything.
    owner.set('bjorn', clients[1] ?? clients[0]);
    owner.set('cedric', clients[2] ?? clients[0]);
    const check = { id, gm: gm.token, commands: new Map<number, string>() };
    checks.push(check);
    let state = (await fetch(`${base}/api/encounters/${id}`, { headers: { authorization: `Bearer ${gm.token}` } }).then((r) => r.json())).view.state;
    let seq = 0;
    while (budget.left > 0 && tft.pending(state) !== null) {
      budget.left -= 1;
      const command = tft.decide(state) as { figure?: string };
      const sender = (command.figure && owner.get(command.figure)) || clients[0];
      const want = seq + 1;
      const reqId = `t${t}-${want}`;
      const t0 = performance.now();
      const receipts = clients.map((c) =>
        c.next((m) => m.type === 'step' && m.entry.seq === want).then((m) => {
          latencies.push(performance.now() - t0);
          return m;
        }),
      );
      const answer = sender.next((m) => (m.type === 'ack' || m.type === 'rejected') && m.id === reqId);
      sent += 1;
      sender.send({ type: 'command', id: reqId, command });
      const a = await Promise.race([answer, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
      if (a?.type !== 'ack') {
        if (a?.type === 'rejected') rejected += 1;
        lost += 1;
        break;
      }
      acked += 1;
      check.commands.set(a.seq, JSON.stringify(command));
      const steps = await Promise.race([Promise.all(receipts), new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
      if (!steps) {
        lost += 1;
        break;
      }
      const step = steps[0];
      state = step.type === 'step' ? step.view.state : state;
      seq = want;
    }
    for (const c of clients) c.ws.close();
  }
}

async function main() {
  const { child, base } = await startServer();
  const budgets = Array.from({ length: TABLES }, () => ({ left: COMMANDS }));
  const t0 = performance.now();
  await Promise.all(budgets.map((b, t) => playTable(base, t, b)));
  const secs = (performance.now() - t0) / 1000;
  // Every acknowledged command must be in the stored log, unchanged.
  for (const c of checks) {
    const ex = (await fetch(`${base}/api/encounters/${c.id}/export`, { headers: { authorization: `Bearer ${c.gm}` } }).then((r) =>
      r.json(),
    )) as ExportJson;
    for (const [seq, cmd] of c.commands) {
      const e = ex.log.find((x) => x.seq === seq);
      if (!e || JSON.stringify(e.command) !== cmd) lost += 1;
    }
  }
  child.kill('SIGTERM');
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN;
  const storage = DB.startsWith('postgres') ? 'postgres' : 'sqlite';
  console.log(`bench:server  ${TABLES} tables x ${CLIENTS} clients, ${COMMANDS} commands per table, storage ${storage}`);
  console.log(`  commands acknowledged  ${acked} of ${sent} sent (${rejected} rejected) in ${secs.toFixed(2)} s`);
  console.log(`  commands per second    ${(acked / secs).toFixed(0)}`);
  console.log(`  send -> broadcast      p50 ${pct(50).toFixed(2)} ms, p99 ${pct(99).toFixed(2)} ms (${latencies.length} receipts)`);
  console.log(`  lost commands          ${lost}`);
  rmSync(tmp, { recursive: true, force: true });
  process.exitCode = lost === 0 ? 0 : 1;
}

await main();
