// The TFT scenario format (YAML or JSON, parsed by the caller) and setup: zod for the shape,
// then checks against the tables and the map (a misspelt weapon, a figure off the map, two
// figures in one hex...). Every problem is reported with its field path.
import { z } from 'zod';
import { type Issue, InputError } from '../../core/errors.ts';
import type { Direction } from '../../core/hex/coords.ts';
import { parseTftCommand } from './commands.ts';
import { onMap, parseDamage, requirementST, updateShield, woundState } from './core.ts';
import type { HouseModule } from './hooks.ts';
import type {
  EndCommand,
  Figure,
  ScriptEntry,
  TftOptions,
  TftState,
  TftTables,
  WeaponDef,
  WeaponInstance,
} from './model.ts';
import { allModules } from './registry.ts';
import { quote, suggest, zodIssues } from '../../core/issues.ts';
import { MAX_SEED } from '../../core/rng.ts';
import { hexSchema } from './schema-util.ts';
import { buildTables } from './tables.ts';

// ---------------------------------------------------------------------------------------------
// Schema
// ---------------------------------------------------------------------------------------------

const idSchema = z.string().regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only');

const weaponRow = z.looseObject({
  id: idSchema,
  name: z.string(),
  damage: z.string(),
  damage2H: z.string().optional(),
  minST: z.number().int().min(0).default(0),
  hands: z.union([z.literal(1), z.literal(2), z.literal('either')]).default(1),
  kind: z.enum(['melee', 'missile', 'thrown']).default('melee'),
  cutting: z.boolean().default(false),
  pole: z.boolean().optional(),
  throwable: z.boolean().optional(),
  reload: z.number().int().min(0).optional(),
  fastReloadDX: z.number().int().optional(),
  source: z.string().optional(),
});
const armorRow = z.looseObject({
  id: idSchema,
  name: z.string(),
  stops: z.number().int().min(0),
  dx: z.number().int().max(0),
  ma: z.number().int().min(0),
  classic: z.object({ dx: z.number().int().optional(), ma: z.number().int().optional(), stops: z.number().int().optional() }).optional(),
  source: z.string().optional(),
});
const shieldRow = z.looseObject({
  id: idSchema,
  name: z.string(),
  stops: z.number().int().min(0),
  dx: z.number().int().max(0),
  classic: z.object({ dx: z.number().int().optional(), stops: z.number().int().optional() }).optional(),
  source: z.string().optional(),
});
const raceRow = z.looseObject({ id: idSchema, name: z.string(), ma: z.number().int().min(0), frontHexes: z.number().int().min(1).max(6).optional(), source: z.string().optional() });
const talentRow = z.looseObject({
  id: idSchema,
  name: z.string(),
  iq: z.number().int().min(0),
  cost: z.number().int().min(0),
  requires: z.array(z.string()).optional(),
  kind: z.enum(['talent', 'spell']).optional(),
  source: z.string().optional(),
});

const weaponEntry = z.union([
  idSchema,
  z.strictObject({ weapon: idSchema, id: idSchema.optional(), twoHanded: z.boolean().optional(), house: z.record(z.string(), z.unknown()).optional() }),
]);

export const figureSchema = z.strictObject({
  id: idSchema,
  name: z.string().optional(),
  side: z.string().min(1),
  race: z.string().default('human'),
  st: z.number().int().min(1).max(200),
  dx: z.number().int().min(1).max(60),
  iq: z.number().int().min(1).max(60).default(8),
  ma: z.number().int().min(0).max(60).optional(),
  talents: z.array(z.string()).default([]),
  spells: z.array(z.string()).default([]),
  weapons: z.array(weaponEntry).default([]),
  ready: z.string().nullable().optional(),
  armor: z.string().nullable().optional(),
  shield: z.string().nullable().optional(),
  at: hexSchema,
  facing: z.number().int().min(0).max(5).default(0),
  prone: z.boolean().default(false),
  wounds: z.number().int().min(0).default(0),
  fatigue: z.number().int().min(0).default(0),
  ai: z.string().default('default'),
  house: z.record(z.string(), z.unknown()).default({}),
});

const scriptBlock = z.strictObject({ turn: z.number().int().min(1), commands: z.array(z.unknown()) });

export const coreOptionsShape = {
  ruleset: z.enum(['legacy', 'classic']).default('legacy').describe('Legacy (2019) values, or classic (1977-82)'),
  maxTurns: z.number().int().min(1).max(10000).default(100).describe('the fight is a draw after this many turns'),
  darkness: z.boolean().default(false).describe('the whole field is dark: -6 DX on every attack (tft-core)'),
};

