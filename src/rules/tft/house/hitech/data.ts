// HiTech data tables (seed f04d4dae): firearms with their ammunition choices, grenades by tech
// level, HiTech armor and the firearm talents. The JSON files under src/data/tft/hitech carry
// their source; this module checks them once with zod and gives typed look-ups.
import { z } from 'zod';
import { InputError } from '../../../../core/errors.ts';
import armorJson from '../../../../data/tft/hitech/armor.json' with { type: 'json' };
import grenadesJson from '../../../../data/tft/hitech/grenades.json' with { type: 'json' };
import talentsJson from '../../../../data/tft/hitech/talents.json' with { type: 'json' };
import weaponsJson from '../../../../data/tft/hitech/weapons.json' with { type: 'json' };

/** Weapon class: decides the talent (R-H5). */
export const WEAPON_CLASSES = ['rifle', 'shotgun', 'pistol', 'smg', 'energy', 'heavy-auto', 'rocket-launcher', 'tac-missile', 'grenade'] as const;
export type WeaponClass = (typeof WEAPON_CLASSES)[number];
/** Range table (R-H2 rifle, R-H3 pistol, core thrown). */
export type RangeTable = 'rifle' | 'pistol' | 'thrown';

const ammoSchema = z.object({
  id: z.string().min(1),
  dice: z.number().int().min(1),
  /** Marked * in the seed's table: HE (R-H9); with `ap` it is HEAP. */
  explosive: z.boolean().default(false),
  ap: z.boolean().default(false),
  /** Shotgun DX bonus on every shot (R-H11). */
  shotgunBonus: z.number().int().default(0),
  /** A rocket: a grenade-like blast (R-H12). */
  blast: z.boolean().default(false),
});
export type AmmoDef = z.infer<typeof ammoSchema>;

const firearmSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  class: z.enum(WEAPON_CLASSES),
  rangeTable: z.enum(['rifle', 'pistol']),
  clipSizes: z.array(z.number().int().min(1)).min(1),
  clipUnit: z.enum(['rounds', 'bursts']).default('rounds'),
  roundsPerBurst: z.number().int().min(1).optional(),
  /** The table's autofire bonus for a 4-shot burst; absent = the weapon cannot autofire (R-H10). */
  autofireBonus: z.number().int().optional(),
  gyrostab: z.boolean().default(false),
  grenadeLauncher: z.boolean().default(false),
  riflegrenadeTl: z.number().int().optional(),
  autoshotgun: z.boolean().default(false),
  /** ** in the seed: a heavy weapon (R-H4: only a 1-hex shift before firing). */
  heavy: z.boolean().default(false),
  /** *** in the seed: crew-served (R-H4). */
  crewServed: z.boolean().default(false),
  note: z.string().optional(),
  ammo: z.array(ammoSchema).min(1),
});
export type FirearmDef = z.infer<typeof firearmSchema>;

const armorSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  protection: z.number().int().min(0),
  knockback: z.boolean().default(false),
  stMultiplier: z.number().int().min(1).default(1),
});
export type HiTechArmorDef = z.infer<typeof armorSchema>;

const grenadeSchema = z.object({ minTl: z.number().int(), maxTl: z.number().int(), dice: z.number().int().min(1), label: z.string() });
export type GrenadeRow = z.infer<typeof grenadeSchema>;

const talentSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  iq: z.number().int(),
  cost: z.number().int(),
  covers: z.array(z.enum(WEAPON_CLASSES)).optional(),
  expertOf: z.string().optional(),
  dx: z.number().int().optional(),
});
export type HiTechTalentDef = z.infer<typeof talentSchema>;

function parseTable<T>(schema: z.ZodType<T>, raw: unknown, what: string): T {
  const r = schema.safeParse(raw);
  if (!r.success) throw new InputError(r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })), what);
  return r.data;
}

export const firearmsSchema = z.object({ source: z.string().min(1), weapons: z.array(firearmSchema) });
export const FIREARMS: readonly FirearmDef[] = parseTable(firearmsSchema, weaponsJson, 'hitech weapons data').weapons;
export const HITECH_ARMOR: readonly HiTechArmorDef[] = parseTable(
  z.object({ source: z.string().min(1), armor: z.array(armorSchema) }),
  armorJson,
  'hitech armor data',
).armor;
export const GRENADES: readonly GrenadeRow[] = parseTable(
  z.object({ source: z.string().min(1), grenades: z.array(grenadeSchema) }),
  grenadesJson,
  'hitech grenades data',
).grenades;
export const HITECH_TALENTS: readonly HiTechTalentDef[] = parseTable(
  z.object({ source: z.string().min(1), talents: z.array(talentSchema) }),
  talentsJson,
  'hitech talents data',
).talents;

const byId = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));
const firearmById = byId(FIREARMS);
const armorById = byId(HITECH_ARMOR);
const talentById = byId(HITECH_TALENTS);

/** The firearm `id`, or InputError naming `path`. `extra` are a scenario's own weapons. */
export function firearm(id: string, path = 'weapon', extra: readonly FirearmDef[] = []): FirearmDef {
  const w = (extra.length === 0 ? undefined : extra.find((x) => x.id === id)) ?? firearmById.get(id);
  if (!w) throw new InputError([{ path, message: `unknown firearm '${id}' (known: ${[...firearmById.keys()].join(', ')})` }]);
  return w;
}

export function isFirearm(id: string): boolean {
  return firearmById.has(id);
}

/** An ammunition id as the seed's table writes it: HE, HEAP, APDS in capitals; slug, pellets, standard as they are. */
export const ammoName = (id: string): string => (/^(he|heap|ap|apds)$/.test(id) ? id.toUpperCase() : id);

/** The ammunition `ammoId` of weapon `w` (default: its first), or InputError naming `path`. */
export function ammoOf(w: FirearmDef, ammoId: string | undefined, path = 'ammo'): AmmoDef {
  if (ammoId === undefined) return w.ammo[0];
  const a = w.ammo.find((x) => x.id === ammoId);
  if (!a) throw new InputError([{ path, message: `${w.name} has no ammunition '${ammoId}' (it takes ${w.ammo.map((x) => x.id).join(', ')})` }]);
  return a;
}

export function hitechArmor(id: string, path = 'armor'): HiTechArmorDef {
  const a = armorById.get(id);
  if (!a) throw new InputError([{ path, message: `unknown HiTech armor '${id}' (known: ${[...armorById.keys()].join(', ')})` }]);
  return a;
}

export function isHitechArmor(id: string): boolean {
  return armorById.has(id);
}

export function hitechTalent(id: string): HiTechTalentDef | undefined {
  return talentById.get(id);
}

/** Grenade damage dice at tech level `tl` (seed f04d4dae Grenades table). */
export function grenadeDice(tl: number, path = 'tl'): number {
  if (!Number.isInteger(tl)) throw new InputError([{ path, message: `tech level must be a whole number, got ${tl}` }]);
  const row = GRENADES.find((g) => tl >= g.minTl && tl <= g.maxTl);
  if (!row) throw new InputError([{ path, message: `no grenade in the table for TL ${tl} (the table covers TL 12 and below)` }]);
  return row.dice;
}

/** The talent that covers a weapon class (R-H5). */
export function talentForClass(cls: WeaponClass): HiTechTalentDef | undefined {
  return HITECH_TALENTS.find((t) => t.covers?.includes(cls));
}

export function expertOf(talentId: string): HiTechTalentDef | undefined {
  return HITECH_TALENTS.find((t) => t.expertOf === talentId);
}
