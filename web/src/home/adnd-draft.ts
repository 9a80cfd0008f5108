// An AD&D encounter as the editor holds it (text as typed) and the scenario it becomes: each
// figure a character (class and level) or a monster (hit dice), weapons from the weapon table
// (each may be magic, +N), a monster's natural attacks (a bite: name, speed factor, damage), a
// classed character proficient in each unless the GM says not (then the class's
// non-proficiency penalty applies, R-A4), one weapon in hand or two (R-A4), the sides that roll
// for surprise with any roll fixed in advance (R-A3), and the rules options. No map: AD&D fights
// on the segment clock (src/rules/adnd/scenario.ts).
import { enumerationProblem } from '../../../src/core/dice/exact.ts';
import { parseDice } from '../../../src/core/dice/notation.ts';
import { InputError } from '../../../src/core/errors.ts';
import { adndSystem } from '../../../src/rules/adnd/system.ts';
import { parseHd } from '../../../src/rules/adnd/scenario.ts';
import { type Ability, CLASSES, SPELLS, WEAPONS, canBeProficient, parseScore, scoreRangeText } from '../../../src/rules/adnd/tables.ts';
import { NO_WEAPON, Problems, boundsText, checkCommon, figureIds, int, schemaBounds, within } from './draft.ts';
import { type OptionValues, checkOptions, chosenOptions, optionFields } from './options.tsx';
import { defaultWeapon } from './adnd-class-weapons.ts';
import type { TableEntry } from './tables.ts';

export interface AdndFigureDraft {
  name: string;
  side: string;
  kind: 'character' | 'monster';
  cls: string;
  level: string;
  hd: string;
  size: string;
  hp: string;
  maxHp: string;
  ac: string;
  str: string;
  dex: string;
  weapons: string[];
  /** Magic per chosen weapon id: the to-hit plus ("+1", "-1"), and damage's when it differs ('' the same). */
  magic: Record<string, { hit: string; dmg: string }>;
  /** A monster's natural attacks (no table weapon), after its weapons in the scenario. */
  naturals: NaturalDraft[];
  /** The weapon in hand: '' the first one chosen, NO_WEAPON none (a bow drawn later). */
  wield: string;
  /** The second weapon in hand ('' none): two weapons, R-A4. */
  offHand: string;
  /** The Two Weapons skill: the next better row of the dexterity table's two-weapon columns (R-A4). */
  twoWeapons: boolean;
  /** Weapons chosen that this character is not proficient in (proficient is the default). */
  unskilled: string[];
  /** The weapons are the kind's or class's default, untouched: a change of class or kind changes them too (absent: chosen). */
  weaponsByDefault?: boolean;
  spells: string[];
  surpriseChance: string;
}

/** A natural attack as typed: "bite", speed factor 3, "2d4". */
export interface NaturalDraft {
  name: string;
  sf: string;
  damage: string;
}

export interface AdndDraft {
  name: string;
  options: OptionValues;
  /** The sides that roll for surprise (R-A3: one d100 per side). */
  surprise: string[];
  /** A side's surprise roll fixed in advance (1-100); '' or absent: rolled at the table. */
  surpriseRoll: Record<string, string>;
  figures: AdndFigureDraft[];
}

interface JsonProp {
  minimum?: number;
  maximum?: number;
  enum?: string[];
  items?: { properties: Record<string, JsonProp> };
}
const schema = adndSystem.scenarioJsonSchema?.() as { properties: Record<'figures' | 'surprise', { items: { properties: Record<string, JsonProp> } }> };
const figureProps = schema.properties.figures.items.properties;
/** A figure field's bounds as the scenario schema gives them (level 0-40, ac -10..10...). */
const bounds = (k: string) => schemaBounds(figureProps[k]);
/** A natural attack's speed factor (1-20) and a fixed surprise roll (1-100), from the schema. */
const SF = schemaBounds(figureProps.weapons.items?.properties.sf);
const ROLL = schemaBounds(schema.properties.surprise.items.properties.roll);
/** 1e magic weapons run from cursed minuses to +5 (a holy avenger): beyond 5 is taken for a typing slip. */
export const MAGIC_BOUNDS = { min: -5, max: 5 } as const;
/** The natural attacks a monster may have (a hydra's twelve heads). */
export const MAX_NATURALS = 12;

