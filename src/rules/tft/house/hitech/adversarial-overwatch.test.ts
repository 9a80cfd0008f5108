// Adversarial property tests of HiTech overwatch (seed f04d4dae "New Action"; RULINGS R-H4,
// R-H7): random maps with walls, 1-3 overwatchers with random triggers (targets, enter/leave,
// range, watched hexes, beforeAction), enemies and friends acting in the rest of the declaring
// action phase and walking through sight in the next movement phase. Each property checks the
// engine against this file's restatement of R-H7, not against overwatch.ts:
// - it fires at most once;
// - in the rest of the declaring action phase, just before a matching enemy in sight acts;
// - in the next movement phase, when a matching enemy in sight enters (or, by the trigger,
//   leaves) a hex, at no R-H4 movement penalty;
// - only when it can shoot (a clear line of fire into its front arc, tft-core facing); a moment
//   it cannot shoot does not spend it;
// - it lapses after the next movement phase (and when the overwatcher moves: project reading);
// - overwatchers set off together fire by adjDX, highest first, then by id;
// - only a figure eligible to fire (R-H4) may declare it, with a burst its clip allows.
// Line of sight (walls) and line of fire (walls and standing figures) are the core's geometry.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CommandRejected } from '../../../../core/errors.ts';
import type { Hex } from '../../../../core/hex/coords.ts';
import { attackerRelation } from '../../../../core/hex/facing.ts';
import { megahexDistance } from '../../../../core/hex/megahex.ts';
import { core, lineOfFire, lineOfView } from '../../core.ts';
import type { Figure, TftEvent, TftState } from '../../model.ts';
import { tftSystem } from '../../system.ts';
import { FIREARMS, type FirearmDef, HITECH_ARMOR } from './data.ts';
import { act, context, fig, scenario, spec } from './harness.test-util.ts';
import { hitechModule, strengthForRequirements } from './module.ts';

const W = 12;
const H = 9;
const DIRS: readonly [number, number][] = [
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [0, -1],
  [1, -1],
];
/** Odd-r offset (column, row) to the engine's axial hex. */
const axial = (c: number, r: number): Hex => ({ q: c - Math.floor(r / 2), r });
const onMap = (h: Hex): boolean => h.r >= 0 && h.r < H && h.q + Math.floor(h.r / 2) >= 0 && h.q + Math.floor(h.r / 2) < W;
const same = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;

const cell = fc.record({ c: fc.integer({ min: 0, max: W - 1 }), r: fc.integer({ min: 0, max: H - 1 }) });
const triggerArb = fc.record({
  targets: fc.option(fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), { nil: undefined }),
  on: fc.constantFrom('enter', 'leave', 'either', undefined),
  within: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined, freq: 3 }),
  hexes: fc.option(fc.array(cell, { minLength: 1, maxLength: 6 }), { nil: undefined, freq: 3 }),
  beforeAction: fc.constantFrom(true, false, false, undefined),
});
const world = fc.record({
  walls: fc.array(cell, { maxLength: 12 }),
  spots: fc.array(cell, { minLength: 9, maxLength: 9 }),
  nOw: fc.integer({ min: 1, max: 3 }),
  nEn: fc.integer({ min: 1, max: 3 }),
  nFr: fc.integer({ min: 0, max: 2 }),
  owDx: fc.array(fc.integer({ min: 10, max: 13 }), { minLength: 3, maxLength: 3 }),
  owMoved: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }),
  owFacing: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 3, maxLength: 3 }),
  triggers: fc.array(triggerArb, { minLength: 3, maxLength: 3 }),
  // Often nobody acts after the declarations, so more overwatches reach the movement phase.
  actors: fc.oneof({ arbitrary: fc.constant([]), weight: 1 }, { arbitrary: fc.array(fc.nat(7), { maxLength: 6 }), weight: 1 }),
  moves: fc.array(fc.record({ who: fc.nat(8), dirs: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 8 }) }), { maxLength: 8 }),
});
type World = typeof world extends fc.Arbitrary<infer T> ? T : never;

interface Restated {
  id: string;
  dx: number;
  targets: 'any-enemy' | string[];
  on: 'enter' | 'leave' | 'either';
  within?: number;
  hexes?: Hex[];
  beforeAction: boolean;
  holding: boolean;
}

