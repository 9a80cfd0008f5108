import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { systems } from '../../../src/rules/index.ts';
import type { InputError } from '../../../src/core/errors.ts';
import { DEFAULT_SPARE_CLIPS } from '../../../src/rules/tft/house/hitech/gear.ts';
import { NO_WEAPON } from './draft.ts';
import { issuesByField } from './tables.ts';
import { type FigureDraft, type TftDraft, checkTftDraft, firearmDef, spareDefault, tftDraftToScenario, tftFigureFields, tftTables, withTftOptions } from './tft-draft.ts';

const fig = (over: Partial<FigureDraft> = {}): FigureDraft => ({
  name: 'Ann',
  side: 'red',
  race: 'human',
  st: '12',
  dx: '12',
  iq: '8',
  weapons: ['broadsword'],
  armor: 'leather',
  shield: '',
  talents: [],
  q: '1',
  r: '1',
  facing: '0',
  ...over,
});
const draft = (over: Partial<TftDraft> = {}): TftDraft => ({ name: 'Duel', width: '10', height: '8', terrain: [], options: {}, figures: [fig(), fig({ side: 'blue', q: '3', facing: '3' })], ...over });

describe('the TFT draft', () => {
  it("offers the gear of the house modules its options turn on (HiTech: firearms, grenades, armor per die, talents), and the engine takes it", () => {
    const ids = (t: ReturnType<typeof tftTables>, k: string) => (t[k] ?? []).map((e) => e.id);
    expect(ids(tftTables({}, {}), 'weapons')).not.toContain('assault-rifle');
    const on = tftTables({}, { hitech: true });
    expect(ids(on, 'weapons')).toEqual(expect.arrayContaining(['assault-rifle', 'grenade-tl12']));
    expect(on.armor.find((a) => a.id === 'combat-tl12')).toEqual({ id: 'combat-tl12', name: 'combat TL12', note: 'stops 5 per die' });
    expect(ids(on, 'talents')).toContain('rifle');
    const s = tftDraftToScenario(draft({ options: { hitech: true }, figures: [fig({ weapons: ['assault-rifle', 'grenade-tl12'], talents: ['rifle'] }), fig({ side: 'blue', q: '3', armor: 'combat-tl12' })] }));
    expect(() => systems.tft.setup(s)).not.toThrow();
  });

  it("writes a firearm's ammunition and spare clips as the scenario takes them (house.hitech, seed f04d4dae R-H9, R-H10), and the engine loads them", () => {
    const rifleman = fig({ name: 'Rifleman', weapons: ['broadsword', 'acr'], talents: ['rifle'], gear: { acr: { ammo: 'he', spare: { he: '2', apds: '1', slug: '' } } } });
    const d = draft({ options: { hitech: true }, figures: [rifleman, fig({ side: 'blue', q: '3' })] });
    const s = tftDraftToScenario(d) as { figures: { weapons: unknown[] }[] };
    expect(s.figures[0].weapons).toEqual(['broadsword', { weapon: 'acr', house: { hitech: { ammo: 'he', spare: { he: 2, apds: 1 } } } }]);
    expect(checkTftDraft(d).size).toBe(0);
    const state = systems.tft.setup(s) as { figures: { weapons: { def: { id: string }; house: Record<string, unknown> }[] }[] };
    expect(state.figures[0].weapons[1].house.hitech).toMatchObject({ ammo: 'he', loaded: 40, spare: { he: 2, apds: 1 } });
    // Nothing typed (or a draft saved before the picker): the bare id, and the engine's defaults.
    const plain = tftDraftToScenario(draft({ options: { hitech: true }, figures: [fig({ weapons: ['acr'], gear: { acr: { ammo: '', spare: { he: ' ' } } } }), fig({ side: 'blue', q: '3', weapons: ['acr'] })] }));
    expect((plain as { figures: { weapons: unknown[] }[] }).figures.map((f) => f.weapons)).toEqual([['acr'], ['acr']]);
  });

  it("says what a blank spare-clips field stands for: the engine's 2 clips of the loaded kind while none is typed, none once one is", () => {
    const acr = firearmDef('acr')!;
    expect(firearmDef('broadsword')).toBeNull();
    expect(['slug', 'he', 'apds'].map((k) => spareDefault(acr, { ammo: '', spare: {} }, k))).toEqual([DEFAULT_SPARE_CLIPS, 0, 0]);
    expect(['slug', 'he', 'apds'].map((k) => spareDefault(acr, { ammo: 'he', spare: { slug: '' } }, k))).toEqual([0, DEFAULT_SPARE_CLIPS, 0]);
    expect(['slug', 'he', 'apds'].map((k) => spareDefault(acr, { ammo: 'he', spare: { apds: '1' } }, k))).toEqual([0, 0, 0]);
  });

  it("puts a bad spare-clips count at the firearm's spare field, and the engine's refusal of the ammunition at its ammunition field", () => {
    const errs = checkTftDraft(draft({ options: { hitech: true }, figures: [fig({ weapons: ['broadsword', 'snub-pistol'], gear: { 'snub-pistol': { ammo: '', spare: { heap: 'two' } } } }), fig({ side: 'blue', q: '3' })] }));
    expect(errs.get('figures.0.weapons.1.house.hitech.spare.heap')).toEqual(['a whole number, 0 or more']);
    // A kind the gun does not take (a draft saved by hand): the engine names it; the issue goes to the field.
    const f = fig({ weapons: ['broadsword', 'snub-pistol'], gear: { 'snub-pistol': { ammo: 'apds', spare: { he: '1', apds: '1' } } } });
    let issues: readonly { path: string; message: string }[] = [];
    try {
      systems.tft.setup(tftDraftToScenario(draft({ options: { hitech: true }, figures: [f, fig({ side: 'blue', q: '3' })] })));
    } catch (e) {
      issues = (e as InputError).issues;
    }
    const m = issuesByField(issues, new Set(tftFigureFields(f).map((k) => `figures.0.${k}`)));
    expect(m.get('figures.0.weapons.1.house.hitech.ammo')).toEqual(["snub pistol has no ammunition 'apds' (it takes he, heap)"]);
    // A spare clip of a kind it does not take has no field of its own: the Weapons field says it.
    expect(m.get('figures.0.weapons')).toEqual(["snub pistol has no ammunition 'apds'"]);
    expect(m.get('figures.0.weapons.1.house.hitech.spare.he')).toBeUndefined();
  });

  it('builds a TFT scenario with ids, attributes, gear and positions', () => {
    const s = tftDraftToScenario(draft({ figures: [fig(), fig({ name: 'Ann', side: 'blue', q: '3', facing: '3', weapons: [], armor: '' })] }));
    expect(s).toEqual({
      system: 'tft',
      name: 'Duel',
      map: { width: 10, height: 8 },
      figures: [
        { id: 'ann', name: 'Ann', side: 'red', race: 'human', st: 12, dx: 12, iq: 8, at: { q: 1, r: 1 }, facing: 0, weapons: ['broadsword'], armor: 'leather' },
        { id: 'ann-2', name: 'Ann', side: 'blue', race: 'human', st: 12, dx: 12, iq: 8, at: { q: 3, r: 1 }, facing: 3 },
      ],
    });
    expect(() => systems.tft.setup(s)).not.toThrow();
  });

  it('puts the options the GM changed in the scenario (thread off, the classic ruleset, classic sweeps), leaves the defaults out, and the engine takes them', () => {
    const s = tftDraftToScenario(draft({ options: { thread: 'off', ruleset: 'classic', sweep: 'classic', darkness: false, maxTurns: '100', hitech: false } }));
    expect(s.options).toEqual({ thread: 'off', ruleset: 'classic', sweep: 'classic' });
    const state = systems.tft.setup(s) as { options: Record<string, unknown> };
    expect(state.options).toMatchObject({ thread: 'off', ruleset: 'classic', sweep: 'classic', maxTurns: 100 });
    expect(tftDraftToScenario(draft({ options: { maxTurns: '30' } })).options).toEqual({ maxTurns: 30 });
    expect(tftDraftToScenario(draft({ options: { ruleset: 'legacy' } }))).not.toHaveProperty('options');
  });

  it('puts each problem next to its field', () => {
    const errs = checkTftDraft(draft({ name: '', height: 'x', figures: [fig({ dx: 'high' }), fig({ q: '1', r: '1', side: 'red' })], options: { maxTurns: '0' } }));
    expect(errs.get('name')).toEqual(['give the encounter a name']);
    expect(errs.get('map.height')).toEqual(['a whole number from 3 to 60']);
    expect(errs.get('figures.0.dx')).toEqual(['DX must be a whole number from 1 to 40']);
    expect(errs.get('figures.1.at')).toEqual(['same hex as figure 1']);
    expect(errs.get('figures')).toEqual(['put the figures on at least two sides']);
    // The bounds of maxTurns are the schema's (1..10000), not the editor's.
    expect(errs.get('options.maxTurns')).toEqual(['a whole number from 1 to 10000']);
  });

  it('writes the painted terrain into the map, sorted by row, and the engine sets the fight on it', () => {
    const s = tftDraftToScenario(
      draft({
        terrain: [
          { q: 4, r: 2, kind: 'water' },
          { q: 2, r: 0, kind: 'wall' },
          { q: 1, r: 2, kind: 'rough' },
        ],
      }),
    );
    const terrain = [
      { q: 2, r: 0, kind: 'wall' },
      { q: 1, r: 2, kind: 'rough' },
      { q: 4, r: 2, kind: 'water' },
    ];
    expect(s.map).toEqual({ width: 10, height: 8, terrain });
    const state = systems.tft.setup(s) as { map: { terrain: unknown } };
    expect(state.map.terrain).toEqual(terrain);
  });

  it('leaves out terrain a smaller map no longer holds (the editor says so in a note), and the engine takes the rest', () => {
    const d = draft({
      width: '5',
      height: '4',
      terrain: [
        { q: 6, r: 0, kind: 'wall' },
        { q: 0, r: 3, kind: 'rough' },
        { q: 2, r: 4, kind: 'water' },
      ],
    });
    const s = tftDraftToScenario(d);
    expect(s.map).toEqual({ width: 5, height: 4, terrain: [{ q: 0, r: 3, kind: 'rough' }] });
    expect(checkTftDraft(d).size).toBe(0);
    expect(() => systems.tft.setup(s)).not.toThrow();
  });

  it('flags a figure on a wall at its hex field, as the engine does', () => {
    const d = draft({ terrain: [{ q: 1, r: 1, kind: 'wall' }, { q: 3, r: 1, kind: 'rough' }] });
    const errs = checkTftDraft(d);
    expect(errs.get('figures.0.at')).toEqual(['hex 1,1 is a wall']);
    // Rough ground under a figure is no problem.
    expect(errs.get('figures.1.at')).toBeUndefined();
    expect(() => systems.tft.setup(tftDraftToScenario(d))).toThrow(/hex 1,1 is a wall/);
  });

  it('flags a figure off the odd-r map', () => {
    const errs = checkTftDraft(draft({ width: '5', height: '5', figures: [fig({ q: '5', r: '0' }), fig({ side: 'b', q: '0', r: '2' })] }));
    expect(errs.get('figures.0.at')).toEqual(['5,0 is off the 5×5 map']);
    // Row 2 starts at q = -1, so q 0 is its second hex: on the map.
    expect(errs.get('figures.1.at')).toBeUndefined();
  });
});

