// A TFT encounter as the editor holds it (text as typed) and the scenario it becomes: figures
// from the weapon, armor, shield, talent and race tables on a hex map, and the rules options.
import { type FirearmDef, FIREARMS } from '../../../src/rules/tft/house/hitech/data.ts';
import { DEFAULT_SPARE_CLIPS } from '../../../src/rules/tft/house/hitech/gear.ts';
import type { TftOptions } from '../../../src/rules/tft/model.ts';
import { allModules } from '../../../src/rules/tft/registry.ts';
import { tftSystem } from '../../../src/rules/tft/system.ts';
import { type OptionValues, checkOptions, chosenOptions, optionFields } from './options.tsx';
import { NO_WEAPON, Problems, checkCommon, figureIds, int } from './draft.ts';
import { type TerrainHex, boardSize, boardTerrain, onBoard } from './map-draft.ts';
import { type Tables, collectTables } from './tables.ts';

export interface FigureDraft {
  name: string;
  side: string;
  race: string;
  st: string;
  dx: string;
  iq: string;
  weapons: string[];
  armor: string;
  shield: string;
  talents: string[];
  q: string;
  r: string;
  facing: string;
  /**
   * The weapon in hand: absent or '' the first one chosen (as the scenario's default, drafts
   * saved before the choice), NO_WEAPON none (drawn later), else a weapon id.
   */
  ready?: string;
  /** HiTech ammunition by firearm id (absent in drafts saved before the picker: the defaults). */
  gear?: Record<string, FirearmDraft>;
}

/**
 * A firearm's ammunition as typed: the loaded kind ('' the firearm's first, its standard) and
 * spare clips by kind ('' none typed). Becomes the weapon entry's `house.hitech` (R-H9, R-H10).
 */
export interface FirearmDraft {
  ammo: string;
  spare: Record<string, string>;
}

/** The HiTech firearm a weapon id names, or null (a sword, a grenade). */
export const firearmDef = (id: string): FirearmDef | null => FIREARMS.find((w) => w.id === id) ?? null;

/** The gear typed for weapon `id`, blank when none was. */
export const firearmDraft = (f: FigureDraft, id: string): FirearmDraft => f.gear?.[id] ?? { ammo: '', spare: {} };

/**
 * The spare clips a blank field of `kind` stands for: with none typed, the engine's default
 * (DEFAULT_SPARE_CLIPS of the loaded kind, src/rules/tft/house/hitech/gear.ts); once one is typed,
 * only those typed are carried.
 */
export function spareDefault(fw: FirearmDef, g: FirearmDraft, kind: string): number {
  if (Object.values(g.spare).some((v) => v.trim() !== '')) return 0;
  return kind === (g.ammo || fw.ammo[0].id) ? DEFAULT_SPARE_CLIPS : 0;
}

/** The weapon in hand: the one chosen, else the first weapon; null for none. */
export function readyWeapon(f: FigureDraft): string | null {
  if (f.ready === NO_WEAPON) return null;
  return f.ready && f.weapons.includes(f.ready) ? f.ready : (f.weapons[0] ?? null);
}

/** A weapon entry of the scenario: the id, or `{ weapon, house: { hitech } }` with gear typed. */
function weaponEntry(f: FigureDraft, id: string): unknown {
  const fw = firearmDef(id);
  if (!fw) return id;
  const g = firearmDraft(f, id);
  const hitech: Record<string, unknown> = {};
  if (g.ammo) hitech.ammo = g.ammo;
  const spare = Object.entries(g.spare).filter(([, v]) => v.trim() !== '');
  if (spare.length > 0) hitech.spare = Object.fromEntries(spare.map(([k, v]) => [k, int(v)]));
  return Object.keys(hitech).length > 0 ? { weapon: id, house: { hitech } } : id;
}

