// The built-in TFT tables (src/data/tft/*.json) and how a scenario's own rows and house
// modules' rows are merged over them (later wins: built-in < modules < scenario).
import { lookupTable } from '../../core/lookup.ts';
import armorFile from '../../data/tft/armor.json' with { type: 'json' };
import racesFile from '../../data/tft/races.json' with { type: 'json' };
import talentsFile from '../../data/tft/talents.json' with { type: 'json' };
import weaponsFile from '../../data/tft/weapons.json' with { type: 'json' };
import type { HouseModule } from './hooks.ts';
import type { ArmorDef, RaceDef, ShieldDef, TalentDef, TftTables, WeaponDef } from './model.ts';

export interface TableRows {
  weapons?: WeaponDef[];
  armor?: ArmorDef[];
  shields?: ShieldDef[];
  races?: RaceDef[];
  talents?: TalentDef[];
}

function index<T extends { id: string }>(rows: readonly T[] | undefined, into: Record<string, T>): void {
  for (const r of rows ?? []) into[r.id] = r;
}

/** The built-in rows. */
export const builtinRows: Required<TableRows> = {
  weapons: weaponsFile.weapons as WeaponDef[],
  armor: armorFile.armor as ArmorDef[],
  shields: armorFile.shields as ShieldDef[],
  races: racesFile.races as RaceDef[],
  talents: talentsFile.talents as TalentDef[],
};

/** Tables from the built-in rows, then each module's rows, then the scenario's. */
export function buildTables(modules: readonly HouseModule[], scenario: TableRows = {}): TftTables {
  const t: TftTables = { weapons: lookupTable(), armor: lookupTable(), shields: lookupTable(), races: lookupTable(), talents: lookupTable() };
  for (const rows of [builtinRows, ...modules.map((m) => m.data ?? {}), scenario]) {
    index(rows.weapons, t.weapons);
    index(rows.armor, t.armor);
    index(rows.shields, t.shields);
    index(rows.races, t.races);
    index(rows.talents, t.talents);
  }
  return t;
}
