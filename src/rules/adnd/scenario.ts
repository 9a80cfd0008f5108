// AD&D scenario files (`system: adnd`): zod schema, validation with named fields, and setup
// into the start state. Commands are validated here too (parseCommand).
import { z } from 'zod';
import { InputError, type Issue } from '../../core/errors.ts';
import { quote, suggest, zodIssues } from '../../core/issues.ts';
import type { AdndOptions, AdndState, ClassId, Command, Figure, Size, WeaponItem } from './model.ts';
import { enumerationProblem } from '../../core/dice/exact.ts';
import { diceBounds, parseDice } from '../../core/dice/notation.ts';
import { CLASSES, SPELLS, WEAPONS, dexRow, parseScore, scoreRangeText } from './tables.ts';
import { twoInHand, twoWeaponDex } from './tohit.ts';
import { CRITICAL_SWITCH } from './combat.ts';
import { AIM_WITHOUT_DISARM } from './plan.ts';

const id = z.string().min(1).max(64);
const int = z.number().int();

/**
 * The GM's amount (adjust): a whole number 1..9999, or dice notation rolled when the command
 * is applied ("3d6", "2d8+2", an AD&D range "2-7"), which can come to 1 or more.
 */
const gmAmount = z.union([
  int.min(1).max(9999),
  z
    .string()
    .trim()
    .min(1)
    .max(60)
    .superRefine((text, ctx) => {
      try {
        if (diceBounds(parseDice(text)).max < 1) ctx.addIssue({ code: 'custom', message: `'${text}' never comes to 1 or more` });
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        ctx.addIssue({ code: 'custom', message: e.issues[0].message });
      }
    }),
]);

/** The GM's adjustment (adjust.ts): exactly one of damage and heal. */
const adjustShape = z
  .strictObject({
    type: z.literal('adjust'),
    figure: id,
    damage: gmAmount.optional(),
    heal: gmAmount.optional(),
    reason: z.string().trim().min(1).max(200),
    at: int.min(0).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.damage !== undefined && c.heal !== undefined) ctx.addIssue({ code: 'custom', path: ['heal'], message: 'give damage or heal, not both' });
    else if (c.damage === undefined && c.heal === undefined) ctx.addIssue({ code: 'custom', path: ['damage'], message: 'required: damage (hp lost) or heal (hp regained)' });
  });

const commandShapes = {
  begin: z.strictObject({ type: z.literal('begin') }),
  attack: z.strictObject({
    type: z.literal('attack'),
    figure: id,
    target: id.optional(),
    weapon: id.optional(),
    mode: z.enum(['normal', 'disarm']).optional(),
    /** R-A9: the id of the target's weapon a hit to disarm is aimed at (the declaration checks it). */
    aim: id.optional(),
    at: int.min(0).optional(),
  }),
  parry: z.strictObject({ type: z.literal('parry'), figure: id, against: id, at: int.min(0).optional() }),
  pass: z.strictObject({ type: z.literal('pass'), figure: id, at: int.min(0).optional() }),
  draw: z.strictObject({ type: z.literal('draw'), figure: id, weapons: z.array(id).min(1).max(2), at: int.min(0).optional() }),
  ready: z.strictObject({ type: z.literal('ready'), figure: id, weapon: id, at: int.min(0).optional() }),
  drop: z.strictObject({ type: z.literal('drop'), figure: id, weapon: id, at: int.min(0).optional() }),
  cast: z.strictObject({ type: z.literal('cast'), figure: id, spell: id, target: id, at: int.min(0).optional() }),
  wait: z.strictObject({ type: z.literal('wait'), figure: id, until: int.min(1).optional(), at: int.min(0).optional() }),
  struggle: z.strictObject({ type: z.literal('struggle'), figure: id, at: int.min(0).optional() }),
  adjust: adjustShape,
  // The GM ends the fight (end.ts): the winning side (end.ts checks it is one) or null, and why.
  end: z.strictObject({ type: z.literal('end'), winner: id.nullable(), reason: z.string().trim().min(1).max(200), at: int.min(0).optional() }),
  // The GM takes one figure out of the fight (leave.ts): it flees, surrenders, is carried off.
  leave: z.strictObject({ type: z.literal('leave'), figure: id, reason: z.string().trim().min(1).max(200), at: int.min(0).optional() }),
};
export const commandSchema = z.discriminatedUnion('type', [
  commandShapes.begin,
  commandShapes.attack,
  commandShapes.parry,
  commandShapes.pass,
  commandShapes.draw,
  commandShapes.ready,
  commandShapes.drop,
  commandShapes.cast,
  commandShapes.wait,
  commandShapes.struggle,
  commandShapes.adjust,
  commandShapes.end,
  commandShapes.leave,
]);

