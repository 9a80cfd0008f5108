// Fuzzing the command API and the scenario parser of every system, from every example scenario:
// malformed or illegal input must be rejected with an InputError (naming a field) and must leave
// the state exactly as it was (GameSystem.apply checks before it changes anything).
// FRAY_FUZZ_RUNS raises the count; FRAY_FUZZ_SEED replays another seed (a fixed seed here hid them).
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SeededDice } from '../src/core/dice/source.ts';
import { InputError } from '../src/core/errors.ts';
import { seedRng } from '../src/core/rng.ts';
import { fuzzParams } from '../src/engine/fuzz.test-util.ts';
import { scenarioDice } from '../src/engine/scenario-dice.ts';
import type { GameSystem } from '../src/engine/types.ts';
import { getSystem } from '../src/rules/index.ts';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
// biome-ignore lint/suspicious/noExplicitAny: the fuzz drives every system through the generic contract
type AnySystem = GameSystem<any, any, any>;

const STATES = ['healthy', 'reeling', 'unconscious', 'dying', 'dead'];

const examples = ['tft', 'adnd'].flatMap((dir) =>
  readdirSync(new URL(`../examples/${dir}/`, import.meta.url))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => `examples/${dir}/${f}`),
);

function load(file: string): { raw: Json; system: AnySystem } {
  const raw = parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')) as Json;
  return { raw, system: getSystem((raw as { system?: unknown }).system) };
}

/** Plays up to `n` steps with seeded dice, keeping the state before each step and its command. */
function trail(system: AnySystem, raw: Json, n: number): { states: unknown[]; commands: Json[] } {
  const state = system.setup(structuredClone(raw));
  // The scenario's own dice first (scripted examples need them), then the generator.
  const dice = scenarioDice(raw as Record<string, unknown>, 11);
  const states: unknown[] = [];
  const commands: Json[] = [];
  for (let i = 0; i < n && system.pending(state) !== null; i++) {
    const c = system.decide(state);
    states.push(system.clone(state));
    commands.push(structuredClone(c) as Json);
    system.apply(state, c, dice, null);
  }
  states.push(system.clone(state));
  return { states, commands };
}

/** Every path to a value inside `v` (object keys and array indexes). */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [at];
  if (Array.isArray(v)) for (const [i, x] of v.entries()) out.push(...paths(x, [...at, i]));
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k]));
  return out;
}

/** `v` with the value at `path` replaced (or removed when `junk` is undefined). */
function mutate(v: Json, path: (string | number)[], junk: Json | undefined): Json {
  if (path.length === 0) return junk === undefined ? null : junk;
  const copy = structuredClone(v) as Record<string | number, Json>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, Json>;
  const last = path[path.length - 1];
  if (junk === undefined) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = junk;
  return copy as Json;
}

const junkValue = (ids: string[]): fc.Arbitrary<Json | undefined> =>
  fc.oneof(
    fc.constant(undefined),
    fc.constantFrom<Json>(...ids, 'nobody', '', -1, 0, 1, 2, 999, 1.5, true, null, [], {}, [3, 4], { q: 1, r: 1 }, 'high'),
    fc.jsonValue() as fc.Arbitrary<Json>,
  );

function figureIds(raw: Json): string[] {
  const figs = (raw as { figures?: { id?: unknown }[] }).figures ?? [];
  return figs.map((f) => f.id).filter((id): id is string => typeof id === 'string');
}

describe('fuzz: commands [DESIGN contracts: invalid input is rejected with field and reason, nothing changes]', () => {
  for (const file of examples) {
    it(`${file}: mutated and arbitrary commands are rejected cleanly or applied legally`, () => {
      const { raw, system } = load(file);
      const { states, commands } = trail(system, raw, 40);
      const ids = figureIds(raw);
      // Near-valid commands: the command the game chose at that step (or at another), with one
      // value replaced or removed and now and then an unknown field; or anything at all.
      const near = (i: number) =>
        fc
          .record({ other: fc.nat(commands.length), own: fc.boolean(), pick: fc.nat(), junk: junkValue(ids), extra: fc.nat(4) })
          .map(({ other, own, pick, junk, extra }) => {
            const c = (commands[own ? i : other % Math.max(1, commands.length)] ?? { type: 'begin' }) as Json;
            const ps = paths(c);
            const out = mutate(c, ps[pick % ps.length], junk) as Json;
            return extra === 0 && out !== null && typeof out === 'object' && !Array.isArray(out) ? { ...out, bogus: 1 } : out;
          });
      const input = fc
        .nat(states.length - 1)
        .chain((i) => fc.tuple(fc.constant(i), fc.oneof({ weight: 1, arbitrary: fc.anything() as fc.Arbitrary<unknown> }, { weight: 4, arbitrary: near(i) as fc.Arbitrary<unknown> })));
      fc.assert(
        fc.property(input, fc.integer({ min: 1, max: 1000 }), ([i, raw], seed) => {
          const state = system.clone(states[i]);
          const before = JSON.stringify(state);
          try {
            system.apply(state, system.parseCommand(raw), new SeededDice(seedRng(seed)), null);
          } catch (e) {
            expect(e).toBeInstanceOf(InputError);
            expect((e as InputError).issues.length).toBeGreaterThan(0);
            expect(JSON.stringify(state)).toBe(before);
            return;
          }
          // Accepted: the game goes on from a sound state.
          system.pending(state);
          for (const f of system.summary(state).figures) expect(STATES).toContain(f.state);
        }),
        fuzzParams(300),
      );
    });
  }
});

describe('fuzz: scenarios [DESIGN contracts: a bad scenario names the field]', () => {
  for (const file of examples) {
    it(`${file}: any one value replaced or removed either loads or fails with InputError`, () => {
      const { raw, system } = load(file);
      const ps = paths(raw);
      const ids = figureIds(raw);
      fc.assert(
        fc.property(fc.nat(ps.length - 1), junkValue(ids), (k, junk) => {
          const mutated = mutate(raw, ps[k], junk);
          try {
            const s = system.setup(mutated);
            system.pending(s);
          } catch (e) {
            expect(e).toBeInstanceOf(InputError);
            expect((e as InputError).issues.every((x) => typeof x.path === 'string' && x.message.length > 0)).toBe(true);
          }
        }),
        fuzzParams(150),
      );
    });
  }
});
