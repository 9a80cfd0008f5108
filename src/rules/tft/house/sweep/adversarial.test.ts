// Adversarial property tests of sweeping blows (seed 931c742c, RULINGS R-S1..R-S7): random sweep
// situations built directly around one attacker (1..6 front hexes, random mixes of enemies,
// friends, empty hexes, bodies and prone figures), every command checked against a restatement
// of the seed and the rulings written here (not the module's own code), the engine's resolution
// checked event by event, and the exact odds checked against an enumeration of the engine.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Fraction } from '../../../../core/dice/fraction.ts';
import { CommandRejected } from '../../../../core/errors.ts';
import { type Hex, neighbor } from '../../../../core/hex/coords.ts';
import { tftAttackOdds } from '../../../../lab/odds.ts';
import { core } from '../../core.ts';
import { makeCtx } from '../../flow.ts';
import type { ActionOption } from '../../hooks.ts';
import type { Figure, HouseCommand, TftEvent, TftState } from '../../model.ts';
import { attackOptions } from '../../options.ts';
import { setupTft } from '../../scenario.ts';
import { cloneTft } from '../../system.ts';
import { sweepAction } from './module.ts';

const SEED = 931742;
const HERO_AT = { q: 6, r: 5 };

// ---------------------------------------------------------------------------------------------
// Random situations
// ---------------------------------------------------------------------------------------------

type Occupant = 'empty' | 'enemy' | 'friend' | 'enemy-body' | 'friend-body' | 'enemy-prone' | 'friend-prone' | 'enemy-on-body' | 'friend-on-enemy-body';
const OCCUPANTS: Occupant[] = ['empty', 'enemy', 'friend', 'enemy-body', 'friend-body', 'enemy-prone', 'friend-prone', 'enemy-on-body', 'friend-on-enemy-body'];
const ARMORS = ['none', 'leather', 'chainmail', 'plate'] as const;
/** Legacy / classic DX of the armors above (armor.json: chainmail and plate differ under classic). */
const ARMOR_DX: Record<string, [number, number]> = { none: [0, 0], leather: [-2, -2], chainmail: [-3, -4], plate: [-5, -6] };
const ARMOR_STOPS: Record<string, number> = { none: 0, leather: 2, chainmail: 3, plate: 5 };

type WeaponPick = 'greatsword' | 'greatsword+ms' | 'battleaxe' | 'halberd' | 'broadsword' | 'broadsword+ms' | 'mace' | 'spear';
const WEAPONS: WeaponPick[] = ['greatsword', 'greatsword+ms', 'battleaxe', 'halberd', 'broadsword', 'broadsword+ms', 'broadsword+ms', 'mace', 'spear'];
const hasMS = (w: WeaponPick) => w.endsWith('+ms');
const weaponId = (w: WeaponPick) => w.replace('+ms', '');
const DAMAGE: Record<string, [number, number]> = { greatsword: [3, 1], battleaxe: [3, 0], halberd: [2, 0], broadsword: [2, 0], mace: [2, 1], spear: [1, 1] };

interface Situation {
  facing: number;
  /** 1..6: race data / Eyes Behind (R-S4). */
  front: number;
  dx: number;
  heroArmor: (typeof ARMORS)[number];
  weapon: WeaponPick;
  variant: 'new' | 'classic' | 'off';
  ruleset: 'legacy' | 'classic';
  darkness: boolean;
  /** One per direction 0..5 around the hero. */
  cells: { occ: Occupant; armor: (typeof ARMORS)[number]; defend: boolean; charged: boolean }[];
}

const cellArb = fc.record({
  // enemies and friends more often than the rest, so that arcs hold several figures
  occ: fc.constantFrom<Occupant>(...OCCUPANTS, 'enemy', 'enemy', 'enemy', 'enemy', 'friend', 'friend'),
  armor: fc.constantFrom(...ARMORS),
  defend: fc.boolean(),
  charged: fc.boolean(),
});

