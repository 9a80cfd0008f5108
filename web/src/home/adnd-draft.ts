// An AD&D encounter as the editor holds it (text as typed) and the scenario it becomes: each
// figure a character (class and level) or a monster (hit dice), weapons from the weapon table,
// a classed character proficient in each unless the GM says not (then the class's
// non-proficiency penalty applies, R-A4), the sides that roll for surprise (R-A3), and the rules
// options. No map: AD&D fights on the segment clock (src/rules/adnd/scenario.ts).
import { adndSystem } from '../../../src/rules/adnd/system.ts';
import { parseHd } from '../../../src/rules/adnd/scenario.ts';
import { type Ability, CLASSES, SPELLS, WEAPONS, parseScore, scoreRangeText } from '../../../src/rules/adnd/tables.ts';
import { Problems, boundsText, schemaBounds, checkCommon, figureIds, int, within } from './draft.ts';
import { type OptionValues, checkOptions, chosenOptions, optionFields } from './options.tsx';
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
  /** The weapon in hand: '' the first one chosen, NO_WEAPON none (a bow drawn later). */
  wield: string;
  /** Weapons chosen that this character is not proficient in (proficient is the default). */
  unskilled: string[];
  spells: string[];
  surpriseChance: string;
}

export interface AdndDraft {
  name: string;
  options: OptionValues;
  /** The sides that roll for surprise (R-A3: one d100 per side). */
  surprise: string[];
  figures: AdndFigureDraft[];
}

export const NO_WEAPON = '-';

const schema = adndSystem.scenarioJsonSchema?.() as { properties: { figures: { items: { properties: Record<string, { minimum?: number; maximum?: number; enum?: string[] }> } } } };
const figureProps = schema.properties.figures.items.properties;
/** A figure field's bounds as the scenario schema gives them (level 0-40, ac -10..10...). */
const bounds = (k: string) => schemaBounds(figureProps[k]);

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
  weapons: [i === 0 ? 'longsword' : 'spear'],
  wield: '',
  unskilled: [],
  spells: [],
  surpriseChance: '',
});

export const blankAdnd = (): AdndDraft => ({ name: 'Ambush at the ford', options: {}, surprise: [], figures: [blankAdndFigure(0), blankAdndFigure(1)] });

/** The fields an AD&D figure shows a message at (a server issue goes to the nearest, tables.ts). */
export const ADND_FIGURE_FIELDS = ['name', 'side', 'class', 'level', 'hd', 'size', 'hp', 'maxHp', 'ac', 'str', 'dex', 'weapons', 'wield', 'proficiencies', 'spells', 'surpriseChance'] as const;

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
    if (f.weapons.length === 0) out.add(`${p}.weapons`, 'choose at least one weapon');
    checkInt(f.surpriseChance, 'surpriseChance', `${p}.surpriseChance`, out, true);
  });
  return out;
}

/** Notes that are not errors: a character not proficient in a weapon it carries, and what it costs. */
export function adndNotes(d: AdndDraft): Map<string, string[]> {
  const out = new Map<string, string[]>();
  d.figures.forEach((f, i) => {
    const cls = CLASSES[f.cls as keyof typeof CLASSES];
    if (f.kind !== 'character' || !cls) return;
    const notes = f.weapons.filter((w) => f.unskilled.includes(w)).map((w) => `not proficient with ${WEAPONS[w]?.name ?? w}: ${cls.nonProficiency} to hit (${f.cls}, R-A4)`);
    if (notes.length > 0) out.set(`figures.${i}.proficiencies`, notes);
  });
  return out;
}

/** A score as the scenario takes it: 17 as a number, "18/50" as text. */
const score = (s: string): number | string => (/^\d+$/.test(s.trim()) ? Number(s) : s.trim());

/** The scenario object for a draft (system adnd); options only where they differ from the default. */
export function adndDraftToScenario(d: AdndDraft): Record<string, unknown> {
  const ids = figureIds(d.figures.map((f) => f.name));
  const options = chosenOptions(ADND_OPTIONS, d.options);
  const sides = new Set(d.figures.map((f) => f.side.trim()));
  const surprise = d.surprise.filter((s) => sides.has(s));
  return {
    system: 'adnd',
    name: d.name.trim(),
    ...(Object.keys(options).length > 0 ? { options } : {}),
    ...(surprise.length > 0 ? { surprise: surprise.map((side) => ({ side })) } : {}),
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
      const skilled = f.weapons.filter((w) => !f.unskilled.includes(w));
      if (character && skilled.length > 0) fig.proficiencies = Object.fromEntries(skilled.map((w) => [w, 1]));
      fig.weapons = f.weapons.map((weapon) => ({ weapon }));
      if (f.wield === NO_WEAPON) fig.wield = [];
      else if (f.wield !== '' && f.wield !== f.weapons[0] && f.weapons.includes(f.wield)) fig.wield = [f.wield];
      if (character && f.spells.length > 0) fig.spells = Object.fromEntries(f.spells.map((s) => [s, 1]));
      if (f.surpriseChance.trim() !== '') fig.surpriseChance = int(f.surpriseChance);
      return fig;
    }),
  };
}
