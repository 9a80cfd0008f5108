// The medic's side of Hanging by a Thread [82345e2a]: stabilization dice by talent (R-T3) and
// first aid amounts (R-T4).
import { InputError } from '../../../../core/errors.ts';
import { type Ledger, fromBase } from '../../../../core/ledger.ts';

/** Five minutes of TFT turns (5 s each) (R-T3). */
export const STABILIZATION_TURNS = 60;

export type MedicTalent = 'master-physicker' | 'physicker' | 'veterinarian' | 'scholar' | 'none';

/** Stabilization dice by the medic's best talent (R-T3). */
export const STABILIZATION_DICE: Readonly<Record<MedicTalent, number>> = {
  'master-physicker': 3,
  physicker: 4,
  veterinarian: 5,
  scholar: 5,
  none: 7,
};

/** Wounds standard first aid heals (R-T4; amounts from the seed's example, reference tft-core). */
export const FIRST_AID_WOUNDS: Readonly<Partial<Record<MedicTalent, number>>> = {
  'master-physicker': 3,
  physicker: 2,
};

const LABEL: Readonly<Record<MedicTalent, string>> = {
  'master-physicker': 'Master Physicker',
  physicker: 'Physicker',
  veterinarian: 'Veterinarian',
  scholar: 'Scholar',
  none: 'no medical talent',
};

/** "Master Physicker", "master_physicker", "masterPhysicker" -> "master-physicker". */
export function talentKey(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/** The talent among `talents` that gives the fewest stabilization dice. */
export function bestMedicTalent(talents: readonly string[]): MedicTalent {
  const keys = new Set(talents.map(talentKey));
  let best: MedicTalent = 'none';
  for (const t of Object.keys(STABILIZATION_DICE) as MedicTalent[]) {
    if (keys.has(t) && STABILIZATION_DICE[t] < STABILIZATION_DICE[best]) best = t;
  }
  return best;
}

/** Dice the medic rolls against IQ at the end of the 5 minutes (R-T3), explained. */
export function stabilizationDice(talents: readonly string[], healingPotion: boolean): Ledger {
  const t = bestMedicTalent(talents);
  const mods = healingPotion ? [{ source: 'Healing Potion applied', delta: -1, rule: 'R-T3' }] : [];
  return fromBase(`${LABEL[t]}`, STABILIZATION_DICE[t], 'R-T3', mods);
}

/** stabilizationDice's total without its ledger (the AI's options and the aftermath, R-T3). */
export function stabilizationDiceCount(talents: readonly string[], healingPotion: boolean): number {
  return STABILIZATION_DICE[bestMedicTalent(talents)] - (healingPotion ? 1 : 0);
}

/** Wounds first aid heals, explained; null when the medic has neither Physicker talent (R-T4). */
export function firstAidWounds(talents: readonly string[]): Ledger | null {
  if (talents.length === 0) return null; // the common case, asked at every action decision
  const keys = new Set(talents.map(talentKey));
  if (keys.has('master-physicker')) return fromBase('Master Physicker first aid', 3, 'R-T4');
  if (keys.has('physicker')) return fromBase('Physicker first aid', 2, 'R-T4');
  return null;
}

/** Stabilization succeeds on Nd6 <= IQ (R-T3). */
export function stabilizationSucceeds(total: number, iq: number): boolean {
  if (!Number.isInteger(iq)) throw new InputError([{ path: 'iq', message: `must be a whole number, got ${iq}` }]);
  return total <= iq;
}

/**
 * Wounds after a successful stabilization: the patient is "at ST 1 (unconscious)", dyST 1 (R-T3).
 * Fatigue is untouched. With the fatigue rules (the default) dyST is ST - wounds: wounds ST - 1
 * ([82345e2a] Malken keeps his 6 fatigue at 7 wounds). Without them (`threadFatigue: combined`)
 * dyST is remST, so the wounds go to ST - 1 - fatigue (never below 0): wounds ST - 1 would leave
 * a fatigued patient dying after a successful roll.
 */
export function woundsWhenStabilized(st: number, fatigue = 0, separateFatigue = true): number {
  return separateFatigue ? st - 1 : Math.max(0, st - 1 - fatigue);
}
