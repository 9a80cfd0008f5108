// Fuzzing setup and play: every example scenario with one to three structural mutations (a key
// dropped, a value of another type or a hostile number or text, a value copied from elsewhere,
// an array element twice, an unknown key). Setup either refuses with an InputError naming the
// field, or gives a fight that plays to its end with seeded dice, where summary, explain and
// describe of every event work and write no broken value. FRAY_FUZZ_RUNS raises the count.
// And the same scenarios as text (JSON or YAML) with a field that could change what objects
// inherit put anywhere: the one reader of scenario text refuses it, naming it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { FORBIDDEN_WHY } from '../core/forbidden.ts';
import { pathOf } from '../core/issues.ts';
import { parseScenarioText } from '../server/scenario-text.ts';
import { applyMutation, badValue, exampleScenarios, fuzzParams, get, idsIn, type Json, paths, mutation, setupAndPlay } from './fuzz.test-util.ts';

describe('fuzz: mutated example scenarios [DESIGN contracts: a bad scenario names the field; a good one plays]', () => {
  for (const { file, raw } of exampleScenarios) {
    it(`${file}: refused with the field named, or played to the end with working narration`, () => {
      const ids = idsIn(raw);
      fc.assert(
        fc.property(fc.array(mutation(ids), { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 1000 }), (ms, seed) => {
          const mutated = ms.reduce(applyMutation, raw);
          expect(setupAndPlay(mutated, seed)).toBeNull();
        }),
        fuzzParams(40),
      );
    });
  }
});

const isMapping = (v: Json | undefined): v is { [k: string]: Json } => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every field of `v` named "__proto__", or "constructor" holding "prototype", as scenario issues write its path. */
function forbiddenFields(v: Json, at: (string | number)[] = [], out: string[] = []): string[] {
  if (isMapping(v)) {
    if (Object.hasOwn(v, '__proto__')) out.push(pathOf('', [...at, '__proto__']));
    const c = Object.getOwnPropertyDescriptor(v, 'constructor')?.value as Json | undefined;
    if (isMapping(c) && Object.hasOwn(c, 'prototype')) out.push(pathOf('', [...at, 'constructor', 'prototype']));
  }
  if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) forbiddenFields(x, [...at, Array.isArray(v) ? Number(k) : k], out);
  return out;
}

describe('fuzz: scenario text with a field that could change what objects inherit [DESIGN contracts: a bad scenario names the field]', () => {
  // A field put into a mapping of the (mutated) scenario: "__proto__" holding anything, a
  // "constructor" holding a mapping with "prototype" (both refused), or a "constructor" or
  // "prototype" holding a value of its own (plain data: not refused).
  const field = (ids: string[]) =>
    fc.oneof(
      fc.record({ key: fc.constant('__proto__'), value: badValue(ids) }),
      badValue(ids).map((v) => ({ key: 'constructor', value: { prototype: v } as Json })),
      fc.record({ key: fc.constantFrom('constructor', 'prototype'), value: badValue(ids).filter((v) => !isMapping(v) || !Object.hasOwn(v, 'prototype')) }),
    );
  for (const { file, raw } of exampleScenarios) {
    it(`${file}: refused naming such a field wherever it is, in JSON and YAML; a "constructor" or "prototype" holding data is read`, () => {
      const ids = idsIn(raw);
      fc.assert(
        fc.property(fc.array(mutation(ids), { maxLength: 2 }), fc.nat(), field(ids), fc.constantFrom('json', 'yaml'), (ms, at, { key, value }, format) => {
          const mutated = ms.reduce(applyMutation, raw);
          const all = paths(mutated);
          const mappings = all.map((_, i) => i).filter((i) => isMapping(get(mutated, all[i])));
          const v = mappings.length === 0 ? mutated : applyMutation(mutated, { op: 'add', at: mappings[at % mappings.length], key, value });
          const text = format === 'json' ? JSON.stringify(v) : stringify(v);
          const expected = isMapping(v) ? forbiddenFields(v) : [];
          let refusal: { path: string; message: string }[] | undefined;
          try {
            parseScenarioText(text, `x.${format}`);
          } catch (e) {
            refusal = (e as { issues?: { path: string; message: string }[] }).issues;
            expect(refusal, (e as Error).message).toBeDefined();
          }
          if (expected.length > 0) {
            expect(refusal).toHaveLength(1);
            expect(refusal?.[0].message).toBe(FORBIDDEN_WHY);
            expect(expected).toContain(refusal?.[0].path);
          } else expect(refusal?.some((i) => i.message === FORBIDDEN_WHY) ?? false).toBe(false);
        }),
        fuzzParams(20),
      );
    });
  }
});