describe('the weapon in hand of a TFT figure', () => {
  // The table's order puts a sword before a rifle; the GM chooses which is ready (the scenario's `ready`).
  const duel = (ready?: string, weapons = ['broadsword', 'acr']) => draft({ options: { hitech: true }, figures: [fig({ name: 'Rifleman', weapons, talents: ['rifle'], ...(ready === undefined ? {} : { ready }) }), fig({ side: 'blue', q: '3' })] });
  const readyOf = (d: TftDraft) => {
    const s = tftDraftToScenario(d) as { figures: Record<string, unknown>[] };
    const state = systems.tft.setup(s) as { figures: { ready: string | null; weapons: { uid: string; def: { id: string } }[] }[] };
    const f = state.figures[0];
    return { written: 'ready' in s.figures[0] ? s.figures[0].ready : 'absent', held: f.weapons.find((w) => w.uid === f.ready)?.def.id ?? f.ready };
  };

  it('holds the weapon chosen, writing `ready` only where it differs from the first weapon (older drafts unchanged)', () => {
    expect(readyOf(duel('acr'))).toEqual({ written: 'acr', held: 'acr' });
    // No choice, '' or the first weapon: no `ready`, the engine's default, the first.
    for (const r of [undefined, '', 'broadsword']) expect(readyOf(duel(r))).toEqual({ written: 'absent', held: 'broadsword' });
    expect(readyOf(duel(NO_WEAPON))).toEqual({ written: null, held: null });
    // A choice no longer among the weapons (the rifle unpicked) falls back to the first.
    expect(readyOf(duel('acr', ['broadsword', 'dagger']))).toEqual({ written: 'absent', held: 'broadsword' });
    // No weapons at all: nothing to hold, nothing written.
    expect(readyOf(duel(undefined, []))).toEqual({ written: 'absent', held: null });
  });

  it("shows the server's complaint about `ready` at the figure's In hand field", () => {
    const s = tftDraftToScenario(duel('acr')) as { figures: Record<string, unknown>[] };
    s.figures[0].ready = 'spear';
    let issues: readonly { path: string; message: string }[] = [];
    try {
      systems.tft.setup(s);
    } catch (e) {
      issues = (e as InputError).issues;
    }
    expect(issuesByField(issues, new Set(tftFigureFields(fig()).map((k) => `figures.0.${k}`))).get('figures.0.ready')).toEqual(["'spear' is not one of rifleman's weapons"]);
  });
});

