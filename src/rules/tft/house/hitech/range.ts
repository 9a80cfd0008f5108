// Range modifiers for firearms (seed f04d4dae; RULINGS R-H1, R-H2, R-H3). Range is counted in
// megahexes (1 MH = 4 m, R-H1); thrown grenades use the core thrown modifier (-1 per hex).
import { InputError } from '../../../../core/errors.ts';
import type { LedgerEntry } from '../../../../core/ledger.ts';
import { METRES_PER_MEGAHEX } from '../../../../core/hex/megahex.ts';
import type { RangeTable } from './data.ts';

function checkRange(n: number, field: string): void {
  if (!Number.isInteger(n) || n < 0) throw new InputError([{ path: field, message: `must be a whole number >= 0, got ${n}` }]);
}

/** R-H2 beyond the close-combat bands: -5 to 100 m, -6 to 150 m, -7 to 200 m, -1 per 50 m more. */
export function rifleLongRangeModifier(metres: number): number {
  checkRange(metres, 'metres');
  if (metres <= 100) return -5;
  return -5 - Math.ceil((metres - 100) / 50);
}

/** R-H2: rifles and rocket launchers. 0-2 MH: 0; 3-4: -1; 5-6: -2; 7-13: -4; beyond: by metres. */
export function rifleRangeModifier(megahexes: number): number {
  checkRange(megahexes, 'megahexes');
  if (megahexes <= 2) return 0;
  if (megahexes <= 4) return -1;
  if (megahexes <= 6) return -2;
  if (megahexes <= 13) return -4;
  return rifleLongRangeModifier(megahexes * METRES_PER_MEGAHEX);
}

/** R-H3: pistols, SMGs and rifle grenades: -1 per megahex after the first. */
export function pistolRangeModifier(megahexes: number): number {
  checkRange(megahexes, 'megahexes');
  return Math.min(0, 1 - megahexes);
}

/** Core thrown weapons (reference tft-core): -1 DX per hex. Thrown grenades use it (R-H3). */
export function thrownRangeModifier(hexes: number): number {
  checkRange(hexes, 'hexes');
  return 0 - hexes;
}

/** The range entry of the to-hit ledger. `megahexes` for rifle/pistol tables, `hexes` for thrown. */
export function rangeEntry(table: RangeTable, dist: { megahexes: number; hexes: number }): LedgerEntry {
  if (table === 'thrown') return { source: `thrown, ${dist.hexes} hex${dist.hexes === 1 ? '' : 'es'}`, delta: thrownRangeModifier(dist.hexes), rule: 'R-H3' };
  const mh = dist.megahexes;
  const what = `${mh} MH (${mh * METRES_PER_MEGAHEX} m)`;
  if (table === 'rifle') return { source: `rifle range ${what}`, delta: rifleRangeModifier(mh), rule: 'R-H2' };
  return { source: `pistol range ${what}`, delta: pistolRangeModifier(mh), rule: 'R-H3' };
}