const scoreField = z.union([int, z.string()]);
const weaponEntry = z.strictObject({
  id: id.optional(),
  /** A weapon table id; omit for a monster's natural attack (then sf and damage are required). */
  weapon: id.optional(),
  name: z.string().optional(),
  magic: z.union([int, z.strictObject({ hit: int, dmg: int })]).optional(),
  sf: int.min(1).max(20).optional(),
  damage: z.string().optional(),
  damageL: z.string().optional(),
  ammo: int.min(0).optional(),
  nocked: z.boolean().optional(),
  drain: z.strictObject({ kind: z.enum(['level', 'strength']), amount: int.min(1) }).optional(),
});

const figureSchema = z.strictObject({
  id,
  name: z.string().optional(),
  side: id,
  class: z.enum(Object.keys(CLASSES) as [ClassId, ...ClassId[]]).optional(),
  level: int.min(0).max(40).optional(),
  /** Monsters: hit dice as "6+3", "1-1", "4" or a number. */
  hd: z.union([z.number(), z.string()]).optional(),
  size: z.enum(['S', 'M', 'L']).optional(),
  hp: int.min(1),
  maxHp: int.min(1).optional(),
  ac: int.min(-10).max(10),
  str: scoreField.optional(),
  dex: scoreField.optional(),
  proficiencies: z.record(z.string(), int.min(0).max(5)).optional(),
  twoWeapons: z.boolean().optional(),
  weapons: z.array(weaponEntry).min(1),
  wield: z.array(id).max(2).optional(),
  spells: z.record(z.string(), int.min(0).max(20)).optional(),
  surpriseChance: int.min(0).max(100).optional(),
  hasted: int.min(1).optional(),
  slowed: int.min(1).optional(),
  script: z.array(z.record(z.string(), z.unknown())).optional(),
});

const optionsSchema = z.strictObject({
  naturalRolls: z.boolean().default(true).describe('a natural 20 always hits, a natural 1 always misses (R-A11)'),
  deathAt: z.union([z.literal(0), z.literal(-10)]).default(0).describe('dead at 0 hp, or at -10 (unconscious at 0, dying and losing 1 hp a round below it)'),
  trueFighterBonus: z.enum(['flat', 'per-level']).default('flat').describe("a true fighter's extra-attack chance (R-A5): +5% flat, or per level"),
  spellPause: z.record(z.string(), int.min(0).max(20)).default({ default: 10 }),
  criticals: z.enum(CRITICAL_SWITCH).default('seed').describe('critical hits on a natural 20 as the seed says (R-A10), or off: plain 1e, a natural 20 just hits'),
  criticalTable: z
    .array(z.strictObject({ min: int.min(1).max(20), max: int.min(1).max(20), multiplier: z.number().min(0), special: z.boolean().optional(), label: z.string().optional() }))
    .nullable()
    .default(null),
  struggleSegments: int.min(1).max(20).default(3).describe('segments an entangled figure takes to struggle once (R-A9)'),
  maxRounds: int.min(1).max(1000).default(100).describe('the fight is a draw after this many rounds'),
});

export const scenarioSchema = z.strictObject({
  system: z.literal('adnd'),
  name: z.string().optional(),
  description: z.string().optional(),
  options: optionsSchema.default(optionsSchema.parse({})),
  surprise: z.array(z.strictObject({ side: id, roll: int.min(1).max(100).optional() })).optional(),
  figures: z.array(figureSchema).min(2),
});

export type AdndScenario = z.infer<typeof scenarioSchema>;

export function parseCommand(raw: unknown, path = 'command'): Command {
  const r = commandSchema.safeParse(raw);
  if (!r.success) throw new InputError(zodIssues(r.error, raw, path), 'command');
  return r.data as Command;
}

/**
 * Hit dice "6+3" -> 6.5, "1-1" -> 0.9, "1+" -> 1.5 (the matrix bands' order), numbers as given.
 * A plus above +3 is another hit die (1e DMG monster attack matrix note: 6+6 is 7 hit dice), so
 * "3+4" -> 4 and "1+4" -> 2: the matrix row, the saves (fighter of that level) and the critical
 * threshold all read the whole die.
 */