const situationArb: fc.Arbitrary<Situation> = fc.record({
  facing: fc.integer({ min: 0, max: 5 }),
  front: fc.constantFrom(1, 2, 3, 3, 3, 4, 5, 6, 6, 6),
  dx: fc.integer({ min: 14, max: 26 }),
  heroArmor: fc.constantFrom(...ARMORS),
  weapon: fc.constantFrom(...WEAPONS),
  variant: fc.constantFrom('new', 'new', 'classic', 'off'),
  ruleset: fc.constantFrom('legacy', 'classic'),
  darkness: fc.boolean(),
  cells: fc.array(cellArb, { minLength: 6, maxLength: 6 }),
});

interface Built {
  state: TftState;
  hero: Figure;
  sit: Situation;
}

/** The scenario of `sit`, set up; bodies, stances and charges put in place afterwards. */
function build(sit: Situation): Built {
  const figures: Record<string, unknown>[] = [];
  const ms = hasMS(sit.weapon);
  figures.push({
    id: 'hero',
    side: 'a',
    st: 16,
    dx: sit.dx,
    iq: 12,
    weapons: [weaponId(sit.weapon)],
    talents: ms ? ['multiple-swing'] : [],
    ...(sit.heroArmor === 'none' ? {} : { armor: sit.heroArmor }),
    at: HERO_AT,
    facing: sit.facing,
  });
  // Figures that lie in a hex are listed first (a body), the one standing on it after.
  for (const [d, c] of sit.cells.entries()) {
    const at = neighbor(HERO_AT, d);
    const base = { st: 12, dx: 10, weapons: ['club'], ...(c.armor === 'none' ? {} : { armor: c.armor }), facing: (d + 3) % 6 };
    const add = (id: string, side: string, extra: Record<string, unknown> = {}) => figures.push({ ...base, id, side, at: { ...at }, ...extra });
    switch (c.occ) {
      case 'empty':
        break;
      case 'enemy':
        add(`e${d}`, 'b');
        break;
      case 'friend':
        add(`f${d}`, 'a');
        break;
      case 'enemy-body':
        add(`e${d}`, 'b', { wounds: 11 });
        break;
      case 'friend-body':
        add(`f${d}`, 'a', { wounds: 11 });
        break;
      case 'enemy-prone':
        add(`e${d}`, 'b', { prone: true });
        break;
      case 'friend-prone':
        add(`f${d}`, 'a', { prone: true });
        break;
      case 'enemy-on-body':
        add(`b${d}`, 'b', { wounds: 11 });
        add(`e${d}`, 'b');
        break;
      case 'friend-on-enemy-body':
        add(`b${d}`, 'b', { wounds: 11 });
        add(`f${d}`, 'a');
    }
  }
  // an enemy far away (two sides are needed; it is never in the arc)
  figures.push({ id: 'far', side: 'b', st: 12, dx: 10, weapons: ['club'], at: { q: 0, r: 0 }, facing: 0 });
  const scenario = {
    system: 'tft',
    map: { width: 14, height: 12 },
    options: { thread: 'off', sweep: sit.variant, ruleset: sit.ruleset, darkness: sit.darkness },
    figures,
  };
  // Two figures in one hex are refused at load: place the second one after setup.
  const seen = new Map<string, Record<string, unknown>>();
  const later: [string, Hex][] = [];
  for (const f of figures) {
    const at = f.at as Hex;
    const k = `${at.q},${at.r}`;
    if (seen.has(k)) {
      later.push([f.id as string, { ...at }]);
      f.at = { q: 2 * later.length, r: 1 };
    } else seen.set(k, f);
  }
  const state = setupTft(scenario);
  for (const [id, at] of later) state.figures.find((f) => f.id === id)!.pos = at;
  sit.cells.forEach((c, d) => {
    const f = state.figures.find((x) => x.id === `e${d}` || x.id === `f${d}`);
    if (!f) return;
    if (c.defend && f.woundFx.canAct) f.turn.stance = 'defend';
    if (c.charged) f.turn.hexes = 3; // a charge at the hero (tft-core pole)
  });
  const hero = state.figures.find((f) => f.id === 'hero')!;
  hero.frontHexes = sit.front;
  return { state, hero, sit };
}

// ---------------------------------------------------------------------------------------------
// The oracle: the seed and R-S1..R-S7 restated
// ---------------------------------------------------------------------------------------------

const mod6 = (x: number) => ((x % 6) + 6) % 6;

