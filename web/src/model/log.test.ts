import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RecordingDice, ScriptedDice, SeededDice } from '../../../src/core/dice/source.ts';
import { seedRng } from '../../../src/core/rng.ts';
import { systems } from '../../../src/rules/index.ts';
import type { LogEntryView } from '../../../src/server/protocol.ts';
import { EncounterSettings } from '../../../src/server/protocol.ts';
import { viewEvents } from '../../../src/server/views.ts';
import { effectiveLine, entryFaces, entryMentions, entryWords, eventRows, logEntry, mergeEntries, rewindConflictText, trayGroups, trayLabel, trayWords, undoTarget } from './log.ts';

const by = { role: 'gm' as const, tokenId: 't' };
const cmd = (seq: number, command: unknown = { kind: 'x' }, events: Record<string, unknown>[] = []): LogEntryView => ({
  seq,
  kind: 'command',
  at: '2025-01-01T00:00:00Z',
  by,
  command,
  events,
  descriptions: events.map((e) => `d:${String(e.type)}`),
});
const rew = (seq: number, to: number): LogEntryView => ({ seq, kind: 'rewind', at: '2025-01-01T00:00:00Z', by, to });

describe('the log', () => {
  it('explains each event with its narration, ledgers, faces and rule ids', () => {
    const e = cmd(1, { kind: 'attack', figure: 'a', target: 'b' }, [
      {
        type: 'attack',
        turn: 1,
        attacker: 'a',
        target: 'b',
        roll: { faces: [3, 4, 2] },
        adjDX: { entries: [{ source: 'DX', delta: 12, rule: 'tft-core' }, { source: 'extra target', delta: -4, rule: 'R-S2' }], total: 8 },
      },
    ]);
    const [row] = eventRows(e);
    expect(row.text).toBe('d:attack');
    expect(row.faces).toEqual([3, 4, 2]);
    expect(row.ledgers.map((l) => [l.name, l.ledger.total])).toEqual([['adjDX', 8]]);
    expect(row.rules).toEqual(['tft-core', 'R-S2']);
    expect(row.figures.sort()).toEqual(['a', 'b']);
    expect(entryFaces(e)).toEqual([3, 4, 2]);
  });

  it('filters entries by the figure they mention', () => {
    const e = cmd(2, { kind: 'move', figure: 'a' }, [{ type: 'moved', turn: 1, figure: 'a' }]);
    expect(entryMentions(e, 'a')).toBe(true);
    expect(entryMentions(e, 'b')).toBe(false);
  });

  it('a rewind refused as stale says which steps came meanwhile and that nothing was undone', () => {
    expect(rewindConflictText(3, 4)).toMatch(/^Not rewound: step 4 was taken \(in another window or by a player\) after you chose to rewind\. Nothing was undone;/);
    expect(rewindConflictText(3, 6)).toMatch(/^Not rewound: steps 4 to 6 were taken/);
  });

  it('rewinds drop the undone steps from the line of play', () => {
    const log = [cmd(1), cmd(2), cmd(3), rew(4, 1), cmd(5), cmd(6)];
    expect(effectiveLine(log).map((e) => e.seq)).toEqual([1, 5, 6]);
    expect(undoTarget(log)).toBe(5);
    expect(undoTarget([cmd(1)])).toBe(0);
    expect(undoTarget([])).toBeNull();
    expect(effectiveLine([cmd(1), cmd(2), rew(3, 0)]).map((e) => e.seq)).toEqual([]);
  });

  it('merges resent entries by seq without duplicates, in order', () => {
    const merged = mergeEntries([cmd(1), cmd(2)], [cmd(2), cmd(3), cmd(1)]);
    expect(merged.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('dice tray: one summed group per rolling event; faces no event claims are shown unsummed; a rewind clears it', () => {
    const base = { at: '', by: { role: 'gm' as const, tokenId: null } };
    const tft = trayGroups({
      ...base,
      seq: 5,
      kind: 'command',
      faces: [5, 1, 1, 5, 3],
      events: [
        { type: 'attack', roll: { faces: [5, 1, 1] } },
        { type: 'damage', faces: [5, 3] },
        { type: 'state' },
      ],
    });
    expect(tft).toEqual([
      { label: 'attack', faces: [5, 1, 1], summed: true },
      { label: 'damage', faces: [5, 3], summed: true },
    ]);
    // Faces no event claims: a d6, a d20 and a d8 of different rolls, shown but not summed.
    const loose = trayGroups({ ...base, seq: 6, kind: 'command', faces: [4, 17, 8], events: [{ type: 'moved' }] });
    expect(loose).toEqual([{ label: 'dice', faces: [4, 17, 8], summed: false }]);
    expect(trayGroups({ ...base, seq: 7, kind: 'rewind', to: 2 })).toEqual([]);
    // TFT initiative: a d6 per side (ties rerolled): labelled by side, not summed together; the
    // side by its scenario name where it has one, as the log says it (not its id: "red", "blue"),
    // with what the roll is for (a screen reader heard "north: 4", not that it was the initiative).
    const init = trayGroups({
      ...base,
      seq: 1,
      kind: 'command',
      faces: [3, 3, 6, 1],
      events: [{ type: 'initiative', rolls: [{ side: 'north', faces: [3, 6] }, { side: 'south', faces: [3, 1] }], sideNames: { north: 'The Northmen' } }],
    });
    expect(init).toEqual([
      { label: 'The Northmen initiative', faces: [3, 6], summed: false },
      { label: 'south initiative', faces: [3, 1], summed: false },
    ]);
  });

  it("dice tray: a TFT roll says whose it is (the attack its attacker, the damage its attacker, a thread roll its dying figure): 'thread-roll 1' twice named nobody", () => {
    const base = { at: '', by: { role: 'gm' as const, tokenId: null } };
    const groups = trayGroups({
      ...base,
      seq: 12,
      kind: 'command',
      faces: [5, 4, 5, 3, 1, 1, 1],
      events: [
        { type: 'attack', figure: 'james', target: 'orc-b', faces: [5, 4, 5] },
        { type: 'damage', figure: 'orc-b', from: 'james', faces: [3, 1] },
        { type: 'thread-roll', figure: 'claudio', faces: [1] },
        { type: 'thread-roll', figure: 'orc-a', faces: [1] },
      ],
    });
    const name = (id: string) => ({ james: 'James', claudio: 'Claudio', 'orc-a': 'Orc A', 'orc-b': 'Orc B' })[id] ?? id;
    expect(groups.map((g) => trayLabel(g, name))).toEqual(["James's attack", "James's damage to Orc B", "Claudio's thread roll", "Orc A's thread roll"]);
  });

  it("dice tray: a grenade's blast (R-H12) rolls damage for each victim, each named ('Grenadier's damage' five times named no one)", () => {
    const base = { at: '', by: { role: 'gm' as const, tokenId: null } };
    // The HiTech burst-grenade example: the grenade lands; its blast hurts three figures, each with its own roll.
    const groups = trayGroups({
      ...base,
      seq: 10,
      kind: 'command',
      faces: [2, 4, 1, 6, 1, 5, 3, 4, 2],
      events: [
        { type: 'throw-grenade', figure: 'grenadier', dice: 3, faces: [2, 4, 1], roll: 7 },
        { type: 'blast', figure: 'grenadier', at: { q: 6, r: 6 }, dice: 12, victims: ['target', 'ring0', 'ring1'] },
        { type: 'damage', figure: 'target', from: 'grenadier', faces: [6, 1, 5, 3] },
        { type: 'damage', figure: 'ring0', from: 'grenadier', faces: [4, 2] },
        { type: 'damage', figure: 'ring1', faces: [4] },
      ],
    });
    const name = (id: string) => ({ grenadier: 'Grenadier', target: 'Target', ring0: 'Trooper in the impact hex', ring1: 'Trooper adjacent' })[id] ?? id;
    expect(groups.map((g) => trayLabel(g, name))).toEqual([
      "Grenadier's throw grenade",
      "Grenadier's damage to Target",
      "Grenadier's damage to Trooper in the impact hex",
      // A damage no attacker rolled (no `from`) still says whom it hurt.
      'damage to Trooper adjacent',
    ]);
    expect(trayWords(groups, name)).toContain("Grenadier's damage to Target: 6, 1, 5, 3");
  });

  it("dice tray: the GM's adjustment shows its dice once, as the GM's (not the figure's, nor again for the damage it dealt)", () => {
    const s = systems.tft.setup(parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8')));
    systems.tft.apply(s, systems.tft.parseCommand({ type: 'begin' }), new ScriptedDice([6, 1]), null);
    const events: Record<string, unknown>[] = [];
    const command = { type: 'adjust', figure: 'bjorn', damage: '2d', reason: 'Fireball' };
    systems.tft.apply(s, systems.tft.parseCommand(command), new ScriptedDice([4, 3]), (e) => events.push(e as unknown as Record<string, unknown>));
    expect(events.map((e) => e.type)).toEqual(['adjust', 'damage', 'hit-penalty']);
    const groups = trayGroups({ seq: 2, kind: 'command', at: '', by: { role: 'gm', tokenId: null }, command, faces: [4, 3], events });
    expect(groups).toEqual([{ label: 'GM', faces: [4, 3], summed: true }]);
  });

  it("dice tray: a grenade's scatter dice (R-H12) and the action order's roll-offs are shown, each with what it is for (were dropped, or one unlabelled heap)", () => {
    const base = { at: '', by: { role: 'gm' as const, tokenId: null } };
    // The HiTech firefight: a grenade misses (3d6) and scatters (a d6 distance, a d6 direction).
    const grenade = trayGroups({
      ...base,
      seq: 13,
      kind: 'command',
      faces: [3, 4, 2, 4, 6],
      events: [
        { type: 'throw-grenade', figure: 'b-smg', dice: 3, faces: [3, 4, 2], roll: 9 },
        { type: 'scatter', figure: 'b-smg', aimed: { q: 1, r: 5 }, distanceFace: 4, directionFace: 6, at: { q: -3, r: 5 } },
        { type: 'blast', figure: 'b-smg', at: { q: -3, r: 5 }, dice: 6, victims: [] },
      ],
    });
    expect(grenade).toEqual([
      // The event's type in words ("throw-grenade" read as code).
      { label: 'throw grenade', faces: [3, 4, 2], summed: true, figure: 'b-smg' },
      { label: 'scatter', faces: [4, 6], summed: false, figure: 'b-smg' },
    ]);
    // Ties on adjDX are rolled off: each tied figure's rolls, under its id (the table names it).
    const order = trayGroups({
      ...base,
      seq: 10,
      kind: 'command',
      faces: [5, 3, 2, 6, 2, 1],
      events: [
        { type: 'move', figure: 'b-shotgun', hexes: 0 },
        {
          type: 'action-order',
          order: [
            { figure: 'b-rifle', adjDX: 13, rolls: [5] },
            { figure: 'r-rifle', adjDX: 13, rolls: [3] },
            { figure: 'b-smg', adjDX: 12, rolls: [2, 6] },
            { figure: 'r-smg', adjDX: 12, rolls: [2, 1] },
            { figure: 'r-acr', adjDX: 11, rolls: [] },
          ],
        },
      ],
    });
    expect(order).toEqual([
      { label: 'roll-off', faces: [5], summed: false, figure: 'b-rifle' },
      { label: 'roll-off', faces: [3], summed: false, figure: 'r-rifle' },
      { label: 'roll-off', faces: [2, 6], summed: false, figure: 'b-smg' },
      { label: 'roll-off', faces: [2, 1], summed: false, figure: 'r-smg' },
    ]);
    // The table names each figure, and what its roll is (tokens alone said neither).
    const names: Record<string, string> = { 'b-rifle': 'Blue rifle', 'r-rifle': 'Red rifle', 'b-smg': 'Blue SMG', 'r-smg': 'Red SMG' };
    expect(order.map((g) => trayLabel(g, (id) => names[id]))).toEqual(["Blue rifle's roll-off", "Red rifle's roll-off", "Blue SMG's roll-off", "Red SMG's roll-off"]);
  });

  it('dice tray, AD&D (seed 3380eb42): every die of a step is shown, labelled by what it is and whose (was one unlabelled "dice" heap)', () => {
    const base = { at: '', by: { role: 'gm' as const, tokenId: null } };
    const adnd = systems.adnd;
    const steps: { faces: number[]; groups: ReturnType<typeof trayGroups> }[] = [];
    // Frito and Rocky (two weapons, extra attacks), and the melee (spells, criticals, saving throws), played by the AI.
    for (const example of ['frito-and-rocky', 'melee']) {
      const s = adnd.setup(parse(readFileSync(new URL(`../../../examples/adnd/${example}.yaml`, import.meta.url), 'utf8')));
      const seeded = new SeededDice(seedRng(1));
      for (let seq = 1; seq <= 300 && adnd.pending(s); seq++) {
        const dice = new RecordingDice(seeded);
        const events: Record<string, unknown>[] = [];
        adnd.apply(s, adnd.decide(adnd.clone(s)), dice, (e) => events.push(e as unknown as Record<string, unknown>));
        steps.push({ faces: dice.faces, groups: trayGroups({ ...base, seq, kind: 'command', faces: dice.faces, events }) });
      }
    }
    const rolled = steps.filter((x) => x.faces.length > 0);
    expect(rolled.length).toBeGreaterThan(2);
    for (const x of rolled) {
      // The groups hold exactly the dice the engine rolled, in its order: none lost, none unlabelled.
      expect(x.groups.flatMap((g) => g.faces)).toEqual(x.faces);
      expect(x.groups.every((g) => g.label !== 'dice' && g.label !== '')).toBe(true);
    }
    const all = rolled.flatMap((x) => x.groups);
    const labels = new Set(all.map((g) => g.label));
    // A round's extra-attack d100 of each fighter (R-A5), every blow's d20, a hit's damage dice (long sword d12, club d10...).
    expect(labels).toContain('extra attack d100');
    expect(labels).toContain('to-hit d20');
    expect([...labels].some((l) => /^damage \d*d\d+$/.test(l))).toBe(true);
    const toHit = all.filter((g) => g.label === 'to-hit d20');
    expect(toHit.every((g) => g.faces.length === 1 && g.faces[0] >= 1 && g.faces[0] <= 20 && typeof g.figure === 'string')).toBe(true);
    expect(all.filter((g) => /^damage/.test(g.label)).every((g) => g.summed)).toBe(true);
  });

  it("dice tray, AD&D: a spell's one damage roll is shown once though every figure it strikes reports it; each saving throw is that figure's", () => {
    const base = { at: '', by: { role: 'gm' as const, tokenId: null } };
    const clock = { turn: 1, segment: 3, round: 1, segmentOfRound: 3 };
    const blast = (figure: string, save: number) => ({
      type: 'spell-damage',
      ...clock,
      figure,
      spell: 'fireball',
      save: { kind: 'spell', roll: save, need: 14, saved: false },
      damage: { entries: [{ source: '3d6 [2, 5, 6]', delta: 13, rule: 'adnd-phb' }], total: 13 },
    });
    const groups = trayGroups({
      ...base,
      seq: 4,
      kind: 'command',
      faces: [2, 5, 6, 9, 17],
      events: [{ type: 'cast', ...clock, figure: 'zara', spell: 'fireball', target: 'g1' }, blast('g1', 9), blast('g2', 17)],
    });
    expect(groups).toEqual([
      { label: 'spell damage 3d6', faces: [2, 5, 6], summed: true },
      { label: 'save vs spell d20', faces: [9], summed: false, figure: 'g1' },
      { label: 'save vs spell d20', faces: [17], summed: false, figure: 'g2' },
    ]);
  });

  it("live region: a step is said as its narration (turn banners left out), a rewind as what the GM did; the tray's rolls with each figure's full name and a roll's total", () => {
    const e = { ...cmd(5, { type: 'attack' }, [{ type: 'turn-start' }, { type: 'attack' }, { type: 'damage' }]), descriptions: ['=== Turn 2 ===', 'Cedric hits Bjorn (3d6 [4, 2, 1] = 7 vs adjDX 12)', 'Bjorn takes 5 damage'] };
    expect(entryWords(e)).toBe('Step 5: Cedric hits Bjorn (3d6 [4, 2, 1] = 7 vs adjDX 12) Bjorn takes 5 damage');
    expect(entryWords(cmd(6, { type: 'x' }, []))).toBe('');
    expect(entryWords(rew(7, 3))).toBe('Step 7: the GM rewound to step 3.');
    const names: Record<string, string> = { frito: 'Frito the Fighter' };
    const said = trayWords(
      [
        { label: 'to-hit d20', faces: [20], summed: false, figure: 'frito' },
        { label: 'damage d12', faces: [6, 3], summed: true, figure: 'frito' },
        { label: 'north initiative', faces: [3, 6], summed: false },
      ],
      (id) => names[id] ?? id,
    );
    expect(said).toBe("Dice: Frito the Fighter's to-hit d20: 20; Frito the Fighter's damage d12: 6, 3, total 9; north initiative: 3, 6.");
    expect(trayWords([], (id) => id)).toBe('');
  });
});

describe('a blow by a figure hidden from the viewer', () => {
  // The Ogre's blow on Frito as the engine logs it (examples/adnd/frito-and-rocky.yaml, seed 1), and as the server sends it to Frito's player with the Ogre hidden.
  const at = { turn: 2, segment: 12, round: 2, segmentOfRound: 2 };
  const ledger = (source: string, delta: number, rule: string) => ({ entries: [{ source, delta, rule }], total: delta });
  const blow = {
    type: 'attack', ...at, attacker: 'ogre', target: 'frito', weapon: 'footmans-mace', role: 'alone', mode: 'normal', roll: 16, bonus: { entries: [], total: 0 },
    ac: ledger('armour class 4', 4, 'adnd-phb'), need: ledger('to hit AC 0, monster 4-5+ HD', 15, 'R-A11'), hit: true, natural: null, critical: null,
    damage: ledger('club 1d10 rolled [3]', 3, 'adnd-phb'), dealt: 3, drain: null, save: null, disarmed: false, entangled: false,
  };
  const state = { system: 'adnd', figures: [{ id: 'frito', name: 'Frito the Fighter', side: 'heroes' }, { id: 'ogre', name: 'Ogre', side: 'monsters' }] };
  const [shown] = viewEvents([blow], state, EncounterSettings.parse({ hiddenFigures: ['ogre'] }), { role: 'player', figures: ['frito'] });
  // Its narration as the server sends it (room.ts describe, with the names this player sees).
  const entry: LogEntryView = { seq: 4, kind: 'command', at: '', by, events: [shown], descriptions: [systems.adnd.describe(shown as never, new Map([['frito', 'Frito the Fighter']]))] };

  it("AD&D: the log and the live region read the server's line, 'An unseen figure strikes at Frito the Fighter with footman's mace: hit, 3 damage', the target by its name (the live region, given no names, read 'frito'); the tray shows none of its dice", () => {
    const line = "[r2 s2] An unseen figure strikes at Frito the Fighter with footman's mace: hit, 3 damage";
    expect(eventRows(entry, new Set(['frito']))[0]).toMatchObject({ text: line, figures: ['frito'], faces: [] });
    expect(entryWords(entry)).toBe(`Step 4: ${line}`);
    expect(trayGroups(entry)).toEqual([]);
    expect(JSON.stringify(eventRows(entry))).not.toMatch(/ogre|16|HD/i);
  });
});

describe('log entries as the server sent them', () => {
  it('mergeEntries keeps only entries it can read (fast-check counterexample: entries [""] crashed the Log panel)', () => {
    const merged = mergeEntries([], ['', null, { kind: 'command' }, { seq: 2, kind: 'command', at: 'x', by: { role: 'gm', tokenId: null }, events: [3, { type: 'x', turn: 1 }, null, { type: 'y', turn: 1 }], descriptions: ['three', 'an x', 'null', 7] }]);
    expect(merged.map((e) => e.seq)).toEqual([2]);
    // Each event keeps its own narration; one that is not a string is the event's type.
    expect(eventRows(merged[0]).map((r) => r.text)).toEqual(['an x', 'y']);
    expect(mergeEntries(merged, 'not a list')).toBe(merged);
  });

  it('logEntry reads the rest defensively: its kind, author, dice and rewind target', () => {
    expect(logEntry({ seq: 1.5 })).toBeNull();
    expect(logEntry({ seq: 3, kind: 'odd', by: 'x', faces: [1, 'a', 2.5, 6], to: 'x' })).toEqual({ seq: 3, kind: 'command', at: '', by: { role: 'spectator', tokenId: null }, faces: [1, 6] });
    expect(logEntry({ seq: 4, kind: 'rewind', to: 1 })?.to).toBe(1);
  });
});
