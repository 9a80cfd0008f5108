// HiTech state kept on weapons and figures (plain data in their `house.hitech` bags), and the
// table rows the module brings to the TFT tables: firearms, grenades and HiTech armor.
import { z } from 'zod';
import { InputError, type Issue } from '../../../../core/errors.ts';
import type { ArmorDef, Figure, WeaponDef, WeaponInstance } from '../../model.ts';
import { type FirearmDef, FIREARMS, GRENADES, HITECH_ARMOR, type HiTechArmorDef, ammoOf, firearm, grenadeDice, hitechArmor } from './data.ts';
import type { OverwatchState } from './overwatch.ts';

/** Spare clips an unconfigured firearm carries (the seed says nothing: this project's default). */
export const DEFAULT_SPARE_CLIPS = 2;
/** Rifle grenades an unconfigured launcher carries (project default). */
export const DEFAULT_RIFLE_GRENADES = 2;

/** The ammunition state of one firearm (weapon.house.hitech). */
export interface WeaponGear {
  /** The loaded ammunition type (R-H9 choices: slug / he / apds; pellets / bullets). */
  ammo: string;
  /** Rounds (or bursts, for machineguns) left in the loaded clip. */
  loaded: number;
  /** Clip size in use (6 or 10 for a 6/10 pistol). */
  clip: number;
  /** Full spare clips by ammunition type. */
  spare: Record<string, number>;
  /** Laser targeting scope fitted (+2 DX, R-H10). */
  scope: boolean;
  /** Rifle grenades left for an integral launcher, and their tech level. */
  riflegrenades: number;
  grenadeTl: number;
}

/** What the module keeps on a figure (fig.house.hitech). */
export interface FigureHiTech {
  overwatch: OverwatchState | null;
  /** Turns a moved crew-served weapon still needs before it may fire (R-H4). */
  crewReadyLeft: number;
}

/** A scenario's gear for one firearm: the weapon entry's `house: { hitech: {...} }`. */
export const gearSpecSchema = z.strictObject({
  ammo: z.string().optional(),
  loaded: z.number().int().min(0).optional(),
  clip: z.number().int().min(1).optional(),
  spare: z.record(z.string(), z.number().int().min(0)).optional(),
  scope: z.boolean().optional(),
  riflegrenades: z.number().int().min(0).optional(),
  grenadeTl: z.number().int().min(0).optional(),
});
export type GearSpec = z.infer<typeof gearSpecSchema>;

export function firearmOf(w: WeaponInstance | null | undefined): FirearmDef | null {
  const id = (w?.def as { hitechFirearm?: string } | undefined)?.hitechFirearm;
  return id ? firearm(id) : null;
}

export function grenadeTlOf(w: WeaponInstance | null | undefined): number | null {
  const tl = (w?.def as { hitechGrenadeTl?: number } | undefined)?.hitechGrenadeTl;
  return typeof tl === 'number' ? tl : null;
}

export function hitechArmorOf(fig: Figure): HiTechArmorDef | null {
  const id = (fig.armor?.def as { hitechArmor?: string } | undefined)?.hitechArmor;
  return id ? hitechArmor(id) : null;
}

export function gearOf(w: WeaponInstance): WeaponGear {
  const g = w.house.hitech as WeaponGear | undefined;
  if (!g) throw new InputError([{ path: `weapons.${w.uid}`, message: 'has no HiTech ammunition state (is the hitech module on?)' }]);
  return g;
}

export function figureHiTech(fig: Figure): FigureHiTech {
  let s = fig.house.hitech as FigureHiTech | undefined;
  if (!s || !('crewReadyLeft' in s)) {
    s = { overwatch: null, crewReadyLeft: 0, ...(s ?? {}) } as FigureHiTech;
    fig.house.hitech = s;
  }
  return s;
}