function build(x: World) {
  const walls: Hex[] = [];
  for (const w of x.walls) {
    const h = axial(w.c, w.r);
    if (!walls.some((v) => same(v, h))) walls.push(h);
  }
  const spots: Hex[] = [];
  for (const sp of x.spots) {
    const h = axial(sp.c, sp.r);
    if (!walls.some((v) => same(v, h)) && !spots.some((v) => same(v, h))) spots.push(h);
  }
  const ids: string[] = [];
  const figures: unknown[] = [];
  const ows: Restated[] = [];
  const enemies: string[] = [];
  const add = (id: string, side: string, extra: Record<string, unknown>) => {
    const at = spots[figures.length];
    if (!at) return false;
    ids.push(id);
    figures.push({ id, side, st: 80, dx: 10, iq: 10, at: [at.q, at.r], facing: 0, weapons: ['dagger'], ...extra });
    return true;
  };
  for (let i = 0; i < x.nEn; i++) if (add(`e${i + 1}`, 'b', {})) enemies.push(`e${i + 1}`);
  for (let i = 0; i < x.nOw; i++) {
    const id = `o${i + 1}`;
    if (!add(id, 'a', { dx: x.owDx[i], facing: x.owFacing[i], talents: ['rifle'], weapons: ['assault-rifle'] })) break;
    const t = x.triggers[i];
    const named = t.targets ? enemies.filter((_e, k) => t.targets?.[k]) : [];
    ows.push({
      id,
      dx: x.owDx[i],
      targets: named.length ? named : 'any-enemy',
      on: t.on ?? 'enter',
      within: t.within,
      hexes: t.hexes?.map((c) => axial(c.c, c.r)),
      beforeAction: t.beforeAction ?? true,
      holding: true,
    });
  }
  for (let i = 0; i < x.nFr; i++) add(`f${i + 1}`, 'a', {});
  const s = scenario(figures, {}, { map: { width: W, height: H, terrain: walls.map((h) => ({ ...h, kind: 'wall' })) } });
  return { s, ids, ows };
}

/** R-H7 restated: adjDX (here the overwatcher's DX: healthy, unarmored) high first, then id. */
const byOrder = (a: Restated, b: Restated): number => b.dx - a.dx || (a.id < b.id ? -1 : 1);
/** tft-core facing restated: a gun shoots into the firer's 3 front hexes' arc. */
const canShoot = (s: TftState, o: Figure, t: Figure): boolean => attackerRelation(o.pos, o.facing, t.pos, 3) === 'front' && lineOfFire(s, o.pos, t.pos);
const matches = (o: Restated, s: TftState, target: Figure): boolean =>
  fig(s, o.id).side !== target.side && (o.targets === 'any-enemy' || o.targets.includes(target.id));

/** Shots at 3d6 = 16 miss (16+) without a fumble (17/18): nobody is hurt, the moves go on. */
const MISSES = Array.from({ length: 600 }, (_v, i) => [6, 6, 4][i % 3]);

const shots = (events: TftEvent[], from: number) =>
  events.slice(from).filter((e) => e.type === 'fire') as unknown as { figure: string; target: string; overwatch: boolean; ledger: { rule: string; delta: number }[] }[];

