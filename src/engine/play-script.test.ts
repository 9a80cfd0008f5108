// playScript: the scenario's script, stopped at the first decision it does not make or at a turn.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { tftSystem } from '../rules/tft/system.ts';
import { playScript } from './play-script.ts';
import { scenarioDice } from './scenario-dice.ts';

const load = (file: string) => parse(readFileSync(new URL(`../../examples/tft/${file}`, import.meta.url), 'utf8'));

describe('playScript', () => {
  it('plays the whole script: it stops at the first decision the script does not make', () => {
    const raw = load('hanging-by-a-thread.yaml');
    const state = tftSystem.setup(raw);
    const steps = playScript(tftSystem, state, scenarioDice(raw));
    expect(steps).toBeGreaterThan(10);
    expect(tftSystem.pending(state) === null || !tftSystem.scripted?.(state)).toBe(true);
    expect(tftSystem.summary(state).turns).toBeGreaterThan(2);
  });
  it('with untilTurn, stops once that turn has begun, the script not yet done', () => {
    const raw = load('hanging-by-a-thread.yaml');
    const state = tftSystem.setup(raw);
    const steps = playScript(tftSystem, state, scenarioDice(raw), 2);
    expect(tftSystem.summary(state).turns).toBe(2);
    expect(tftSystem.scripted?.(state)).toBe(true);
    // The rest of the script goes on from there.
    expect(playScript(tftSystem, state, scenarioDice(raw), 3)).toBeGreaterThan(0);
    expect(steps).toBeGreaterThan(0);
  });
  it('plays nothing where the scenario has no script (the AI decides at once)', () => {
    const raw = load('duel.yaml');
    const state = tftSystem.setup(raw);
    const before = JSON.stringify(state);
    expect(playScript(tftSystem, state, scenarioDice(raw))).toBe(0);
    expect(JSON.stringify(state)).toBe(before);
  });
});
