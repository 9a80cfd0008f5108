import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/core/errors.ts';
import { systems } from '../../../src/rules/index.ts';
import { ADND_FIGURE_FIELDS, type AdndDraft, type AdndFigureDraft, adndDraftToScenario, adndNotes, blankAdnd, blankAdndFigure, checkAdndDraft, kindOrClass } from './adnd-draft.ts';
import { NO_WEAPON } from './draft.ts';
import { issuesByField } from './tables.ts';

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
  magic: {},
  naturals: [],
  wield: '',
  offHand: '',
  twoWeapons: false,
  unskilled: [],
  spells: [],
  surpriseChance: '',
  ...over,
});
const ogre = (over: Partial<AdndFigureDraft> = {}): AdndFigureDraft =>
  fighter({ name: 'Ogre', side: 'monsters', kind: 'monster', cls: 'fighter', level: '3', hd: '4+1', size: 'L', hp: '27', ac: '5', str: '', dex: '', weapons: ['club'], ...over });
const draft = (over: Partial<AdndDraft> = {}): AdndDraft => ({ name: 'Ogre at the ford', options: {}, surprise: [], surpriseRoll: {}, figures: [fighter(), ogre()], ...over });
const wolf = (over: Partial<AdndFigureDraft> = {}): AdndFigureDraft => ogre({ name: 'Wolf', hd: '2+2', size: 'S', hp: '11', ac: '7', weapons: [], naturals: [{ name: 'bite', sf: '3', damage: '2d4' }], ...over });

type Weapon = { id: string; weapon: string | null; name: string; kind: string; sf: number; damage: { sm: string; l: string }; magicHit: number; magicDmg: number; ready: boolean };
type Fig = { id: string; cls: string | null; level: number; hd: number; monster: boolean; size: string; hp: number; maxHp: number; str: { score: number; pct: number }; proficiencies: Record<string, number>; weapons: Weapon[]; hands: string[]; twoWeaponsSkill: boolean; spells: { spell: string }[]; surpriseChance: number };
const setup = (s: unknown) => systems.adnd.setup(s) as { options: Record<string, unknown>; figures: Fig[]; surprise: { side: string; roll: number | null }[] };

/** The engine's issues for a scenario, by the editor's field (what the server's 400 shows). */
function engineIssuesByField(d: AdndDraft): Map<string, string[]> {
  try {
    setup(adndDraftToScenario(d));
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const keys = new Set(d.figures.flatMap((_f, i) => ADND_FIGURE_FIELDS.map((k) => `figures.${i}.${k}`)));
    return issuesByField(e.issues, keys);
  }
  return new Map();
}

