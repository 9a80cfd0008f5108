// examples/tft/hitech-firefight.yaml played by the AI (src/rules/tft/ai.ts) through the TFT system,
// and the AI's HiTech choices on small set pieces: bursts, reloads, grenades at clusters,
// no blasts on friends.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../../core/dice/source.ts';
import { seedRng } from '../../../../core/rng.ts';
import { runToEnd } from '../../../../engine/run.ts';
import { planAction } from '../../ai.ts';
import type { TftEvent, TftState } from '../../model.ts';
import { tftSystem } from '../../system.ts';
import { actionPhase, fig, scenario } from './harness.test-util.ts';

const EXAMPLE = new URL('../../../../../examples/tft/hitech-firefight.yaml', import.meta.url);
const raw = parse(readFileSync(EXAMPLE, 'utf8'));

function play(seed: number, emit = true) {
  const state = tftSystem.setup(raw) as TftState;
  const events: TftEvent[] = [];
  const r = runToEnd(tftSystem, state, new SeededDice(seedRng(seed)), emit ? (e) => events.push(e) : null);
  return { state, events, r };
}

describe('the HiTech firefight under the AI [f04d4dae]', () => {
  const runs = [1, 2, 3, 4, 5, 6].map((s) => play(s));

  it('plays to an end, with a winner, every time', () => {
    for (const { r, state } of runs) {
      expect(r.ended).toBe(true);
      expect(state.phase).toBe('over');
    }
    expect(runs.filter((x) => x.state.winner !== null).length).toBeGreaterThanOrEqual(5);
  });

  it('same seed, same fight; with or without narration (the lab path keeps per-die armor exact)', () => {
    for (const seed of [1, 4]) {
      const a = play(seed);
      const b = play(seed, false);
      expect(JSON.stringify(tftSystem.summary(b.state))).toBe(JSON.stringify(tftSystem.summary(a.state)));
      expect(JSON.stringify(a.events)).toBe(JSON.stringify(runs[seed - 1].events));
    }
  });

  it('R-H10/R-H12: the AI fires bursts and single shots, throws and launches grenades, and no blast it aims lands on its own side', () => {
    const all = runs.flatMap((x) => x.events.map((e) => ({ e, s: x.state })));
    const bursts = new Set(all.filter(({ e }) => e.type === 'fire').map(({ e }) => e.burst));
    expect(bursts.has('single')).toBe(true);
    expect(bursts.has('four') || bursts.has('half')).toBe(true);
    expect(all.some(({ e }) => e.type === 'throw-grenade')).toBe(true);
    expect(all.some(({ e }) => e.type === 'fire-grenade')).toBe(true);
    for (const { e, s } of all.filter(({ e }) => e.type === 'blast')) {
      const side = s.figures.find((f) => f.id === e.figure)?.side;
      const victims = e.victims as { figure: string; ring: number }[];
      expect(victims.filter((v) => v.ring <= 1 && s.figures.find((f) => f.id === v.figure)?.side === side)).toEqual([]);
    }
  });

  it('R-H10: a weapon never fires more rounds than it holds', () => {
    for (const { events } of runs) for (const e of events.filter((x) => x.type === 'fire')) expect(e.loadedLeft as number).toBeGreaterThanOrEqual(0);
  });
});

describe('the AI with HiTech weapons [f04d4dae]', () => {
  const gunner = { id: 'g', side: 'a', st: 12, dx: 13, iq: 10, talents: ['rifle'], at: [2, 4], facing: 0 };
  const foe = (id: string, at: number[]) => ({ id, side: 'b', st: 10, dx: 10, at, facing: 3 });

  it('R-H12: throws a grenade at a cluster of enemies rather than shooting one', () => {
    const s = scenario([{ ...gunner, weapons: ['assault-rifle', 'grenade-tl12'] }, foe('x', [7, 4]), foe('y', [8, 4]), foe('z', [7, 5]), foe('w', [8, 3])]);
    actionPhase(s);
    expect(planAction(s, fig(s, 'g')).type).toBe('throw-grenade');
  });

  it('R-H12: does not throw where its friends would be caught; shoots instead', () => {
    const s = scenario([
      { ...gunner, weapons: ['assault-rifle', 'grenade-tl12'] },
      foe('x', [7, 4]),
      foe('y', [8, 4]),
      foe('z', [7, 5]),
      foe('w', [8, 3]),
      // The same cluster as above, but two friends are in it, fighting hand to hand.
      { id: 'pal', side: 'a', st: 10, dx: 10, at: [8, 5] },
      { id: 'pal2', side: 'a', st: 10, dx: 10, at: [9, 3] },
      { id: 'pal3', side: 'a', st: 10, dx: 10, at: [6, 5] },
    ]);
    actionPhase(s);
    const c = planAction(s, fig(s, 'g'));
    expect(c.type).toBe('fire');
  });

  it('R-H10: reloads an empty gun', () => {
    const s = scenario([{ ...gunner, weapons: [{ weapon: 'assault-rifle', house: { hitech: { loaded: 0 } } }] }, foe('x', [7, 4])]);
    actionPhase(s);
    expect(planAction(s, fig(s, 'g'))).toMatchObject({ type: 'reload', figure: 'g' });
  });

  it('R-H10: picks a burst by expected damage: a 4-shot burst or more at a tough target in reach', () => {
    const s = scenario([{ ...gunner, weapons: ['submachinegun'] }, { ...foe('x', [4, 4]), st: 30, armor: 'flak-jacket' }]);
    actionPhase(s);
    const c = planAction(s, fig(s, 'g')) as { type: string; burst?: string };
    expect(c.type).toBe('fire');
    expect(c.burst).not.toBe('single');
  });
});
