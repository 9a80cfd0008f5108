// An adversarial audit by property: random small AD&D encounters (classes, levels, weapons,
// armour, dexterity and strength, two-weapon fighters, monsters with several attack forms,
// launchers, spells, surprise) played to the end with seeded dice, the AI and a random player
// that picks parries, hits to disarm, draws, drops and spells the AI would not. A checker reads
// the event log against a model of its own (seed 3380eb42, RULINGS R-A1..R-A11) and the state.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diceBounds, parseDiceCached } from '../../core/dice/notation.ts';
import { SeededDice } from '../../core/dice/source.ts';
import { CommandRejected } from '../../core/errors.ts';
import type { Ledger } from '../../core/ledger.ts';
import { seedRng } from '../../core/rng.ts';
import { runToEnd } from '../../engine/run.ts';
import { surpriseSegments } from './clock.ts';
import { cloneState } from './clone.ts';
import type { AdndEvent, AdndState, Command, Figure } from './model.ts';
import { adndSystem as sys } from './system.ts';
import { CLASSES as CLASS_TABLE, CRITICALS, DEX_ROWS, SPELLS, WEAPONS, dexRow, dexRowIndex, needToHit, strengthRow, toHitAC0Value } from './tables.ts';
import { hits } from './tohit.ts';
import { playUntil, QueueDice, QUIET } from './testing.ts';

type Raw = Record<string, unknown>;

// ---------------------------------------------------------------- encounters

const CLASSES = ['fighter', 'paladin', 'ranger', 'cleric', 'druid', 'magic-user', 'illusionist', 'thief', 'assassin', 'monk'] as const;
const MELEE = Object.values(WEAPONS)
  .filter((w) => w.kind === 'melee')
  .map((w) => w.id);
const LAUNCHERS = Object.values(WEAPONS)
  .filter((w) => w.kind === 'launcher')
  .map((w) => w.id);
const STR = [3, 4, 6, 9, 12, 16, 17, 18, '18/01', '18/50', '18/76', '18/00'];
const DEX = [3, 4, 5, 6, 8, 9, 10, 13, 15, 16, 17, 18, '18/50', '18/80', '18/95', '18/00', 19, 20, 21, 23, 25];
const FORMS = ['claw', 'bite', 'butt', 'sting', 'touch'];
const DAMAGE = ['1', '1d3', '1d4', '1d6', '2d4', '1d8', '2-7', '1d10', '2d6', '3d6'];
const CASTER_SPELLS: Record<string, string[]> = {
  cleric: ['cure-light-wounds', 'hold-person'],
  druid: ['cure-light-wounds'],
  'magic-user': ['magic-missile', 'lightning-bolt', 'fireball', 'haste', 'slow', 'sleep', 'web', 'shield'],
  illusionist: ['magic-missile', 'shield'],
  ranger: ['cure-light-wounds'],
  paladin: ['cure-light-wounds'],
};

const magicArb = fc.oneof(fc.constant(undefined), fc.integer({ min: -2, max: 3 }), fc.record({ hit: fc.integer({ min: -2, max: 3 }), dmg: fc.integer({ min: -2, max: 3 }) }));

const characterArb = fc
  .record({
    cls: fc.constantFrom(...CLASSES),
    level: fc.integer({ min: 1, max: 14 }),
    hp: fc.integer({ min: 1, max: 40 }),
    ac: fc.integer({ min: -3, max: 10 }),
    str: fc.constantFrom(...STR),
    dex: fc.constantFrom(...DEX),
    skill: fc.boolean(),
    melee: fc.uniqueArray(fc.constantFrom(...MELEE), { minLength: 1, maxLength: 3 }),
    launcher: fc.option(fc.record({ id: fc.constantFrom(...LAUNCHERS), ammo: fc.integer({ min: 0, max: 6 }), nocked: fc.boolean() }), { nil: undefined }),
    magic: fc.array(magicArb, { minLength: 4, maxLength: 4 }),
    profs: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }),
    wield: fc.constantFrom('none', 'one', 'two', 'launcher'),
    spells: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 8, maxLength: 8 }),
    hasted: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
    slowed: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
    surpriseChance: fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
    mainGauche: fc.boolean(),
  })
  .map((c) => {
    // A parrying weapon beside the first one-handed weapon, now and then (3380eb42: main gauche & rapier).
    if (c.mainGauche && !c.melee.includes('main-gauche') && WEAPONS[c.melee[0]].hands === 1) c.melee = [c.melee[0], 'main-gauche', ...c.melee.slice(1, 2)];
    const weapons: Raw[] = c.melee.map((w, i) => ({ weapon: w, ...(c.magic[i] !== undefined ? { magic: c.magic[i] } : {}) }));
    if (c.launcher) weapons.push({ weapon: c.launcher.id, ammo: c.launcher.ammo, nocked: c.launcher.nocked, ...(c.magic[3] !== undefined ? { magic: c.magic[3] } : {}) });
    const proficiencies: Record<string, number> = {};
    c.melee.forEach((w, i) => {
      if (c.profs[i] > 0) proficiencies[w] = c.profs[i];
    });
    if (c.launcher && c.profs[3] > 0) proficiencies[c.launcher.id] = c.profs[3];
    const oneHanders = c.melee.filter((w) => WEAPONS[w].hands === 1);
    let wield: string[] = [];
    if (c.wield === 'one') wield = [c.melee[0]];
    else if (c.wield === 'two' && oneHanders.length >= 2 && (typeof c.dex === 'string' || c.dex >= 10 || (c.skill && c.dex >= 8))) wield = oneHanders.slice(0, 2);
    else if (c.wield === 'two') wield = [c.melee[0]];
    else if (c.wield === 'launcher' && c.launcher) wield = [c.launcher.id];
    const known = CASTER_SPELLS[c.cls] ?? [];
    const spells: Record<string, number> = {};
    known.forEach((sp, i) => {
      if (c.spells[i] > 0) spells[sp] = c.spells[i];
    });
    return {
      class: c.cls,
      level: c.level,
      hp: c.hp,
      ac: c.ac,
      str: c.str,
      dex: c.dex,
      twoWeapons: c.skill,
      proficiencies,
      weapons,
      wield,
      ...(Object.keys(spells).length > 0 ? { spells } : {}),
      ...(c.hasted ? { hasted: c.hasted } : {}),
      ...(c.slowed ? { slowed: c.slowed } : {}),
      ...(c.surpriseChance !== undefined ? { surpriseChance: c.surpriseChance } : {}),
    } as Raw;
  });

const monsterArb = fc
  .record({
    hd: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constantFrom('1+1', '1-1', '6+3', '4+4')),
    hp: fc.integer({ min: 1, max: 50 }),
    ac: fc.integer({ min: -2, max: 10 }),
    size: fc.constantFrom('S', 'M', 'L'),
    dex: fc.option(fc.constantFrom(...DEX), { nil: undefined }),
    forms: fc.uniqueArray(fc.constantFrom(...FORMS), { minLength: 1, maxLength: 3 }),
    sfs: fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 3, maxLength: 3 }),
    dmg: fc.array(fc.constantFrom(...DAMAGE), { minLength: 3, maxLength: 3 }),
    drain: fc.option(fc.constantFrom('level', 'strength'), { nil: undefined }),
    weapon: fc.option(fc.constantFrom(...MELEE.filter((w) => WEAPONS[w].hands <= 1 && w !== 'open-hand')), { nil: undefined }),
  })
  .map((m) => {
    const weapons: Raw[] = m.forms.map((id, i) => ({
      id,
      sf: m.sfs[i],
      damage: m.dmg[i],
      ...(i === 0 && m.drain ? { drain: { kind: m.drain, amount: 1 } } : {}),
    }));
    if (m.weapon) weapons.push({ weapon: m.weapon });
    return {
      hd: m.hd,
      hp: m.hp,
      ac: m.ac,
      size: m.size,
      ...(m.dex !== undefined ? { dex: m.dex } : {}),
      weapons,
      ...(m.weapon ? { wield: [m.weapon] } : {}),
    } as Raw;
  });

