// Fuzzing the WebSocket protocol: on a connection that has said hello as the GM, random frames
// (each kind of message with its fields mutated, the commands the game offers mutated, any
// JSON, text that is not JSON, binary). Every frame is answered in order (a ping after it comes
// back), nothing answers `internal`, a refusal names the field, changes nothing stored, and
// the connection stays open. FRAY_FUZZ_RUNS raises the count; FRAY_FUZZ_SEED replays another.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { applyMutation, badTexts, badValue, fuzzParams, type Json, mutation } from '../engine/fuzz.test-util.ts';
import { freshDuel, offered, stored, type Target } from './fuzz.test-util.ts';
import type { ServerMessage } from './protocol.ts';
import { describeServerOnEachDatabase, TestClient } from './test-helpers.ts';

/** Valid messages ('command' stands for the commands the game offers now, as a command message). */
const MESSAGES: Json[] = [
  'command',
  'command',
  { type: 'command', id: 'c', command: { type: 'begin' }, expectSeq: 0, faces: [1, 2] },
  { type: 'explain', id: 'e' },
  { type: 'sync', lastSeq: 0 },
  { type: 'rewind', id: 'r', to: 0 },
  { type: 'ping', id: 'p' },
  { type: 'hello', encounterId: '{id}', token: '{gm}', lastSeq: 0 },
];

const frame = fc.oneof(
  { weight: 8, arbitrary: fc.record({ base: fc.nat(), changes: fc.array(mutation(['bjorn', 'cedric']), { maxLength: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ json: badValue(['bjorn']) }) },
  { weight: 1, arbitrary: fc.record({ text: fc.constantFrom('{', '', '{"type": "ping"', ...badTexts.slice(0, 6)) }) },
  { weight: 1, arbitrary: fc.record({ bytes: fc.uint8Array({ maxLength: 20 }) }) },
);

describeServerOnEachDatabase('fuzz: WebSocket messages', (srv) => {
  it('random frames: answered in order, refusals name the field and change nothing stored, the connection stays', async () => {
    let t: Target = await freshDuel(srv.app);
    let c = await TestClient.connect(srv.ws);
    await c.hello(t.id, t.gm);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(frame, async (f) => {
        let sent: string | Buffer;
        if ('bytes' in f) sent = Buffer.from(f.bytes);
        else if ('text' in f) sent = f.text;
        else if ('json' in f) sent = JSON.stringify(f.json);
        else {
          const commands = (await offered(srv.app, t)).map((command): Json => ({ type: 'command', id: 'c', command }));
          const bases = [...commands, ...MESSAGES.filter((m) => m !== 'command')];
          const fill = (s: string) => s.replaceAll('{id}', t.id).replaceAll('{gm}', t.gm);
          sent = fill(JSON.stringify(f.changes.reduce(applyMutation, bases[f.base % bases.length])));
        }
        const before = await stored(srv.app, srv.storage, t.id);
        const from = c.messages.length;
        c.send(sent);
        const ping = `fuzz-${n++}`;
        c.send({ type: 'ping', id: ping });
        await c.waitFor('pong', (m) => m.id === ping);
        const answers = c.messages.slice(from) as ServerMessage[];
        const what = `${String(sent).slice(0, 300)} -> ${JSON.stringify(answers).slice(0, 500)}`;
        expect(c.closedWith, what).toBeNull();
        // Every frame gets an answer before the pong (sync only when there are entries to send).
        if (!String(sent).includes('"sync"')) expect(answers.length, what).toBeGreaterThan(1);
        const refusals = answers.filter((m) => m.type === 'error' || m.type === 'rejected');
        for (const m of refusals) {
          if (m.type !== 'error' && m.type !== 'rejected') continue;
          expect(m.code, what).not.toBe('internal');
          if (m.code === 'invalid' || m.code === 'rejected') expect(m.issues?.length, what).toBeGreaterThan(0);
        }
        if (refusals.length > 0) expect(await stored(srv.app, srv.storage, t.id), what).toBe(before);
        // A fight over: a new one, on a new connection.
        const room = await srv.app.hub.room(t.id);
        if (room.system.pending(room.state) === null) {
          await c.close();
          t = await freshDuel(srv.app);
          c = await TestClient.connect(srv.ws);
          await c.hello(t.id, t.gm);
        }
      }),
      fuzzParams(150),
    );
    await c.close();
  }, 120_000);

  it('a first frame that is a mutated hello, or anything: welcome or a refusal naming the field, and the connection stays', async () => {
    const t = await freshDuel(srv.app);
    const first = fc.oneof(
      { weight: 4, arbitrary: fc.array(mutation([t.id, t.gm, t.player]), { maxLength: 2 }).map((ms) => ms.reduce(applyMutation, { type: 'hello', encounterId: t.id, token: t.player, lastSeq: 0 } as Json)) },
      { weight: 1, arbitrary: badValue([t.id]) },
    );
    await fc.assert(
      fc.asyncProperty(first, async (hello) => {
        const c = await TestClient.connect(srv.ws);
        try {
          c.send(JSON.stringify(hello));
          c.send({ type: 'ping', id: 'after' });
          await c.waitFor('pong', (m) => m.id === 'after');
          const what = `${JSON.stringify(hello).slice(0, 300)} -> ${JSON.stringify(c.messages).slice(0, 500)}`;
          expect(c.closedWith, what).toBeNull();
          const [answer] = c.messages;
          expect(['welcome', 'error'], what).toContain(answer.type);
          if (answer.type === 'error') {
            expect(answer.code, what).not.toBe('internal');
            if (answer.code === 'invalid') expect(answer.issues?.length, what).toBeGreaterThan(0);
          }
        } finally {
          await c.close();
        }
      }),
      fuzzParams(40),
    );
  }, 120_000);
});
