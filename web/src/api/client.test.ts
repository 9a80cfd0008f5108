import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type LiveStatus, LiveTable, errorView, reconnectDelay } from './client.ts';

/** A stand-in for the browser's WebSocket: records what the page sends, lets the test answer. */
class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    queueMicrotask(() => this.onclose?.());
  }
  // test side
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(m: unknown) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

/** The server's answer while its database cannot be reached (src/server/errors.ts). */
const DOWN = 'the database is unavailable (connect ECONNREFUSED 127.0.0.1:5432); try again once it is back';
const view = (seq: number) => ({ seq, state: {}, pending: null, summary: {}, over: false });
const welcome = (seq: number) => ({
  type: 'welcome',
  tokenId: 't1',
  encounter: { encounter: { id: 'e1', name: 'Duel', system: 'tft', createdAt: '', updatedAt: '', seq, over: false, winner: null }, role: 'gm', figures: [], settings: {}, view: view(seq) },
  missed: [],
});

function table() {
  const statuses: [LiveStatus, string | undefined][] = [];
  const steps: { seq: number; viewSeq: number }[] = [];
  const welcomes: number[] = [];
  const t = new LiveTable(
    'e1',
    'tok',
    { welcome: (e) => welcomes.push(e.view.seq), step: (e, v) => steps.push({ seq: e.seq, viewSeq: v.seq }), settings: () => undefined, status: (s, d) => statuses.push([s, d]) },
    'ws://test/api/ws',
  );
  return { t, statuses, steps, welcomes };
}