/** Statuses a figure may carry in `spells` without a table row (tft-core "other common modifiers"). */
export const CORE_STATUSES: readonly string[] = ['invisible', 'flying'];

/** The options schema: core keys plus every registered module's keys. */
export function optionsSchema(modules: readonly HouseModule[] = allModules()) {
  let shape: Record<string, z.ZodType> = { ...coreOptionsShape };
  for (const m of modules) shape = { ...shape, ...(m.optionsSchema.shape as Record<string, z.ZodType>) };
  return z.strictObject(shape);
}

export function scenarioSchema(modules: readonly HouseModule[] = allModules()) {
  return z.strictObject({
    system: z.literal('tft'),
    name: z.string().default('TFT encounter'),
    description: z.string().optional(),
    // As --seed: a whole number 0..2^32-1 (others fold onto these: core/rng.ts hashSeed) or any text.
    seed: z.union([z.number().int().min(0).max(MAX_SEED), z.string()]).optional(),
    map: z
      .strictObject({
        width: z.number().int().min(1).max(200),
        height: z.number().int().min(1).max(200),
        terrain: z.array(z.strictObject({ q: z.number().int(), r: z.number().int(), kind: z.enum(['wall', 'rough', 'water']) })).default([]),
      })
      .default({ width: 16, height: 12, terrain: [] }),
    options: optionsSchema(modules).default({} as never),
    data: z
      .strictObject({
        weapons: z.array(weaponRow).optional(),
        armor: z.array(armorRow).optional(),
        shields: z.array(shieldRow).optional(),
        races: z.array(raceRow).optional(),
        talents: z.array(talentRow).optional(),
      })
      .default({}),
    sides: z.array(z.strictObject({ id: z.string().min(1), name: z.string().optional() })).optional(),
    figures: z.array(figureSchema).min(1),
    script: z.union([z.array(scriptBlock), z.array(z.looseObject({ type: z.string(), turn: z.number().int().min(1).optional() }))]).default([]),
    dice: z.array(z.number().int().min(1)).optional(),
  });
}

export type TftScenario = z.output<ReturnType<typeof scenarioSchema>>;

// ---------------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------------

function makeWeapon(def: WeaponDef, uid: string, twoHanded: boolean | undefined, path: string, issues: Issue[]): WeaponInstance | null {
  const two = def.hands === 2 ? true : def.hands === 'either' ? (twoHanded ?? false) : false;
  if (twoHanded && def.hands === 1) issues.push({ path, message: `${def.name} is a one-handed weapon` });
  try {
    const dmg = parseDamage(two && def.damage2H ? def.damage2H : def.damage, `${path}.damage`);
    return { uid, def, dmg, twoHanded: two, reloadLeft: 0, broken: false, house: {} };
  } catch (e) {
    if (e instanceof InputError) issues.push(...e.issues);
    return null;
  }
}

