import { describe, expect, it } from 'vitest';
import { systems } from '../../../src/rules/index.ts';
import { type AdndDraft, type AdndFigureDraft, NO_WEAPON, adndDraftToScenario, adndNotes, blankAdnd, checkAdndDraft } from './adnd-draft.ts';

const fighter = (over: Partial<AdndFigureDraft> = {}): AdndFigureDraft => ({
  name: 'Gorm',
  side: 'party',
  kind: 'character',
  cls: 'fighter',
  level: '3',
  hd: '',
  size: 'M',
  hp: '24',
  maxHp: '',
  ac: '4',
  str: '18/50',
  dex: '12',
  weapons: ['longsword', 'longbow'],
  wield: '',
  unskilled: [],
  spells: [],
  surpriseChance: '',
  ...over,
});
const ogre = (over: Partial<AdndFigureDraft> = {}): AdndFigureDraft =>
  fighter({ name: 'Ogre', side: 'monsters', kind: 'monster', cls: 'fighter', level: '3', hd: '4+1', size: 'L', hp: '27', ac: '5', str: '', dex: '', weapons: ['club'], ...over });
const draft = (over: Partial<AdndDraft> = {}): AdndDraft => ({ name: 'Ogre at the ford', options: {}, surprise: [], figures: [fighter(), ogre()], ...over });

type Fig = { id: string; cls: string | null; level: number; hd: number; monster: boolean; size: string; hp: number; maxHp: number; str: { score: number; pct: number }; proficiencies: Record<string, number>; hands: string[]; spells: { spell: string }[]; surpriseChance: number };
const setup = (s: unknown) => systems.adnd.setup(s) as { options: Record<string, unknown>; figures: Fig[]; surprise: { side: string }[] };

describe('the AD&D draft', () => {
  it('builds a fighter and an ogre the engine sets up: class and level, hit dice and size, proficient in each weapon, the first in hand', () => {
    const s = adndDraftToScenario(draft({ options: { deathAt: -10, naturalRolls: true } }));
    expect(s).toEqual({
      system: 'adnd',
      name: 'Ogre at the ford',
      options: { deathAt: -10 },
      figures: [
        { id: 'gorm', name: 'Gorm', side: 'party', class: 'fighter', level: 3, hp: 24, ac: 4, str: '18/50', dex: 12, proficiencies: { longsword: 1, longbow: 1 }, weapons: [{ weapon: 'longsword' }, { weapon: 'longbow' }] },
        { id: 'ogre', name: 'Ogre', side: 'monsters', hd: '4+1', size: 'L', hp: 27, ac: 5, weapons: [{ weapon: 'club' }] },
      ],
    });
    const st = setup(s);
    expect(st.options.deathAt).toBe(-10);
    const [gorm, og] = st.figures;
    expect([gorm.cls, gorm.level, gorm.monster, gorm.str, gorm.hands]).toEqual(['fighter', 3, false, { score: 18, pct: 50 }, ['longsword']]);
    expect([og.cls, og.monster, og.hd, og.size, og.hp, og.hands]).toEqual([null, true, 4.5, 'L', 27, ['club']]);
  });

  it('leaves out a proficiency the GM unticked (the class penalty then applies, shown as a note, not an error), and sets the weapon in hand, spells, surprise', () => {
    const d = draft({
      surprise: ['party', 'gone'],
      figures: [
        fighter({ unskilled: ['longbow'], wield: 'longbow', maxHp: '30', surpriseChance: '17' }),
        fighter({ name: 'Zara', side: 'monsters', cls: 'magic-user', weapons: ['dagger', 'sling'], unskilled: ['sling'], wield: NO_WEAPON, spells: ['magic-missile'], str: '', dex: '15' }),
      ],
    });
    expect(checkAdndDraft(d).size).toBe(0);
    expect(adndNotes(d).get('figures.0.proficiencies')).toEqual(['not proficient with long bow: -2 to hit (fighter, R-A4)']);
    expect(adndNotes(d).get('figures.1.proficiencies')).toEqual(['not proficient with sling: -5 to hit (magic-user, R-A4)']);
    const s = adndDraftToScenario(d);
    const st = setup(s);
    expect(st.surprise.map((x) => x.side)).toEqual(['party']);
    const [gorm, zara] = st.figures;
    expect([gorm.proficiencies, gorm.hands, gorm.hp, gorm.maxHp, gorm.surpriseChance]).toEqual([{ longsword: 1 }, ['longbow'], 24, 30, 17]);
    expect([zara.proficiencies, zara.hands, zara.spells.map((x) => x.spell)]).toEqual([{ dagger: 1 }, [], ['magic-missile']]);
  });

  it("the editor's first AD&D draft is an encounter the engine sets up", () => {
    expect(checkAdndDraft(blankAdnd()).size).toBe(0);
    expect(setup(adndDraftToScenario(blankAdnd())).figures).toHaveLength(2);
  });

  it('names each problem at its field: hp above maxHp, a level or armour class out of the schema bounds, hit dice, scores, no weapon', () => {
    const errs = checkAdndDraft(
      draft({
        name: ' ',
        options: { maxRounds: '0' },
        figures: [fighter({ level: '41', hp: '30', maxHp: '25', ac: '11', str: '19', dex: 'x', weapons: [] }), ogre({ hd: 'lots', hp: '0', surpriseChance: '101' })],
      }),
    );
    expect(Object.fromEntries(errs)).toEqual({
      name: ['give the encounter a name'],
      'options.maxRounds': ['a whole number from 1 to 1000'],
      'figures.0.level': ['a whole number from 0 to 40'],
      'figures.0.hp': ['30 is more than maxHp 25: raise maxHp or leave it empty (it is then hp)'],
      'figures.0.ac': ['a whole number from -10 to 10'],
      'figures.0.str': ['not a strength score the table covers: 3-18 or 18/01..18/00'],
      'figures.0.dex': ['not a dexterity score the table covers: 3-25 or 18/01..18/00'],
      'figures.0.weapons': ['choose at least one weapon'],
      'figures.1.hd': ["'lots' is not hit dice like 4, 1-1 or 6+3"],
      'figures.1.hp': ['a whole number of 1 or more'],
      'figures.1.surpriseChance': ['a whole number from 0 to 100'],
    });
    // The engine agrees about hp above maxHp, at the same field.
    expect(() => setup(adndDraftToScenario(draft({ figures: [fighter({ hp: '30', maxHp: '25' }), ogre()] })))).toThrow(/maxHp 25/);
  });
});
