import { describe, expect, it } from 'vitest';
import { firearm } from './data.ts';
import { crewServedMa, fireEligibility } from './eligibility.ts';

const off = { runAndGun: false };
const sum = (e: ReturnType<typeof fireEligibility>) => e.mods.reduce((t, m) => t + m.delta, 0);

describe('eligibility to fire after moving [f04d4dae]', () => {
  const rifle = firearm('assault-rifle');
  it('R-H4: a gun fires after moving at most half MA; -2 DX when it moved more than 1 hex', () => {
    expect(fireEligibility(rifle, { moved: 0, ma: 10 }, off)).toEqual({ ok: true, mods: [] });
    expect(sum(fireEligibility(rifle, { moved: 1, ma: 10 }, off))).toBe(0);
    const two = fireEligibility(rifle, { moved: 2, ma: 10 }, off);
    expect([two.ok, sum(two), two.mods[0].rule]).toEqual([true, -2, 'R-H4']);
    expect(fireEligibility(rifle, { moved: 5, ma: 10 }, off).ok).toBe(true);
    const six = fireEligibility(rifle, { moved: 6, ma: 10 }, off);
    expect(six.ok).toBe(false);
    expect(six.reason).toMatch(/more than half of MA 10/);
    expect(fireEligibility(rifle, { moved: 6, ma: 11 }, off).ok).toBe(false); // half of 11 is 5.5
  });

  it('R-H4 option runAndGun: more than half MA fires at -6 (and the -2)', () => {
    const e = fireEligibility(rifle, { moved: 8, ma: 10 }, { runAndGun: true });
    expect([e.ok, sum(e)]).toEqual([true, -8]);
  });

  it('R-H4: -6 DX if the firer dodged', () => {
    expect(sum(fireEligibility(rifle, { moved: 1, ma: 10, dodged: true }, off))).toBe(-6);
  });

  it('R-H4: heavy weapons only after a 1-hex shift', () => {
    const mg = firearm('lt-machinegun');
    expect(fireEligibility(mg, { moved: 1, ma: 10 }, off).ok).toBe(true);
    expect(fireEligibility(mg, { moved: 2, ma: 10 }, off).ok).toBe(false);
  });

  it('R-H4 [f04d4dae]: "It then takes three turns to ready": the refusal counts the turns left in words (1 more turn, 2 more turns; no "turn(s)")', () => {
    const hmg = firearm('heavy-machinegun');
    expect([1, 2, 3].map((n) => fireEligibility(hmg, { moved: 0, ma: 6 }, off, n).reason)).toEqual([
      'Heavy Machinegun needs 1 more turn to ready after moving',
      'Heavy Machinegun needs 2 more turns to ready after moving',
      'Heavy Machinegun needs 3 more turns to ready after moving',
    ]);
  });

  it('R-H4: crew-served move at -4 MA and need 3 turns to ready', () => {
    const hmg = firearm('heavy-machinegun');
    expect(crewServedMa(10)).toBe(6);
    expect(fireEligibility(hmg, { moved: 1, ma: 6 }, off).ok).toBe(false);
    expect(fireEligibility(hmg, { moved: 0, ma: 6 }, off, 3).reason).toMatch(/3 more turn/);
    expect(fireEligibility(hmg, { moved: 0, ma: 6 }, off, 0).ok).toBe(true);
  });
});