const encounterArb = fc
  .record({
    a: fc.array(fc.oneof(characterArb, monsterArb), { minLength: 1, maxLength: 3 }),
    b: fc.array(fc.oneof(characterArb, monsterArb), { minLength: 1, maxLength: 3 }),
    deathAt: fc.constantFrom(0, -10),
    naturalRolls: fc.boolean(),
    perLevel: fc.boolean(),
    struggle: fc.integer({ min: 1, max: 5 }),
    surprise: fc.array(fc.record({ side: fc.constantFrom('a', 'b'), roll: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }) }), { maxLength: 1 }),
    maxRounds: fc.integer({ min: 2, max: 6 }),
  })
  .map((e) => ({
    system: 'adnd',
    options: { deathAt: e.deathAt, naturalRolls: e.naturalRolls, trueFighterBonus: e.perLevel ? 'per-level' : 'flat', struggleSegments: e.struggle, maxRounds: e.maxRounds, spellPause: { default: 10, cleric: 5 } },
    surprise: e.surprise.map((s) => (s.roll === undefined ? { side: s.side } : s)),
    figures: [...e.a.map((f, i) => ({ ...f, id: `a${i}`, side: 'a' })), ...e.b.map((f, i) => ({ ...f, id: `b${i}`, side: 'b' }))],
  }));

// ---------------------------------------------------------------- the random player

/** A small seeded generator for the random player (not the dice: the dice come from SeededDice). */
function chooser(seed: number) {
  let x = seed >>> 0 || 1;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x100000000;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] };
}

/** A command the AI would not pick: legal or not (the engine must refuse an illegal one unchanged). */
function wildCommand(s: AdndState, f: Figure, r: ReturnType<typeof chooser>): Command {
  const enemies = s.figures.filter((o) => o.side !== f.side);
  const t = r.pick(enemies);
  if (s.phase === 'react') {
    const strikers = s.landing.filter((l) => l.target === f.id).map((l) => l.attacker);
    return strikers.length > 0 && r.next() < 0.8 ? { type: 'parry', figure: f.id, against: r.pick(strikers) } : { type: 'pass', figure: f.id };
  }
  if (s.phase === 'extra') return r.next() < 0.5 ? { type: 'pass', figure: f.id } : { type: 'attack', figure: f.id, target: t.id };
  const held = f.hands.length > 0 ? f.weapons.find((x) => x.id === f.hands[0]) : undefined;
  const w = held && r.next() < 0.6 ? held : r.pick(f.weapons);
  const k = r.next();
  if (k < 0.35) {
    // R-A9: mostly aimed at one of the target's weapons, most often one it holds (suitable or not).
    const pool = t.hands.length > 0 && r.next() < 0.8 ? t.hands : t.weapons.map((x) => x.id);
    const aim = pool.length > 0 && r.next() < 0.7 ? { aim: r.pick(pool) } : {};
    return { type: 'attack', figure: f.id, target: t.id, weapon: w.id, mode: r.next() < 0.6 ? 'disarm' : 'normal', ...aim };
  }
  if (k < 0.5) return { type: 'draw', figure: f.id, weapons: r.next() < 0.5 ? [w.id] : [w.id, r.pick(f.weapons).id] };
  if (k < 0.6) return { type: 'ready', figure: f.id, weapon: w.id };
  if (k < 0.7) return { type: 'drop', figure: f.id, weapon: f.hands[0] ?? w.id };
  if (k < 0.85 && f.spells.length > 0) {
    const sp = r.pick(f.spells).spell;
    return { type: 'cast', figure: f.id, spell: sp, target: r.pick(s.figures).id };
  }
  if (k < 0.92) return { type: 'wait', figure: f.id, until: s.now + 1 + Math.floor(r.next() * 3) };
  return { type: 'struggle', figure: f.id };
}

interface Played {
  state: AdndState;
  events: AdndEvent[];
  rejectedChanged: string[];
  ended: boolean;
}

/** Plays `raw` to its end: AI decisions, a random player's now and then (wild: 0..1). */
function play(raw: unknown, seed: number, wild: number, logged: boolean): Played {
  const s = sys.setup(raw);
  const dice = new SeededDice(seedRng(seed));
  const r = chooser(seed * 7 + 3);
  const events: AdndEvent[] = [];
  const emit = logged ? (e: AdndEvent) => events.push(e) : null;
  const rejectedChanged: string[] = [];
  let steps = 0;
  for (; steps < 20_000 && sys.pending(s); steps++) {
    if (wild > 0 && s.phase !== 'begin' && s.queue.length > 0 && r.next() < wild) {
      const f = s.figures.find((x) => x.id === s.queue[0])!;
      const c = wildCommand(s, f, r);
      const before = JSON.stringify(s);
      try {
        sys.apply(s, c, dice, emit);
        continue;
      } catch (e) {
        if (!(e instanceof CommandRejected)) throw e;
        if (JSON.stringify(s) !== before) rejectedChanged.push(JSON.stringify(c));
      }
    }
    sys.apply(s, sys.decide(s), dice, emit);
  }
  return { state: s, events, rejectedChanged, ended: sys.pending(s) === null };
}

// ---------------------------------------------------------------- the checker

interface Model {
  f: Figure;
  hp: number;
  level: number;
  dead: boolean;
  deadAt: number;
  /** The segment it went down (not healthy), -1 while standing: it still strikes in that segment (R-A1). */
  downAt: number;
  surprised: number;
  heldUntil: number;
  /** The segment the hold began: blows of that segment still land (R-A1). */
  heldAt: number;
  hastedUntil: number;
  slowedUntil: number;
  entangled: boolean;
  /** Segment the entanglement began (blows of that segment still land, R-A1). */
  entangledAt: number;
  lost: Map<string, number>;
  nocked: Set<string>;
  parries: number;
  resetAfter: boolean;
  parry: { against: string; at: number; ac: number } | null;
  /** No spell, draw or ready before this segment (R-A7). */
  lockUntil: number;
  str: { score: number; pct: number };
  parryEndsAfter: boolean;
  declared: { at: number; lands: number; action: Raw } | null;
  extraAt: number;
  extrasThisRound: number;
  hands: string[];
}

const ACTION_EVENTS = new Set(['draw', 'ready', 'cast', 'struggle']);