/** R-S4 / tft-core facing: the front directions, centred on the facing, an even count's extra hex clockwise. */
function frontDirs(facing: number, n: number): number[] {
  const start = facing - Math.floor((n - 1) / 2);
  return Array.from({ length: n }, (_, i) => mod6(start + i));
}

function dirOf(pos: Hex): number {
  for (let d = 0; d < 6; d++) {
    const h = neighbor(HERO_AT, d);
    if (h.q === pos.q && h.r === pos.r) return d;
  }
  return -1;
}

const heroWeaponOk = (sit: Situation): string | null => {
  if (sit.variant === 'off') return 'type';
  if (sit.weapon === 'mace' || sit.weapon === 'spear') return 'figure'; // R-S1: not cutting
  if (sit.weapon === 'broadsword') return 'figure'; // R-S1/R-S7: one hand, no talent
  if (sit.weapon === 'broadsword+ms' && sit.variant === 'classic') return 'figure'; // R-S6: two-handed only
  return null;
};

const canAct = (f: Figure) => f.woundFx.canAct;

/**
 * Whether the command is legal, by the rulings: the arc from the first target to the last going
 * `spin` stays in front (R-S4), at most 3 hexes under classic (R-S6), each target the figure
 * the blade meets in its hex, and every able enemy met in the arc a target (module docs).
 */
function oracleLegal(b: Built, targets: string[], spin: 'cw' | 'ccw'): { ok: boolean; arc: number[] } {
  const no = { ok: false, arc: [] };
  const { state, sit } = b;
  if (heroWeaponOk(sit)) return no;
  if (targets.length < 2 || new Set(targets).size !== targets.length) return no;
  const figs = targets.map((id) => state.figures.find((f) => f.id === id));
  if (figs.some((f) => !f || f.side === 'a' || f.state === 'dead')) return no;
  const front = frontDirs(sit.facing, sit.front);
  const d0 = dirOf(figs[0]!.pos);
  const d1 = dirOf(figs[figs.length - 1]!.pos);
  if (!front.includes(d0) || !front.includes(d1)) return no;
  const arc = [d0];
  for (let d = d0; d !== d1; ) {
    d = mod6(d + (spin === 'cw' ? 1 : -1));
    if (!front.includes(d)) return no;
    arc.push(d);
  }
  if (sit.variant === 'classic' && arc.length > 3) return no;
  for (const t of figs) if (!arc.includes(dirOf(t!.pos))) return no;
  for (const d of arc) {
    const met = metIn(b, d, targets);
    if (met && met.side !== 'a' && !targets.includes(met.id)) return no;
  }
  for (const t of figs) if (metIn(b, dirOf(t!.pos), targets) !== t) return no;
  return { ok: true, arc };
}

/** The figure the blade meets in direction d: the one standing (able) there, else a body; enemy bodies only when targeted. */
function metIn(b: Built, d: number, targets: readonly string[]): Figure | undefined {
  const at = neighbor(HERO_AT, d);
  const here = b.state.figures.filter(
    (f) => f.id !== 'hero' && f.state !== 'dead' && f.pos.q === at.q && f.pos.r === at.r && (f.side === 'a' || canAct(f) || targets.includes(f.id)),
  );
  return here.find(canAct) ?? here[0];
}

/** R-S2 / R-S6 / R-S7: the penalty on every attack of a sweep at k targets. */
function oraclePenalty(sit: Situation, k: number): number {
  if (sit.variant === 'classic') return -4;
  return (hasMS(sit.weapon) ? -2 : -4) * (k - 1);
}

function sweepCmd(targets: string[], spin: 'cw' | 'ccw') {
  return { type: 'sweep', figure: 'hero', targets, spin } as unknown as HouseCommand;
}

function validate(b: Built, targets: string[], spin: 'cw' | 'ccw'): CommandRejected | null {
  try {
    sweepAction.validate(makeCtx(b.state, { face: () => 1 }, null), sweepCmd(targets, spin), b.hero);
    return null;
  } catch (e) {
    if (e instanceof CommandRejected) return e;
    throw e;
  }
}

