// Fuzzing setup and play: every example scenario with one to three structural mutations (a key
// dropped, a value of another type or a hostile number or text, a value copied from elsewhere,
// an array element twice, an unknown key). Setup either refuses with an InputError naming the
// field, or gives a fight that plays to its end with seeded dice, where summary, explain and
// describe of every event work and write no broken value. FRAY_FUZZ_RUNS raises the count.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMutation, exampleScenarios, fuzzParams, idsIn, mutation, setupAndPlay } from './fuzz.test-util.ts';

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