/** Builds the start state; throws InputError listing every problem. */
export function setupTft(raw: unknown): TftState {
  const modules = allModules();
  const parsed = scenarioSchema(modules).safeParse(raw);
  if (!parsed.success) throw new InputError(zodIssues(parsed.error, raw), 'scenario');
  const sc = parsed.data;
  const issues: Issue[] = [];
  const options = sc.options as TftOptions;
  const active = modules.filter((m) => m.enabled(options));
  const tables: TftTables = buildTables(active, sc.data as never);

  const state: TftState = {
    system: 'tft',
    name: sc.name,
    options,
    modules: active.map((m) => m.id),
    map: { width: sc.map.width, height: sc.map.height, terrain: sc.map.terrain },
    figures: [],
    gone: [],
    items: [],
    turn: 0,
    phase: 'begin',
    moveOrder: [],
    moveSide: 0,
    initiativeWinner: null,
    actionOrder: [],
    actionIndex: 0,
    actionPrepared: -1,
    sides: [],
    sideNames: undefined, // set below when the scenario names its sides; here for the key order clone keeps
    script: [],
    scriptUsed: [],
    winner: null,
    endReason: null,
    house: {},
  };

  // One kind of terrain per hex: the rules (movement, sight, fire) read a hex's terrain as one thing.
  const terrainAt = new Map<string, number>();
  sc.map.terrain.forEach((t, i) => {
    const key = `${t.q},${t.r}`;
    const first = terrainAt.get(key);
    if (first !== undefined) issues.push({ path: `map.terrain[${i}]`, message: `hex ${key} is already listed at map.terrain[${first}]; give each hex one kind` });
    else terrainAt.set(key, i);
  });

  const seenIds = new Set<string>();
  const seenHex = new Map<string, string>();
  sc.figures.forEach((f, i) => {
    const p = `figures[${i}]`;
    if (seenIds.has(f.id)) issues.push({ path: `${p}.id`, message: `'${f.id}' is used by another figure` });
    seenIds.add(f.id);
    const race = tables.races[f.race];
    if (!race) issues.push({ path: `${p}.race`, message: `unknown race ${quote(String(f.race))}${suggest(f.race, Object.keys(tables.races))}` });
    const weapons: WeaponInstance[] = [];
    const weaponPaths: string[] = [];
    f.weapons.forEach((w, j) => {
      const wid = typeof w === 'string' ? w : w.weapon;
      const def = tables.weapons[wid];
      if (!def) {
        issues.push({ path: `${p}.weapons[${j}]`, message: `unknown weapon ${quote(String(wid))}${suggest(wid, Object.keys(tables.weapons))}` });
        return;
      }
      let uid = typeof w === 'object' && w.id ? w.id : `${f.id}.${wid}`;
      if (weapons.some((x) => x.uid === uid)) uid = `${uid}.${j + 1}`;
      const inst = makeWeapon(def, uid, typeof w === 'object' ? w.twoHanded : undefined, `${p}.weapons[${j}]`, issues);
      if (!inst) return;
      if (typeof w === 'object' && w.house) inst.house = structuredClone(w.house);
      weapons.push(inst);
      weaponPaths.push(`${p}.weapons[${j}]`);
    });
    let ready: string | null = null;
    if (f.ready === undefined) ready = weapons[0]?.uid ?? null;
    else if (f.ready !== null) {
      const w = weapons.find((x) => x.uid === f.ready || x.def.id === f.ready);
      if (!w) issues.push({ path: `${p}.ready`, message: `'${f.ready}' is not one of ${f.id}'s weapons` });
      else ready = w.uid;
    }
    let armor = null;
    if (f.armor) {
      const def = tables.armor[f.armor];
      if (!def) issues.push({ path: `${p}.armor`, message: `unknown armor ${quote(String(f.armor))}${suggest(f.armor, Object.keys(tables.armor))}` });
      else armor = { def, house: {} };
    }
    let shield = null;
    if (f.shield) {
      const def = tables.shields[f.shield];
      if (!def) issues.push({ path: `${p}.shield`, message: `unknown shield ${quote(String(f.shield))}${suggest(f.shield, Object.keys(tables.shields))}` });
      else shield = { def, ready: true, house: {} };
    }
    f.talents.forEach((t, j) => {
      const def = tables.talents[t];
      if (!def) issues.push({ path: `${p}.talents[${j}]`, message: `unknown talent ${quote(String(t))}${suggest(t, Object.keys(tables.talents))}` });
      else {
        if (def.iq > f.iq) issues.push({ path: `${p}.talents[${j}]`, message: `${def.name} needs IQ ${def.iq}; ${f.id} has IQ ${f.iq}` });
        for (const req of def.requires ?? []) {
          if (!f.talents.includes(req)) issues.push({ path: `${p}.talents[${j}]`, message: `${def.name} requires ${tables.talents[req]?.name ?? req}` });
        }
      }
    });
    f.spells.forEach((s, j) => {
      if (!tables.talents[s] && !CORE_STATUSES.includes(s)) issues.push({ path: `${p}.spells[${j}]`, message: `unknown spell or status ${quote(String(s))}${suggest(s, [...Object.keys(tables.talents), ...CORE_STATUSES])}` });
    });
    if (!onMap(state, f.at)) {
      issues.push({ path: `${p}.at`, message: `hex ${f.at.q},${f.at.r} is off the ${sc.map.width}x${sc.map.height} map` });
    }
    const key = `${f.at.q},${f.at.r}`;
    if (seenHex.has(key)) issues.push({ path: `${p}.at`, message: `hex ${key} is already taken by '${seenHex.get(key)}'` });
    seenHex.set(key, f.id);
    if (sc.map.terrain.some((t) => t.kind === 'wall' && t.q === f.at.q && t.r === f.at.r)) issues.push({ path: `${p}.at`, message: `hex ${key} is a wall` });

    let frontHexes = race?.frontHexes ?? 3;
    for (const s of [...f.spells, ...f.talents]) {
      const fh = tables.talents[s]?.frontHexes;
      if (typeof fh === 'number') frontHexes = Math.max(frontHexes, fh);
    }
    const fig: Figure = {
      id: f.id,
      name: f.name ?? f.id,
      side: f.side,
      race: f.race,
      st: f.st,
      dx: f.dx,
      iq: f.iq,
      ma: f.ma ?? race?.ma ?? 10,
      frontHexes,
      talents: f.talents,
      spells: f.spells,
      wounds: f.wounds,
      fatigue: f.fatigue,
      weapons,
      ready,
      armor,
      shield,
      pos: f.at,
      facing: f.facing as Direction,
      prone: f.prone,
      state: 'healthy',
      woundFx: { dx: 0, maFactor: 1, canAct: true },
      dxPenalty: { amount: 0, turnsLeft: 0, actionsLeft: 0 },
      turn: { moved: false, hexes: 0, movedMA: -1, startedEngaged: false, stance: null, acted: false, hits: 0, knockedDown: false },
      ai: f.ai,
      house: structuredClone(f.house),
      tally: { dealt: 0, taken: 0, attacks: 0, hits: 0 },
    };
    updateShield(fig);
    // Minimum ST once the figure is whole: its armor may raise the ST that counts (R-H14).
    const st = requirementST(fig, state);
    weapons.forEach((w, j) => {
      if (w.def.minST > st) issues.push({ path: weaponPaths[j], message: `${w.def.name} needs ST ${w.def.minST}; ${f.id} has ST ${st}${st !== f.st ? ` for weapons (basic ST ${f.st})` : ''}` });
    });
    state.figures.push(fig);
    if (!state.sides.includes(f.side)) state.sides.push(f.side);
  });

  if (sc.sides) {
    const declared = sc.sides.map((s) => s.id);
    state.figures.forEach((f, i) => {
      if (!declared.includes(f.side)) issues.push({ path: `figures[${i}].side`, message: `${quote(String(f.side))} is not one of the sides ${declared.map((d) => quote(d)).join(', ')}` });
    });
    state.sides = declared;
    const named = sc.sides.filter((s) => s.name);
    if (named.length > 0) state.sideNames = Object.fromEntries(named.map((s) => [s.id, s.name as string]));
  }
  if (state.sides.length < 2) issues.push({ path: 'figures', message: 'need figures on at least two sides' });

  // Module checks on each figure (paths relative to the figure).
  for (const m of active) {
    if (!m.validateFigure) continue;
    state.figures.forEach((fig, i) => {
      for (const is of m.validateFigure?.(fig, tables, options) ?? []) issues.push({ path: `figures[${i}]${is.path ? `.${is.path}` : ''}`, message: is.message });
    });
  }

  // Script: blocks {turn, commands} or flat commands with an optional `turn`.
  const script: ScriptEntry[] = [];
  (sc.script as unknown[]).forEach((blk, i) => {
    const b = blk as { turn?: number; commands?: unknown[]; type?: string };
    const list = Array.isArray(b.commands) ? b.commands.map((c, j) => ({ c, path: `script[${i}].commands[${j}]`, turn: b.turn })) : [{ c: stripTurn(b), path: `script[${i}]`, turn: b.turn }];
    for (const { c, path, turn } of list) {
      try {
        const cmd = parseTftCommand(c, path);
        const fid = (cmd as { figure?: string }).figure;
        if (fid !== undefined && !seenIds.has(fid)) issues.push({ path: `${path}.figure`, message: `no figure ${quote(String(fid))}` });
        const tid = (cmd as { target?: unknown }).target;
        if (typeof tid === 'string' && !seenIds.has(tid)) issues.push({ path: `${path}.target`, message: `no figure '${tid}'` });
        // The GM's end names a side (end.ts); one not in the fight would be passed over at play.
        const win = cmd.type === 'end' ? (cmd as EndCommand).winner : null;
        if (win !== null && !state.sides.includes(win)) issues.push({ path: `${path}.winner`, message: `no side ${quote(win)} (sides: ${state.sides.join(', ')})` });
        script.push(turn === undefined ? { command: cmd } : { turn, command: cmd });
      } catch (e) {
        if (e instanceof InputError) issues.push(...e.issues);
        else throw e;
      }
    }
  });
  state.script = script;
  state.scriptUsed = script.map(() => false);

  if (issues.length) throw new InputError(issues, 'scenario');

  for (const m of active) m.setup?.(state);
  // Starting wounds: compute each figure's state once (no events: nothing has happened yet).
  for (const fig of state.figures) {
    const fx = woundState(fig, state, false);
    fig.state = fx.state;
    fig.woundFx = { dx: fx.dx, maFactor: fx.maFactor, canAct: fx.canAct };
    if (!fx.canAct) fig.prone = true;
  }
  return state;
}

function stripTurn(b: { turn?: number }): unknown {
  const { turn: _t, ...rest } = b as Record<string, unknown>;
  return rest;
}

/** The JSON Schema of the scenario format (input side: what a file may contain). */
export function scenarioJsonSchema(): unknown {
  return z.toJSONSchema(scenarioSchema(), { io: 'input', unrepresentable: 'any' });
}