describe('a change of kind or class in the AD&D editor', () => {
  /** The figure after the user's changes, each applied as the editor's selects apply it. */
  const change = (f: AdndFigureDraft, ...steps: { kind?: AdndFigureDraft['kind']; cls?: string }[]): AdndFigureDraft => {
    let g = f;
    for (const c of steps) g = { ...g, ...kindOrClass(g, c) };
    return g;
  };

  it("a new monster's spear, never touched, follows the class: a magic-user takes a dagger and is proficient with it (1e PHB, R-A4)", () => {
    const mage = change(blankAdndFigure(1), { kind: 'character' }, { cls: 'magic-user' });
    expect(mage.weapons).toEqual(['dagger']);
    const d = draft({ figures: [fighter(), mage] });
    expect((adndDraftToScenario(d).figures as { proficiencies?: unknown }[])[1].proficiencies).toEqual({ dagger: 1 });
    expect(adndNotes(d).size).toBe(0);
    expect(setup(adndDraftToScenario(d)).figures[1].weapons.map((w) => w.weapon)).toEqual(['dagger']);
  });

  it('a weapon the user chose stays; where the class cannot be proficient with it the scenario gives no proficiency and the note says so, with the penalty', () => {
    const chosen = { ...blankAdndFigure(1), weapons: ['spear'], weaponsByDefault: false };
    const mage = change(chosen, { kind: 'character' }, { cls: 'magic-user' });
    expect(mage.weapons).toEqual(['spear']);
    const d = draft({ figures: [fighter(), mage] });
    expect((adndDraftToScenario(d).figures as { proficiencies?: unknown }[])[1].proficiencies).toBeUndefined();
    expect(adndNotes(d).get('figures.1.proficiencies')).toEqual(['a magic-user cannot be proficient with spear: -5 to hit (R-A4)']);
    // Back to a fighter: proficient again, no note.
    expect(adndNotes(draft({ figures: [fighter(), change(mage, { cls: 'fighter' })] })).size).toBe(0);
  });
});

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
        fighter({ name: 'Zara', side: 'monsters', cls: 'magic-user', weapons: ['dagger', 'dart'], unskilled: ['dart'], wield: NO_WEAPON, spells: ['magic-missile'], str: '', dex: '15' }),
      ],
    });
    expect(checkAdndDraft(d).size).toBe(0);
    expect(adndNotes(d).get('figures.0.proficiencies')).toEqual(['not proficient with long bow: -2 to hit (fighter, R-A4)']);
    expect(adndNotes(d).get('figures.1.proficiencies')).toEqual(['not proficient with dart: -5 to hit (magic-user, R-A4)']);
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

  it("builds a wolf's natural attacks (an id from each name, unique among its weapons) that the engine sets up ready, none in hand", () => {
    const d = draft({
      figures: [fighter(), wolf(), wolf({ name: 'Bear', weapons: ['club'], naturals: [{ name: 'claw', sf: '4', damage: '1-3' }, { name: 'claw', sf: '4', damage: '1-3' }, { name: ' club ', sf: '5', damage: '2d6' }] })],
    });
    expect(checkAdndDraft(d).size).toBe(0);
    const s = adndDraftToScenario(d) as { figures: { weapons: unknown[]; wield?: unknown }[] };
    expect(s.figures[1].weapons).toEqual([{ id: 'bite', name: 'bite', sf: 3, damage: '2d4' }]);
    expect(s.figures[2].weapons).toEqual([
      { weapon: 'club' },
      { id: 'claw', name: 'claw', sf: 4, damage: '1-3' },
      { id: 'claw-3', name: 'claw', sf: 4, damage: '1-3' },
      { id: 'club-4', name: 'club', sf: 5, damage: '2d6' },
    ]);
    const [, w, bear] = setup(s).figures;
    expect(w.weapons.map((x) => [x.id, x.kind, x.sf, x.damage.sm, x.ready])).toEqual([['bite', 'natural', 3, '2d4', true]]);
    expect(w.hands).toEqual([]);
    expect(bear.weapons.map((x) => x.id)).toEqual(['club', 'claw', 'claw-3', 'club-4']);
    expect(bear.hands).toEqual(['club']);
    // A character fights with weapons: natural attacks typed before a switch to a class are not sent.
    const hero = adndDraftToScenario(draft({ figures: [fighter({ naturals: [{ name: 'bite', sf: '3', damage: '2d4' }] }), ogre()] })) as { figures: { weapons: unknown[] }[] };
    expect(hero.figures[0].weapons).toEqual([{ weapon: 'longsword' }, { weapon: 'longbow' }]);
  });

  it('builds magic weapons: +N to hit and damage, or separate pluses, which the engine adds', () => {
    const d = draft({ figures: [fighter({ magic: { longsword: { hit: '+1', dmg: '' }, longbow: { hit: '2', dmg: '+3' } } }), ogre({ magic: { club: { hit: '-1', dmg: '-1' } } })] });
    expect(checkAdndDraft(d).size).toBe(0);
    const s = adndDraftToScenario(d) as { figures: { weapons: unknown[] }[] };
    expect(s.figures[0].weapons).toEqual([
      { weapon: 'longsword', magic: 1 },
      { weapon: 'longbow', magic: { hit: 2, dmg: 3 } },
    ]);
    expect(s.figures[1].weapons).toEqual([{ weapon: 'club', magic: -1 }]);
    const [gorm, og] = setup(s).figures;
    expect(gorm.weapons.map((w) => [w.id, w.magicHit, w.magicDmg])).toEqual([
      ['longsword', 1, 1],
      ['longbow', 2, 3],
    ]);
    expect([og.weapons[0].magicHit, og.weapons[0].magicDmg]).toEqual([-1, -1]);
    // An empty or +0 plus is no magic.
    const plain = adndDraftToScenario(draft({ figures: [fighter({ magic: { longsword: { hit: '+0', dmg: '' } } }), ogre()] })) as { figures: { weapons: unknown[] }[] };
    expect(plain.figures[0].weapons).toEqual([{ weapon: 'longsword' }, { weapon: 'longbow' }]);
  });

  it('builds a fighter with two weapons in hand, with the Two Weapons skill, which the engine sets up (R-A4)', () => {
    const d = draft({ figures: [fighter({ weapons: ['longsword', 'dagger'], dex: '17', offHand: 'dagger', twoWeapons: true }), ogre()] });
    expect(checkAdndDraft(d).size).toBe(0);
    const s = adndDraftToScenario(d) as { figures: Record<string, unknown>[] };
    expect([s.figures[0].wield, s.figures[0].twoWeapons]).toEqual([['longsword', 'dagger'], true]);
    const [gorm] = setup(s).figures;
    expect([gorm.hands, gorm.twoWeaponsSkill]).toEqual([['longsword', 'dagger'], true]);
    // Without the skill, two weapons still; the main hand chosen; an off hand no longer carried is none.
    const plain = adndDraftToScenario(draft({ figures: [fighter({ weapons: ['longsword', 'dagger'], wield: 'dagger', offHand: 'longsword' }), ogre()] })) as { figures: Record<string, unknown>[] };
    expect([plain.figures[0].wield, plain.figures[0].twoWeapons]).toEqual([['dagger', 'longsword'], undefined]);
    const gone = adndDraftToScenario(draft({ figures: [fighter({ weapons: ['longsword'], offHand: 'dagger', twoWeapons: true }), ogre()] })) as { figures: Record<string, unknown>[] };
    expect([gone.figures[0].wield, gone.figures[0].twoWeapons]).toEqual([undefined, undefined]);
    expect(setup(gone).figures[0].hands).toEqual(['longsword']);
  });

  it('builds a fixed surprise roll for a side, the others rolled at the table (R-A3)', () => {
    const d = draft({ surprise: ['party', 'monsters'], surpriseRoll: { party: ' 25 ', monsters: '' } });
    expect(checkAdndDraft(d).size).toBe(0);
    const s = adndDraftToScenario(d);
    expect(s.surprise).toEqual([{ side: 'party', roll: 25 }, { side: 'monsters' }]);
    expect(setup(s).surprise).toEqual([
      { side: 'party', roll: 25 },
      { side: 'monsters', roll: null },
    ]);
  });

  it('names each problem of a natural attack, a magic plus, the off hand and a surprise roll at its field', () => {
    const errs = checkAdndDraft(
      draft({
        surprise: ['gone', 'party', 'monsters'],
        surpriseRoll: { party: '0', monsters: 'x', gone: '500' },
        figures: [
          fighter({ weapons: ['longsword', 'dagger'], magic: { longsword: { hit: '+6', dmg: '' }, dagger: { hit: '1', dmg: '+x' } }, offHand: 'longsword' }),
          wolf({ weapons: ['club'], magic: { spear: { hit: '+9', dmg: '' } }, naturals: [{ name: ' ', sf: '', damage: '' }, { name: 'bite', sf: '21', damage: '2 dogs' }, { name: 'claw', sf: '3', damage: '100d1000' }] }),
          fighter({ name: 'Zara', wield: NO_WEAPON, weapons: ['dagger', 'sling'], offHand: 'sling' }),
          wolf({ name: 'Cub', naturals: [] }),
        ],
      }),
    );
    expect(Object.fromEntries(errs)).toEqual({
      'surprise.0.roll': ['a whole number from 1 to 100 (d100), or empty to roll at the table'],
      'surprise.1.roll': ['a whole number from 1 to 100 (d100), or empty to roll at the table'],
      'figures.0.weapons.0.magic': ['a plus from -5 to +5, like +1'],
      'figures.0.weapons.1.magic.dmg': ['a plus from -5 to +5, like +1'],
      'figures.0.wield.1': ['the same weapon as the main hand: choose another or none'],
      'figures.1.weapons.1.name': ['required: what it attacks with (bite, claw)'],
      'figures.1.weapons.1.sf': ['required: its speed factor'],
      'figures.1.weapons.1.damage': ['required: its damage, like 2d4'],
      'figures.1.weapons.2.sf': ['a whole number from 1 to 20'],
      'figures.1.weapons.2.damage': [expect.stringMatching(/^not dice like 2d4, 1d6\+1 or 2-7: .* in '2 dogs'$/)],
      'figures.1.weapons.3.damage': [expect.stringMatching(/^'100d1000' is too large to enumerate exactly/)],
      'figures.2.wield.1': ['put a weapon in the main hand first'],
      'figures.3.weapons': ['choose a weapon or add a natural attack'],
    });
  });

  it("puts the engine's issues at the new fields: two weapons in hand at the figure's wield, a weapon entry's column at that column", () => {
    // What the editor's own checks let through and the engine refuses (two bites get two ids: no issue).
    const byField = engineIssuesByField(
      draft({
        figures: [
          fighter({ weapons: ['two-handed-sword', 'dagger'], offHand: 'dagger' }),
          wolf({ naturals: [{ name: 'bite', sf: '3', damage: '2d4' }, { name: 'bite', sf: '3', damage: '2d4' }] }),
          fighter({ name: 'Pip', dex: '8', weapons: ['short-sword', 'dagger'], offHand: 'dagger' }),
        ],
      }),
    );
    expect(Object.fromEntries(byField)).toEqual({
      'figures.0.wield': ['more than two hands of weapons'],
      'figures.2.wield': ['dexterity 8-9 does not allow two weapons (R-A4)'],
    });
    // A scenario's issue at a weapon entry's column (the server's path) lands on that column's field.
    const keys = new Set(ADND_FIGURE_FIELDS.map((k) => `figures.1.${k}`));
    const m = issuesByField(
      [
        { path: 'figures[1].weapons[2].sf', message: 'too slow' },
        { path: 'figures[1].weapons[2].damage', message: 'not dice' },
        { path: 'figures[1].weapons[0].magic', message: 'not a plus' },
        { path: 'figures[1].weapons[3].id', message: "duplicate weapon id 'bite'" },
        { path: 'figures[1].wield[1]', message: "'x' is not one of this figure's carried weapons" },
      ],
      keys,
    );
    expect(Object.fromEntries(m)).toEqual({
      'figures.1.weapons.2.sf': ['too slow'],
      'figures.1.weapons.2.damage': ['not dice'],
      'figures.1.weapons.0.magic': ['not a plus'],
      'figures.1.weapons.3': ["duplicate weapon id 'bite'"],
      'figures.1.wield.1': ["'x' is not one of this figure's carried weapons"],
    });
  });
});
