// Narration of HiTech events: every event of the firefight (AI, several seeds) and of the Biff
// examples (scripted dice) reads as a sentence, never as the fallback "type: {json}".
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ScriptedDice, SeededDice } from '../../../../core/dice/source.ts';
import { seedRng } from '../../../../core/rng.ts';
import { runToEnd } from '../../../../engine/run.ts';
import type { TftEvent, TftState } from '../../model.ts';
import { tftSystem } from '../../system.ts';
import { describeHitech } from './describe.ts';

const example = (name: string) => parse(readFileSync(new URL(`../../../../../examples/tft/${name}.yaml`, import.meta.url), 'utf8'));

function events(raw: { dice?: number[] }, seed: number | null): TftEvent[] {
  const state = tftSystem.setup(raw) as TftState;
  const out: TftEvent[] = [];
  runToEnd(tftSystem, state, seed === null ? new ScriptedDice(raw.dice ?? []) : new SeededDice(seedRng(seed)), (e) => out.push(e));
  return out;
}

const HITECH_TYPES = ['fire', 'fire-grenade', 'throw-grenade', 'hits', 'scatter', 'blast', 'reload', 'overwatch', 'overwatch-fire', 'overwatch-lapsed', 'quickdraw'];

describe('HiTech narration', () => {
  const fights = [
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((seed) => events(example('hitech-firefight'), seed)),
    events(example('hitech-biff'), null),
    ...[1, 2].map((seed) => events(example('hitech-biff'), seed)),
  ];

  it('no event of the firefight and Biff examples falls back to JSON; every line names its rule', () => {
    const seen = new Set<string>();
    for (const evs of fights) {
      for (const e of evs) {
        const line = tftSystem.describe(e);
        expect(line, `${e.type}`).not.toMatch(/: \{"|undefined|NaN|\[object/);
        if (HITECH_TYPES.includes(e.type)) {
          seen.add(e.type);
          expect(describeHitech(e), e.type).toBe(line.replace(/^\[turn \d+\] /, ''));
          expect(line).toMatch(/\[R-H\d+/);
        }
      }
    }
    // The examples exercise the shots, bursts, grenades, scatter and blasts at least.
    for (const t of ['fire', 'hits', 'throw-grenade', 'fire-grenade', 'scatter', 'blast']) expect(seen, t).toContain(t);
  });

  it('every line of the firefight and Biff examples counts in words (no "1 round(s)"), reads a ledger note as a note (no "+ 0"), and names facings and scatter directions by compass point', () => {
    let scatters = 0;
    for (const evs of fights) {
      for (const e of evs) {
        const line = tftSystem.describe(e);
        expect(line).not.toMatch(/\((s|es)\)/);
        expect(line).not.toMatch(/facing \d/);
        // A burst's hits are a sum of counts, where "+ 0 for every 3 the roll is under adjDX" is a term; elsewhere a 0 is a note.
        if (e.type !== 'hits') expect(line).not.toMatch(/\+ 0 /);
        if (e.type === 'scatter') {
          scatters++;
          expect(line).toMatch(new RegExp(`in direction 1d6 = ${e.directionFace} \\((E|SE|SW|W|NW|NE)\\)`));
        }
      }
    }
    expect(scatters).toBeGreaterThan(0);
  });

  it('R-H12 [f04d4dae]: a grenade or rocket rolling a 3 or 4 reads "automatic hit (a 3 or 4 does not multiply a blast)", as the engine rolls the blast unmultiplied; a bullet\'s 4 still reads DOUBLE', () => {
    // The grenade example with the throw rolled 1+1+1: the blast's dice are the same 8, 4, 2, 1.
    const raw = example('hitech-burst-grenade') as { dice: number[] };
    const evs = events({ ...raw, dice: [6, 1, 1, 1, 1, ...raw.dice.slice(5)] }, null);
    const thrown = evs.find((e) => e.type === 'throw-grenade') as TftEvent;
    expect(thrown).toMatchObject({ roll: 3, outcome: 'triple' });
    expect(evs.find((e) => e.type === 'blast')).toMatchObject({ dice: 8 });
    expect((evs.filter((e) => e.type === 'damage' && e.figure === 'ring1') as unknown as { amount: number }[]).map((d) => d.amount)).toEqual([18]);
    expect(describeHitech(thrown)).toMatch(/-> automatic hit \(a 3 or 4 does not multiply a blast\) \[R-H3, R-H12\]\.$/);
    const shot = { turn: 1, figure: 'r', dice: 3, faces: [1, 1, 2], roll: 4, adjDX: 9, ledger: [], outcome: 'double', multiplier: 2, target: 'b', mode: 'firearm', burst: 'single', rounds: 1, at: null, overwatch: false, loadedLeft: 3 };
    expect(describeHitech({ type: 'fire', ...shot, weapon: 'Rocket Launcher', ammo: 'rocket' } as unknown as TftEvent)).toMatch(/-> automatic hit \(a 3 or 4 does not multiply a blast\); 3 rounds left/);
    expect(describeHitech({ type: 'fire-grenade', ...shot, weapon: 'ACR', left: 1 } as unknown as TftEvent)).toMatch(/-> automatic hit \(a 3 or 4 does not multiply a blast\);/);
    expect(describeHitech({ type: 'fire', ...shot, weapon: 'assault rifle', ammo: 'standard' } as unknown as TftEvent)).toMatch(/-> DOUBLE damage;/);
  });

  it('R-H12 [f04d4dae]: a grenade or rifle grenade rolling 17 or 18 is an automatic miss in the event and the line, as the engine drops and breaks nothing (no fumble for grenades); a rocket\'s 18 still breaks the launcher', () => {
    // The grenade example with the throw rolled 6+6+6: it misses and scatters 6 hexes east, 1 die on the
    // trooper three hexes out (5); then Biff's burst as scripted. The grenadier loses nothing.
    const raw = example('hitech-burst-grenade') as { dice: number[] };
    const evs = events({ ...raw, dice: [6, 1, 6, 6, 6, 6, 1, 5, ...raw.dice.slice(20)] }, null);
    const thrown = evs.find((e) => e.type === 'throw-grenade') as TftEvent;
    // The event says what happened (a JSON reader sees no fumble word), not the 18's 'break'.
    expect(thrown).toMatchObject({ roll: 18, outcome: 'auto-miss', multiplier: 0 });
    expect(evs.some((e) => e.type === 'weapon-dropped' || e.type === 'weapon-broken')).toBe(false);
    expect(describeHitech(thrown)).toMatch(/-> automatic miss \(a grenade does not fumble: nothing dropped or broken\) \[R-H3, R-H12\]\.$/);
    const shot = { turn: 1, figure: 'r', dice: 3, faces: [6, 6, 5], roll: 17, adjDX: 9, ledger: [], outcome: 'auto-miss', multiplier: 0, target: null, mode: 'rifle-grenade', at: { q: 3, r: 3 } };
    expect(describeHitech({ type: 'fire-grenade', ...shot, weapon: 'ACR', left: 1 } as unknown as TftEvent)).toMatch(/-> automatic miss \(a grenade does not fumble: nothing dropped or broken\);/);
    expect(describeHitech({ type: 'fire-grenade', ...shot, faces: [6, 5, 5], roll: 16, weapon: 'ACR', left: 1 } as unknown as TftEvent)).toMatch(/-> automatic miss; 1 rifle grenade left/);
    expect(describeHitech({ type: 'fire', ...shot, outcome: 'break', faces: [6, 6, 6], roll: 18, mode: 'firearm', weapon: 'Rocket Launcher', ammo: 'rocket', burst: 'single', rounds: 1, overwatch: false, loadedLeft: 3 } as unknown as TftEvent)).toMatch(/-> miss, the weapon breaks;/);
  });

  it('each HiTech event type has its own line, with the numbers and rule ids', () => {
    const ledger = [
      { source: 'DX', delta: 13, rule: 'tft-core' },
      { source: 'rifle range 4 MH (16 m)', delta: -1, rule: 'R-H2' },
      { source: 'half-clip burst', delta: 1, rule: 'R-H10' },
    ];
    const shot = { figure: 'b-rifle', dice: 3, faces: [2, 2, 3], roll: 7, adjDX: 13, ledger, outcome: 'hit', multiplier: 1 };
    const lines: [Record<string, unknown>, string][] = [
      [
        { type: 'fire', ...shot, target: 'r-rifle', weapon: 'assault rifle', mode: 'firearm', burst: 'half', ammo: 'standard', rounds: 10, at: null, overwatch: false, loadedLeft: 10 },
        'b-rifle fires at r-rifle with the assault rifle (half-clip burst, 10 rounds of standard): 3d6 = 2+2+3 = 7 vs adjDX 13 [13 DX - 1 rifle range 4 MH (16 m) [R-H2] + 1 half-clip burst [R-H10]] -> hit; 10 rounds left [R-H10].',
      ],
      [
        { type: 'hits', figure: 'b-rifle', target: 'r-rifle', hits: 3, ledger: [{ source: 'for the hit', delta: 1, rule: 'R-H10' }, { source: 'for every 3 the roll 7 is under adjDX 13', delta: 2, rule: 'R-H10' }] },
        "b-rifle's burst hits r-rifle 3 times (1 for the hit + 2 for every 3 the roll 7 is under adjDX 13); each hit rolls its own damage [R-H10].",
      ],
      [{ type: 'fire-grenade', ...shot, outcome: 'miss', weapon: 'ACR', at: { q: 10, r: 4 }, left: 1 }, 'b-rifle fires a rifle grenade from the ACR at hex (10,4): 3d6 = 2+2+3 = 7 vs adjDX 13 [13 DX - 1 rifle range 4 MH (16 m) [R-H2] + 1 half-clip burst [R-H10]] -> miss; 1 rifle grenade left [R-H3, R-H12].'],
      [{ type: 'throw-grenade', ...shot, ledger: [], weapon: 'TL 9 grenade', at: { q: 3, r: 2 } }, 'b-rifle throws a TL 9 grenade at hex (3,2): 3d6 = 2+2+3 = 7 vs adjDX 13 -> hit [R-H3, R-H12].'],
      [{ type: 'scatter', figure: 'r-acr', aimed: { q: 10, r: 4 }, distanceFace: 2, directionFace: 5, at: { q: 9, r: 5 }, rule: 'R-H12' }, "r-acr's shot misses hex (10,4) and scatters: 1d6 = 2 hexes in direction 1d6 = 5 (NW), landing at (9,5) [R-H12]."],
      [
        { type: 'blast', figure: 'r-acr', at: { q: 10, r: 4 }, dice: 6, what: 'TL 9 rifle grenade', victims: [{ figure: 'b-rifle', ring: 0, dice: 6 }, { figure: 'b-smg', ring: 1, dice: 3 }], rule: 'R-H12' },
        'The TL 9 rifle grenade (r-acr) explodes at (10,4), 6 dice: b-rifle 6d (impact hex, armor halved), b-smg 3d (ring 1) [R-H12].',
      ],
      [{ type: 'reload', figure: 'r-smg', weapon: 'r-smg.submachinegun', ammo: 'standard', loaded: 30, discarded: 2, spareLeft: 1, rule: 'R-H10' }, 'r-smg reloads the submachinegun with standard: 30 rounds loaded; the 2 rounds left in the old clip are lost; 1 spare standard clip left [R-H10].'],
      [{ type: 'overwatch', figure: 'b-rifle', weapon: 'b-rifle.assault-rifle', burst: 'four', trigger: {}, until: 3, rule: 'R-H7' }, "b-rifle goes on overwatch with the assault rifle (4-shot burst) until the end of turn 3's movement; it fires once at the first enemy in view, just before it acts in the rest of this action phase or as it enters a hex in the next turn's movement phase [R-H7]."],
      [{ type: 'overwatch-fire', figure: 'b-rifle', target: 'r-smg', why: 'r-smg entered hex (4,5)', rule: 'R-H7' }, 'b-rifle fires from overwatch at r-smg: r-smg entered hex (4,5) [R-H7].'],
      [{ type: 'overwatch-lapsed', figure: 'b-rifle', reason: 'moved', rule: 'R-H7' }, "b-rifle's overwatch lapses: moved [R-H7]."],
      [
        { type: 'quickdraw', figure: 'pistolero', weapon: 'pistolero.heavy-pistol', faces: [3, 4, 2], roll: 9, adjDX: 12, ledger: [{ source: 'DX', delta: 12, rule: 'tft-core' }], fires: true, rule: 'R-H6' },
        'pistolero quickdraws the hvy pistol: 3d6 = 3+4+2 = 9 vs adjDX 12 [12 DX] -> drawn and fires this turn [R-H6].',
      ],
      [
        // One round fired (a shotgun): no burst to add up ("1 for the hit + 1 for every 3 ... - 1 only 1 round fired").
        { type: 'hits', figure: 'r-shot', target: 'b-rifle', hits: 1, rounds: 1, ledger: [{ source: 'for the hit', delta: 1, rule: 'R-H10' }, { source: 'for every 3 the roll 14 is under adjDX 17', delta: 1, rule: 'R-H10' }, { source: 'only 1 round fired', delta: -1, rule: 'R-H10' }] },
        "r-shot's single round hits b-rifle once [R-H10].",
      ],
    ];
    expect([...new Set(lines.map(([e]) => e.type))].sort()).toEqual([...HITECH_TYPES].sort());
    for (const [e, text] of lines) expect(tftSystem.describe({ turn: 2, ...e } as unknown as TftEvent)).toBe(`[turn 2] ${text}`);
    // With the table's names, every figure the line names reads by its name; the rest is the same
    // (the overwatch's `why` is the engine's own text, "r-smg entered hex (4,5)" in this made-up event).
    const names = new Map([
      ['b-rifle', 'Blue rifleman'],
      ['r-rifle', 'Red rifleman'],
      ['r-acr', 'Red grenadier'],
      ['b-smg', 'Blue SMG gunner'],
      ['r-smg', 'Red SMG gunner'],
      ['pistolero', 'El Pistolero'],
    ]);
    const byName = (text: string) => text.replace(/\b(b-rifle|r-rifle|r-acr|b-smg|r-smg|pistolero)\b(?![.-]| entered)/g, (id) => names.get(id)!);
    for (const [e, text] of lines) expect(tftSystem.describe({ turn: 2, ...e } as unknown as TftEvent, names)).toBe(`[turn 2] ${byName(text)}`);
    // A thrown grenade's miss is its throw's (it read "shot").
    expect(describeHitech({ turn: 2, type: 'scatter', figure: 'gren', aimed: { q: 6, r: 5 }, distanceFace: 2, directionFace: 1, at: { q: 8, r: 5 }, how: 'throw', rule: 'R-H12' } as unknown as TftEvent)).toBe(
      "gren's throw misses hex (6,5) and scatters: 1d6 = 2 hexes in direction 1d6 = 1 (E), landing at (8,5) [R-H12].",
    );
    expect(describeHitech(lines[5][0] as unknown as TftEvent, names)).toBe(
      'The TL 9 rifle grenade (Red grenadier) explodes at (10,4), 6 dice: Blue rifleman 6d (impact hex, armor halved), Blue SMG gunner 3d (ring 1) [R-H12].',
    );
  });

  it("R-H10: a hidden shooter's fire and hits as the server sends them (striker 'an unseen figure', marked `unseen`, without faces, roll, adjDX, ledgers nor rounds left) read as such, with no number they lack (they read '3d6 = ? = undefined vs adjDX undefined' and 'NaN rounds left', and 'hits … ()')", () => {
    const masked = { turn: 1, figure: 'an unseen figure', unseen: ['figure'], target: 'r-rifle' };
    const fire = { type: 'fire', ...masked, weapon: 'assault rifle', mode: 'firearm', dice: 3, outcome: 'hit', multiplier: 1, burst: 'half', ammo: 'standard', rounds: 10, at: null, overwatch: false };
    const names = new Map([['r-rifle', 'Red rifleman']]);
    expect(tftSystem.describe(fire as unknown as TftEvent, names)).toBe('[turn 1] An unseen figure fires at Red rifleman with the assault rifle (half-clip burst, 10 rounds of standard): hit [R-H10].');
    expect(tftSystem.describe({ ...fire, outcome: 'miss' } as unknown as TftEvent)).toBe('[turn 1] An unseen figure fires at r-rifle with the assault rifle (half-clip burst, 10 rounds of standard): miss [R-H10].');
    const hits = { type: 'hits', ...masked, hits: 2, rounds: 10 };
    expect(tftSystem.describe(hits as unknown as TftEvent, names)).toBe("[turn 1] An unseen figure's burst hits Red rifleman 2 times; each hit rolls its own damage [R-H10].");
    expect(tftSystem.describe({ ...hits, hits: 1, rounds: 1 } as unknown as TftEvent, names)).toBe("[turn 1] An unseen figure's single round hits Red rifleman once [R-H10].");
    // The player's own shot at an unseen figure keeps its numbers.
    const own = { ...fire, figure: 'b-rifle', target: 'an unseen figure', unseen: ['target'], faces: [6, 1, 4], roll: 11, adjDX: 14, ledger: [{ source: 'DX', delta: 14, rule: 'tft-core' }], loadedLeft: 10 };
    expect(describeHitech(own as unknown as TftEvent)).toBe('b-rifle fires at an unseen figure with the assault rifle (half-clip burst, 10 rounds of standard): 3d6 = 6+1+4 = 11 vs adjDX 14 [14 DX] -> hit; 10 rounds left [R-H10].');
  });
});