describe('changing the options of a TFT draft', () => {
  // The data files the editor reads (src/data/tft/*.json), as import.meta.glob gives them.
  const dir = new URL('../../../src/data/tft/', import.meta.url);
  const files = Object.fromEntries(readdirSync(dir).filter((n) => n.endsWith('.json')).map((n) => [n, JSON.parse(readFileSync(new URL(n, dir), 'utf8'))]));

  it("drops the gear and talents the new options no longer offer, naming each by figure (HiTech off: the rifle stayed unseen and the server refused it)", () => {
    const d = draft({ options: { hitech: true }, figures: [fig({ name: 'Biff', weapons: ['broadsword', 'assault-rifle'], armor: 'combat-tl12', talents: ['rifle'] }), fig({ side: 'blue', q: '3' })] });
    const { draft: off, dropped } = withTftOptions(d, {}, files);
    expect(off.options).toEqual({});
    expect(off.figures[0]).toMatchObject({ weapons: ['broadsword'], armor: '', talents: [] });
    expect(off.figures[1]).toEqual(d.figures[1]);
    expect(dropped).toEqual(['Biff: assault rifle', 'Biff: combat TL12', 'Biff: Rifle']);
    // What is left, the engine takes.
    expect(() => systems.tft.setup(tftDraftToScenario(off))).not.toThrow();
    // Turning an option on drops nothing.
    expect(withTftOptions(draft(), { hitech: true }, files).dropped).toEqual([]);
  });
});