/** The server's HTTP side: what each request was, and the answer the test gives it. */
function server(answer: (url: string, body: unknown) => { status: number; body: unknown } | 'down') {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: { body?: string }) => {
    const body = init?.body ? JSON.parse(init.body) : undefined;
    calls.push({ url, body });
    const a = answer(url, body);
    if (a === 'down') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(a.body), { status: a.status });
  });
  return calls;
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live connection', () => {
  it('reconnects after the server says bye because it is shutting down, and catches up from the last seq', async () => {
    const { t, statuses } = table();
    const first = FakeSocket.all[0];
    first.open();
    first.receive(welcome(5));
    expect(statuses.at(-1)?.[0]).toBe('live');

    first.receive({ type: 'bye', reason: 'shutdown' });
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.map((s) => s[0])).not.toContain('closed');
    // Said while it reconnects (not only until the socket's close comes).
    expect(statuses.at(-1)).toEqual(['reconnecting', 'the server is restarting']);

    // The server is still down for the first attempts: the page keeps trying, waiting longer.
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].close();
    await vi.advanceTimersByTimeAsync(reconnectDelay(1) - 1);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(3);

    // Back up: the hello says the last step seen; the welcome makes the page live again.
    const again = FakeSocket.all[2];
    again.open();
    expect(again.sent[0]).toEqual({ type: 'hello', encounterId: 'e1', token: 'tok', lastSeq: 5 });
    again.receive(welcome(5));
    expect(statuses.at(-1)?.[0]).toBe('live');
    t.close();
  });

  it('stays closed after a bye for a revoked token or a deleted encounter', async () => {
    for (const reason of ['revoked', 'deleted']) {
      FakeSocket.all = [];
      const { statuses } = table();
      FakeSocket.all[0].open();
      FakeSocket.all[0].receive(welcome(1));
      FakeSocket.all[0].receive({ type: 'bye', reason });
      await vi.advanceTimersByTimeAsync(30_000);
      expect(FakeSocket.all).toHaveLength(1);
      expect(statuses.at(-1)).toEqual(['closed', reason]);
    }
  });

  it("passes on what a physical die is for, in the server's words (dice-needed roll.text)", async () => {
    const { t } = table();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.receive(welcome(1));
    const asked = t.command({ type: 'begin' }, []);
    const id = ws.sent.at(-1)?.id;
    ws.receive({ type: 'dice-needed', id, sides: 6, index: 0, roll: { figure: null, event: 'initiative', die: 1, of: 2, sides: 6, text: 'initiative roll, die 1 of 2 (d6)' } });
    expect(await asked).toEqual({ type: 'dice-needed', sides: 6, index: 0, purpose: 'initiative roll, die 1 of 2 (d6)' });
    t.close();
  });

  it('a command lost with the socket, sent again, carries the seq it was first sent at (expectSeq): the server refuses it as stale if the first was stored, instead of applying it twice', async () => {
    const { t } = table();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.receive(welcome(5));
    const attack = { type: 'attack', figure: 'bjorn', target: 'cedric' };
    const first = t.command(attack);
    expect(ws.sent.at(-1)).not.toHaveProperty('expectSeq');
    server(() => 'down'); // the log cannot be read: whether it was stored stays unknown
    ws.close(); // the server may have stored it, but its ack never came
    await expect(first).rejects.toThrow(/connection lost/);
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    const back = FakeSocket.all[1];
    back.open();
    back.receive(welcome(6));
    // the same command again: pinned to seq 5; another command is not
    const again = t.command(attack);
    expect(back.sent.at(-1)).toMatchObject({ type: 'command', command: attack, expectSeq: 5 });
    back.receive({ type: 'rejected', id: back.sent.at(-1)?.id, code: 'conflict', message: 'the encounter moved on', issues: [] });
    await expect(again).rejects.toThrow(/moved on/);
    const other = t.command({ type: 'pass', figure: 'bjorn' });
    expect(back.sent.at(-1)).not.toHaveProperty('expectSeq');
    back.receive({ type: 'ack', id: back.sent.at(-1)?.id, seq: 7 });
    await other;
    // an ack clears what was lost: the attack is an ordinary command again
    void t.command(attack).catch(() => undefined);
    expect(back.sent.at(-1)).not.toHaveProperty('expectSeq');
    t.close();
  });

  const commandEntry = (seq: number, tokenId: string, command: unknown) => ({ seq, kind: 'command', at: '', by: { role: 'gm', tokenId }, command });

  it('a hello answered unavailable (the database is down) is tried again with growing delays, saying why; a refused token is final', async () => {
    const { t, statuses } = table();
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive({ type: 'error', code: 'unavailable', message: DOWN });
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.map((s) => s[0])).not.toContain('closed');
    expect(statuses.at(-1)).toEqual(['reconnecting', DOWN]);
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].open();
    FakeSocket.all[1].receive({ type: 'error', code: 'unavailable', message: DOWN });
    await vi.advanceTimersByTimeAsync(reconnectDelay(1) - 1);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(3);
    // The database is back: the hello is welcomed and the reason is no longer shown.
    FakeSocket.all[2].open();
    FakeSocket.all[2].receive(welcome(5));
    expect(statuses.at(-1)).toEqual(['live', undefined]);
    t.close();

    FakeSocket.all = [];
    const refused = table();
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive({ type: 'error', code: 'unauthorized', message: 'this token was revoked' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(refused.statuses.at(-1)).toEqual(['closed', 'this token was revoked']);
  });

  it('a command answered unavailable is refused saying so and the table stays live; sent again it is pinned, and its conflict once it was stored counts as its ack', async () => {
    const calls = server(() => ({ status: 200, body: { seq: 6, entries: [commandEntry(6, 't1', { target: 'cedric', figure: 'bjorn', type: 'attack' })] } }));
    const { t, statuses, steps } = table();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.receive(welcome(5));
    const attack = { type: 'attack', figure: 'bjorn', target: 'cedric' };
    const first = t.command(attack);
    ws.receive({ type: 'rejected', id: ws.sent.at(-1)?.id, code: 'unavailable', message: DOWN, issues: [] });
    await expect(first).rejects.toMatchObject({ code: 'unavailable', message: DOWN });
    expect(statuses.at(-1)).toEqual(['live', undefined]);
    // The database went away as it committed: the command was stored (seq 6), and its step comes.
    ws.receive({ type: 'step', entry: commandEntry(6, 't1', attack), view: view(6) });
    const again = t.command(attack);
    expect(ws.sent.at(-1)).toMatchObject({ type: 'command', command: attack, expectSeq: 5 });
    ws.receive({ type: 'rejected', id: ws.sent.at(-1)?.id, code: 'conflict', message: 'expectSeq: the encounter is at seq 6, not 5', issues: [] });
    expect(await again).toEqual({ type: 'ack', seq: 6 });
    expect(calls.map((c) => c.url)).toEqual(['/api/encounters/e1/log?from=5']);
    expect(steps).toEqual([{ seq: 6, viewSeq: 6 }]);
    // Acknowledged: the same command is an ordinary one again.
    void t.command(attack).catch(() => undefined);
    expect(ws.sent.at(-1)).not.toHaveProperty('expectSeq');
    t.close();
  });

  it('a command answered unavailable counts as landed when the log holds it in the form the server stores, its defaults added (a move sent without a path is stored with path: [])', async () => {
    const sent = { type: 'move', figure: 'bjorn', facing: 2 };
    const stored = { type: 'move', figure: 'bjorn', path: [], facing: 2 };
    server(() => ({ status: 200, body: { seq: 6, entries: [commandEntry(6, 't1', stored)] } }));
    const { t } = table();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.receive(welcome(5));
    const first = t.command(sent);
    ws.receive({ type: 'rejected', id: ws.sent.at(-1)?.id, code: 'unavailable', message: DOWN, issues: [] });
    await expect(first).rejects.toMatchObject({ code: 'unavailable' });
    const again = t.command(sent);
    ws.receive({ type: 'rejected', id: ws.sent.at(-1)?.id, code: 'conflict', message: 'expectSeq: the encounter is at seq 6, not 5', issues: [] });
    expect(await again).toEqual({ type: 'ack', seq: 6 });
    t.close();
  });

  it("a command answered unavailable, sent again after another's step came, gets its conflict, then is judged where the encounter is", async () => {
    // Step 6 is the same command from another seat: not this table's.
    const attack = { type: 'attack', figure: 'bjorn', target: 'cedric' };
    server(() => ({ status: 200, body: { seq: 6, entries: [commandEntry(6, 'other-seat', attack)] } }));
    const { t } = table();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.receive(welcome(5));
    const first = t.command(attack);
    ws.receive({ type: 'rejected', id: ws.sent.at(-1)?.id, code: 'unavailable', message: DOWN, issues: [] });
    await expect(first).rejects.toMatchObject({ code: 'unavailable' });
    const again = t.command(attack);
    expect(ws.sent.at(-1)).toMatchObject({ expectSeq: 5 });
    ws.receive({ type: 'rejected', id: ws.sent.at(-1)?.id, code: 'conflict', message: 'expectSeq: the encounter is at seq 6, not 5', issues: [] });
    await expect(again).rejects.toMatchObject({ code: 'conflict' });
    void t.command(attack).catch(() => undefined);
    expect(ws.sent.at(-1)).not.toHaveProperty('expectSeq');
    t.close();
  });

  it('waits 0.25 s, then twice as long each time, at most 5 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(reconnectDelay)).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
  });
});