/** The field of weapon j's ammunition, or of its spare clips of `kind` (the server's issue paths: weapons[j].house.hitech.spare.he). */
export const gearField = (j: number, kind?: string) => `weapons.${j}.house.hitech.${kind === undefined ? 'ammo' : `spare.${kind}`}`;

export interface TftDraft {
  name: string;
  width: string;
  height: string;
  /** Walls, rough ground and water painted on the map (TftMapEditor), one kind per hex. */
  terrain: TerrainHex[];
  options: OptionValues;
  figures: FigureDraft[];
}

/** The TFT rules options: core and every house module's, from the scenario JSON Schema. */
export const TFT_OPTIONS = optionFields(tftSystem.scenarioJsonSchema?.());

/**
 * The tables a figure picks from: the data files' (`files`, path -> parsed JSON) and the rows of
 * each house module the draft's `options` turn on, as the engine builds them (src/rules/tft/tables.ts):
 * with HiTech on, its firearms, grenades, armor and talents.
 */
export function tftTables(files: Record<string, unknown>, options: OptionValues): Tables {
  const on = chosenOptions(TFT_OPTIONS, options) as TftOptions;
  const rows = allModules().flatMap((m) => (m.data && m.enabled(on) ? [[`module:${m.id}`, m.data] as const] : []));
  return collectTables({ ...files, ...Object.fromEntries(rows) });
}

/**
 * The draft with the rules `options`, less each figure's gear and talents the tables of `files`
 * no longer offer with them (HiTech turned off after a rifle was picked: the pickers no longer
 * showed the rifle, and the server refused it). Each one dropped is said, by figure and name.
 */
export function withTftOptions(d: TftDraft, options: OptionValues, files: Record<string, unknown>): { draft: TftDraft; dropped: string[] } {
  const [before, after] = [tftTables(files, d.options), tftTables(files, options)];
  const dropped: string[] = [];
  const keep = (f: FigureDraft, table: string, ids: string[]): string[] =>
    ids.filter((id) => {
      if ((after[table] ?? []).some((e) => e.id === id)) return true;
      dropped.push(`${f.name.trim() || 'A figure'}: ${(before[table] ?? []).find((e) => e.id === id)?.name ?? id}`);
      return false;
    });
  const figures = d.figures.map((f) => {
    // In the form's order: weapons, armor, shield, talents.
    const weapons = keep(f, 'weapons', f.weapons);
    const [armor, shield] = [keep(f, 'armor', f.armor ? [f.armor] : []), keep(f, 'shields', f.shield ? [f.shield] : [])];
    return { ...f, weapons, armor: armor[0] ?? '', shield: shield[0] ?? '', talents: keep(f, 'talents', f.talents) };
  });
  return { draft: { ...d, options, figures }, dropped };
}

export const blankTftFigure = (i: number): FigureDraft => ({
  name: i === 0 ? 'Hero' : `Foe ${i}`,
  side: i === 0 ? 'heroes' : 'foes',
  race: 'human',
  st: '12',
  dx: '12',
  iq: '8',
  weapons: [],
  armor: '',
  shield: '',
  talents: [],
  q: String(2 + i * 2),
  r: '3',
  facing: i === 0 ? '0' : '3',
});

export const blankTft = (): TftDraft => ({ name: 'Arena fight', width: '12', height: '8', terrain: [], options: {}, figures: [blankTftFigure(0), blankTftFigure(1)] });

/** The fields a TFT figure shows a message at (a server issue goes to the nearest, tables.ts). */
export const TFT_FIGURE_FIELDS = ['name', 'side', 'race', 'st', 'dx', 'iq', 'weapons', 'armor', 'shield', 'talents', 'ready', 'at', 'facing'] as const;

/** The fields figure `f` shows a message at: TFT_FIGURE_FIELDS and each weapon's ammunition. */
export const tftFigureFields = (f: FigureDraft): string[] => [...TFT_FIGURE_FIELDS, ...f.weapons.flatMap((id, j) => (firearmDef(id)?.ammo ?? []).flatMap((a) => [gearField(j), gearField(j, a.id)]))];