/** Every command that names the enemies met in an arc from one enemy to another: the canonical ones. */
function canonicalCommands(b: Built): { targets: string[]; spin: 'cw' | 'ccw' }[] {
  const enemies = b.state.figures.filter((f) => f.side === 'b' && dirOf(f.pos) >= 0);
  const out: { targets: string[]; spin: 'cw' | 'ccw' }[] = [];
  for (const a of enemies) {
    for (const z of enemies) {
      if (a === z) continue;
      for (const spin of ['cw', 'ccw'] as const) {
        const d0 = dirOf(a.pos);
        const d1 = dirOf(z.pos);
        const between: string[] = [];
        for (let d = mod6(d0 + (spin === 'cw' ? 1 : -1)); d !== d1 && d !== d0; d = mod6(d + (spin === 'cw' ? 1 : -1))) {
          const m = metIn(b, d, [a.id, z.id]);
          if (m && m.side === 'b' && canAct(m)) between.push(m.id);
        }
        out.push({ targets: [a.id, ...between, z.id], spin });
      }
    }
  }
  return out;
}

/** The situation with a weapon and option that can sweep (the refusals have their own property). */
function sweeping(sit: Situation): Situation {
  const variant = sit.variant === 'off' ? 'new' : sit.variant;
  const weapon = heroWeaponOk({ ...sit, variant }) ? 'greatsword' : sit.weapon;
  return { ...sit, variant, weapon };
}

const cfg = (runs: number, offset: number) => ({ numRuns: runs, seed: SEED + offset });

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