/** Checks the log of one encounter against the seed's rules; returns the problems found. */
function check(raw: Raw, p: Played): string[] {
  const problems: string[] = [];
  const bad = (e: AdndEvent | null, msg: string) => {
    if (problems.length < 20) problems.push(`${e ? `[seg ${e.segment} ${e.type}] ` : ''}${msg}`);
  };
  const start = sys.setup(raw);
  const opts = start.options;
  const M = new Map<string, Model>();
  for (const f of start.figures) {
    M.set(f.id, {
      f,
      hp: f.hp,
      level: f.level,
      dead: false,
      deadAt: -1,
      downAt: -1,
      surprised: 0,
      heldUntil: 0,
      heldAt: 0,
      hastedUntil: f.hastedUntil,
      slowedUntil: f.slowedUntil,
      entangled: false,
      entangledAt: 0,
      lost: new Map(),
      nocked: new Set(f.weapons.filter((w) => w.nocked).map((w) => w.id)),
      parries: 0,
      resetAfter: false,
      parry: null,
      lockUntil: 0,
      str: { ...f.str },
      parryEndsAfter: false,
      declared: null,
      extraAt: 0,
      extrasThisRound: 0,
      hands: [...f.hands],
    });
  }
  const deadHp = (hp: number) => (opts.deathAt === 0 ? hp <= 0 : hp <= -10);
  const weapon = (m: Model, id: string) => m.f.weapons.find((w) => w.id === id);
  const speed = (m: Model, sf: number, at: number) => {
    const h = m.hastedUntil > 0 && at <= m.hastedUntil;
    const sl = m.slowedUntil > 0 && at <= m.slowedUntil;
    return h === sl ? sf : h ? Math.ceil(sf / 2) : sf * 2;
  };
  let seg = -1;
  const regular = new Map<string, number>();
  /** "target|attacker" -> the weapon a hit to disarm that the target failed to save against was aimed at (R-A9). */
  const aimedLoss = new Map<string, string>();
  const extraSwings = new Map<string, number>();
  const drains: AdndEvent[] = [];
  const entangles: Model[] = [];
  const endOfSegment = () => {
    for (const m of entangles) m.entangled = true;
    entangles.length = 0;
    for (const d of drains) {
      const t = M.get(d.figure as string)!;
      if (d.kind === 'level' && !t.f.monster) t.level = Math.max(0, t.level - (d.amount as number));
      if (d.kind === 'strength') t.str = { score: Math.max(3, t.str.score - (d.amount as number)), pct: 0 };
    }
    drains.length = 0;
    for (const m of M.values()) {
      if (m.resetAfter) m.parries = 0;
      if (m.parryEndsAfter || m.downAt >= 0) m.parry = null;
      m.resetAfter = m.parryEndsAfter = false;
    }
    regular.clear();
    extraSwings.clear();
  };
  const down = (m: Model, e: AdndEvent) => m.downAt >= 0 && m.downAt < e.segment;
  for (const e of p.events) {
    if (e.segment !== seg) {
      endOfSegment();
      seg = e.segment;
    }
    const who = (e.figure ?? e.attacker) as string | undefined;
    const m = who ? M.get(who) : undefined;
    switch (e.type) {
      case 'surprise': {
        for (const r of e.results as { figure: string; chance: number; segments: number }[]) {
          const expected = surpriseSegments(r.chance, e.roll as number);
          if (r.segments !== expected) bad(e, `R-A3: ${r.figure} surprised ${r.segments}, the rule gives ${expected}`);
          M.get(r.figure)!.surprised = r.segments;
        }
        break;
      }
      case 'round':
        for (const x of M.values()) {
          x.extraAt = 0;
          x.extrasThisRound = 0;
          if (opts.deathAt === -10 && x.hp < 0 && x.hp > -10) x.hp -= 1;
        }
        break;
      case 'extra-roll': {
        const cls = m!.f.cls;
        if (cls !== 'fighter' && cls !== 'paladin' && cls !== 'ranger') bad(e, `R-A5: ${who} (${cls}) rolls for an extra attack`);
        const chance = 5 * m!.level + (cls === 'fighter' ? (opts.trueFighterBonus === 'per-level' ? 5 * m!.level : 5) : 0);
        if ((e.chance as Ledger).total !== chance) bad(e, `R-A5: chance ${(e.chance as Ledger).total}, expected ${chance}`);
        const roll = e.roll as number;
        if ((roll <= chance) !== (e.d10 !== null)) bad(e, `R-A5: roll ${roll} vs ${chance} and d10 ${e.d10}`);
        if (e.d10 !== null && e.at !== e.segment + (e.d10 as number) - 1) bad(e, `R-A5: d10 ${e.d10} gives segment ${e.at}`);
        m!.extraAt = (e.at as number) || 0;
        break;
      }
      case 'extra-attack': {
        if (e.segment !== m!.extraAt) bad(e, `R-A5: ${who}'s extra attack in ${e.segment}, its d10 gave ${m!.extraAt}`);
        m!.extrasThisRound += 1;
        if (m!.extrasThisRound > 1) bad(e, `R-A5: ${who} takes a second extra attack this round`);
        if (e.segment <= m!.surprised) bad(e, `R-A3: ${who} takes an extra attack while surprised (through ${m!.surprised})`);
        if (e.segment <= m!.heldUntil) bad(e, `${who} takes an extra attack while held`);
        if (m!.entangled && m!.entangledAt < e.segment) bad(e, `R-A9: ${who} takes an extra attack while entangled`);
        if (down(m!, e)) bad(e, `${who} takes an extra attack, down since ${m!.downAt}`);
        extraSwings.set(who!, 1);
        break;
      }
      case 'parry': {
        if (down(m!, e)) bad(e, `${who} parries, down since ${m!.downAt}`);
        if (e.segment <= m!.surprised) bad(e, `R-A3: ${who} parries while surprised`);
        if (e.segment <= m!.heldUntil) bad(e, `${who} parries while held`);
        if (m!.entangled) bad(e, `R-A9: ${who} parries while entangled`);
        if (!e.keepsAttack) {
          m!.parries += 1;
          m!.declared = null;
        }
        if (e.consecutive !== m!.parries) bad(e, `R-A8: consecutive ${e.consecutive}, model ${m!.parries}`);
        const delay = e.keepsAttack ? 0 : Math.min(2 * m!.parries, 10);
        if (e.delay !== delay || (e.delay as number) > 10) bad(e, `R-A8: delay ${e.delay}, expected ${delay} (cap 10)`);
        const pw = weapon(m!, e.weapon as string);
        if (pw?.kind !== 'melee' || !m!.hands.includes(pw.id)) bad(e, `R-A8: ${who} parries with ${e.weapon}, not a hand weapon it holds (${m!.hands})`);
        m!.parry = { against: e.against as string, at: e.segment, ac: (e.ac as Ledger).total };
        m!.parryEndsAfter = false;
        break;
      }
      case 'declare': {
        endOfSegment();
        if (m!.downAt >= 0) bad(e, `${who} declares, down since ${m!.downAt}`);
        const a = e.action as Raw & { kind: string };
        if (e.segment < m!.surprised) bad(e, `R-A3: ${who} declares while surprised (through ${m!.surprised})`);
        if (m!.entangled && a.kind !== 'struggle' && a.kind !== 'wait') bad(e, `R-A9: entangled ${who} declares ${a.kind}`);
        if ((a.kind === 'cast' || a.kind === 'draw' || a.kind === 'ready') && e.segment < m!.lockUntil) bad(e, `R-A7: ${who} declares ${a.kind} in the pause after an offensive spell (until ${m!.lockUntil})`);
        if ((e.timing as Ledger).total !== e.lands) bad(e, `timing ledger ${(e.timing as Ledger).total} != lands ${e.lands}`);
        // An independent sum of the landing segment (R-A2, R-A6, R-A7, R-A8).
        let dur: number;
        if (a.kind === 'attack') {
          const w = weapon(m!, a.weapon as string)!;
          if (w.kind === 'launcher') dur = m!.nocked.has(w.id) ? 1 : speed(m!, WEAPONS[w.missile!].sf, e.segment);
          else dur = speed(m!, a.offhand ? Math.max(w.sf, weapon(m!, a.offhand as string)!.sf) : w.sf, e.segment);
        } else if (a.kind === 'draw') dur = (a.weapons as string[]).length;
        else if (a.kind === 'ready') dur = speed(m!, weapon(m!, a.weapon as string)!.sf, e.segment);
        else if (a.kind === 'cast') dur = SPELLS[a.spell as string].castingTime;
        else if (a.kind === 'wait') dur = (a.until as number) - e.segment;
        else dur = opts.struggleSegments;
        const delay = a.kind === 'wait' ? 0 : Math.min(2 * m!.parries, 10);
        if (e.lands !== e.segment + dur + delay) bad(e, `${who} ${a.kind} lands ${e.lands}; declared in ${e.segment} + ${dur} + parry delay ${delay} = ${e.segment + dur + delay}`);
        m!.declared = { at: e.segment, lands: e.lands as number, action: a };
        break;
      }
      case 'attack': {
        const t = M.get(e.target as string)!;
        if (down(m!, e)) bad(e, `${who} strikes, down since ${m!.downAt}`);
        if (down(t, e)) bad(e, `${who} strikes ${e.target}, down since ${t.downAt}`);
        if (e.segment <= m!.surprised) bad(e, `R-A3: ${who} strikes while surprised (through ${m!.surprised})`);
        if (e.segment <= m!.heldUntil && e.segment > m!.heldAt) bad(e, `${who} strikes while held (since ${m!.heldAt})`);
        if (m!.entangled && m!.entangledAt < e.segment) bad(e, `R-A9: ${who} strikes while entangled since ${m!.entangledAt}`);
        const lostAt = m!.lost.get(e.weapon as string);
        if (lostAt !== undefined && lostAt < e.segment) bad(e, `R-A9: ${who} strikes with ${e.weapon}, knocked away in ${lostAt}`);
        const d = m!.declared;
        // The declared blow: its weapon first, then the off hand (two weapons); anything else must be the extra attack.
        const n = regular.get(who!) ?? 0;
        const want = d === null || d.lands !== e.segment || d.action.kind !== 'attack' ? null : n === 0 ? d.action.weapon : n === 1 ? d.action.offhand : null;
        const isRegular = want !== null && e.weapon === want && (n === 1 || e.role !== 'secondary');
        if (isRegular) regular.set(who!, n + 1);
        else if ((extraSwings.get(who!) ?? 0) === 1) extraSwings.set(who!, 2);
        else bad(e, `R-A2/R-A5: ${who} strikes in ${e.segment} with no action landing (declared ${JSON.stringify(d)}) and no extra attack`);
        if (m!.nocked.has(e.weapon as string)) m!.nocked.delete(e.weapon as string);
        // The to-hit numbers add up (R-A11): need from the matrix, hit from d20 + bonus.
        const bonus = e.bonus as Ledger;
        const ac = e.ac as Ledger;
        const need = e.need as Ledger;
        const disarm = e.mode === 'disarm';
        const ac0 = toHitAC0Value({ ...m!.f, level: m!.level });
        if (need.total !== needToHit(ac0, disarm ? 0 : ac.total)) bad(e, `R-A11: need ${need.total}, matrix ${needToHit(ac0, disarm ? 0 : ac.total)}`);
        if (e.hit !== hits(e.roll as number, bonus.total, need.total, opts.naturalRolls)) bad(e, `R-A11: d20 ${e.roll} + ${bonus.total} vs ${need.total}: hit ${e.hit}`);
        const parried = t.parry !== null && t.parry.against === who;
        // The target's AC (R-A4, R-A8): armour, dexterity, two one-handed hand weapons in hand +1 (a launcher is not one), the parry against this attacker.
        const twoIn = t.hands.length === 2 && t.hands.every((h) => weapon(t, h)?.kind === 'melee' && weapon(t, h)?.hands === 1);
        const wantAc = t.f.ac - (!t.f.monster || t.f.dexGiven ? dexRow(t.f.dex).ac : 0) + (twoIn ? 1 : 0) - (parried ? t.parry!.ac : 0);
        if (ac.total !== wantAc) bad(e, `R-A4/R-A8: target AC ${ac.total}, expected ${wantAc} (${JSON.stringify(ac.entries.map((x) => x.source))})`);
        // The attacker's bonus (seed 3380eb42 Frito/Rocky, R-A4): strength, dexterity by role, proficiency, magic.
        const sw = weapon(m!, e.weapon as string)!;
        let wantBonus = 0;
        if (sw.kind === 'melee' && !disarm) wantBonus += strengthRow(m!.str).hit;
        if (sw.kind !== 'natural' || m!.f.dexGiven) {
          if (e.role === 'alone') wantBonus += sw.kind === 'launcher' ? dexRow(m!.f.dex).missile : dexRow(m!.f.dex).hand;
          else {
            const i = Math.min(dexRowIndex(m!.f.dex) + (m!.f.twoWeaponsSkill ? 1 : 0), DEX_ROWS.length - 1);
            const v = e.role === 'primary' ? DEX_ROWS[i].primary : DEX_ROWS[i].secondary;
            if (v === null) bad(e, `R-A4: two weapons at dexterity row ${DEX_ROWS[i].label}`);
            wantBonus += v ?? 0;
          }
        }
        if (sw.kind !== 'natural' && m!.f.cls !== null && !disarm && !((m!.f.proficiencies[sw.weapon ?? ''] ?? 0) > 0)) wantBonus += CLASS_TABLE[m!.f.cls].nonProficiency;
        if (sw.kind !== 'natural') wantBonus += sw.magicHit;
        if (bonus.total !== wantBonus) bad(e, `R-A4: bonus ${bonus.total}, expected ${wantBonus} (${JSON.stringify(bonus.entries.map((x) => [x.source, x.delta]))})`);
        if (e.role === 'secondary' && !(m!.hands.length === 2)) bad(e, `R-A4: ${who} strikes an off-hand blow holding ${m!.hands}`);
        if (parried !== ac.entries.some((x) => x.rule === 'R-A8')) bad(e, `R-A8: parry against ${who} ${parried}, AC ledger ${JSON.stringify(ac.entries)}`);
        // Criticals (R-A10): a natural 20, then a confirm roll <= the average of dexterity and level.
        const crit = e.critical as { confirm: number; threshold: number; third: number | null; parryMinus: number; multiplier: number } | null;
        const dex = m!.f.monster && !m!.f.dexGiven ? 11 : m!.f.dex.score;
        const lvl = m!.f.monster ? Math.floor(m!.f.hd) : m!.level;
        const th = (dex + lvl) / 2;
        if (e.hit && !disarm && e.roll === 20 && crit === null) bad(e, 'R-A10: a natural 20 hit with no critical check');
        if (crit !== null) {
          if (e.roll !== 20) bad(e, `R-A10: critical check on a ${e.roll}`);
          if (crit.threshold !== th) bad(e, `R-A10: threshold ${crit.threshold}, expected ${th}`);
          if ((crit.third !== null) !== crit.confirm <= th) bad(e, `R-A10: confirm ${crit.confirm} vs ${th}, third ${crit.third}`);
          if (crit.third !== null) {
            if (crit.parryMinus !== (parried ? 3 : 0)) bad(e, `R-A10: parry minus ${crit.parryMinus}, parried ${parried}`);
            const third = Math.max(1, crit.third - crit.parryMinus);
            const row = CRITICALS.find((x) => third >= x.min && third <= x.max)!;
            if (crit.multiplier !== row.multiplier) bad(e, `R-A10: third ${third} -> x${crit.multiplier}, table x${row.multiplier}`);
          }
        }
        // R-A9: a hit to disarm declared at a weapon strikes at it, held by the target when it lands; a failed save knocks that one away.
        const aim = isRegular && n === 0 && disarm ? (d!.action.aim as string | undefined) : undefined;
        if (e.aim !== aim) bad(e, `R-A9: ${who}'s hit to disarm aimed at ${e.aim}, declared at ${aim}`);
        if (aim !== undefined && !t.hands.includes(aim)) bad(e, `R-A9: ${who}'s hit to disarm at ${e.target}'s ${aim}, not in its hands (${t.hands})`);
        if (aim !== undefined && e.disarmed) aimedLoss.set(`${e.target}|${who}`, aim);
        const dmg = e.damage as Ledger | null;
        if (!e.hit || disarm) {
          if (dmg !== null) bad(e, 'damage on a miss or a hit to disarm');
        } else {
          if (dmg === null) bad(e, 'a hit without damage');
          else {
            const w = weapon(m!, e.weapon as string)!;
            const dice = w.kind === 'launcher' ? WEAPONS[w.missile!].damage : w.damage;
            const expr = parseDiceCached(t.f.size === 'L' ? dice.l : dice.sm);
            const least = expr.dice.length > 0 ? 1 : 0;
            if (dmg.total < least) bad(e, `damage ${dmg.total} from ${w.name} (${t.f.size === 'L' ? dice.l : dice.sm}); a hit does at least ${least}`);
            if (crit?.third != null && expr.dice.length > 0 && dmg.total < diceBounds(expr).min) bad(e, `R-A10: a critical (${dmg.total}) below the least normal damage`);
            t.hp -= dmg.total;
          }
        }
        // Its own blow (regular or extra) is an action: the parry and the run of parries end with the segment (R-A8).
        m!.resetAfter = m!.parryEndsAfter = true;
        break;
      }
      case 'attack-lost':
        if (!e.extra && m!.declared && m!.declared.lands === e.segment) m!.resetAfter = m!.parryEndsAfter = true;
        // An extra attack taken but with no one to strike is still one; one lost to surprise, a hold or a parry is not.
        if (e.extra && extraSwings.has(who!) && !String(e.why).includes('parried')) m!.resetAfter = m!.parryEndsAfter = true;
        break;
      case 'spell-damage': {
        const d = (e.damage as Ledger).total;
        if (d < 0) bad(e, `negative spell damage ${d}`);
        const v = M.get(e.figure as string)!;
        if (v.dead && v.deadAt < e.segment) bad(e, `${e.figure} is struck by a spell, dead since ${v.deadAt}`);
        M.get(e.figure as string)!.hp -= d;
        break;
      }
      case 'heal': {
        const t = M.get(e.figure as string)!;
        if (t.dead) bad(e, `${e.figure} is healed after it died`);
        if ((e.amount as number) < 0) bad(e, 'negative healing');
        t.hp = Math.min(t.f.maxHp, t.hp + (e.amount as number));
        break;
      }
      case 'drain':
        // R-A1: it takes hold at the end of the segment
        drains.push(e);
        break;
      case 'state': {
        if (m!.dead && e.from === 'dead') bad(e, `${who} leaves death: ${e.from} -> ${e.to}`);
        if (e.hp !== m!.hp) bad(e, `${who} hp ${e.hp}, model ${m!.hp}`);
        if (e.to === 'dead') {
          m!.dead = true;
          m!.deadAt = e.segment;
        }
        if (e.to === 'healthy') m!.downAt = -1;
        else if (m!.downAt < 0) m!.downAt = e.segment;
        break;
      }
      case 'status':
        if (e.status === 'held') {
          m!.heldUntil = e.until as number;
          m!.heldAt = e.segment;
          if (m!.declared && m!.declared.lands !== e.segment) m!.declared = null;
          m!.parryEndsAfter = true;
        }
        if (e.status === 'hasted') m!.hastedUntil = e.until as number;
        if (e.status === 'slowed') m!.slowedUntil = e.until as number;
        break;
      case 'entangle':
        // R-A1: it takes hold at the end of the segment, after a struggle of this segment
        entangles.push(m!);
        m!.entangledAt = e.segment;
        if (m!.declared && m!.declared.lands !== e.segment) m!.declared = null;
        m!.parryEndsAfter = true;
        break;
      case 'struggle':
        if (!m!.entangled) bad(e, `${who} struggles while not entangled`);
        if (e.free) m!.entangled = false;
        m!.resetAfter = m!.parryEndsAfter = true;
        break;
      case 'disarm':
        if ((aimedLoss.get(`${who}|${e.by}`) ?? e.weapon) !== e.weapon) bad(e, `R-A9: ${who} loses ${e.weapon}; ${e.by}'s hit was aimed at ${aimedLoss.get(`${who}|${e.by}`)}`);
        aimedLoss.delete(`${who}|${e.by}`);
        m!.lost.set(e.weapon as string, e.segment);
        m!.hands = m!.hands.filter((h) => h !== e.weapon);
        if (m!.declared && m!.declared.lands > e.segment && (m!.declared.action.weapon === e.weapon || m!.declared.action.offhand === e.weapon)) m!.declared = null;
        m!.parry = null;
        break;
      case 'draw':
        for (const id of e.weapons as string[]) m!.lost.delete(id);
        m!.hands = [...(e.weapons as string[])];
        m!.resetAfter = m!.parryEndsAfter = true;
        break;
      case 'ready':
        m!.lost.delete(e.weapon as string);
        // Readied, not fully readied: the next shot takes the missile's speed factor (3380eb42 R-A2).
        m!.nocked.delete(e.weapon as string);
        m!.hands = [e.weapon as string];
        m!.resetAfter = m!.parryEndsAfter = true;
        break;
      case 'drop':
        m!.hands = m!.hands.filter((h) => h !== e.weapon);
        break;
      case 'cast':
        m!.resetAfter = m!.parryEndsAfter = true;
        if (e.offensive) m!.lockUntil = e.segment + (m!.f.cls === 'cleric' ? 5 : 10);
        break;
      case 'parry-end':
        if (!m!.parryEndsAfter && e.why !== 'disarmed (R-A9)') bad(e, `R-A8: ${who}'s parry ends (${e.why}) with no action, entanglement or hold of its own this segment`);
        break;
    }
    if (ACTION_EVENTS.has(e.type) && m && down(m, e)) bad(e, `${who} acts (${e.type}), down since ${m.downAt}`);
  }
  // The end state agrees with the log.
  for (const f of p.state.figures) {
    const m = M.get(f.id)!;
    if (f.hp !== m.hp) bad(null, `${f.id}: hp ${f.hp} at the end, the log adds up to ${m.hp}`);
    if (m.dead && !deadHp(f.hp)) bad(null, `${f.id} fell dead and stands at the end with ${f.hp} hp`);
    if (f.hp <= 0 && f.declared !== null) bad(null, `${f.id} is down with an action declared`);
  }
  for (const c of p.rejectedChanged) bad(null, `a rejected command changed the state: ${c}`);
  return problems;
}

