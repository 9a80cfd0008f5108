// The GM's adjust form to the `adjust` command: numbers as numbers, dice as notation, TFT's
// armor and fatigue only in TFT; each command built is one the real engine parses.
import { describe, expect, it } from 'vitest';
import { systems } from '../../../src/rules/index.ts';
import { type AdjustForm, EMPTY_ADJUST, adjustCommand } from './adjust.ts';

const form = (patch: Partial<AdjustForm>): AdjustForm => ({ ...EMPTY_ADJUST, ...patch });
/** The command built, parsed by the system's own parser (which throws on anything it does not take). */
const parsed = (system: 'tft' | 'adnd', figure: string, f: AdjustForm) => {
  const r = adjustCommand(system, figure, f);
  if (!('command' in r)) throw new Error(`no command: ${r.problem.message}`);
  expect(systems[system].parseCommand(r.command)).toEqual(r.command);
  return r.command;
};

describe("the GM's adjust form", () => {
  it('TFT: a number is sent as a number, dice as written; armor only with damage; fatigue signed (a typed minus sign too); the reason trimmed', () => {
    expect(parsed('tft', 'bjorn', form({ amount: ' 3 ', reason: ' Fireball ' }))).toEqual({ type: 'adjust', figure: 'bjorn', damage: 3, reason: 'Fireball' });
    expect(parsed('tft', 'bjorn', form({ amount: '2d+1', armor: true, reason: 'fall' }))).toEqual({ type: 'adjust', figure: 'bjorn', damage: '2d+1', armor: true, reason: 'fall' });
    expect(parsed('tft', 'bjorn', form({ kind: 'heal', amount: '2', armor: true, reason: 'potion' }))).toEqual({ type: 'adjust', figure: 'bjorn', heal: 2, reason: 'potion' });
    expect(parsed('tft', 'bjorn', form({ fatigue: '+2', reason: 'spell' }))).toEqual({ type: 'adjust', figure: 'bjorn', fatigue: 2, reason: 'spell' });
    expect(parsed('tft', 'bjorn', form({ amount: '1d', fatigue: '\u22121', reason: 'rest' }))).toEqual({ type: 'adjust', figure: 'bjorn', damage: '1d', fatigue: -1, reason: 'rest' });
  });

  it("AD&D: damage or heal, never TFT's armor or fatigue (left in the form from a TFT habit)", () => {
    expect(parsed('adnd', 'gorm', form({ amount: '3d6', armor: true, fatigue: '2', reason: 'fall' }))).toEqual({ type: 'adjust', figure: 'gorm', damage: '3d6', reason: 'fall' });
    expect(parsed('adnd', 'gorm', form({ kind: 'heal', amount: '2-7', reason: 'potion' }))).toEqual({ type: 'adjust', figure: 'gorm', heal: '2-7', reason: 'potion' });
  });

  it('says what to fix, by field, before anything is sent: nothing given, a fatigue that is no whole number, no reason', () => {
    expect(adjustCommand('tft', 'bjorn', form({ reason: 'x' }))).toEqual({ problem: { field: 'amount', message: 'give an amount (a number or dice such as 2d+1) or a fatigue' } });
    expect(adjustCommand('adnd', 'gorm', form({ fatigue: '2', reason: 'x' }))).toEqual({ problem: { field: 'amount', message: 'give an amount: a number or dice such as 3d6' } });
    expect(adjustCommand('tft', 'bjorn', form({ fatigue: '2d', reason: 'x' }))).toEqual({ problem: { field: 'fatigue', message: 'a whole number: + taken, − recovered' } });
    expect(adjustCommand('tft', 'bjorn', form({ amount: '3', reason: '   ' }))).toEqual({ problem: { field: 'reason', message: 'say why (e.g. Fireball): the log shows it' } });
  });
});