describe('HiTech overwatch adversarial properties [f04d4dae]', () => {
  it('R-H7 [f04d4dae]: declared in the action phase, an overwatch fires at most once: just before a matching enemy in sight with a clear shot acts in the rest of that phase, or when one enters (or by the trigger leaves) a matching hex in sight in the next movement phase, with no R-H4 entry; several fire by adjDX then id; a moment without a clear shot does not spend it; it lapses after that movement phase', () => {
    fc.assert(
      fc.property(world, (x) => {
        const { s, ids, ows } = build(x);
        s.turn = 1;
        s.phase = 'action';
        const { ctx, events } = context(s, MISSES);
        // Declaring: each overwatcher moved 0-3 of MA 10 in turn 1 (eligible, R-H4).
        ows.forEach((o, i) => {
          const g = fig(s, o.id);
          g.turn.hexes = x.owMoved[i];
          g.turn.movedMA = x.owMoved[i] > 0 ? 10 : -1;
          const t = x.triggers[i];
          const trigger: Record<string, unknown> = { targets: o.targets, on: t.on, withinMegahexes: t.within, hexes: o.hexes, beforeAction: t.beforeAction };
          for (const k of Object.keys(trigger)) if (trigger[k] === undefined) delete trigger[k];
          act(ctx, { type: 'overwatch', figure: o.id, trigger });
        });
        const fired = new Set<string>();
        // The rest of the declaring action phase: other figures about to act.
        const others = ids.filter((id) => !id.startsWith('o'));
        for (const k of x.actors) {
          const actor = fig(s, others[k % others.length]);
          const want = ows
            .filter((o) => o.holding && o.beforeAction && matches(o, s, actor) && lineOfView(s, fig(s, o.id).pos, actor.pos) && canShoot(s, fig(s, o.id), actor))
            .sort(byOrder);
          const from = events.length;
          hitechModule.hooks?.beforeAction?.(ctx, actor);
          const got = shots(events, from);
          expect(got.map((e) => `${e.figure}>${e.target}`)).toEqual(want.map((o) => `${o.id}>${actor.id}`));
          for (const e of got) {
            // In the declaring turn the shot is a shot after the figure's move (R-H4 stands).
            const moved = x.owMoved[ows.findIndex((o) => o.id === e.figure)];
            expect(e.overwatch).toBe(false);
            expect(e.ledger.filter((l) => l.rule === 'R-H4').map((l) => l.delta)).toEqual(moved > 1 ? [-2] : []);
          }
          for (const o of want) {
            o.holding = false;
            fired.add(o.id);
          }
        }
        hitechModule.hooks?.turnPasses?.(ctx, false);
        for (const o of ows) expect(fig(s, o.id).house.hitech).toMatchObject({ overwatch: o.holding ? { turn: 1 } : null });
        // The next movement phase (as the core's startTurn leaves the figures).
        s.turn = 2;
        s.phase = 'move';
        for (const f of s.figures) f.turn = { ...f.turn, hexes: 0, movedMA: -1, acted: false, moved: false, stance: null };
        for (const m of x.moves) {
          const mover = fig(s, ids[m.who % ids.length]);
          for (const d of m.dirs) {
            const to = { q: mover.pos.q + DIRS[d][0], r: mover.pos.r + DIRS[d][1] };
            if (!onMap(to) || s.map.terrain.some((t) => same(t, to)) || s.figures.some((f) => same(f.pos, to))) continue;
            const from = mover.pos;
            // The restatement, looking at the board with the mover in its new hex.
            const own = ows.find((o) => o.id === mover.id);
            if (own) own.holding = false; // an overwatcher that moves gives up its overwatch
            mover.pos = to;
            const want = ows
              .filter((o) => {
                if (!o.holding || !matches(o, s, mover)) return false;
                const at = fig(s, o.id).pos;
                const kinds: Hex[] = o.on === 'enter' ? [to] : o.on === 'leave' ? [from] : [from, to];
                const seen = kinds.some((h) => lineOfView(s, at, h) && (o.within === undefined || megahexDistance(at, h) <= o.within) && (!o.hexes || o.hexes.some((w) => same(w, h))));
                return seen && canShoot(s, fig(s, o.id), mover);
              })
              .sort(byOrder);
            mover.pos = from;
            const n = events.length;
            core.stepFigure(ctx, mover, to);
            const got = shots(events, n);
            expect(got.map((e) => `${e.figure}>${e.target}`)).toEqual(want.map((o) => `${o.id}>${mover.id}`));
            for (const e of got) {
              expect(e.overwatch).toBe(true);
              expect(e.ledger.some((l) => l.rule === 'R-H4')).toBe(false);
            }
            for (const o of want) {
              expect(fired.has(o.id)).toBe(false);
              o.holding = false;
              fired.add(o.id);
            }
          }
        }
        // It lapses after the next movement phase: none left, and no shot in turn 3.
        hitechModule.hooks?.turnPasses?.(ctx, false);
        for (const o of ows) expect((fig(s, o.id).house.hitech as { overwatch: unknown }).overwatch).toBe(null);
        const count = shots(events, 0).length;
        s.turn = 3;
        s.phase = 'move';
        const e1 = fig(s, ids[0]);
        for (const d of DIRS) {
          const to = { q: e1.pos.q + d[0], r: e1.pos.r + d[1] };
          if (!onMap(to) || s.map.terrain.some((t) => same(t, to)) || s.figures.some((f) => same(f.pos, to))) continue;
          core.stepFigure(ctx, e1, to);
          break;
        }
        expect(shots(events, 0).length).toBe(count);
        expect(count).toBe(fired.size);
      }),
      { numRuns: 300 },
    );
  });

  it('R-H4, R-H7 [f04d4dae]: overwatch is offered and accepted with exactly the bursts a fire could use (the move, crew readiness, the clip): a figure must be eligible to fire to declare it', () => {
    const sit = fc.record({
      w: fc.constantFrom(...FIREARMS),
      clipPick: fc.nat(1),
      loadedPick: fc.double({ min: 0, max: 1, noNaN: true }),
      moved: fc.constantFrom(0, 1, 2, 3, 5, 6, 8),
      dodge: fc.boolean(),
      runAndGun: fc.boolean(),
      crewLeft: fc.constantFrom(0, 0, 1, 3),
    });
    const kinds = (w: FirearmDef) => (w.clipUnit === 'bursts' ? ['burst'] : w.autofireBonus !== undefined || w.autoshotgun ? ['single', 'four', 'half', 'full'] : ['single']);
    const need = (b: string, clip: number) => (b === 'single' || b === 'burst' ? 1 : b === 'four' ? 4 : b === 'half' ? Math.floor(clip / 2) : clip);
    fc.assert(
      fc.property(sit, (x) => {
        const clip = x.w.clipSizes[x.clipPick % x.w.clipSizes.length];
        const loaded = Math.round(x.loadedPick * clip);
        const s = scenario(
          [
            { id: 'gun', side: 'a', st: 12, dx: 12, iq: 12, at: [1, 4], facing: 0, weapons: [{ weapon: x.w.id, house: { hitech: { clip, loaded } } }] },
            { id: 'foe', side: 'b', st: 80, dx: 8, at: [9, 4], facing: 3, weapons: ['dagger'] },
          ],
          { runAndGun: x.runAndGun },
        );
        s.turn = 1;
        s.phase = 'action';
        const g = fig(s, 'gun');
        g.turn.hexes = x.moved;
        g.turn.movedMA = x.moved > 0 ? core.effectiveMA(g, s) : -1;
        if (x.dodge) g.turn.stance = 'dodge';
        (g.house.hitech as { crewReadyLeft: number }).crewReadyLeft = x.w.crewServed ? x.crewLeft : 0;
        const ma = core.effectiveMA(g, s);
        // R-H4 restated: crew-served only unmoved and readied; heavy a 1-hex shift; others half MA (or runAndGun).
        const eligible = x.w.crewServed ? x.moved === 0 && x.crewLeft === 0 : x.w.heavy ? x.moved <= 1 : x.moved * 2 <= ma || x.runAndGun;
        const want = eligible ? kinds(x.w).filter((b) => loaded >= need(b, clip)) : [];
        const offered = spec('overwatch')
          .options({ state: s, core, mode: 'explain' }, g)
          .map((o) => (o.command as unknown as { burst: string }).burst);
        expect(offered).toEqual(want);
        for (const b of ['single', 'four', 'half', 'full', 'burst']) {
          const c = tftSystem.clone(s) as TftState;
          const run = () => act(context(c, []).ctx, { type: 'overwatch', figure: 'gun', burst: b });
          if (want.includes(b)) {
            run();
            expect(fig(c, 'gun').house.hitech).toMatchObject({ overwatch: { turn: 1, burst: b } });
          } else expect(run).toThrow(CommandRejected);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('HiTech overwatch: found by the properties [f04d4dae]', () => {
  it('R-H7 [f04d4dae]: a matching enemy in sight without a clear shot (a figure standing between) does not spend the overwatch: it fires later, when the shot is clear, in the action phase and in the next movement phase', () => {
    // o at 0,0; e1 at 2,5 stands on the line to e2 at 2,6.
    const figures = [
      { id: 'o', side: 'a', st: 12, dx: 12, iq: 10, talents: ['rifle'], at: [0, 0], facing: 0, weapons: ['assault-rifle'] },
      { id: 'e1', side: 'b', st: 80, dx: 10, at: [2, 5], facing: 3, weapons: ['dagger'] },
      { id: 'e2', side: 'b', st: 80, dx: 10, at: [2, 6], facing: 3, weapons: ['dagger'] },
    ];
    const s = scenario(figures);
    s.turn = 1;
    s.phase = 'action';
    const { ctx, events } = context(s, MISSES);
    act(ctx, { type: 'overwatch', figure: 'o' });
    hitechModule.hooks?.beforeAction?.(ctx, fig(s, 'e2'));
    expect(shots(events, 0)).toEqual([]);
    expect(events.some((e) => e.type === 'overwatch-lapsed')).toBe(false);
    hitechModule.hooks?.beforeAction?.(ctx, fig(s, 'e1'));
    expect(shots(events, 0).map((e) => e.target)).toEqual(['e1']);

    // Next movement phase: e2 (from 2,7) enters 2,6, e1 still between; then 1,6, in the clear.
    const t = scenario(figures.map((f) => (f.id === 'e2' ? { ...f, at: [2, 7] } : f)));
    t.turn = 1;
    t.phase = 'action';
    const c = context(t, MISSES);
    act(c.ctx, { type: 'overwatch', figure: 'o', trigger: { beforeAction: false } });
    t.turn = 2;
    t.phase = 'move';
    core.stepFigure(c.ctx, fig(t, 'e2'), { q: 2, r: 6 });
    expect(lineOfFire(t, { q: 0, r: 0 }, { q: 2, r: 6 })).toBe(false);
    expect(shots(c.events, 0)).toEqual([]);
    core.stepFigure(c.ctx, fig(t, 'e2'), { q: 1, r: 6 });
    expect(shots(c.events, 0).map((e) => e.target)).toEqual(['e2']);
  });
});

describe('HiTech knockdown and battle armor properties [f04d4dae]', () => {
  it('R-H13, R-H14 [f04d4dae]: a firearm hit on a figure in flak or nylon counts its damage before armor for the 5-hit (-2 DX) and 8-hit (falls) effects, in other armor the damage after it; battle armor multiplies ST for requirements only: hit points and the ST-scaled 5/8-hit thresholds stay its own ST', () => {
    fc.assert(
      fc.property(fc.constantFrom(null, ...HITECH_ARMOR.map((a) => a.id)), fc.constantFrom(12, 16, 20, 29, 30, 40, 55), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (armor, st, d1, d2) => {
        const s = scenario([
          { id: 'gun', side: 'a', st: 12, dx: 14, iq: 10, talents: ['rifle'], at: [2, 0], facing: 0, weapons: ['assault-rifle'] },
          { id: 'foe', side: 'b', st, dx: 8, at: [4, 0], facing: 3, weapons: [], ...(armor ? { armor } : {}) },
        ]);
        s.turn = 1;
        s.phase = 'action';
        const { ctx, events } = context(s, [2, 3, 2, d1, d2]);
        act(ctx, { type: 'fire', figure: 'gun', target: 'foe' });
        const ha = HITECH_ARMOR.find((a) => a.id === armor);
        const p = ha?.protection ?? 0;
        const raw = d1 + d2;
        const after = Math.max(0, d1 - p) + Math.max(0, d2 - p);
        const basis = ha?.knockback ? Math.max(raw, after) : after;
        const [five, eight] = st >= 50 ? [15, 25] : st >= 30 ? [9, 16] : [5, 8];
        const foe = fig(s, 'foe');
        expect(foe.wounds).toBe(after);
        // The -2 is owed whenever the hits cross the threshold, even by a hit that also puts the
        // figure down (tft-core applyDamage); falling needs a figure still standing.
        expect(events.some((e) => e.type === 'hit-penalty')).toBe(basis >= five);
        expect(events.some((e) => e.type === 'falls')).toBe(basis >= eight && foe.woundFx.canAct);
        expect(foe.st).toBe(st);
        expect(strengthForRequirements(foe)).toBe(st * (ha?.stMultiplier ?? 1));
      }),
      { numRuns: 200 },
    );
  });
});