export function parseHd(v: number | string): number | null {
  if (typeof v === 'number') return v >= 0 && v <= 100 ? v : null;
  const m = /^\s*(\d+)\s*(?:([+-])\s*(\d*))?\s*$/.exec(v);
  if (!m) return null;
  const base = Number(m[1]);
  if (m[2] === '-') return base - 0.1;
  if (m[2] === '+') return m[3] !== '' && Number(m[3]) > 3 ? base + 1 : base + 0.5;
  return base;
}

/** What a natural attack (a weapon entry with no `weapon`) must give itself. */
const NATURAL_FIELDS = [
  ['id', 'its id, like bite'],
  ['sf', 'its speed factor, 1 to 20'],
  ['damage', 'its damage, like 2d4'],
] as const;

function buildWeapon(entry: z.infer<typeof weaponEntry>, path: string, issues: Issue[]): WeaponItem | null {
  const magic = typeof entry.magic === 'number' ? { hit: entry.magic, dmg: entry.magic } : (entry.magic ?? { hit: 0, dmg: 0 });
  for (const [k, d] of [
    ['damage', entry.damage],
    ['damageL', entry.damageL],
  ] as const) {
    if (d === undefined) continue;
    // The core notation (3380eb42 damage as "2d4+1" or an AD&D range "2-7"); its error names the column.
    try {
      // The AI and explain weigh the exact damage distribution: one too large to enumerate
      // would hold up every decision (100d1000), so it is refused here, as the lab refuses it.
      const why = enumerationProblem(parseDice(d, `${path}.${k}`), d);
      if (why) issues.push({ path: `${path}.${k}`, message: why });
    } catch (e) {
      if (e instanceof InputError) issues.push(...e.issues);
      else throw e;
    }
  }
  if (entry.weapon !== undefined) {
    const row = WEAPONS[entry.weapon];
    if (!row) {
      issues.push({ path: `${path}.weapon`, message: `unknown weapon ${quote(String(entry.weapon))}${suggest(String(entry.weapon), Object.keys(WEAPONS))}` });
      return null;
    }
    if (row.kind === 'missile') {
      issues.push({ path: `${path}.weapon`, message: `'${entry.weapon}' is a missile; list its launcher with ammo instead` });
      return null;
    }
    return {
      id: entry.id ?? row.id,
      weapon: row.id,
      name: entry.name ?? row.name,
      kind: row.kind === 'launcher' ? 'launcher' : 'melee',
      sf: entry.sf ?? row.sf,
      damage: { sm: entry.damage ?? row.damage.sm, l: entry.damageL ?? entry.damage ?? row.damage.l },
      hands: row.hands,
      magicHit: magic.hit,
      magicDmg: magic.dmg,
      ready: false,
      missile: row.missile ?? null,
      ammo: row.kind === 'launcher' ? (entry.ammo ?? 12) : 0,
      nocked: entry.nocked ?? false,
      thrown: row.thrown,
      dropped: false,
      drain: entry.drain ?? null,
    };
  }
  if (entry.id === undefined || entry.sf === undefined || entry.damage === undefined) {
    // Each field left out, by its own path, worded as the schema words a missing field.
    for (const [k, what] of NATURAL_FIELDS) if (entry[k] === undefined) issues.push({ path: `${path}.${k}`, message: `required: ${what} (a natural attack has no \`weapon\` to take it from)` });
    return null;
  }
  return {
    id: entry.id,
    weapon: null,
    name: entry.name ?? entry.id,
    kind: 'natural',
    sf: entry.sf,
    damage: { sm: entry.damage, l: entry.damageL ?? entry.damage },
    hands: 0,
    magicHit: magic.hit,
    magicDmg: magic.dmg,
    ready: true,
    missile: null,
    ammo: 0,
    nocked: false,
    thrown: false,
    dropped: false,
    drain: entry.drain ?? null,
  };
}

