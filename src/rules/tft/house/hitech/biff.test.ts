// The seed's Biff Redstone examples (f04d4dae) as a scenario played through the whole TFT
// system with the scenario's scripted dice: examples/tft/hitech-biff.yaml.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { DamageInfo, TftContext } from '../../hooks.ts';
import { playExample } from './harness.test-util.ts';
import { hitechModule } from './module.ts';

type Dmg = { figure: string; amount: number; raw: number; stopped: number; faces: number[]; turn: number; ledger: { source: string; delta: number; rule: string }[] };

describe('Biff Redstone (seed f04d4dae examples) through the TFT system', () => {
  const { state, events, dice, r } = playExample('hitech-biff');
  const dmg = (who: string) => events.filter((e) => e.type === 'damage' && e.figure === who) as unknown as Dmg[];

  it('plays to the end using exactly the scripted dice', () => {
    expect(r.ended).toBe(true);
    expect(dice.remaining).toBe(0);
  });

  it('R-H8: the assault rifle (6 and 1) through the flak jacket does 4', () => {
    const d = dmg('biff')[0];
    expect([d.turn, d.faces, d.amount]).toEqual([1, [6, 1], 4]);
    expect(d.ledger.reduce((t, e) => t + e.delta, 0)).toBe(4);
    // "The six is reduced to a four and the one to a -1, which becomes zero".
    expect(d.ledger.find((e) => e.rule === 'R-H8')?.source).toMatch(/stops 2 per die: dice 4\+0\b/);
  });

  it('R-H8 [f04d4dae]: the flak jacket\'s stop is told once, under R-H8, with its delta (not a "counted below" note and a tft-core armor entry)', () => {
    const d = dmg('biff')[0];
    expect(d.ledger.filter((e) => e.delta < 0 || /stop/.test(e.source)).map((e) => [e.delta, e.rule])).toEqual([[-3, 'R-H8']]);
    expect(d.ledger.some((e) => /counted below/.test(e.source))).toBe(false);
  });

  it('R-H8: the broadsword (8) against the flak jacket does 6', () => {
    const d = dmg('biff')[1];
    expect([d.turn, d.faces, d.amount]).toEqual([2, [5, 3], 6]);
  });

  it('R-H8 [f04d4dae]: "suffers eight points of damage. His flak jacket only stops two points so he takes six": 8 rolled, 2 stopped once (no per-die count against melee), 6 taken', () => {
    const d = dmg('biff')[1];
    expect([d.raw, d.stopped, d.amount]).toEqual([8, 2, 6]);
    expect(d.ledger.some((e) => e.rule === 'R-H8')).toBe(false);
  });

  it('R-H9 [f04d4dae]: "Biff takes three points of damage, which is doubled because it is HE for a total of six points": 3 pass the armor, the HE entry adds 3', () => {
    const d = dmg('biff')[2];
    expect([d.raw, d.stopped]).toEqual([7, 4]);
    expect(d.ledger.filter((e) => e.rule === 'R-H9').map((e) => e.delta)).toEqual([3]);
    expect(d.amount).toBe(6);
  });

  it('R-H9: the HE snub pistol (3 and 4) does 6, and the hapless Biff expires', () => {
    const d = dmg('biff')[2];
    expect([d.turn, d.faces, d.amount]).toEqual([3, [3, 4], 6]);
    expect(d.ledger.some((e) => e.rule === 'R-H9')).toBe(true);
    // "The weapon rolls a three and a four, becoming a one and a two respectively."
    expect(d.ledger.find((e) => e.rule === 'R-H8')?.source).toMatch(/stops 2 per die: dice 1\+2\b/);
    const biff = state.figures.find((f) => f.id === 'biff');
    expect(biff?.wounds).toBe(16);
    expect(biff?.state).toBe('dead');
  });

  it('R-H9: the HE round splashes the swordsman beside Biff for 1 point per die (2), armor or not', () => {
    const d = dmg('swordsman');
    expect(d.map((x) => [x.turn, x.amount])).toEqual([[3, 2]]);
  });

  it('every script entry is used (no stale entries)', () => {
    expect(state.scriptUsed.every((u) => u)).toBe(true);
  });

  it('R-H13: the knockdown example (3 and 5 through flak: 4 damage, 8 for knockdown) makes him fall', () => {
    const d = dmg('biff2')[0];
    expect([d.faces, d.amount]).toEqual([[3, 5], 4]);
    // "His armor reduces this to a one and a three".
    expect(d.ledger.find((e) => e.rule === 'R-H8')?.source).toMatch(/stops 2 per die: dice 1\+3\b/);
    expect(events.some((e) => e.type === 'falls' && e.figure === 'biff2' && e.turn === 1)).toBe(true);
  });

  it('R-H13 [f04d4dae]: "for purposes of knockdown, he takes eight points of damage and falls down": the fall counts 8 hits though 4 were taken', () => {
    const falls = events.filter((e) => e.type === 'falls' && e.figure === 'biff2') as unknown as { turn: number; hits: number; counted?: string }[];
    expect(falls.map((e) => [e.turn, e.hits])).toEqual([[1, 8]]);
    expect(falls[0].counted).toMatch(/flak jacket: damage before armor, R-H13/);
    expect(state.figures.find((f) => f.id === 'biff2')?.wounds).toBe(4);
  });
});

describe('the stop HiTech armor counts is written once, by the module (hooks.ts armorStops)', () => {
  // What the ledger holds when the module's afterArmor runs: the core writes no 'tft-core armor'
  // entry for a stop a module counted (R-H8, R-H9, R-H12), so none is written to be taken out.
  const hooks = hitechModule.hooks as { afterArmor: (ctx: TftContext, d: DamageInfo) => void };
  const seen: { target: string; stopped: number; rules: string[] }[] = [];
  const original = hooks.afterArmor;
  const spy = vi.spyOn(hooks, 'afterArmor').mockImplementation((ctx, d) => {
    seen.push({ target: d.target.id, stopped: d.stopped, rules: (d.ledger ?? []).map((e) => e.rule) });
    original(ctx, d);
  });
  const { events } = playExample('hitech-biff');
  afterAll(() => spy.mockRestore());

  it('R-H8 [f04d4dae]: a flak jacket\'s per-die stop reaches afterArmor told under R-H8 only, never as a tft-core armor entry', () => {
    const perDie = seen.filter((x) => x.stopped > 0 && x.rules.includes('R-H8'));
    expect(perDie.length).toBeGreaterThan(0);
    for (const x of perDie) expect(x.rules).not.toContain('tft-core armor');
  });

  it('tft-core armor: a stop the core counts itself (the broadsword against the flak jacket, once per hit) keeps its one tft-core armor entry', () => {
    const sword = events.filter((e) => e.type === 'damage' && e.figure === 'biff')[1] as unknown as { stopped: number; ledger: { delta: number; rule: string }[] };
    expect(sword.stopped).toBe(2);
    expect(sword.ledger.filter((e) => e.rule === 'tft-core armor').map((e) => e.delta)).toEqual([-2]);
  });
});