describe("a GM's rewind while the socket is down", () => {
  const rewindEntry = (seq: number, to: number) => ({ seq, kind: 'rewind', at: '', by: { role: 'gm', tokenId: 't1' }, to });
  const conflict = { status: 409, body: { error: 'conflict', message: 'the encounter is at step 6, not 5 (expectSeq)' } };

  it('goes over HTTP, pinned to the last step seen; the page shows it at once and the reconnect catches up after it', async () => {
    const calls = server(() => ({ status: 200, body: { seq: 6, entry: rewindEntry(6, 3), view: view(6) } }));
    const { t, steps } = table();
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive(welcome(5));
    FakeSocket.all[0].close();
    await vi.advanceTimersByTimeAsync(0);
    expect(await t.rewind(3, 5)).toBe(6);
    expect(calls).toEqual([{ url: '/api/encounters/e1/rewind', body: { to: 3, expectSeq: 5 } }]);
    expect(steps).toEqual([{ seq: 6, viewSeq: 6 }]);
    await vi.advanceTimersByTimeAsync(reconnectDelay(0));
    FakeSocket.all[1].open();
    expect(FakeSocket.all[1].sent[0]).toMatchObject({ type: 'hello', lastSeq: 6 });
    t.close();
  });

  it('a rewind whose socket dropped before the answer is sent again over HTTP, pinned: stored once either way', async () => {
    // Not stored by the socket: the HTTP one is taken.
    let calls = server(() => ({ status: 200, body: { seq: 6, entry: rewindEntry(6, 3), view: view(6) } }));
    let { t, steps } = table();
    let ws = FakeSocket.all[0];
    ws.open();
    ws.receive(welcome(5));
    const first = t.rewind(3, 5);
    expect(ws.sent.at(-1)).toMatchObject({ type: 'rewind', to: 3, expectSeq: 5 });
    ws.close();
    expect(await first).toBe(6);
    expect(calls.map((c) => c.body)).toEqual([{ to: 3, expectSeq: 5 }]);
    expect(steps).toEqual([{ seq: 6, viewSeq: 6 }]);
    t.close();

    // Stored by the socket before it dropped: the HTTP one is refused as stale, and the log's head is that rewind: done, no error.
    FakeSocket.all = [];
    calls = server((url) => (url.includes('/log') ? { status: 200, body: { seq: 6, entries: [rewindEntry(6, 3)] } } : conflict));
    ({ t, steps } = table());
    ws = FakeSocket.all[0];
    ws.open();
    ws.receive(welcome(5));
    const second = t.rewind(3, 5);
    ws.close();
    expect(await second).toBe(6);
    expect(calls.map((c) => c.url)).toEqual(['/api/encounters/e1/rewind', '/api/encounters/e1/log?from=5']);
    t.close();
  });

  it('refused as stale when another step came first, and said plainly when the server cannot be reached', async () => {
    server((url) =>
      url.includes('/log')
        ? { status: 200, body: { seq: 6, entries: [{ seq: 6, kind: 'command', at: '', by: { role: 'player', tokenId: 'p' }, command: {} }] } }
        : url.endsWith('/rewind')
          ? conflict
          : { status: 200, body: welcome(6).encounter },
    );
    const { t, steps, welcomes } = table();
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive(welcome(5));
    FakeSocket.all[0].close();
    await vi.advanceTimersByTimeAsync(0);
    await expect(t.rewind(3, 5)).rejects.toMatchObject({ code: 'conflict' });
    // The step that came first is shown now, though the socket is still down.
    expect(welcomes).toEqual([5, 6]);
    server(() => 'down');
    await expect(t.rewind(3, 5)).rejects.toThrow(/^Not rewound: the server cannot be reached\. Nothing was undone;/);
    server(() => ({ status: 502, body: '<html>Bad Gateway</html>' }));
    await expect(t.rewind(3, 5)).rejects.toMatchObject({ code: 'unreachable' });
    expect(steps).toEqual([]);
    t.close();
  });
});

