// Fuzzing the command API: from states reached by a few seeded steps of every example, the
// commands explain offers (and the one decide sends, and the GM's: adjust, end, leave), mutated (a value of another type or a
// hostile number or text, a field dropped, a value copied from elsewhere, an unknown field),
// and arbitrary values. Each is refused with an InputError naming the field and the state left
// exactly as it was, or applied, after which the fight plays to its end soundly.
// FRAY_FUZZ_RUNS raises the count; FRAY_FUZZ_SEED replays another seed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getSystem } from '../rules/index.ts';
import { applyMutation, exampleScenarios, fuzzParams, idsIn, type Json, mutation, offeredCommands, playSteps, sendCommand } from './fuzz.test-util.ts';

describe('fuzz: commands from reachable states [DESIGN contracts: invalid input is rejected with field and reason, nothing changes]', () => {
  it("the GM's commands are among those mutated in both systems: an adjust of each figure, an end with a winner and with none, a leave of each figure", () => {
    for (const system of ['tft', 'adnd']) {
      const { raw } = exampleScenarios.find((x) => (x.raw as { system: string }).system === system)!;
      const { state } = playSteps(getSystem(system), raw, 3, 1);
      const offered = offeredCommands(getSystem(system), state) as { type: string; winner?: unknown }[];
      expect(offered.filter((c) => c.type === 'end').map((c) => c.winner === null)).toEqual([false, true]);
      expect(offered.some((c) => c.type === 'adjust')).toBe(true);
      const figures = getSystem(system).explain(state).figures.map((f) => f.id);
      expect(offered.filter((c) => c.type === 'leave').map((c) => (c as { figure?: string }).figure)).toEqual(figures);
    }
  });

  for (const { file, raw } of exampleScenarios) {
    it(`${file}: a mutated offered command or any value is refused cleanly or applied and played on`, () => {
      const system = getSystem((raw as { system: string }).system);
      const ids = idsIn(raw);
      const command = fc.oneof(
        { weight: 4, arbitrary: fc.record({ pick: fc.nat(), changes: fc.array(mutation(ids), { maxLength: 2 }) }) },
        { weight: 1, arbitrary: fc.record({ any: fc.jsonValue({ maxDepth: 3 }).map((j) => j as Json) }) },
      );
      fc.assert(
        fc.property(fc.nat(30), fc.integer({ min: 1, max: 1000 }), command, (steps, seed, c) => {
          const { state, dice } = playSteps(system, raw, steps, seed);
          const offered = 'any' in c ? [] : offeredCommands(system, state);
          const sent = 'any' in c ? c.any : c.changes.reduce(applyMutation, offered[c.pick % offered.length] ?? { type: 'begin' });
          expect(sendCommand(system, state, sent, dice), JSON.stringify(sent).slice(0, 300)).toBeNull();
        }),
        fuzzParams(40),
      );
    });
  }
});