/** Checks a draft before sending it; keys are field paths ("figures.0.st"). Pure. */
export function checkTftDraft(d: TftDraft): Problems {
  const out = new Problems();
  checkCommon(d.name, d.figures, out);
  const w = int(d.width);
  const h = int(d.height);
  if (!(w >= 3 && w <= 60)) out.add('map.width', 'a whole number from 3 to 60');
  if (!(h >= 3 && h <= 60)) out.add('map.height', 'a whole number from 3 to 60');
  const board = boardSize(d.width, d.height);
  const walls = new Set(d.terrain.filter((t) => t.kind === 'wall').map((t) => `${t.q},${t.r}`));
  checkOptions(TFT_OPTIONS, d.options, out);
  const seen = new Map<string, number>();
  d.figures.forEach((f, i) => {
    const p = `figures.${i}`;
    for (const a of ['st', 'dx', 'iq'] as const) {
      const v = int(f[a]);
      if (!(v >= 1 && v <= 40)) out.add(`${p}.${a}`, `${a.toUpperCase()} must be a whole number from 1 to 40`);
    }
    f.weapons.forEach((id, j) => {
      for (const [kind, v] of Object.entries(firearmDraft(f, id).spare)) {
        if (v.trim() !== '' && !(int(v) >= 0)) out.add(`${p}.${gearField(j, kind)}`, 'a whole number, 0 or more');
      }
    });
    const q = int(f.q);
    const r = int(f.r);
    if (Number.isNaN(q) || Number.isNaN(r)) out.add(`${p}.at`, 'q and r must be whole numbers');
    else if (board && !onBoard(q, r, board.w, board.h)) out.add(`${p}.at`, `${q},${r} is off the ${w}×${h} map`);
    else {
      const k = `${q},${r}`;
      // As the engine's setup says it (src/rules/tft/scenario.ts).
      if (walls.has(k)) out.add(`${p}.at`, `hex ${k} is a wall`);
      if (seen.has(k)) out.add(`${p}.at`, `same hex as figure ${seen.get(k)! + 1}`);
      seen.set(k, i);
    }
  });
  return out;
}

/**
 * The scenario object for a draft (system tft); options only where they differ from the default;
 * the terrain on the board, sorted (a hex the size no longer holds is left out: offBoardNote).
 */
export function tftDraftToScenario(d: TftDraft): Record<string, unknown> {
  const ids = figureIds(d.figures.map((f) => f.name));
  const options = chosenOptions(TFT_OPTIONS, d.options);
  const terrain = boardTerrain(d.terrain, int(d.width), int(d.height));
  return {
    system: 'tft',
    name: d.name.trim(),
    map: { width: int(d.width), height: int(d.height), ...(terrain.length > 0 ? { terrain } : {}) },
    ...(Object.keys(options).length > 0 ? { options } : {}),
    figures: d.figures.map((f, i) => {
      const fig: Record<string, unknown> = {
        id: ids[i],
        name: f.name.trim(),
        side: f.side.trim(),
        race: f.race || 'human',
        st: int(f.st),
        dx: int(f.dx),
        iq: int(f.iq),
        at: { q: int(f.q), r: int(f.r) },
        facing: int(f.facing),
      };
      if (f.weapons.length > 0) fig.weapons = f.weapons.map((id) => weaponEntry(f, id));
      // `ready` only where it differs from the scenario's default, the first weapon (src/rules/tft/scenario.ts).
      const ready = readyWeapon(f);
      if (ready !== (f.weapons[0] ?? null)) fig.ready = ready;
      if (f.armor) fig.armor = f.armor;
      if (f.shield) fig.shield = f.shield;
      if (f.talents.length > 0) fig.talents = f.talents;
      return fig;
    }),
  };
}