/** Builds the start state; throws InputError naming every bad field. */
export function setupScenario(raw: unknown): AdndState {
  const r = scenarioSchema.safeParse(raw);
  if (!r.success) throw new InputError(zodIssues(r.error, raw), 'scenario');
  const sc = r.data;
  const issues: Issue[] = [];
  const ids = new Set<string>();
  const figures: Figure[] = [];
  sc.figures.forEach((fr, i) => {
    const p = `figures[${i}]`;
    if (ids.has(fr.id)) issues.push({ path: `${p}.id`, message: `duplicate figure id '${fr.id}'` });
    ids.add(fr.id);
    const monster = fr.class === undefined;
    if (monster && fr.hd === undefined) issues.push({ path: p, message: 'required: a `class` (a character) or `hd` (a monster)' });
    if (!monster && fr.hd !== undefined) issues.push({ path: `${p}.hd`, message: 'a character has a class and level, not hit dice' });
    // hp is the hp the figure starts with, maxHp what healing stops at (by default hp): above it,
    // the first cure would take hp away.
    if (fr.maxHp !== undefined && fr.hp > fr.maxHp) {
      issues.push({ path: `${p}.hp`, message: `${fr.hp} is more than maxHp ${fr.maxHp}: a figure starts with at most its maximum hp (healing stops at maxHp); raise maxHp or leave it out (it defaults to hp)` });
    }
    const hd = fr.hd === undefined ? 0 : parseHd(fr.hd);
    if (hd === null) issues.push({ path: `${p}.hd`, message: `${quote(String(fr.hd))} is not hit dice like 6+3` });
    // Only scores the tables have rows for (strength stops at 18/00; the seed's dexterity runs to 25).
    const str = parseScore(fr.str ?? 10, 'str');
    if (!str) issues.push({ path: `${p}.str`, message: `'${fr.str}' is not a strength score the table covers: ${scoreRangeText('str')}` });
    const dex = parseScore(fr.dex ?? 11, 'dex');
    if (!dex) issues.push({ path: `${p}.dex`, message: `${quote(String(fr.dex))} is not a dexterity score the table covers: ${scoreRangeText('dex')}` });
    const weapons: WeaponItem[] = [];
    fr.weapons.forEach((we, k) => {
      const w = buildWeapon(we, `${p}.weapons[${k}]`, issues);
      if (!w) return;
      if (weapons.some((o) => o.id === w.id)) issues.push({ path: `${p}.weapons[${k}].id`, message: `duplicate weapon id '${w.id}'` });
      weapons.push(w);
    });
    for (const prof of Object.keys(fr.proficiencies ?? {})) {
      if (!WEAPONS[prof]) issues.push({ path: `${p}.proficiencies.${prof}`, message: `unknown weapon ${quote(String(prof))}${suggest(String(prof), Object.keys(WEAPONS))}` });
    }
    const spells = Object.entries(fr.spells ?? {}).map(([spell, left]) => {
      if (!SPELLS[spell]) issues.push({ path: `${p}.spells.${spell}`, message: `unknown spell ${quote(String(spell))}${suggest(String(spell), Object.keys(SPELLS))}` });
      return { spell, left };
    });
    const wieldable = weapons.filter((w) => w.kind !== 'natural');
    const wield = fr.wield ?? (wieldable[0] ? [wieldable[0].id] : []);
    let handsUsed = 0;
    wield.forEach((h, k) => {
      const w = weapons.find((o) => o.id === h);
      if (!w || w.kind === 'natural') issues.push({ path: `${p}.wield[${k}]`, message: `'${h}' is not one of this figure's carried weapons` });
      else {
        w.ready = true;
        handsUsed += Math.max(1, w.hands);
      }
    });
    if (handsUsed > 2) issues.push({ path: `${p}.wield`, message: 'more than two hands of weapons' });
    const f: Figure = {
      id: fr.id,
      name: fr.name ?? fr.id,
      side: fr.side,
      cls: (fr.class ?? null) as ClassId | null,
      level: fr.level ?? (monster ? 0 : 1),
      hd: hd ?? 0,
      hdLabel: fr.hd === undefined ? null : String(fr.hd),
      monster,
      size: (fr.size ?? 'M') as Size,
      hp: fr.hp,
      maxHp: fr.maxHp ?? fr.hp,
      ac: fr.ac,
      str: str ?? { score: 10, pct: 0 },
      dex: dex ?? { score: 11, pct: 0 },
      dexGiven: fr.dex !== undefined,
      proficiencies: fr.proficiencies ?? {},
      twoWeaponsSkill: fr.twoWeapons ?? false,
      weapons,
      hands: [...wield],
      spells,
      surpriseChance: fr.surpriseChance ?? (fr.class ? CLASSES[fr.class].surprise : 33),
      surprised: 0,
      freeAt: 0,
      freeReason: 'start',
      surpriseRoll: 0,
      declared: null,
      next: 0,
      declaredAt: 0,
      declSpeed: 0,
      declParries: 0,
      parries: 0,
      parry: null,
      extraAt: 0,
      spellLockUntil: 0,
      hastedUntil: fr.hasted ? fr.hasted * 10 : 0,
      slowedUntil: fr.slowed ? fr.slowed * 10 : 0,
      heldUntil: 0,
      entangled: false,
      drained: { level: 0, strength: 0 },
      script: [],
    };
    if (dex && twoInHand(f) && twoWeaponDex(f) === null) {
      issues.push({ path: `${p}.wield`, message: `dexterity ${dexRow(dex).label} does not allow two weapons (R-A4)` });
    }
    (fr.script ?? []).forEach((c, k) => {
      try {
        // decide() begins the encounter itself: no figure's script does (given the `figure` below,
        // it would be refused as "unknown field 'figure'", naming the wrong field).
        if (c.type === 'begin') throw new InputError([{ path: `${p}.script[${k}].type`, message: "'begin' is no figure's command: the encounter begins by itself" }], 'scenario');
        // The GM's end (a surrender, a rout) names no figure, the GM's adjust or leave this one
        // unless it names another: decide() plays each once its segment (`at`) comes (script.ts).
        const cmd = c.type === 'end' ? c : c.type === 'leave' || c.type === 'adjust' ? { figure: fr.id, ...c } : { ...c, figure: fr.id };
        f.script.push(parseCommand(cmd, `${p}.script[${k}]`));
      } catch (e) {
        if (e instanceof InputError) issues.push(...e.issues);
        else throw e;
      }
    });
    figures.push(f);
  });
  const sides = new Set(figures.map((f) => f.side));
  if (sides.size < 2) issues.push({ path: 'figures', message: 'an encounter needs figures on at least two sides' });
  // R-A3: one d100 roll for the whole party (3380eb42): a side listed twice would roll twice.
  const rolling = new Set<string>();
  (sc.surprise ?? []).forEach((s, i) => {
    if (!sides.has(s.side)) issues.push({ path: `surprise[${i}].side`, message: `no figure is on side '${s.side}'` });
    else if (rolling.has(s.side)) issues.push({ path: `surprise[${i}].side`, message: `side '${s.side}' already rolls for surprise: one d100 roll for the whole party (R-A3)` });
    rolling.add(s.side);
  });
  const opts = sc.options as AdndOptions;
  if (opts.spellPause.default === undefined) opts.spellPause = { ...opts.spellPause, default: 10 };
  for (const k of Object.keys(opts.spellPause)) {
    if (k !== 'default' && !(k in CLASSES)) issues.push({ path: `options.spellPause.${k}`, message: `unknown class ${quote(String(k))}` });
  }
  // Script targets must name figures.
  figures.forEach((f, i) => {
    f.script.forEach((c, k) => {
      for (const key of c.type === 'leave' || c.type === 'adjust' ? (['figure'] as const) : (['target', 'against'] as const)) {
        const v = (c as Record<string, unknown>)[key];
        if (typeof v === 'string' && !ids.has(v)) issues.push({ path: `figures[${i}].script[${k}].${key}`, message: `no figure ${quote(v)}` });
      }
      if (c.type === 'end' && c.winner !== null && !sides.has(c.winner)) issues.push({ path: `figures[${i}].script[${k}].winner`, message: `no figure is on side ${quote(c.winner)}` });
      if (c.type === 'attack' && c.aim !== undefined) {
        // R-A9: the weapon aimed at must be one the target carries (whether it holds it then is the declaration's check).
        const t = figures.find((o) => o.id === c.target);
        const path = `figures[${i}].script[${k}].aim`;
        if (c.mode !== 'disarm') issues.push({ path, message: AIM_WITHOUT_DISARM });
        else if (c.target === undefined) issues.push({ path, message: "aim needs the figure whose weapon it names: give the attack a target" });
        else if (t && !t.weapons.some((w) => w.id === c.aim && w.kind !== 'natural')) issues.push({ path, message: `${t.name} carries no weapon ${quote(c.aim)}` });
      }
    });
  });
  if (issues.length > 0) throw new InputError(issues, 'scenario');
  return {
    system: 'adnd',
    name: sc.name ?? 'AD&D encounter',
    options: opts,
    figures,
    gone: [],
    surprise: (sc.surprise ?? []).map((s) => ({ side: s.side, roll: s.roll ?? null })),
    now: 0,
    phase: 'begin',
    landing: [],
    queue: [],
    winner: null,
    stalled: false,
  };
}