describe('a rewind answered unavailable (the database out of reach)', () => {
  const rewindEntry = (seq: number, to: number) => ({ seq, kind: 'rewind', at: '', by: { role: 'gm', tokenId: 't1' }, to });

  it('is refused saying so; sent again at the same step, its conflict is taken as done when the log shows it stored', async () => {
    const calls = server(() => ({ status: 200, body: { seq: 6, entries: [rewindEntry(6, 3)] } }));
    const { t } = table();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.receive(welcome(5));
    const first = t.rewind(3, 5);
    ws.receive({ type: 'rejected', id: ws.sent.at(-1)?.id, code: 'unavailable', message: DOWN, issues: [] });
    await expect(first).rejects.toMatchObject({ code: 'unavailable', message: DOWN });
    // The database stored it as it went away: the same undo again is refused as stale, yet done.
    const again = t.rewind(3, 5);
    expect(ws.sent.at(-1)).toMatchObject({ type: 'rewind', to: 3, expectSeq: 5 });
    ws.receive({ type: 'rejected', id: ws.sent.at(-1)?.id, code: 'conflict', message: 'expectSeq: the encounter is at seq 6, not 5', issues: [] });
    expect(await again).toBe(6);
    expect(calls.map((c) => c.url)).toEqual(['/api/encounters/e1/log?from=5']);
    t.close();
  });

  it("over HTTP (the socket down) keeps the server's words, not 'cannot be reached... nothing was undone'", async () => {
    server(() => ({ status: 503, body: { error: 'unavailable', message: DOWN } }));
    const { t } = table();
    FakeSocket.all[0].open();
    FakeSocket.all[0].receive(welcome(5));
    FakeSocket.all[0].close();
    await vi.advanceTimersByTimeAsync(0);
    await expect(t.rewind(3, 5)).rejects.toMatchObject({ code: 'unavailable', message: DOWN });
    t.close();
  });
});

describe('errors of an unusual shape', () => {
  it('an error body whose issues are not a list (a proxy, another server version) is shown without them, not thrown on', () => {
    const e = new ApiError(undefined, undefined, 'bad', 502);
    expect([e.code, e.message, e.issues]).toEqual(['internal', 'the server refused', []]);
    const f = new ApiError('invalid', 'invalid scenario', [{ path: 'figures[0].dx', message: 'expected a number' }, 'x', { path: 3, message: 'no path' }, { path: 'y' }]);
    expect(f.issues).toEqual([
      { path: 'figures[0].dx', message: 'expected a number' },
      { path: '', message: 'no path' },
    ]);
    expect(errorView('refused', 'not a list' as never)).toEqual({ text: 'refused', issues: [] });
  });
});