/** The AD&D rules options, from the scenario JSON Schema. */
export const ADND_OPTIONS = optionFields(schema);
export const ADND_CLASSES: TableEntry[] = Object.keys(CLASSES).map((id) => ({ id, name: id }));
/** The weapons a figure may carry: a missile goes with its launcher (the engine refuses it alone). */
export const ADND_WEAPONS: TableEntry[] = Object.values(WEAPONS)
  .filter((w) => w.kind !== 'missile')
  .map((w) => ({ id: w.id, name: w.name, note: w.kind === 'launcher' ? `launcher, ${w.missile ?? 'missiles'}` : `SF ${w.sf}, ${w.damage.sm}/${w.damage.l}` }));
export const ADND_SPELLS: TableEntry[] = Object.values(SPELLS).map((s) => ({ id: s.id, name: s.name }));
export const ADND_SIZES: string[] = figureProps.size?.enum ?? ['S', 'M', 'L'];

export const blankAdndFigure = (i: number): AdndFigureDraft => ({
  name: i === 0 ? 'Gorm' : `Orc ${i}`,
  side: i === 0 ? 'party' : 'monsters',
  kind: i === 0 ? 'character' : 'monster',
  cls: 'fighter',
  level: '3',
  hd: '1',
  size: 'M',
  hp: i === 0 ? '24' : '6',
  maxHp: '',
  ac: i === 0 ? '4' : '6',
  str: i === 0 ? '16' : '',
  dex: i === 0 ? '12' : '',
  weapons: [defaultWeapon(i === 0 ? 'character' : 'monster', 'fighter')],
  weaponsByDefault: true,
  magic: {},
  naturals: [],
  wield: '',
  offHand: '',
  twoWeapons: false,
  unskilled: [],
  spells: [],
  surpriseChance: '',
});

export const blankAdnd = (): AdndDraft => ({ name: 'Ambush at the ford', options: {}, surprise: [], surpriseRoll: {}, figures: [blankAdndFigure(0), blankAdndFigure(1)] });

export const blankNatural = (): NaturalDraft => ({ name: '', sf: '', damage: '' });

/**
 * The fields a weapon entry (scenario figures[i].weapons[j]) shows a message at: a table
 * weapon's magic, a natural attack's name, speed factor and damage. The scenario lists the
 * table weapons and then the natural attacks, so j runs to their most.
 */
const WEAPON_FIELDS = Array.from({ length: ADND_WEAPONS.length + MAX_NATURALS }, (_, j) => [`weapons.${j}`, `weapons.${j}.magic`, `weapons.${j}.name`, `weapons.${j}.sf`, `weapons.${j}.damage`]).flat();

/** The fields an AD&D figure shows a message at (a server issue goes to the nearest, tables.ts). */
export const ADND_FIGURE_FIELDS: readonly string[] = ['name', 'side', 'class', 'level', 'hd', 'size', 'hp', 'maxHp', 'ac', 'str', 'dex', 'weapons', ...WEAPON_FIELDS, 'wield', 'wield.1', 'twoWeapons', 'proficiencies', 'spells', 'surpriseChance'];

/** The weapon in the main hand: the one chosen, else the first weapon; null for none. */
export function mainHand(f: AdndFigureDraft): string | null {
  if (f.wield === NO_WEAPON) return null;
  return f.weapons.includes(f.wield) ? f.wield : (f.weapons[0] ?? null);
}

/** The weapon in the off hand (two weapons, R-A4), when both hands hold a chosen weapon. */
export const offHand = (f: AdndFigureDraft): string | null => (mainHand(f) !== null && f.weapons.includes(f.offHand) ? f.offHand : null);

/** The natural attacks the scenario gets: a monster's (a class fights with weapons, R-A4). */
export const naturalsOf = (f: AdndFigureDraft): NaturalDraft[] => (f.kind === 'monster' ? f.naturals : []);

/** The sides that roll for surprise, in the scenario's order (those with a figure on them). */
export function surpriseSides(d: AdndDraft): string[] {
  const sides = new Set(d.figures.map((f) => f.side.trim()));
  return d.surprise.filter((s) => sides.has(s));
}

/** A plus as typed ("+2", "-1", "2") as a number; '' is 0; NaN when not a whole number. */
const plus = (s: string): number => (s.trim() === '' ? 0 : int(s.trim().replace(/^\+/, '')));

/** A weapon's magic as the scenario takes it: N (+N to hit and damage), { hit, dmg }, or none. */
function magicOf(m: { hit: string; dmg: string } | undefined): number | { hit: number; dmg: number } | undefined {
  if (!m) return undefined;
  const hit = plus(m.hit);
  const dmg = m.dmg.trim() === '' ? hit : plus(m.dmg);
  if (hit === dmg) return hit === 0 ? undefined : hit;
  return { hit, dmg };
}

