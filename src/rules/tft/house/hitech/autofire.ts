// Bursts and multiple hits (seed f04d4dae; RULINGS R-H10, R-H11).
import type { LedgerEntry } from '../../../../core/ledger.ts';
import { count } from '../../../words.ts';
import type { AmmoDef, FirearmDef } from './data.ts';

export const BURSTS = ['single', 'four', 'half', 'full', 'burst'] as const;
/** single shot; 4-shot, half-clip, full-clip bursts; `burst` = one machinegun burst (clips counted in bursts). */
export type Burst = (typeof BURSTS)[number];

export function canAutofire(w: FirearmDef): boolean {
  return w.autofireBonus !== undefined || w.autoshotgun;
}

/** The bursts a weapon can fire by its kind (ammunition aside). */
export function burstsOf(w: FirearmDef): Burst[] {
  if (w.clipUnit === 'bursts') return ['burst'];
  return canAutofire(w) ? ['single', 'four', 'half', 'full'] : ['single'];
}

/** What one burst takes out of the clip (rounds, or 1 burst for machineguns). */
export function clipUse(burst: Burst, clip: number): number {
  switch (burst) {
    case 'single':
      return 1;
    case 'four':
      return 4;
    case 'half':
      return Math.floor(clip / 2);
    case 'full':
      return clip;
    case 'burst':
      return 1;
  }
}

/** Rounds that fly: the cap on hits (R-H10). A machinegun burst fires `roundsPerBurst`. */
export function roundsFired(w: FirearmDef, burst: Burst, clip: number): number {
  return burst === 'burst' ? (w.roundsPerBurst ?? 10) : clipUse(burst, clip);
}

/** Why `burst` cannot be fired now, or null: wrong kind of weapon, or too few rounds (R-H10). */
export function burstProblem(w: FirearmDef, burst: Burst, clip: number, loaded: number): string | null {
  if (!burstsOf(w).includes(burst)) return `${w.name} cannot fire a '${burst}' burst (it fires ${burstsOf(w).join(', ')})`;
  const need = clipUse(burst, clip);
  if (need < 1) return `${w.name}'s clip of ${clip} is too small for a '${burst}' burst: it would fire no round`;
  if (loaded < need) return `${w.name} holds ${count(loaded, w.clipUnit === 'bursts' ? 'burst' : 'round')}, the '${burst}' burst needs ${need}`;
  return null;
}

/**
 * The weapon's entries of the to-hit ledger for a burst (R-H10, R-H11): the table's autofire
 * bonus on a 4-shot burst, +1 more on half clip, +2 on full clip; gyrostab +1 on auto; laser
 * scope +2 always; a shotgun's bonus on every shot, doubled on an autoshotgun fired on auto.
 */
export function burstModifiers(w: FirearmDef, ammo: AmmoDef, burst: Burst, scope: boolean): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  const auto = burst !== 'single';
  if (ammo.shotgunBonus) {
    const doubled = w.autoshotgun && auto;
    out.push({ source: `${w.name} ${ammo.id}${doubled ? ' on auto (doubled)' : ''}`, delta: ammo.shotgunBonus * (doubled ? 2 : 1), rule: 'R-H11' });
  } else if (auto) {
    const base = w.autofireBonus ?? 0;
    if (burst === 'burst') out.push({ source: `${w.name} burst`, delta: base, rule: 'R-H10' });
    else out.push({ source: `autofire bonus, 4-shot burst`, delta: base, rule: 'R-H10' });
  }
  if (burst === 'half') out.push({ source: 'half-clip burst', delta: 1, rule: 'R-H10' });
  if (burst === 'full') out.push({ source: 'full-clip burst', delta: 2, rule: 'R-H10' });
  if (auto && w.gyrostab) out.push({ source: 'gyrostabilized, on auto', delta: 1, rule: 'R-H10' });
  if (scope) out.push({ source: 'laser targeting scope', delta: 2, rule: 'R-H10' });
  return out;
}

/**
 * Hits of a burst that hit (R-H10): one, plus one for every full 3 the roll is below adjDX,
 * at most the rounds fired. An automatic hit above adjDX still hits once.
 */
export function burstHits(adjDx: number, roll: number, rounds: number): number {
  const extra = Math.floor((adjDx - roll) / 3);
  return Math.max(1, Math.min(rounds, 1 + Math.max(0, extra)));
}
