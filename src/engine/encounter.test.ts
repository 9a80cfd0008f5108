import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice, SeededDice } from '../core/dice/source.ts';
import { CommandRejected } from '../core/errors.ts';
import { seedRng } from '../core/rng.ts';
import { tftSystem } from '../rules/tft/system.ts';
import { ReplayMismatch, replay, rewind, startEncounter, step, submit } from './encounter.ts';
import { runScenario, runToEnd } from './run.ts';

const duel = parse(readFileSync(new URL('../../examples/tft/duel.yaml', import.meta.url), 'utf8'));
const skirmish = parse(readFileSync(new URL('../../examples/tft/skirmish.yaml', import.meta.url), 'utf8'));

describe('the encounter driver', () => {
  it('step is pure: the old state is unchanged, the new one has the command applied', () => {
    const s0 = tftSystem.setup(duel);
    const before = JSON.stringify(s0);
    const { state, events } = step(tftSystem, s0, { type: 'begin' }, new ScriptedDice([5, 2]));
    expect(JSON.stringify(s0)).toBe(before);
    expect(state.turn).toBe(1);
    expect(events.map((e) => e.type)).toEqual(['turn-start', 'initiative']);
  });
  it('a rejected command throws the reason and leaves the old state', () => {
    const s0 = tftSystem.setup(duel);
    const before = JSON.stringify(s0);
    expect(() => step(tftSystem, s0, { type: 'pass', figure: 'bjorn' }, new ScriptedDice([]))).toThrow(CommandRejected);
    expect(JSON.stringify(s0)).toBe(before);
  });
  it('submit records each command with the faces it used; replay rebuilds the same state', () => {
    let { encounter, state } = startEncounter(tftSystem, duel, 42);
    for (let i = 0; i < 12 && tftSystem.pending(state); i++) {
      const r = submit(tftSystem, encounter, state, tftSystem.decide(state));
      encounter = r.encounter;
      state = r.state;
    }
    expect(encounter.commands).toHaveLength(12);
    expect(encounter.commands[0].faces.length).toBeGreaterThanOrEqual(2); // initiative
    expect(replay(tftSystem, encounter)).toEqual(state);
  });
  it('golden replay: a whole run to the end, replayed from its record, gives the same final state', () => {
    for (const sc of [duel, skirmish]) {
      const { encounter, state, result } = runScenario(tftSystem, sc, 7, new SeededDice(seedRng(7)), null);
      expect(result.ended).toBe(true);
      const again = replay(tftSystem, JSON.parse(JSON.stringify(encounter)));
      expect(again).toEqual(state);
      expect(tftSystem.summary(again)).toEqual(tftSystem.summary(state));
    }
  });
  it('rewind then replaying the same commands gives the same state (undo)', () => {
    const { encounter, state } = runScenario(tftSystem, skirmish, 3, new SeededDice(seedRng(3)), null);
    const k = Math.floor(encounter.commands.length / 2);
    const back = rewind(tftSystem, encounter, k);
    expect(back.encounter.commands).toHaveLength(k);
    let enc = back.encounter;
    let st = back.state;
    for (const c of encounter.commands.slice(k)) {
      const r = submit(tftSystem, enc, st, c.command, new ScriptedDice(c.faces));
      enc = r.encounter;
      st = r.state;
    }
    expect(st).toEqual(state);
  });
  it('a replay whose faces do not fit the commands is reported', () => {
    const { encounter } = runScenario(tftSystem, duel, 1, new SeededDice(seedRng(1)), null);
    const bad = structuredClone(encounter);
    bad.commands[0].faces.push(1);
    expect(() => replay(tftSystem, bad)).toThrow(ReplayMismatch);
  });
  it('the same seed gives the same events, byte for byte', () => {
    const run = (seed: number) => {
      const s = tftSystem.setup(skirmish);
      const out: string[] = [];
      runToEnd(tftSystem, s, new SeededDice(seedRng(seed)), (e) => out.push(JSON.stringify(e)));
      return out.join('\n');
    };
    expect(run(5)).toBe(run(5));
    expect(run(5)).not.toBe(run(6));
  });
});