describe('sweeping blows, adversarial properties [931c742c]', () => {
  it('R-S1, R-S4, R-S6, R-S7 [931c742c]: a sweep is accepted exactly when the rulings allow it; every refusal is a CommandRejected naming its field', () => {
    const randomCmd = fc.record({
      picks: fc.array(fc.integer({ min: 0, max: 11 }), { minLength: 1, maxLength: 6 }),
      spin: fc.constantFrom<'cw' | 'ccw'>('cw', 'ccw'),
    });
    fc.assert(
      fc.property(situationArb, fc.array(randomCmd, { minLength: 4, maxLength: 8 }), (sit, rnd) => {
        const b = build(sit);
        const ids = b.state.figures.filter((f) => f.id !== 'hero').map((f) => f.id);
        const cmds = [...canonicalCommands(b), ...rnd.map((r) => ({ targets: r.picks.map((i) => ids[i % Math.max(1, ids.length)] ?? 'nobody'), spin: r.spin }))];
        for (const c of cmds) {
          const want = oracleLegal(b, c.targets, c.spin).ok;
          const got = validate(b, c.targets, c.spin);
          if (want !== (got === null)) {
            throw new Error(`${JSON.stringify(c)}: oracle ${want ? 'legal' : 'illegal'}, engine ${got ? `refused: ${got.message}` : 'accepted'}`);
          }
          if (got) {
            expect(got.issues[0].path).toMatch(/^(targets(\[\d\])?|spin|figure|type)$/);
            expect(got.issues[0].message.length).toBeGreaterThan(10);
            const why = heroWeaponOk(sit);
            if (why) expect(got.issues[0].path).toBe(why);
          }
        }
      }),
      cfg(50, 0),
    );
  });

  it('R-S4 [931c742c]: every sweep explain lists is accepted, and every legal arc of standing enemies is listed', () => {
    fc.assert(
      fc.property(situationArb, (sit) => {
        const b = build(sit);
        const opts = sweepAction.options({ state: b.state, core, mode: 'explain' }, b.hero);
        const key = (ts: readonly string[]) => [...ts].sort().join(',');
        const listed = new Set<string>();
        for (const o of opts) {
          const c = o.command as unknown as { targets: string[]; spin: 'cw' | 'ccw' };
          expect(validate(b, c.targets, c.spin)).toBeNull();
          expect(oracleLegal(b, c.targets, c.spin).ok).toBe(true);
          listed.add(`${key(c.targets)}|${key(oracleLegal(b, c.targets, c.spin).arc.map(String))}`);
        }
        for (const c of canonicalCommands(b)) {
          const o = oracleLegal(b, c.targets, c.spin);
          // down enemies need not be targets (module docs): explain offers arcs of able ones only
          if (!o.ok || c.targets.some((id) => !canAct(b.state.figures.find((f) => f.id === id)!))) continue;
          expect(listed.has(`${key(c.targets)}|${key(o.arc.map(String))}`), `${JSON.stringify(c)} missing from explain`).toBe(true);
        }
      }),
      cfg(100, 1),
    );
  });

  it('R-S2, R-S3, R-S4, R-S5, R-S6 [931c742c]: penalty, order, damage, friend rolls and the end on 17/18, event by event, against a restatement of the rulings', () => {
    fc.assert(
      fc.property(
        situationArb,
        // uniform faces, or high ones (so 16, 17 and 18 come up: misses, drops, breaks)
        fc.oneof(fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 80, maxLength: 80 }), fc.array(fc.integer({ min: 4, max: 6 }), { minLength: 80, maxLength: 80 })),
        fc.nat(),
        (sit0, faces, pick) => {
        const sit = sweeping(sit0);
        const b0 = build(sit);
        const legal = canonicalCommands(b0).filter((c) => oracleLegal(b0, c.targets, c.spin).ok);
        if (legal.length === 0) return;
        const c = legal[pick % legal.length];
        const { arc } = oracleLegal(b0, c.targets, c.spin);
        const b = { ...b0, state: cloneTft(b0.state) };
        const hero = b.state.figures.find((f) => f.id === 'hero')!;
        b.hero = hero;
        const metFigs = arc.map((d) => metIn(b0, d, c.targets));
        const k = c.targets.length;
        const pen = oraclePenalty(sit, k);
        const classic = sit.ruleset === 'classic';
        const heroBase = sit.dx + ARMOR_DX[sit.heroArmor][classic ? 1 : 0];
        const friendDX = heroBase + (sit.darkness ? -6 : 0) + pen;
        // single-attack adjDX per target (the core's), before the sweep changes anything
        const single = new Map(c.targets.map((id) => [id, core.attackDX(b0.state, b0.hero, b0.state.figures.find((f) => f.id === id)!, b0.hero.weapons[0], 'melee', null, null)]));
        let i = 0;
        const dice = { face: () => faces[i++ % faces.length] };
        const events: (TftEvent & Record<string, never>)[] = [];
        sweepAction.resolve(makeCtx(b.state, dice, (e) => events.push(e as never)), sweepCmd(c.targets, c.spin), hero);
        const sw = events.find((e) => e.type === 'sweep')!;
        expect((sw.penalty as { delta: number }[]).reduce((t, e) => t + e.delta, 0)).toBe(pen);
        const [nd, plus] = DAMAGE[weaponId(sit.weapon)];
        const halve = (x: number) => (sit.variant === 'new' ? Math.floor(x / 2) : x);
        const steps = events.filter((e) => e.type === 'attack' || e.type === 'sweep-friend');
        const dmgs = events.filter((e) => e.type === 'damage');
        let s = 0;
        let dmgI = 0;
        let ended = false;
        for (const m of metFigs) {
          if (!m) continue;
          if (ended) break;
          const ev = steps[s++];
          expect(ev, `step for ${m.id}`).toBeDefined();
          expect(ev.target).toBe(m.id);
          const armor = ARMOR_STOPS[m.armor?.def.id ?? 'none'];
          if (m.side === 'b') {
            expect(ev.type).toBe('attack');
            const adj = single.get(m.id)! + pen;
            expect(ev.adjDX).toBe(adj);
            expect((ev.ledger as { delta: number }[]).reduce((t, e) => t + e.delta, 0)).toBe(adj);
            const nDice = m.turn.stance === 'defend' ? 4 : 3;
            expect(ev.dice).toBe(nDice);
            const roll = ev.roll as number;
            let mult: number;
            let stop = false;
            if (nDice === 3) {
              mult = roll === 3 ? 3 : roll === 4 ? 2 : roll === 5 ? 1 : roll >= 16 ? 0 : roll <= adj ? 1 : 0;
              stop = roll >= 17;
            } else if (classic) {
              mult = roll >= 20 ? 0 : roll <= adj ? 1 : 0;
              stop = roll >= 21;
            } else {
              mult = roll === 4 ? 2 : roll === 5 ? 1 : roll >= 20 ? 0 : roll <= adj ? 1 : 0;
            }
            expect(ev.multiplier).toBe(mult);
            if (mult > 0) {
              const d = dmgs[dmgI++];
              expect(d.figure).toBe(m.id);
              const base = Math.max(0, (d.faces as number[]).reduce((t, x) => t + x, 0) + plus);
              expect((d.faces as number[]).length).toBe(nd);
              const pole = sit.weapon === 'halberd' && sit.cells[dirOf(m.pos)].charged;
              const raw = halve(base * mult * (pole ? 2 : 1));
              expect(d.raw).toBe(raw);
              expect(d.amount).toBe(Math.max(0, raw - armor));
            }
            if (stop) {
              ended = true;
              expect(events.some((e) => e.type === 'sweep-end')).toBe(true);
            }
          } else {
            expect(ev.type).toBe('sweep-friend');
            expect(ev.adjDX).toBe(friendDX);
            expect((ev.faces as number[]).length).toBe(3);
            const roll = ev.roll as number;
            expect(ev.spared).toBe(roll <= friendDX); // R-S5: no automatic results
            if (roll > friendDX) {
              const d = dmgs[dmgI++];
              expect(d.figure).toBe(m.id);
              const base = Math.max(0, (d.faces as number[]).reduce((t, x) => t + x, 0) + plus);
              expect(d.raw).toBe(halve(base)); // no critical, no pole doubling
              expect(d.amount).toBe(Math.max(0, halve(base) - armor));
            }
          }
        }
        expect(s).toBe(steps.length); // nothing after a 17/18, nothing outside the arc
        expect(dmgI).toBe(dmgs.length);
        expect(steps.filter((e) => e.type === 'attack').every((e) => e.figure === 'hero')).toBe(true);
      }),
      cfg(150, 2),
    );
  });

  it('R-S4, R-S5 [931c742c]: the exact odds explain shows (per target, per friend, the value) equal an enumeration of the engine over every roll, random small arcs', () => {
    const counts = (n: number) => {
      const out: number[] = [];
      const rec = (left: number, t: number) => {
        if (left === 0) out[t] = (out[t] ?? 0) + 1;
        else for (let f = 1; f <= 6; f++) rec(left - 1, t + f);
      };
      rec(n, 0);
      return out;
    };
    const C3 = counts(3);
    const C4 = counts(4);
    /** Canonical faces of a total of n dice. */
    const facesOf = (t: number, n: number) => {
      const out: number[] = [];
      let left = t;
      for (let j = n; j > 0; j--) {
        const f = Math.min(6, left - (j - 1));
        out.push(f);
        left -= f;
      }
      return out;
    };
    let checked = 0;
    fc.assert(
      fc.property(situationArb, fc.integer({ min: 0, max: 12 }), fc.nat(), (sit0, constant, pick) => {
        const sit = sweeping(sit0);
        const b = build(sit);
        b.hero.weapons[0].dmg = core.parseDamage(String(constant)); // every die asked for is a roll
        const opts = sweepAction.options({ state: b.state, core, mode: 'explain' }, b.hero) as (ActionOption & {
          targets: { id: string; exact: { hit: string; expectedDamage: string } }[];
          friends: { id: string; exact: { hit: string; expectedDamage: string } }[];
        })[];
        const small = opts.filter((o) => o.targets.length + o.friends.length <= 3);
        if (small.length === 0) return;
        const opt = small[pick % small.length];
        const cmd = opt.command;
        const { arc } = oracleLegal(b, (cmd as unknown as { targets: string[] }).targets, (cmd as unknown as { spin: 'cw' | 'ccw' }).spin);
        const members = arc.map((d) => metIn(b, d, [])).filter((m): m is Figure => m !== undefined);
        const nDice = members.map((m) => (m.side === 'b' && m.turn.stance === 'defend' ? 4 : 3));
        const den = nDice.reduce((t, n) => t * 6 ** n, 1);
        const wounds = new Map<string, number>(members.map((m) => [m.id, 0]));
        const hits = new Map<string, number>(members.map((m) => [m.id, 0]));
        class More extends Error {}
        const walk = (totals: number[], weight: number) => {
          const state = cloneTft(b.state);
          const faces = totals.flatMap((t, j) => facesOf(t, nDice[j]));
          let i = 0;
          const dice = {
            face() {
              if (i === faces.length) throw new More();
              return faces[i++];
            },
          };
          try {
            sweepAction.resolve(makeCtx(state, dice, null), cmd as HouseCommand, state.figures.find((f) => f.id === 'hero')!);
          } catch (e) {
            if (!(e instanceof More)) throw e;
            const n = nDice[totals.length];
            const cs = n === 3 ? C3 : C4;
            for (let t = n; t <= 6 * n; t++) walk([...totals, t], weight * cs[t]);
            return;
          }
          expect(i).toBe(faces.length);
          for (let j = totals.length; j < nDice.length; j++) weight *= 6 ** nDice[j]; // never rolled: the sweep ended
          for (const m of members) {
            const w = state.figures.find((f) => f.id === m.id)!.wounds - m.wounds;
            wounds.set(m.id, wounds.get(m.id)! + weight * w);
            // a hit: the damage event's figure; with constant damage, wounds or a failed friend roll
            if (state.figures.find((f) => f.id === m.id)!.turn.hits > m.turn.hits || w > 0) hits.set(m.id, hits.get(m.id)! + weight);
          }
        };
        walk([], 1);
        checked++;
        const eq = (x: string, n: number) => Fraction.from(x).equals(Fraction.of(n, den));
        for (const t of opt.targets) expect(eq(t.exact.expectedDamage, wounds.get(t.id)!), `target ${t.id}`).toBe(true);
        for (const f of opt.friends) expect(eq(f.exact.expectedDamage, wounds.get(f.id)!), `friend ${f.id}`).toBe(true);
        const total = opt.targets.reduce((a, t) => a + wounds.get(t.id)!, 0) - opt.friends.reduce((a, f) => a + wounds.get(f.id)!, 0);
        expect(eq(opt.expectedDamageExact as string, total)).toBe(true);
        // hit chances too, where a hit shows (damage above armor)
        for (const t of opt.targets) {
          const stops = ARMOR_STOPS[b.state.figures.find((f) => f.id === t.id)!.armor?.def.id ?? 'none'];
          if ((sit.variant === 'new' ? Math.floor(constant / 2) : constant) > stops) expect(eq(t.exact.hit, hits.get(t.id)!), `hit ${t.id}`).toBe(true);
        }
      }),
      cfg(15, 3),
    );
    expect(checked).toBeGreaterThan(5);
  }, 30_000);

  it('R-S2, R-S4, R-S6, R-S7 [931c742c]: fray odds --sweep (lab tftAttackOdds) totals over k identical targets equal an enumeration of the engine', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 14, max: 26 }),
        fc.integer({ min: 0, max: 14 }),
        fc.constantFrom(...ARMORS),
        fc.constantFrom<'new' | 'classic'>('new', 'classic'),
        fc.boolean(),
        (k, dx, constant, armor, variant, ms) => {
          const cells = Array.from({ length: 6 }, (_, d) => ({ occ: (d < k ? 'enemy' : 'empty') as Occupant, armor, defend: false, charged: false }));
          const sit: Situation = { facing: 1, front: 6, dx, heroArmor: 'none', weapon: ms && variant === 'new' ? 'broadsword+ms' : 'greatsword', variant, ruleset: 'legacy', darkness: false, cells };
          const b = build(sit);
          b.hero.weapons[0].dmg = core.parseDamage(String(constant));
          const targets = Array.from({ length: k }, (_, d) => `e${d}`);
          const base = core.attackDX(b.state, b.hero, b.state.figures.find((f) => f.id === 'e0')!, b.hero.weapons[0], 'melee', null, null);
          const lab = tftAttackOdds({ adjDX: base, damage: String(constant), armor: ARMOR_STOPS[armor], sweep: { variant, targets: k, multipleSwing: hasMS(sit.weapon) } });
          let sum = 0;
          const walk = (faces: number[], weight: number) => {
            const state = cloneTft(b.state);
            let i = 0;
            class More extends Error {}
            try {
              sweepAction.resolve(
                makeCtx(state, { face: () => (i < faces.length ? faces[i++] : (() => { throw new More(); })()) }, null),
                sweepCmd(targets, 'cw'),
                state.figures.find((f) => f.id === 'hero')!,
              );
            } catch (e) {
              if (!(e instanceof More)) throw e;
              for (let t = 3; t <= 18; t++) {
                const f = [Math.min(6, t - 2), 0, 0];
                f[1] = Math.min(6, t - f[0] - 1);
                f[2] = t - f[0] - f[1];
                let c = 0;
                for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) if (t - x - y >= 1 && t - x - y <= 6) c++;
                walk([...faces, ...f], weight * c);
              }
              return;
            }
            weight *= 216 ** (k - faces.length / 3);
            for (const id of targets) sum += weight * state.figures.find((f) => f.id === id)!.wounds;
          };
          walk([], 1);
          expect(Fraction.from(lab.expectedTotalExact as string).equals(Fraction.of(sum, 216 ** k))).toBe(true);
        },
      ),
      cfg(20, 4),
    );
  }, 30_000);

  it('R-S5 [931c742c]: the AI is offered only sweeps explain lists, each worth more than every single attack on its targets by the same measure, and never prefers a sweep through a friend to an equal or better one without', () => {
    fc.assert(
      fc.property(situationArb, (sit0) => {
        const sit = sweeping(sit0);
        const b = build(sit);
        const key = (o: ActionOption) => JSON.stringify(o.command);
        const explain = sweepAction.options({ state: b.state, core, mode: 'explain' }, b.hero).map(key);
        const ai = sweepAction.options({ state: b.state, core, mode: 'ai' }, b.hero);
        // in explain's order (possibleSweeps), and each beats the AI's own single attacks (options.ts)
        expect(ai.map(key)).toEqual(explain.filter((k) => ai.some((o) => key(o) === k)));
        const singles = attackOptions(b.state, b.hero, 'ai');
        for (const o of ai) {
          for (const id of (o.command as unknown as { targets: string[] }).targets) {
            const single = singles.find((x) => x.target === id);
            if (single) expect(o.score as number).toBeGreaterThan(single.score as number);
          }
        }
        // the policy's pick among them: the first with the highest score (ai.ts proposeAction)
        let best: ActionOption | null = null;
        for (const o of ai) if (!best || (o.score as number) > (best.score as number)) best = o;
        if (!best) return;
        const fr = (o: ActionOption) => (o as unknown as { friends: unknown[] }).friends.length;
        if (fr(best) === 0) return;
        const ts = (o: ActionOption) => [...(o.command as unknown as { targets: string[] }).targets].sort().join(',');
        for (const o of ai) {
          if (fr(o) === 0 && ts(o) === ts(best)) {
            throw new Error(`the AI sweeps through a friend (${key(best)}, ${best.score}) though ${key(o)} (${o.score}) has the same targets and no friend`);
          }
        }
      }),
      cfg(200, 5),
    );
  });

  it('R-S5 [931c742c]: between two sweeps of equal value at the same targets, the AI takes the one whose arc passes no friend (DX 26, Eyes Behind, adjDX 18: the friend is never hit)', () => {
    const cells = (['enemy', 'friend', 'enemy', 'empty', 'enemy', 'empty'] as Occupant[]).map((occ) => ({ occ, armor: 'none' as const, defend: false, charged: false }));
    const b = build({ facing: 0, front: 6, dx: 26, heroArmor: 'none', weapon: 'greatsword', variant: 'new', ruleset: 'legacy', darkness: false, cells });
    const ai = sweepAction.options({ state: b.state, core, mode: 'ai' }, b.hero);
    const friendsOf = (o: ActionOption) => (o as unknown as { friends: { id: string }[] }).friends.map((f) => f.id);
    // the arcs e0 f1 e2 (e4 ...) and e2 e4 e0 the other way: the same three targets, the same value
    expect(ai.some((o) => friendsOf(o).length === 1)).toBe(true);
    let best: ActionOption | null = null;
    for (const o of ai) if (!best || (o.score as number) > (best.score as number)) best = o;
    expect(friendsOf(best!)).toEqual([]);
    expect([...(best!.command as unknown as { targets: string[] }).targets].sort()).toEqual(['e0', 'e2', 'e4']);
  });
});