// ---------------------------------------------------------------- the properties

const RUNS = Number(process.env.ADND_PROPERTY_RUNS ?? 60);

describe('property audit: random encounters against the seed (3380eb42, R-A1..R-A11)', () => {
  it('3380eb42 R-A1..R-A11: random encounters under the AI keep every rule the checker knows (timing, surprise, parry delay, disarm, entangle, criticals, hp)', () => {
    fc.assert(
      fc.property(encounterArb, fc.integer({ min: 1, max: 1_000_000 }), (raw, seed) => {
        const p = play(raw, seed, 0, true);
        expect(p.ended).toBe(true);
        expect(check(raw, p)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('3380eb42 R-A1..R-A11: random encounters with a random player (parries, hits to disarm, draws, drops, spells) keep the same rules; a refused command changes nothing', () => {
    fc.assert(
      fc.property(encounterArb, fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(0.2, 0.5), (raw, seed, wild) => {
        const p = play(raw, seed, wild, true);
        expect(p.ended).toBe(true);
        expect(check(raw, p)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('issue 7: explain at any point of a random encounter changes nothing, never throws, and each step of its schedule adds up to its segment; every event reads as text; a fast copy taken at any point plays on to the same end', () => {
    fc.assert(
      fc.property(encounterArb, fc.integer({ min: 1, max: 1_000_000 }), (raw, seed) => {
        const s = sys.setup(raw);
        const dice = new SeededDice(seedRng(seed));
        const r = chooser(seed);
        const events: AdndEvent[] = [];
        let copy: { s: AdndState; dice: SeededDice } | null = null;
        for (let i = 0; i < 20_000 && sys.pending(s); i++) {
          if (copy === null && r.next() < 0.05) {
            const c = cloneState(s);
            expect(c).toEqual(structuredClone(s));
            copy = { s: c, dice: new SeededDice(structuredClone(dice.rng)) };
          }
          if (r.next() < 0.1) {
            const before = JSON.stringify(s);
            const rep = sys.explain(s) as ReturnType<typeof sys.explain> & { schedule: { segment: number; why: Ledger['entries'] }[]; text: string[] };
            expect(JSON.stringify(s)).toBe(before);
            expect(rep.text.length).toBeGreaterThan(0);
            for (const step of rep.schedule) expect(step.why.reduce((t, x) => t + x.delta, 0)).toBe(step.segment);
          }
          sys.apply(s, sys.decide(s), dice, (e) => events.push(e));
        }
        for (const e of events) expect(sys.describe(e).length).toBeGreaterThan(0);
        if (copy !== null) {
          runToEnd(sys, copy.s, copy.dice, null);
          expect(JSON.stringify(copy.s)).toBe(JSON.stringify(s));
        }
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });

  it('R-A1: the figure order never changes a result: the two sides listed in either order, with dice that do not depend on the order of the rolls, end the same', () => {
    const facesArb = fc.record({ 2: fc.integer({ min: 1, max: 2 }), 3: fc.integer({ min: 1, max: 3 }), 4: fc.integer({ min: 1, max: 4 }), 6: fc.integer({ min: 1, max: 6 }), 8: fc.integer({ min: 1, max: 8 }), 10: fc.integer({ min: 1, max: 10 }), 12: fc.integer({ min: 1, max: 12 }), 20: fc.integer({ min: 1, max: 20 }), 100: fc.integer({ min: 1, max: 100 }) });
    fc.assert(
      fc.property(encounterArb, facesArb, (raw, faces) => {
        // Each side keeps its own order (the AI breaks ties by it); only the sides swap places.
        const swapped = { ...raw, figures: [...raw.figures.filter((f) => f.side === 'b'), ...raw.figures.filter((f) => f.side === 'a')] };
        const end = (r: unknown) => {
          const s = sys.setup(r);
          runToEnd(sys, s, new QueueDice({}, faces), null);
          const figs = Object.fromEntries(
            s.figures.map((f) => [f.id, { hp: f.hp, hands: f.hands, entangled: f.entangled, parries: f.parries, parry: f.parry, declared: f.declared, next: f.next, held: f.heldUntil, weapons: f.weapons, spells: f.spells, level: f.level }]),
          );
          return { now: s.now, winner: s.winner, stalled: s.stalled, figs };
        };
        expect(end(swapped)).toEqual(end(raw));
      }),
      { numRuns: RUNS },
    );
  });

  it('R-A1: the same seed plays the same fight byte for byte; with the log off the end state and the summary are the same', () => {
    fc.assert(
      fc.property(encounterArb, fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(0, 0.3), (raw, seed, wild) => {
        const a = play(raw, seed, wild, true);
        const b = play(raw, seed, wild, true);
        const c = play(raw, seed, wild, false);
        expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events));
        expect(JSON.stringify(c.state)).toBe(JSON.stringify(a.state));
        expect(sys.summary(c.state)).toEqual(sys.summary(a.state));
        if (wild === 0) {
          const d = sys.setup(raw);
          runToEnd(sys, d, new SeededDice(seedRng(seed)), null);
          expect(JSON.stringify(d)).toBe(JSON.stringify(a.state));
        }
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });
});

// ---------------------------------------------------------------- what the audit found

describe('defects the property audit found (each failed before its fix)', () => {
  const scen = (figs: Raw[], extra: Raw = {}) => ({ system: 'adnd', figures: figs, ...extra });
  const post = (over: Raw = {}): Raw => ({ id: 'post', side: 'b', hd: 1, hp: 500, ac: 10, weapons: [{ id: 'claw', sf: 10, damage: '1' }], script: [{ type: 'wait', until: 300 }], ...over });

  it('issue 7 / R-A7: dead stays dead: a cure light wounds landing on a friend killed while it was cast heals nothing', () => {
    // The cleric starts curing the wounded friend in 0 (casting time 5); the claw (SF 3, 5 points) kills
    // the friend in 3 (1 hp, dead at 0 by default); the cure lands in 5 on a dead figure.
    const cleric = { id: 'cleric', side: 'a', class: 'cleric', level: 1, hp: 20, ac: 5, weapons: [{ weapon: 'club' }], spells: { 'cure-light-wounds': 1 }, script: [{ type: 'cast', spell: 'cure-light-wounds', target: 'friend' }, { type: 'wait', until: 300 }] };
    const friend = { id: 'friend', side: 'a', class: 'fighter', level: 1, hp: 1, maxHp: 10, ac: 5, weapons: [{ weapon: 'club' }], script: [{ type: 'wait', until: 300 }] };
    const claw = post({ id: 'beast', weapons: [{ id: 'claw', sf: 3, damage: '5' }], script: [{ type: 'attack', target: 'friend' }, { type: 'wait', until: 300 }] });
    const { events, s } = playUntil(scen([cleric, friend, claw]), new QueueDice({ 20: [20, 20], 8: [8] }, QUIET), 6);
    expect(events.find((e) => e.type === 'state' && e.figure === 'friend')).toMatchObject({ segment: 3, to: 'dead', hp: -4 });
    expect(events.some((e) => e.type === 'heal')).toBe(false);
    expect(events.filter((e) => e.type === 'state' && e.figure === 'friend').map((e) => e.to)).toEqual(['dead']);
    expect(s.figures[1].hp).toBe(-4);
    expect(events.find((e) => e.type === 'status' && e.figure === 'friend')).toMatchObject({ segment: 5, status: 'cure light wounds: no effect, friend is dead' });
  });

  it('issue 7 / R-A7: a cure light wounds cannot be declared on a dead figure (a dying one at the -10 option can be cured)', () => {
    const cleric = { id: 'cleric', side: 'a', class: 'cleric', level: 1, hp: 20, ac: 5, weapons: [{ weapon: 'club' }], spells: { 'cure-light-wounds': 2 } };
    const friend = { id: 'friend', side: 'a', class: 'fighter', level: 1, hp: 5, ac: 5, weapons: [{ weapon: 'club' }] };
    for (const [deathAt, hp, ok] of [
      [0, 0, false],
      [-10, -3, true],
      [-10, -10, false],
    ] as const) {
      const s = sys.setup(scen([cleric, friend, post()], { options: { deathAt } }));
      sys.apply(s, { type: 'begin' }, new QueueDice({}, QUIET), null);
      s.figures[1].hp = hp;
      const cure = () => sys.apply(s, { type: 'cast', figure: 'cleric', spell: 'cure-light-wounds', target: 'friend' }, new QueueDice({}, QUIET), null);
      if (ok) expect(cure).not.toThrow();
      else expect(cure).toThrow(/friend is dead/);
    }
  });

  it('adnd-phb / R-A9: damage is never negative: a net (no damage dice) swung with strength 3 (-1 damage) does 0, not -1 (which healed the target)', () => {
    const netter = { id: 'netter', side: 'a', class: 'fighter', level: 1, hp: 20, ac: 5, str: 3, dex: 12, proficiencies: { net: 1 }, weapons: [{ weapon: 'net' }], script: [{ type: 'attack', target: 'post' }, { type: 'wait', until: 300 }] };
    // d20 19 - 3 strength = 16 >= 10 hits AC 10; the post's entangle save 2 fails
    const { events, s } = playUntil(scen([netter, post()]), new QueueDice({ 20: [19] }, QUIET), 10);
    const a = events.find((e) => e.type === 'attack' && e.attacker === 'netter')!;
    expect(a.hit).toBe(true);
    expect((a.damage as Ledger).total).toBe(0);
    expect(s.figures[1].hp).toBe(500);
  });

  it('3380eb42 R-A10: "maximum normal damage" is at least what a normal hit does (1): a critical is never below it, never negative', () => {
    // dagger against L (1d3, maximum 3), strength 3 (-1), magic damage -3: 3 - 1 - 3 = -1, but a normal hit does at least 1.
    // d20 20, confirm 1 (<= (12 + 1) / 2), third roll 12: double maximum normal damage = 2.
    const stabber = { id: 'stabber', side: 'a', class: 'fighter', level: 1, hp: 20, ac: 5, str: 3, dex: 12, proficiencies: { dagger: 1 }, weapons: [{ weapon: 'dagger', magic: { hit: 0, dmg: -3 } }], script: [{ type: 'attack', target: 'post' }, { type: 'wait', until: 300 }] };
    const { events, s } = playUntil(scen([stabber, post({ size: 'L' })]), new QueueDice({ 20: [20, 1, 12] }, QUIET), 3);
    const a = events.find((e) => e.type === 'attack' && e.attacker === 'stabber')!;
    expect(a.critical).toMatchObject({ third: 12, multiplier: 2 });
    expect((a.damage as Ledger).total).toBe(2);
    expect(s.figures[1].hp).toBe(498);
  });
  it('3380eb42 R-A9 (Fray: the entangled can only struggle free): drawing or readying a weapon while entangled is refused, as attacking and casting are', () => {
    const whip = { id: 'whip', side: 'a', class: 'fighter', level: 1, hp: 20, ac: 5, dex: 12, proficiencies: { whip: 1 }, weapons: [{ weapon: 'whip' }], script: [{ type: 'attack', target: 'foe' }, { type: 'wait', until: 300 }] };
    const foe = { id: 'foe', side: 'b', class: 'fighter', level: 1, hp: 20, ac: 10, dex: 12, wield: [], proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword' }, { weapon: 'longbow' }], script: [{ type: 'wait', until: 4 }] };
    // the whip lands in 4: d20 19 hits, the foe's save 2 fails: entangled; the foe then declares in 4
    const s = sys.setup(scen([whip, foe]));
    const dice = new QueueDice({ 20: [19] }, QUIET);
    for (let i = 0; i < 50 && !(s.now === 4 && s.phase === 'declare' && s.queue[0] === 'foe'); i++) sys.apply(s, sys.decide(s), dice, null);
    expect(s.figures[1].entangled).toBe(true);
    expect(() => sys.apply(s, { type: 'draw', figure: 'foe', weapons: ['longsword'] }, dice, null)).toThrow(/entangled and can only struggle free/);
    expect(() => sys.apply(s, { type: 'ready', figure: 'foe', weapon: 'longbow' }, dice, null)).toThrow(/entangled and can only struggle free/);
    expect(() => sys.apply(s, { type: 'struggle', figure: 'foe' }, dice, null)).not.toThrow();
  });
  it('R-A7 / adnd-phb: a fireball or lightning bolt cast at level 0 (hit dice 1-1, or a caster drained to 0) has no dice: no damage and no crash, with the log on or off', () => {
    // dice per caster level: level 0 -> 0d6 (the log path asked the dice parser for "0d6" and threw)
    const imp = { id: 'imp', side: 'b', hd: '1-1', hp: 5, ac: 5, weapons: [{ id: 'claw', sf: 3, damage: '1' }], spells: { fireball: 1, 'lightning-bolt': 1 }, script: [{ type: 'cast', spell: 'fireball', target: 'hero' }, { type: 'cast', spell: 'lightning-bolt', target: 'hero' }, { type: 'wait', until: 300 }] };
    const hero = { id: 'hero', side: 'a', class: 'fighter', level: 1, hp: 20, ac: 5, weapons: [{ weapon: 'club' }], script: [{ type: 'wait', until: 300 }] };
    for (const logged of [true, false]) {
      const s = sys.setup({ system: 'adnd', options: { spellPause: { default: 0 } }, figures: [hero, imp] });
      const events: AdndEvent[] = [];
      const dice = new QueueDice({}, QUIET);
      for (let i = 0; i < 200 && sys.pending(s) && s.now <= 8; i++) sys.apply(s, sys.decide(s), dice, logged ? (e) => events.push(e) : null);
      expect(s.figures[0].hp).toBe(20);
      if (logged) {
        expect(events.filter((e) => e.type === 'cast').map((e) => [e.segment, e.spell])).toEqual([
          [3, 'fireball'],
          [6, 'lightning-bolt'],
        ]);
        expect(events.filter((e) => e.type === 'status' && e.figure === 'hero').map((e) => e.status)).toEqual(['fireball: no effect (caster level 0: no dice)', 'lightning bolt: no effect (caster level 0: no dice)']);
      }
    }
  });
  it('issue 7 / R-A7: a fireball strikes the standing, unconscious and dying of the target\'s side, never the dead (with death at 0 the dead were struck again and rolled saves)', () => {
    const mage = { id: 'mage', side: 'a', class: 'magic-user', level: 5, hp: 20, ac: 9, weapons: [{ weapon: 'dagger' }], spells: { fireball: 1 }, script: [{ type: 'cast', spell: 'fireball', target: 'orc' }, { type: 'wait', until: 300 }] };
    const orc = (id: string) => ({ id, side: 'b', hd: 1, hp: 30, ac: 6, weapons: [{ id: 'club', sf: 20, damage: '1' }], script: [{ type: 'wait', until: 300 }] });
    for (const [deathAt, hp, struck] of [
      [0, -2, false],
      [-10, -2, true],
      [-10, -10, false],
    ] as const) {
      const s = sys.setup(scen([mage, orc('orc'), orc('corpse')], { options: { deathAt } }));
      const events: AdndEvent[] = [];
      const dice = new QueueDice({}, QUIET);
      sys.apply(s, { type: 'begin' }, dice, (e) => events.push(e));
      s.figures[2].hp = hp;
      for (let i = 0; i < 100 && sys.pending(s) && s.now <= 3; i++) sys.apply(s, sys.decide(s), dice, (e) => events.push(e));
      expect(events.filter((e) => e.type === 'spell-damage').map((e) => e.figure)).toEqual(struck ? ['orc', 'corpse'] : ['orc']);
      // 5d6 of ones, the save (2) fails: 5 points; the dead take none (no bleeding at death 0)
      expect(events.filter((e) => e.type === 'spell-damage' && e.figure === 'corpse').map((e) => (e.damage as Ledger).total)).toEqual(struck ? [5] : []);
      if (deathAt === 0) expect(s.figures[2].hp).toBe(hp);
    }
  });
  describe('R-A1: what lands in one segment acts on the figures as they stood at its start, whatever the figure order', () => {
    const orders = <T>(xs: T[]) => [xs, [...xs].reverse()];
    const hitter = (id: string, damage: string, over: Raw = {}) => ({ id, side: 'a', hd: 3, hp: 50, ac: 5, weapons: [{ id: 'claw', sf: 5, damage }], script: [{ type: 'attack', target: 'victim' }, { type: 'wait', until: 300 }], ...over });
    const victim = (over: Raw = {}) => ({ id: 'victim', side: 'b', hd: 1, hp: 2, ac: 10, weapons: [{ id: 'claw', sf: 20, damage: '1' }], script: [{ type: 'wait', until: 300 }], ...over });
    const hp = (s: AdndState, id: string) => s.figures.find((f) => f.id === id)!.hp;

    it('3380eb42 R-A1: two blows landing in one segment both strike a target the first one fells (death at -10: 2 - 4 - 9 = -11, dead, in both orders; it was dying at -2 or -7 by the order)', () => {
      for (const order of orders([hitter('claw4', '4'), hitter('bite9', '9')])) {
        const { s, events } = playUntil(scen([...order, victim(), post({ side: 'b', id: 'post' })], { options: { deathAt: -10 } }), new QueueDice({}, { ...QUIET, 20: 19 }), 5);
        expect(events.filter((e) => e.type === 'attack' && e.segment === 5).map((e) => e.attacker).sort()).toEqual(['bite9', 'claw4']);
        expect(events.some((e) => e.type === 'attack-lost')).toBe(false);
        expect(hp(s, 'victim')).toBe(-11);
      }
    });

    it('3380eb42 R-A1/R-A7: a magic missile and a blow landing in one segment both strike (the missiles too at a target the blow fells first)', () => {
      // level 3: two missiles of 1d4+1 (d4 1: 2 each), cast in 4 (casting time 1), and a claw of 9, all in 5, at 1 hp:
      // 1 - 9 - 2 - 2 = -12, dead, in both orders (before: -8 with the claw first, -3 with the missiles first)
      const caster = { id: 'caster', side: 'a', class: 'illusionist', level: 3, hp: 10, ac: 9, weapons: [{ weapon: 'dagger' }], spells: { 'magic-missile': 1 }, script: [{ type: 'wait', until: 4 }, { type: 'cast', spell: 'magic-missile', target: 'victim' }, { type: 'wait', until: 300 }] };
      for (const order of orders([caster, hitter('claw9', '9')])) {
        const { s } = playUntil(scen([...order, victim({ hp: 1 }), post({ side: 'b', id: 'post' })], { options: { deathAt: -10 } }), new QueueDice({}, { ...QUIET, 20: 19 }), 5);
        expect(hp(s, 'victim')).toBe(-12);
      }
    });

    it('3380eb42 R-A1/R-A10: a level drain takes hold at the end of the segment: the drained fighter\'s own blow of that segment uses its level at the segment\'s start (level 5: 16 to hit AC 0), in both orders', () => {
      const wight = { id: 'wight', side: 'a', hd: 4, hp: 50, ac: 5, weapons: [{ id: 'touch', sf: 5, damage: '1', drain: { kind: 'level', amount: 1 } }], script: [{ type: 'attack', target: 'hero' }, { type: 'wait', until: 300 }] };
      const hero = { id: 'hero', side: 'b', class: 'fighter', level: 5, hp: 50, ac: 5, dex: 12, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword' }], script: [{ type: 'attack', target: 'wight' }, { type: 'wait', until: 300 }] };
      for (const order of orders([wight, hero])) {
        const { s, events } = playUntil(scen(order), new QueueDice({}, { ...QUIET, 20: 19 }), 5);
        const blow = events.find((e) => e.type === 'attack' && e.attacker === 'hero')!;
        expect((blow.need as Ledger).entries[0]).toMatchObject({ delta: 16, source: 'to hit AC 0, fighter level 5' });
        expect(s.figures.find((f) => f.id === 'hero')!.level).toBe(4);
      }
    });

    it('3380eb42 R-A1/R-A7: a cure and a killing blow landing in one segment: the cure takes effect at the end of the segment, so the blow kills in both orders', () => {
      const cleric = { id: 'cleric', side: 'b', class: 'cleric', level: 1, hp: 20, ac: 5, weapons: [{ weapon: 'club' }], spells: { 'cure-light-wounds': 1 }, script: [{ type: 'cast', spell: 'cure-light-wounds', target: 'victim' }, { type: 'wait', until: 300 }] };
      for (const order of orders([cleric, hitter('claw4', '4')])) {
        const { s, events } = playUntil(scen([...order, victim({ hp: 3, maxHp: 10 }), post()]), new QueueDice({}, { ...QUIET, 20: 19, 8: 8 }), 5);
        expect(hp(s, 'victim')).toBe(-1);
        expect(events.some((e) => e.type === 'heal')).toBe(false);
      }
    });
  });
  it('R-A1/R-A9: a struggle that frees and a new entangling hit landing in the same segment leave the figure entangled, whatever the figure order', () => {
    // d20 always 15: the whip hits AC 10; the foe fails each entangle save (15 - 4 for dexterity 3 < 15)
    // and makes its struggle save (15 vs 15). Whip in 4 entangles; the struggle (4 segments) and the next whip land in 8.
    const w = { id: 'w', side: 'a', class: 'fighter', level: 1, hp: 100, ac: 5, dex: 12, proficiencies: { whip: 1 }, weapons: [{ weapon: 'whip' }] };
    const foe = { id: 'foe', side: 'b', class: 'fighter', level: 1, hp: 100, ac: 10, dex: 3, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword' }] };
    const results = [
      [w, foe],
      [foe, w],
    ].map((order) => playUntil(scen(order, { options: { struggleSegments: 4 } }), new QueueDice({}, { ...QUIET, 20: 15 }), 8));
    for (const { events, s } of results) {
      const seen = events.filter((e) => ['entangle', 'struggle'].includes(e.type)).map((e) => `${e.segment} ${e.type} ${e.free ?? ''}`);
      expect(seen.sort()).toEqual(['4 entangle ', '8 entangle ', '8 struggle true']);
      expect(s.figures.find((f) => f.id === 'foe')!.entangled).toBe(true);
    }
  });
});