/** A fresh gear state for a firearm, from the scenario's spec (validated) or the defaults. */
export function makeGear(fw: FirearmDef, spec: GearSpec | undefined, path: string): { gear: WeaponGear; issues: Issue[] } {
  const issues: Issue[] = [];
  const parsed = gearSpecSchema.safeParse(spec ?? {});
  if (!parsed.success) {
    for (const i of parsed.error.issues) issues.push({ path: [path, ...i.path.map(String)].join('.'), message: i.message });
  }
  const s: GearSpec = parsed.success ? parsed.data : {};
  let ammo = fw.ammo[0].id;
  if (s.ammo !== undefined) {
    if (fw.ammo.some((a) => a.id === s.ammo)) ammo = s.ammo;
    else issues.push({ path: `${path}.ammo`, message: `${fw.name} has no ammunition '${s.ammo}' (it takes ${fw.ammo.map((a) => a.id).join(', ')})` });
  }
  let clip = fw.clipSizes[0];
  if (s.clip !== undefined) {
    if (fw.clipSizes.includes(s.clip)) clip = s.clip;
    else issues.push({ path: `${path}.clip`, message: `${fw.name} takes clips of ${fw.clipSizes.join(' or ')}, not ${s.clip}` });
  }
  let loaded = clip;
  if (s.loaded !== undefined) {
    if (Number.isInteger(s.loaded) && s.loaded >= 0 && s.loaded <= clip) loaded = s.loaded;
    else issues.push({ path: `${path}.loaded`, message: `must be a whole number from 0 to the clip size ${clip}, got ${s.loaded}` });
  }
  const spare: Record<string, number> = s.spare ? {} : { [ammo]: DEFAULT_SPARE_CLIPS };
  for (const [k, v] of Object.entries(s.spare ?? {})) {
    if (!fw.ammo.some((a) => a.id === k)) issues.push({ path: `${path}.spare.${k}`, message: `${fw.name} has no ammunition '${k}'` });
    else if (!Number.isInteger(v) || v < 0) issues.push({ path: `${path}.spare.${k}`, message: `must be a whole number >= 0, got ${v}` });
    else spare[k] = v;
  }
  const riflegrenades = fw.grenadeLauncher ? (s.riflegrenades ?? DEFAULT_RIFLE_GRENADES) : 0;
  if (s.riflegrenades !== undefined && !fw.grenadeLauncher) issues.push({ path: `${path}.riflegrenades`, message: `${fw.name} has no grenade launcher` });
  const grenadeTl = s.grenadeTl ?? fw.riflegrenadeTl ?? 12;
  try {
    grenadeDice(grenadeTl, `${path}.grenadeTl`);
  } catch (e) {
    if (e instanceof InputError) issues.push(...e.issues);
    else throw e;
  }
  return { gear: { ammo, loaded, clip, spare, scope: s.scope ?? false, riflegrenades, grenadeTl }, issues };
}

// ---- table rows ---------------------------------------------------------------------------

const SOURCE = 'seed f04d4dae (Revised HiTech TFT); src/data/tft/hitech';

/** Firearms as TFT weapon rows: missile weapons whose damage is their first ammunition's dice. */
export function firearmWeaponDefs(): WeaponDef[] {
  return FIREARMS.map((fw) => ({
    id: fw.id,
    name: fw.name,
    damage: `${ammoOf(fw, undefined).dice}d`,
    minST: 0,
    hands: fw.rangeTable === 'pistol' ? 1 : 2,
    kind: 'missile',
    cutting: false,
    reload: 0,
    hitechFirearm: fw.id,
    source: SOURCE,
  }));
}

/** Hand grenades, one row per tech level 1..12 (`grenade-tl12`), thrown weapons. */
export function grenadeWeaponDefs(): WeaponDef[] {
  const out: WeaponDef[] = [];
  const top = Math.max(...GRENADES.map((g) => g.maxTl));
  for (let tl = 1; tl <= top; tl++) {
    out.push({
      id: `grenade-tl${tl}`,
      name: `TL ${tl} grenade`,
      damage: `${grenadeDice(tl)}d`,
      minST: 0,
      hands: 1,
      kind: 'thrown',
      cutting: false,
      hitechGrenadeTl: tl,
      source: SOURCE,
    });
  }
  return out;
}

/** HiTech armor as TFT armor rows: `stops` is the protection (per die against missiles, R-H8: `perDie` makes the core keep the faces); no DX or MA cost. */
export function hitechArmorDefs(): ArmorDef[] {
  return HITECH_ARMOR.map((a) => ({ id: a.id, name: a.name, stops: a.protection, dx: 0, ma: 10, perDie: true, hitechArmor: a.id, source: SOURCE }));
}
