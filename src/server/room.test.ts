// A room over real storage with frequent snapshots: loading and rewinding from snapshots must
// give exactly the state a replay of the line of play gives (engine/encounter.ts replay).
import { afterAll, describe, expect, it } from 'vitest';
import { diceForSeq, replay } from '../engine/encounter.ts';
import { getSystem } from '../rules/index.ts';
import { EncounterSettings } from './protocol.ts';
import { Room } from './room.ts';
import { Storage, type TokenRow } from './storage/storage.ts';
import { testDatabases } from './storage/test-databases.ts';
import { TEST_SEED, duelScenario, swordDropScenario, swordDropStep, tft } from './test-helpers.ts';

const silent = { error() {}, warn() {} };
const gm: TokenRow = { id: 'gm1', encounterId: 'r1', hash: 'h', role: 'gm', figures: [], label: 'GM', createdAt: '', revokedAt: null };
const opts = { dice: (_: string, seq: number) => diceForSeq(TEST_SEED, seq), snapshotEvery: 3 };

for (const tdb of testDatabases()) {
  describe(`room on ${tdb.name}`, () => {
    const opened: Storage[] = [];
    afterAll(async () => {
      for (const s of opened) await s.close();
      await tdb.cleanup();
    });

    it('loads from snapshots and rewinds through them to the same state as a replay', async () => {
      const storage = await Storage.open(await tdb.create());
      opened.push(storage);
      const scenario = duelScenario();
      await storage.createEncounter(
        { id: 'r1', name: 'duel', system: 'tft', scenario, settings: EncounterSettings.parse({}), at: new Date(0).toISOString() },
        { id: 'gm1', hash: 'h', role: 'gm', figures: [], label: 'GM', createdAt: '' },
      );
      const load = async () => Room.load(storage, silent, (await storage.getEncounter('r1')) ?? (null as never), getSystem, opts);
      const room = await load();
      const play = async (n: number) => {
        for (let i = 0; i < n; i++) {
          const r = await room.submit(gm, { command: tft.decide(room.state) });
          expect(r.type).toBe('accepted');
        }
      };
      /** The replay of the room's line of play, from the stored entries. */
      const replayLine = async (line: number[]) => {
        const log = await storage.readLog('r1');
        const commands = line.map((s, k) => {
          const e = log.find((x) => x.seq === s);
          if (e?.kind !== 'command') throw new Error(`no command ${s}`);
          return { seq: k, command: e.body.command, faces: e.body.faces };
        });
        return replay(tft, { system: 'tft', scenario, seed: 0, commands });
      };
      await play(10);
      expect(room.line).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect((await storage.snapshotLines('r1')).map((s) => s.seq)).toEqual([3, 6, 9]);
      // A fresh load (latest snapshot at 9, then entry 10) equals the live room and the replay.
      const again = await load();
      expect(again.state).toEqual(room.state);
      expect(again.line).toEqual(room.line);
      expect(room.state).toEqual(await replayLine(room.line));
      // Rewind to 7: rebuilt from the snapshot at 6 plus command 7.
      const rw = await room.rewind(gm, 7);
      expect(rw.seq).toBe(11);
      expect(room.line).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(room.state).toEqual(await replayLine([1, 2, 3, 4, 5, 6, 7]));
      await play(3); // entries 12 (snapshot), 13, 14
      expect(room.line).toEqual([1, 2, 3, 4, 5, 6, 7, 12, 13, 14]);
      // Rewind to 12 on the new line: the snapshot at 12 has line ...7, 12; the one at 9 is off the line.
      await room.rewind(gm, 12);
      expect(room.line).toEqual([1, 2, 3, 4, 5, 6, 7, 12]);
      expect(room.state).toEqual(await replayLine(room.line));
      // 9 was undone: not a rewind target any more.
      await expect(room.rewind(gm, 9)).rejects.toMatchObject({ code: 'invalid' });
      const last = await load();
      expect(last.line).toEqual(room.line);
      expect(last.state).toEqual(room.state);
      expect(last.seq).toBe(15);
    });

    it("the GM's end: the row is over with the winner and its side's name, stored too; a rewind past it reopens the fight", async () => {
      const storage = await Storage.open(await tdb.create());
      opened.push(storage);
      const scenario = { ...duelScenario(), sides: [{ id: 'north', name: 'House Bjorn' }, { id: 'south', name: 'the ford keepers' }] };
      await storage.createEncounter(
        { id: 'r3', name: 'duel', system: 'tft', scenario, settings: EncounterSettings.parse({}), at: new Date(0).toISOString() },
        { id: 'gm1', hash: 'h', role: 'gm', figures: [], label: 'GM', createdAt: '' },
      );
      const room = await Room.load(storage, silent, (await storage.getEncounter('r3')) ?? (null as never), getSystem, opts);
      const token = { ...gm, encounterId: 'r3' };
      for (let i = 0; i < 4; i++) expect((await room.submit(token, { command: tft.decide(room.state) })).type).toBe('accepted');
      const figures = JSON.stringify((room.state as { figures: unknown }).figures);
      const ended = await room.submit(token, { command: { type: 'end', winner: 'south', reason: 'Bjorn flees' } });
      expect(ended.type).toBe('accepted');
      expect(tft.pending(room.state)).toBeNull();
      expect(JSON.stringify((room.state as { figures: unknown }).figures)).toBe(figures); // no one dies or goes
      const over = { over: true, winner: 'south', winnerName: 'the ford keepers' };
      expect(room.row).toMatchObject(over);
      expect(room.info()).toMatchObject(over);
      expect(await storage.getEncounter('r3')).toMatchObject(over);
      // Back to the step before the end: the fight goes on, no one has won.
      await room.rewind(token, 4);
      const open = { over: false, winner: null, winnerName: null };
      expect(room.row).toMatchObject(open);
      expect(await storage.getEncounter('r3')).toMatchObject(open);
      expect(tft.pending(room.state)).not.toBeNull();
    });

    it('narrates with the names each viewer may see: a hidden namesake never turns a visible figure into "Name (id)"', async () => {
      const storage = await Storage.open(await tdb.create());
      opened.push(storage);
      // Both figures named Knight; bjorn hidden from the players.
      const scenario = duelScenario();
      for (const f of scenario.figures as { id: string; name?: string }[]) f.name = 'Knight';
      await storage.createEncounter(
        { id: 'r2', name: 'twins', system: 'tft', scenario, settings: EncounterSettings.parse({ hiddenFigures: ['bjorn'] }), at: new Date(0).toISOString() },
        { id: 'gm1', hash: 'h', role: 'gm', figures: [], label: 'GM', createdAt: '' },
      );
      const room = await Room.load(storage, silent, (await storage.getEncounter('r2')) ?? (null as never), getSystem, opts);
      for (let i = 0; i < 6; i++) expect((await room.submit({ ...gm, encounterId: 'r2' }, { command: tft.decide(room.state) })).type).toBe('accepted');
      const lines = async (viewer: { role: 'gm' | 'player'; figures: string[] }) => (await room.entriesAfter(0, viewer)).flatMap((e) => e.descriptions ?? []);
      // The GM sees both: each as "Knight (id)".
      const gmText = (await lines({ role: 'gm', figures: [] })).join('\n');
      expect(gmText).toMatch(/\] Knight \(cedric\) (steps|moves|stays)/);
      expect(gmText).toMatch(/\] Knight \(bjorn\) (steps|moves|stays)/);
      // Cedric's player sees only his own knight, by the plain name: nothing hints at a second one.
      const player = await lines({ role: 'player', figures: ['cedric'] });
      expect(player.join('\n')).toMatch(/\] Knight (steps|moves|stays)/);
      expect(player.join('\n')).not.toMatch(/\(cedric\)|\(bjorn\)|bjorn/);
      expect(room.namesFor({ role: 'player', figures: ['cedric'] })).toEqual(new Map([['cedric', 'Knight']]));
      expect(room.namesFor({ role: 'gm', figures: [] })).toEqual(
        new Map([
          ['bjorn', 'Knight (bjorn)'],
          ['cedric', 'Knight (cedric)'],
        ]),
      );
    });

    it("a player picks up a hidden figure's dropped weapon by the alias it reads ('unseen-1.broadsword', not Bjorn's 'bjorn.broadsword'): its option, the ground, its state and log say the alias, its command is taken as the weapon's uid, and the GM's state shows the real uid", async () => {
      const storage = await Storage.open(await tdb.create());
      opened.push(storage);
      const settings = EncounterSettings.parse({ hiddenFigures: ['bjorn'] });
      await storage.createEncounter({ id: 'r4', name: 'sword', system: 'tft', scenario: swordDropScenario(), settings, at: new Date(0).toISOString() }, { id: 'gm1', hash: 'h', role: 'gm', figures: [], label: 'GM', createdAt: '' });
      const room = await Room.load(storage, silent, (await storage.getEncounter('r4')) ?? (null as never), getSystem, opts);
      const kay: TokenRow = { id: 'kay1', encounterId: 'r4', hash: 'k', role: 'player', figures: ['kay'], label: 'Kay', createdAt: '', revokedAt: null };
      const seat = { role: 'player' as const, figures: ['kay'] };
      for (let command = swordDropStep(room.state); command !== null; command = swordDropStep(room.state)) {
        expect((await room.submit({ ...gm, encounterId: 'r4' }, { command })).type).toBe('accepted');
      }
      const ground = (room.stateView(seat).state as { items: { weapon: { uid: string } }[] }).items;
      expect(ground.map((i) => i.weapon.uid)).toEqual(['unseen-1.broadsword']);
      const options = ((await room.explainNow(seat)).report.figures as { id: string; options: { command: Record<string, unknown> }[] }[]).find((f) => f.id === 'kay')?.options ?? [];
      const pickUp = options.find((o) => o.command.type === 'pick-up')?.command;
      expect(pickUp).toEqual({ type: 'pick-up', figure: 'kay', weapon: 'unseen-1.broadsword' });
      const r = await room.submit(kay, { command: pickUp });
      if (r.type !== 'accepted') throw new Error('not accepted');
      const kayOf = (state: unknown) => (state as { figures: { id: string; weapons: { uid: string }[]; ready: string }[] }).figures.find((f) => f.id === 'kay');
      expect(kayOf(room.stateView({ role: 'gm', figures: [] }).state)).toMatchObject({ weapons: [{ uid: 'bjorn.broadsword' }], ready: 'bjorn.broadsword' });
      expect(r.entry.body).toMatchObject({ command: { weapon: 'bjorn.broadsword' } });
      expect(kayOf(room.stateView(seat).state)).toMatchObject({ weapons: [{ uid: 'unseen-1.broadsword' }], ready: 'unseen-1.broadsword' });
      const seen = room.entryView(r.entry, seat);
      expect(seen).toMatchObject({ command: { weapon: 'unseen-1.broadsword' }, events: [{ type: 'pick-up', figure: 'kay', weapon: 'unseen-1.broadsword' }] });
      expect(JSON.stringify([room.stateView(seat), await room.entriesAfter(0, seat), (await room.explainNow(seat)).report])).not.toMatch(/bjorn/i);
    });
  });
}
