// The action options' cost for the AI: the targets it cannot attack are ruled out by code, with no
// refusal message built (the lab's hot loop asks at every decision), while the refusals a user
// sees read as they did.
import { describe, expect, it } from 'vitest';
import { attackProblem } from './flow.ts';
import { attackOptions } from './options.ts';
import { setup } from './testing.ts';

describe("the AI's attack options", () => {
  it("rule out the targets it cannot attack (behind it, out of reach) without building their refusals: no figure's name is read; a refusal still reads word for word", () => {
    const s = setup([
      { id: 'a', side: 'A', at: [5, 5], facing: 0 },
      { id: 'b1', side: 'B', at: [4, 5], facing: 0 },
      { id: 'b2', side: 'B', at: [9, 2], facing: 3 },
      { id: 'b3', side: 'B', at: [1, 7], facing: 3 },
      { id: 'b4', side: 'B', at: [9, 8], facing: 3 },
    ]);
    // Every figure's name counts its reads: a refusal message names the figures it is about.
    let reads = 0;
    for (const f of s.figures) {
      const name = f.name;
      Object.defineProperty(f, 'name', {
        get: () => {
          reads++;
          return name;
        },
      });
    }
    expect(attackOptions(s, s.figures[0], 'ai')).toEqual([]);
    expect(attackOptions(s, s.figures[0], 'explain')).toEqual([]);
    expect(reads).toBe(0);
    expect(s.figures.slice(1).map((t) => attackProblem(s, s.figures[0], t))).toEqual([
      { path: 'command.target', message: "b1 is not in a's front hexes" },
      { path: 'command.target', message: 'b2 is not adjacent and Broadsword cannot be thrown' },
      { path: 'command.target', message: 'b3 is not adjacent and Broadsword cannot be thrown' },
      { path: 'command.target', message: 'b4 is not adjacent and Broadsword cannot be thrown' },
    ]);
    expect(reads).toBeGreaterThan(0);
  });
});