/** Why `text` is not damage dice the engine takes ("2d4", "1d6+4", a range "2-7"), or null. */
function diceProblem(text: string): string | null {
  try {
    return enumerationProblem(parseDice(text), text);
  } catch (e) {
    if (e instanceof InputError) return `not dice like 2d4, 1d6+1 or 2-7: ${e.issues[0].message}`;
    throw e;
  }
}

const ABILITY_NAME: Record<Ability, string> = { str: 'strength', dex: 'dexterity' };

function checkInt(text: string, key: string, path: string, out: Problems, optional = false): number | undefined {
  if (optional && text.trim() === '') return undefined;
  const v = int(text);
  const b = bounds(key);
  if (!within(v, b.min, b.max)) {
    out.add(path, boundsText(b.min, b.max));
    return undefined;
  }
  return v;
}

/** Checks a draft before sending it; keys are field paths ("figures.0.hp"). Pure. */
export function checkAdndDraft(d: AdndDraft): Problems {
  const out = new Problems();
  checkCommon(d.name, d.figures, out);
  checkOptions(ADND_OPTIONS, d.options, out);
  surpriseSides(d).forEach((side, i) => {
    const roll = d.surpriseRoll[side]?.trim() ?? '';
    if (roll !== '' && !within(int(roll), ROLL.min, ROLL.max)) out.add(`surprise.${i}.roll`, `${boundsText(ROLL.min, ROLL.max)} (d100), or empty to roll at the table`);
  });
  d.figures.forEach((f, i) => {
    const p = `figures.${i}`;
    if (f.kind === 'character') checkInt(f.level, 'level', `${p}.level`, out);
    else if (parseHd(f.hd) === null) out.add(`${p}.hd`, `'${f.hd}' is not hit dice like 4, 1-1 or 6+3`);
    const hp = checkInt(f.hp, 'hp', `${p}.hp`, out);
    const maxHp = checkInt(f.maxHp, 'maxHp', `${p}.maxHp`, out, true);
    if (hp !== undefined && maxHp !== undefined && hp > maxHp) out.add(`${p}.hp`, `${hp} is more than maxHp ${maxHp}: raise maxHp or leave it empty (it is then hp)`);
    checkInt(f.ac, 'ac', `${p}.ac`, out);
    for (const a of ['str', 'dex'] as const) {
      if (f[a].trim() !== '' && parseScore(f[a], a) === null) out.add(`${p}.${a}`, `not a ${ABILITY_NAME[a]} score the table covers: ${scoreRangeText(a)}`);
    }
    const naturals = naturalsOf(f);
    if (f.weapons.length === 0 && naturals.length === 0) out.add(`${p}.weapons`, f.kind === 'monster' ? 'choose a weapon or add a natural attack' : 'choose at least one weapon');
    f.weapons.forEach((w, j) => {
      const m = f.magic[w];
      if (!m) return;
      for (const [k, path] of [
        ['hit', `${p}.weapons.${j}.magic`],
        ['dmg', `${p}.weapons.${j}.magic.dmg`],
      ] as const) {
        if (!within(plus(m[k]), MAGIC_BOUNDS.min, MAGIC_BOUNDS.max)) out.add(path, `a plus from ${MAGIC_BOUNDS.min} to +${MAGIC_BOUNDS.max}, like +1`);
      }
    });
    naturals.forEach((n, k) => {
      const q = `${p}.weapons.${f.weapons.length + k}`;
      if (!n.name.trim()) out.add(`${q}.name`, 'required: what it attacks with (bite, claw)');
      if (n.sf.trim() === '') out.add(`${q}.sf`, 'required: its speed factor');
      else if (!within(int(n.sf), SF.min, SF.max)) out.add(`${q}.sf`, boundsText(SF.min, SF.max));
      const why = n.damage.trim() === '' ? 'required: its damage, like 2d4' : diceProblem(n.damage.trim());
      if (why) out.add(`${q}.damage`, why);
    });
    if (f.weapons.includes(f.offHand)) {
      if (mainHand(f) === null) out.add(`${p}.wield.1`, 'put a weapon in the main hand first');
      else if (f.offHand === mainHand(f)) out.add(`${p}.wield.1`, 'the same weapon as the main hand: choose another or none');
    }
    checkInt(f.surpriseChance, 'surpriseChance', `${p}.surpriseChance`, out, true);
  });
  return out;
}

