import { describe, expect, it } from 'vitest';
import { hex } from '../../../../core/hex/coords.ts';
import { type OverwatchState, overwatchActive, overwatchOrder, overwatchTriggerSchema, triggerText, triggersBeforeAction, triggersOnStep } from './overwatch.ts';

const ow = (t: unknown, turn = 1): OverwatchState => ({ trigger: overwatchTriggerSchema.parse(t), turn, burst: 'single' });
const step = { moverId: 'orc', moverIsEnemy: true, kind: 'enter' as const, hex: hex(2, 0), megahexes: 2, visible: true };

describe('overwatch [f04d4dae]', () => {
  it('R-H7: fires in the rest of the action phase or the next movement phase, then not', () => {
    const o = ow({}, 3);
    expect(overwatchActive(o, 3, 'action')).toBe(true);
    expect(overwatchActive(o, 3, 'movement')).toBe(false);
    expect(overwatchActive(o, 4, 'movement')).toBe(true);
    expect(overwatchActive(o, 4, 'action')).toBe(false);
    expect(overwatchActive(o, 5, 'movement')).toBe(false);
  });

  it('R-H7: a visible enemy entering a hex sets it off; friends, unseen steps and leaving (by default) do not', () => {
    const o = ow({});
    expect(triggersOnStep(o, step)).toBe(true);
    expect(triggersOnStep(o, { ...step, visible: false })).toBe(false);
    expect(triggersOnStep(o, { ...step, moverIsEnemy: false })).toBe(false);
    expect(triggersOnStep(o, { ...step, kind: 'leave' })).toBe(false);
    expect(triggersOnStep(ow({ on: 'either' }), { ...step, kind: 'leave' })).toBe(true);
  });

  it('R-H7: triggers can name targets, a range and watched hexes', () => {
    expect(triggersOnStep(ow({ targets: ['troll'] }), step)).toBe(false);
    expect(triggersOnStep(ow({ targets: ['orc'] }), step)).toBe(true);
    expect(triggersOnStep(ow({ withinMegahexes: 1 }), step)).toBe(false);
    expect(triggersOnStep(ow({ hexes: [{ q: 2, r: 0 }] }), step)).toBe(true);
    expect(triggersOnStep(ow({ hexes: [{ q: 3, r: 0 }] }), step)).toBe(false);
    expect(() => overwatchTriggerSchema.parse({ on: 'sideways' })).toThrow();
    expect(() => overwatchTriggerSchema.parse({ when: 'enter' })).toThrow();
  });

  it('R-H7 [f04d4dae]: a trigger in words says whom it fires at and when, each field as the checks read it (the default: any enemy, before it acts or as it enters a hex)', () => {
    const t = (x: unknown) => triggerText(overwatchTriggerSchema.parse(x), (id) => id.toUpperCase());
    expect(t({})).toBe("fires once at the first enemy in view, just before it acts in the rest of this action phase or as it enters a hex in the next turn's movement phase");
    // The same words for a trigger missing its defaults (an event's copy of one).
    expect(triggerText({})).toBe(t({}));
    expect(t({ beforeAction: false, on: 'leave' })).toBe("fires once at the first enemy in view, as it leaves a hex in the next turn's movement phase");
    expect(t({ targets: ['orc', 'troll'], on: 'either', withinMegahexes: 1, hexes: [{ q: 2, r: 0 }] })).toBe(
      "fires once at ORC or TROLL (when in view), just before it acts in the rest of this action phase or as it enters or leaves the hex (2,0) within 1 megahex in the next turn's movement phase",
    );
  });

  it('R-H7: in the action phase it fires before a matching target acts', () => {
    expect(triggersBeforeAction(ow({}), 'orc', true, true)).toBe(true);
    expect(triggersBeforeAction(ow({ beforeAction: false }), 'orc', true, true)).toBe(false);
    expect(triggersBeforeAction(ow({}), 'pal', false, true)).toBe(false);
  });

  it('R-H7: overwatchers triggered together fire by adjDX, then id', () => {
    expect(overwatchOrder([{ id: 'b', adjDx: 12 }, { id: 'a', adjDx: 12 }, { id: 'c', adjDx: 14 }]).map((x) => x.id)).toEqual(['c', 'a', 'b']);
  });
});
