// Which steps ask the GM for a special critical's effect (R-A10, seed 3380eb42: a third roll of
// 20, "use your imagination"), on the engine's own events: the vampire's touch of examples/adnd/vampire.yaml.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { QUIET, QueueDice, playUntil } from '../../../src/rules/adnd/testing.ts';
import type { LogEntryView } from '../../../src/server/protocol.ts';
import { isSpecialCritical, specialCriticals, specialNote, specialReason, specialWords } from './special.ts';
import type { Obj } from './view.ts';

const vampire = parse(readFileSync(new URL('../../../examples/adnd/vampire.yaml', import.meta.url), 'utf8'));
/** The vampire's touch in segment 4 with the d20s given: to hit, the confirmation, the third roll. */
const touch = (d20: number[]): Obj => playUntil(vampire, new QueueDice({ 20: d20 }, QUIET), 4).events.find((e) => e.type === 'attack' && e.attacker === 'vampire') as unknown as Obj;
const by = { role: 'gm' as const, tokenId: 't' };
const step = (seq: number, events: Obj[]): LogEntryView => ({ seq, kind: 'command', at: '2025-01-01T00:00:00Z', by, command: { type: 'x' }, events });
const names: Record<string, string> = { vampire: 'Vampire', kay: 'Sir Kay' };
const name = (id: string) => names[id] ?? id;

describe('the special critical prompt (R-A10)', () => {
  const special = touch([20, 9, 20]);

  it('asks for the third roll of 20 only: not a critical of another row, nor one not confirmed, nor a plain hit or a miss', () => {
    expect(isSpecialCritical('adnd', special)).toBe(true);
    // Third roll 17: triple damage, no effect to decide (the seed's own example).
    expect(isSpecialCritical('adnd', touch([20, 9, 17]))).toBe(false);
    // Confirmation 15 > 9.5: no critical.
    expect(isSpecialCritical('adnd', touch([20, 15, 20]))).toBe(false);
    expect(isSpecialCritical('adnd', touch([18]))).toBe(false);
    expect(isSpecialCritical('adnd', touch([2]))).toBe(false);
    // AD&D only: a TFT event is never one.
    expect(isSpecialCritical('tft', special)).toBe(false);
  });

  it('lists each one in the line of play with who struck whom and when; a rewound step takes its own away', () => {
    const entries: LogEntryView[] = [step(1, [{ type: 'note' }]), step(2, [{ type: 'declare' }, special]), step(3, [touch([20, 9, 17])])];
    const found = specialCriticals('adnd', entries);
    expect(found).toEqual([{ key: '2:1', seq: 2, attacker: 'vampire', target: 'kay', third: 20, label: expect.stringMatching(/special effect/), round: 1, segment: 4 }]);
    expect(specialWords(found[0], name)).toBe('Vampire struck Sir Kay (round 1, segment 4)');
    expect(specialReason(found[0], name)).toBe("special critical (R-A10): Vampire's third roll 20 on Sir Kay");
    expect(specialNote(found[0], name)).toMatch(/^Special critical \(R-A10, step 2\): Vampire struck Sir Kay .*third roll 20\. Effect: $/);
    // Rewound to step 1: the step with the special critical is out of the line of play.
    expect(specialCriticals('adnd', [...entries, { seq: 4, kind: 'rewind', at: '2025-01-01T00:00:00Z', by, to: 1 }])).toEqual([]);
    expect(specialCriticals('tft', entries)).toEqual([]);
  });
});