/** Notes that are not errors: a character not proficient in a weapon it carries (the class cannot be, or the GM says not), and what it costs. */
export function adndNotes(d: AdndDraft): Map<string, string[]> {
  const out = new Map<string, string[]>();
  d.figures.forEach((f, i) => {
    const cls = CLASSES[f.cls as keyof typeof CLASSES];
    if (f.kind !== 'character' || !cls) return;
    const notes = f.weapons
      .filter((w) => !proficient(f, w))
      .map((w) =>
        canBeProficient(f.cls, w)
          ? `not proficient with ${WEAPONS[w]?.name ?? w}: ${cls.nonProficiency} to hit (${f.cls}, R-A4)`
          : `a ${f.cls} cannot be proficient with ${WEAPONS[w]?.name ?? w}: ${cls.nonProficiency} to hit (R-A4)`,
      );
    if (notes.length > 0) out.set(`figures.${i}.proficiencies`, notes);
  });
  return out;
}

/** Whether a character counts as proficient with weapon `w`: its class may be, and the GM did not untick it. */
export const proficient = (f: AdndFigureDraft, w: string): boolean => canBeProficient(f.cls, w) && !f.unskilled.includes(w);

/**
 * The change a new kind or class makes: weapons still the old default (never touched) follow to
 * the new one, a magic-user's dagger where a monster's spear was; weapons the user chose stay
 * (a class that cannot be proficient with one is told so, adndNotes).
 */
export function kindOrClass(f: AdndFigureDraft, change: { kind?: AdndFigureDraft['kind']; cls?: string }): Partial<AdndFigureDraft> {
  const kind = change.kind ?? f.kind;
  const cls = change.cls ?? f.cls;
  if (!f.weaponsByDefault) return change;
  return { ...change, weapons: [defaultWeapon(kind, cls)], magic: {}, wield: '', offHand: '', unskilled: [] };
}

/** A score as the scenario takes it: 17 as a number, "18/50" as text. */
const score = (s: string): number | string => (/^\d+$/.test(s.trim()) ? Number(s) : s.trim());

/** The scenario object for a draft (system adnd); options only where they differ from the default. */
export function adndDraftToScenario(d: AdndDraft): Record<string, unknown> {
  const ids = figureIds(d.figures.map((f) => f.name));
  const options = chosenOptions(ADND_OPTIONS, d.options);
  const surprise = surpriseSides(d).map((side) => {
    const roll = d.surpriseRoll[side]?.trim() ?? '';
    return roll === '' ? { side } : { side, roll: int(roll) };
  });
  return {
    system: 'adnd',
    name: d.name.trim(),
    ...(Object.keys(options).length > 0 ? { options } : {}),
    ...(surprise.length > 0 ? { surprise } : {}),
    figures: d.figures.map((f, i) => {
      const character = f.kind === 'character';
      const fig: Record<string, unknown> = { id: ids[i], name: f.name.trim(), side: f.side.trim() };
      if (character) Object.assign(fig, { class: f.cls, level: int(f.level) });
      else fig.hd = score(f.hd);
      if (f.size && f.size !== 'M') fig.size = f.size;
      fig.hp = int(f.hp);
      if (f.maxHp.trim() !== '') fig.maxHp = int(f.maxHp);
      fig.ac = int(f.ac);
      if (f.str.trim() !== '') fig.str = score(f.str);
      if (f.dex.trim() !== '') fig.dex = score(f.dex);
      // Monsters have no proficiencies (the penalty is a class's, R-A4).
      const skilled = f.weapons.filter((w) => proficient(f, w));
      if (character && skilled.length > 0) fig.proficiencies = Object.fromEntries(skilled.map((w) => [w, 1]));
      const naturals = naturalsOf(f);
      // A natural attack needs an id (the engine's attack names it): one from its name, unique
      // among the figure's weapons.
      const naturalIds = figureIds([...f.weapons, ...naturals.map((n) => n.name)]).slice(f.weapons.length);
      fig.weapons = [
        ...f.weapons.map((weapon) => {
          const magic = magicOf(f.magic[weapon]);
          return magic === undefined ? { weapon } : { weapon, magic };
        }),
        ...naturals.map((n, k) => ({ id: naturalIds[k], name: n.name.trim(), sf: int(n.sf), damage: n.damage.trim() })),
      ];
      const main = mainHand(f);
      const off = offHand(f);
      if (off !== null) {
        fig.wield = [main, off];
        if (f.twoWeapons) fig.twoWeapons = true;
      } else if (main === null) fig.wield = [];
      else if (main !== f.weapons[0]) fig.wield = [main];
      if (character && f.spells.length > 0) fig.spells = Object.fromEntries(f.spells.map((s) => [s, 1]));
      if (f.surpriseChance.trim() !== '') fig.surpriseChance = int(f.surpriseChance);
      return fig;
    }),
  };
}
