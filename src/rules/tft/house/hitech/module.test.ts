import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dist } from '../../../../core/dice/exact.ts';
import { Fraction } from '../../../../core/dice/fraction.ts';
import { CommandRejected } from '../../../../core/errors.ts';
import type { LedgerEntry } from '../../../../core/ledger.ts';
import { attack, core, readyWeapon, requirementST } from '../../core.ts';
import { actionOptions } from '../../options.ts';
import { cloneTft, decideTft, tftSystem } from '../../system.ts';
import { describeTft } from '../../describe.ts';
import type { TftEvent } from '../../model.ts';
import { beginTurn, play, setup } from '../../testing.ts';
import { hitechDamage } from './damage.ts';
import { figureHiTech, hitechArmorDefs } from './gear.ts';
import { act, actionPhase, context, fig, scenario, spec } from './harness.test-util.ts';
import { megahexDistance } from '../../../../core/hex/megahex.ts';
import { blastTargets, hitechModule, resolveBlast, strengthForRequirements } from './module.ts';
import { blastExpectation, hitChance } from './odds.ts';
import { triggerText } from './overwatch.ts';
import { pistolRangeModifier } from './range.ts';

const biff = { id: 'biff', name: 'Biff Redstone', side: 'b', st: 12, dx: 11, at: [6, 0], facing: 3, armor: 'flak-jacket', weapons: ['broadsword'] };
const shooter = (weapons: unknown[], extra: Record<string, unknown> = {}) => ({ id: 'gun', side: 'a', st: 12, dx: 12, iq: 10, talents: ['rifle', 'pistol'], at: [4, 0], facing: 0, weapons, ...extra });
const damages = (events: { type: string }[], who?: string) => events.filter((e) => e.type === 'damage' && (!who || (e as { figure?: string }).figure === who)) as unknown as { amount: number; raw: number; ledger: { delta: number }[]; figure: string }[];

describe('the hitech module in the TFT core [f04d4dae]', () => {
  it('R-H8 Biff: the assault rifle rolling 6 and 1 through the flak jacket does 4 (ledger adds up)', () => {
    const s = scenario([shooter(['assault-rifle']), biff]);
    actionPhase(s);
    const { ctx, events } = context(s, [3, 3, 4, 6, 1]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    const [d] = damages(events);
    expect(d.amount).toBe(4);
    expect(d.ledger.reduce((t, e) => t + e.delta, 0)).toBe(4);
    expect(fig(s, 'biff').wounds).toBe(4);
  });

  it('R-H8 Biff: a broadsword rolling 8 against the flak jacket does 6 (once per melee attack)', () => {
    const s = scenario([{ ...shooter(['broadsword']), at: [5, 0] }, biff]);
    actionPhase(s);
    const { ctx, events } = context(s, [3, 3, 4, 5, 3]);
    core.attack(ctx, fig(s, 'gun'), fig(s, 'biff'), core.readyWeapon(fig(s, 'gun')), 'melee');
    expect(damages(events)[0].amount).toBe(6);
  });

  it('R-H9 Biff: the HE snub pistol rolling 3 and 4 does 6', () => {
    const s = scenario([shooter(['snub-pistol']), biff]);
    actionPhase(s);
    const { ctx, events } = context(s, [3, 3, 4, 3, 4]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    const [d] = damages(events);
    expect([d.raw, d.amount]).toEqual([7, 6]);
    expect(d.ledger.reduce((t, e) => t + e.delta, 0)).toBe(6);
  });

  it('R-H13 Biff: 3 and 5 through the flak jacket does 4, but counts 8 for knockdown: he falls', () => {
    const s = scenario([shooter(['assault-rifle']), biff]);
    actionPhase(s);
    const { ctx, events } = context(s, [3, 3, 4, 3, 5]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    expect(damages(events)[0].amount).toBe(4);
    expect(fig(s, 'biff').prone).toBe(true);
    expect(events.some((e) => e.type === 'falls' && e.figure === 'biff')).toBe(true);
  });

  it('R-H13, R-H9: an HE round through flak counts the damage taken when it is more than the damage before armor: ST 30 (8-hit threshold 16) falls to 6 and 6 (12 before, 16 taken)', () => {
    const s = scenario([shooter(['snub-pistol']), { ...biff, st: 30 }]);
    actionPhase(s);
    const { ctx, events } = context(s, [3, 3, 4, 6, 6]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    const [d] = damages(events);
    expect([d.raw, d.amount]).toEqual([12, 16]);
    expect(fig(s, 'biff').prone).toBe(true);
    expect(events.some((e) => e.type === 'falls' && e.figure === 'biff')).toBe(true);
  });

  it('R-H13: combat armor (no knockback flag) uses the damage after armor', () => {
    const s = scenario([shooter(['assault-rifle']), { ...biff, armor: 'combat-tl11' }]);
    actionPhase(s);
    const { ctx } = context(s, [3, 3, 4, 6, 6]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    expect(fig(s, 'biff').wounds).toBe(4);
    expect(fig(s, 'biff').prone).toBe(false);
  });

  it('f04d4dae R-H13: a flak or nylon hit of 5-7 before armor (under 5 after) gives the 5-hit -2 DX, not a fall', () => {
    // flak (2 per die): assault rifle 3 and 3 = 6 before armor, 1 + 1 = 2 after.
    const s = scenario([shooter(['assault-rifle']), biff]);
    actionPhase(s);
    const { ctx, events } = context(s, [3, 3, 4, 3, 3]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    expect(damages(events).map((d) => [d.raw, d.amount])).toEqual([[6, 2]]);
    const pen = events.find((e) => e.type === 'hit-penalty') as unknown as { figure: string; hits: number; delta: number };
    expect([pen.figure, pen.hits, pen.delta]).toEqual(['biff', 6, -2]);
    expect(fig(s, 'biff').dxPenalty.amount).toBe(-2);
    expect(fig(s, 'biff').prone).toBe(false);
    // nylon (3 per die): 4 and 3 = 7 before armor, 1 + 0 = 1 after.
    const n = scenario([shooter(['assault-rifle']), { ...biff, armor: 'nylon' }]);
    actionPhase(n);
    const c = context(n, [3, 3, 4, 4, 3]);
    act(c.ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    expect(damages(c.events).map((d) => [d.raw, d.amount])).toEqual([[7, 1]]);
    expect(c.events.filter((e) => e.type === 'hit-penalty').map((e) => (e as unknown as { hits: number }).hits)).toEqual([7]);
    expect(c.events.some((e) => e.type === 'falls')).toBe(false);
    // the same 6 through combat armor (no knockback flag): 0 after armor, no penalty.
    const k = scenario([shooter(['assault-rifle']), { ...biff, armor: 'combat-tl11' }]);
    actionPhase(k);
    const kc = context(k, [3, 3, 4, 3, 3]);
    act(kc.ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    expect(kc.events.some((e) => e.type === 'hit-penalty')).toBe(false);
  });

  it('R-H10: the autofire example, adjDX 13 and a roll of 9, hits twice; each hit rolls its own damage; 4 rounds spent', () => {
    const s = scenario([shooter(['assault-rifle']), { ...biff, armor: null }]);
    actionPhase(s);
    const { ctx, events } = context(s, [3, 3, 3, 2, 2, 1, 1]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff', burst: 'four' });
    const fire = events.find((e) => e.type === 'fire') as unknown as { adjDX: number; roll: number };
    expect([fire.adjDX, fire.roll]).toEqual([13, 9]);
    expect(damages(events).map((d) => d.amount)).toEqual([4, 2]);
    const w = fig(s, 'gun').weapons[0];
    expect((w.house.hitech as { loaded: number }).loaded).toBe(16);
  });

  it('R-H10: a 3 multiplies the first hit only', () => {
    const s = scenario([shooter(['assault-rifle']), { ...biff, armor: null, st: 40 }]);
    actionPhase(s);
    const { ctx, events } = context(s, [1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 1]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff', burst: 'four' });
    // adjDX 13, roll 3: 1 + floor(10/3) = 4 hits, capped at 4 rounds.
    expect(damages(events).map((d) => d.amount)).toEqual([12, 2, 2, 2]);
  });

  it('R-H10: ammunition runs out: a burst needs the rounds, a reload needs a spare clip', () => {
    const s = scenario([shooter([{ weapon: 'assault-rifle', house: { hitech: { loaded: 3, spare: { standard: 1 } } } }]), biff]);
    actionPhase(s);
    const { ctx, events } = context(s, []);
    expect(() => act(ctx, { type: 'fire', figure: 'gun', target: 'biff', burst: 'four' })).toThrow(/holds 3 rounds, the 'four' burst needs 4/);
    expect(spec('fire').options({ state: s, core, mode: 'ai' }, fig(s, 'gun')).map((o) => (o.command as unknown as { burst: string }).burst)).toEqual(['single']);
    act(ctx, { type: 'reload', figure: 'gun' });
    const g = fig(s, 'gun').weapons[0].house.hitech as { loaded: number; spare: Record<string, number> };
    expect([g.loaded, g.spare.standard]).toEqual([20, 0]);
    expect(events.at(-1)).toMatchObject({ type: 'reload', discarded: 3 });
    fig(s, 'gun').turn.acted = false;
    g.loaded = 19;
    expect(() => act(ctx, { type: 'reload', figure: 'gun' })).toThrow(/no spare standard clip/);
    g.loaded = 0;
    expect(() => act(ctx, { type: 'fire', figure: 'gun', target: 'biff' })).toThrow(CommandRejected);
  });

  it('R-H10 [f04d4dae]: a reload puts a clip in the gun in hand; a slung gun is refused (explain offers only the one in hand)', () => {
    const s = scenario([shooter(['broadsword', { weapon: 'assault-rifle', house: { hitech: { loaded: 3, spare: { standard: 1 } } } }]), biff]);
    actionPhase(s);
    const gun = fig(s, 'gun');
    const rifle = gun.weapons[1];
    expect(gun.ready).not.toBe(rifle.uid);
    expect(spec('reload').options({ state: s, core, mode: 'explain' }, gun)).toEqual([]);
    const { ctx } = context(s, []);
    expect(() => act(ctx, { type: 'reload', figure: 'gun', weapon: rifle.uid })).toThrow(/not in hand: ready it first/);
    expect((rifle.house.hitech as { loaded: number }).loaded).toBe(3);
  });

  it('R-H9: HE splash: 1 point per die to each figure around the target, through armor', () => {
    const s = scenario([shooter(['snub-pistol']), { ...biff, armor: null }, { id: 'pal', side: 'b', st: 10, dx: 10, at: [7, 0], armor: 'combat-tl14' }]);
    actionPhase(s);
    const { ctx, events } = context(s, [3, 3, 4, 3, 4]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    expect(damages(events, 'biff')[0].amount).toBe(14);
    expect(damages(events, 'pal')[0].amount).toBe(2);
    expect(fig(s, 'pal').wounds).toBe(2);
    // Said as the splash it is, with its rule: it read "(2: +2 = 2; HE splash, 1 per die of 2 [R-H9])", a roll of nothing.
    const line = describeTft(damages(events, 'pal')[0] as unknown as TftEvent, new Map([['pal', 'Pal']]));
    expect(line).toMatch(/Pal takes 2 damage \(HE splash, 1 per die of the round's 2d = 2 \[R-H9\]\); wounds now 2\.$/);
  });

  it('R-H9 option heSplash off / armored', () => {
    for (const [mode, want] of [
      ['off', undefined],
      ['armored', 0],
    ] as const) {
      const s = scenario([shooter(['snub-pistol']), { ...biff, armor: null }, { id: 'pal', side: 'b', st: 10, dx: 10, at: [7, 0], armor: 'flak-jacket' }], { heSplash: mode });
      actionPhase(s);
      const { ctx, events } = context(s, [3, 3, 4, 3, 4]);
      act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
      expect(damages(events, 'pal')[0]?.amount).toBe(want);
      // 'armored': the flak jacket's stop of the splash is one entry, R-H9, with its delta (2 dice: -2).
      if (mode === 'armored') expect((damages(events, 'pal')[0].ledger as LedgerEntry[]).filter((e) => e.delta < 0).map((e) => [e.source, e.delta, e.rule])).toEqual([['flak jacket stops 2 of the splash', -2, 'R-H9']]);
    }
  });

  it('R-H9: APDS against combat TL12 (5 per die) counts 3 per die (half, round up)', () => {
    const s = scenario([shooter([{ weapon: 'acr', house: { hitech: { ammo: 'apds' } } }]), { ...biff, armor: 'combat-tl12' }]);
    actionPhase(s);
    const { ctx, events } = context(s, [3, 3, 4, 6, 4, 2]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    expect(damages(events)[0].amount).toBe(3 + 1 + 0);
  });

  it('R-H9: HEAP is AP and doubled, without splash', () => {
    const s = scenario([shooter([{ weapon: 'snub-pistol', house: { hitech: { ammo: 'heap' } } }]), { ...biff, armor: 'nylon' }, { id: 'pal', side: 'b', st: 10, dx: 10, at: [7, 0] }]);
    actionPhase(s);
    const { ctx, events } = context(s, [3, 3, 4, 3, 4]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    expect(damages(events, 'biff')[0].amount).toBe((1 + 2) * 2);
    expect(damages(events, 'pal')).toHaveLength(0);
  });

  it('R-H4: eligibility after moving: -2 DX after 2+ hexes, none past half MA (without runAndGun)', () => {
    const s = scenario([shooter(['assault-rifle']), biff]);
    actionPhase(s);
    const g = fig(s, 'gun');
    g.turn.hexes = 3;
    const [opt] = spec('fire').options({ state: s, core, mode: 'explain' }, g);
    expect(opt.adjDX).toBe(10);
    expect(opt.ledger?.some((e) => e.rule === 'R-H4' && e.delta === -2)).toBe(true);
    g.turn.hexes = 6;
    expect(spec('fire').options({ state: s, core, mode: 'ai' }, g)).toEqual([]);
    const { ctx } = context(s, []);
    expect(() => act(ctx, { type: 'fire', figure: 'gun', target: 'biff' })).toThrow(/moved 6 hexes, more than half of MA 10/);
    const s2 = scenario([shooter(['assault-rifle']), biff], { runAndGun: true });
    actionPhase(s2);
    fig(s2, 'gun').turn.hexes = 6;
    expect(spec('fire').options({ state: s2, core, mode: 'ai' }, fig(s2, 'gun'))[0].adjDX).toBe(12 - 8);
  });

  it('R-H4: -6 DX after dodging; R-H5: -2 without the talent', () => {
    const s = scenario([shooter(['assault-rifle'], { talents: [] }), biff]);
    actionPhase(s);
    fig(s, 'gun').turn.stance = 'dodge';
    expect(spec('fire').options({ state: s, core, mode: 'ai' }, fig(s, 'gun'))[0].adjDX).toBe(12 - 2 - 6);
  });

  it('R-H2: range in megahexes enters the ledger (rifle 7 MH: -4)', () => {
    const s = scenario([shooter(['assault-rifle'], { at: [0, 0] }), { ...biff, at: [14, 7] }], {}, { map: { width: 30, height: 20 } });
    actionPhase(s);
    const [opt] = spec('fire').options({ state: s, core, mode: 'explain' }, fig(s, 'gun'));
    const r = opt.ledger?.find((e) => e.rule === 'R-H2');
    expect(r?.delta).toBe(-4);
  });

  it('f04d4dae R-H2: a rocket launcher uses the rifle range table: 7 MH is -4 (the pistol table would give -6)', () => {
    const at = (weapons: string[], talents: string[]) => {
      const s = scenario([shooter(weapons, { at: [0, 0], talents }), { ...biff, at: [14, 7] }], {}, { map: { width: 30, height: 20 } });
      actionPhase(s);
      const [opt] = spec('fire').options({ state: s, core, mode: 'explain' }, fig(s, 'gun'));
      return opt;
    };
    const rocket = at(['rocket-launcher'], ['rocket-launcher']);
    expect(rocket.ledger?.filter((e) => e.rule === 'R-H2' || e.rule === 'R-H3').map((e) => [e.rule, e.delta])).toEqual([['R-H2', -4]]);
    expect(rocket.adjDX).toBe(12 - 4);
    const pistol = at(['heavy-pistol'], ['pistol']);
    expect(pistol.ledger?.filter((e) => e.rule === 'R-H2' || e.rule === 'R-H3').map((e) => [e.rule, e.delta])).toEqual([['R-H3', -6]]);
  });

  it('f04d4dae R-H7: only a figure eligible to fire may take overwatch: refused after more than half MA, and for a heavy weapon after more than a 1-hex shift', () => {
    const s = scenario([shooter(['assault-rifle']), biff]);
    actionPhase(s);
    const g = fig(s, 'gun');
    g.turn.hexes = 6;
    expect(spec('overwatch').options({ state: s, core, mode: 'ai' }, g)).toEqual([]);
    const { ctx } = context(s, []);
    expect(() => act(ctx, { type: 'overwatch', figure: 'gun' })).toThrow('moved 6 hexes, more than half of MA 10');
    g.turn.hexes = 5;
    act(ctx, { type: 'overwatch', figure: 'gun' });
    expect(g.house.hitech).toMatchObject({ overwatch: { turn: 1 } });
    const h = scenario([shooter(['rocket-launcher'], { talents: ['rocket-launcher'] }), biff]);
    actionPhase(h);
    const rg = fig(h, 'gun');
    rg.turn.hexes = 2;
    const hc = context(h, []);
    expect(() => act(hc.ctx, { type: 'overwatch', figure: 'gun' })).toThrow('Rocket Launcher is a heavy weapon: only a 1-hex shift before firing (moved 2)');
    rg.turn.hexes = 1;
    act(hc.ctx, { type: 'overwatch', figure: 'gun' });
    expect(rg.house.hitech).toMatchObject({ overwatch: { turn: 1 } });
  });

  it('R-H4: crew-served weapons: -4 MA, then 3 turns to ready after moving', () => {
    const s = scenario([shooter(['heavy-machinegun'], { talents: ['heavy-auto-weapon'] }), biff]);
    const g = fig(s, 'gun');
    expect(core.effectiveMA(g, s)).toBe(6);
    const { ctx } = context(s, []);
    g.turn.hexes = 2;
    hitechModule.hooks?.turnPasses?.(ctx, false);
    g.turn.hexes = 0;
    actionPhase(s, 2);
    expect(() => act(ctx, { type: 'fire', figure: 'gun', target: 'biff', burst: 'burst' })).toThrow(/needs 3 more turn/);
    for (let i = 0; i < 3; i++) hitechModule.hooks?.turnPasses?.(ctx, false);
    expect(spec('fire').options({ state: s, core, mode: 'ai' }, g)).toHaveLength(1);
  });

  it('R-H4, R-H7 with R-T3 [82345e2a] time run at once: the turns out of combat count toward a crew-served weapon moved this turn, and an overwatch lapses in them', () => {
    const s = scenario([shooter(['heavy-machinegun'], { talents: ['heavy-auto-weapon'] }), biff]);
    const g = fig(s, 'gun');
    const { ctx, events } = context(s, []);
    g.turn.hexes = 2;
    hitechModule.hooks?.turnPasses?.(ctx, false); // the fight turn it moved in: 3 turns to ready
    expect(figureHiTech(g).crewReadyLeft).toBe(3);
    // The fight turn's move is not made again in each turn run at once: 3 of them ready it.
    for (let i = 0; i < 3; i++) hitechModule.hooks?.turnPasses?.(ctx, true);
    expect(figureHiTech(g).crewReadyLeft).toBe(0);
    const o = scenario([shooter(['assault-rifle']), { ...biff, armor: null }]);
    actionPhase(o, 1);
    const oc = context(o, []);
    act(oc.ctx, { type: 'overwatch', figure: 'gun', trigger: { beforeAction: false } });
    // In the fight it waits for the next movement phase; 5 minutes later that phase is long over.
    hitechModule.hooks?.turnPasses?.(oc.ctx, true);
    expect(figureHiTech(fig(o, 'gun')).overwatch).toBe(null);
    expect(oc.events.at(-1)).toMatchObject({ type: 'overwatch-lapsed', figure: 'gun', rule: 'R-H7' });
    expect(events).toEqual([]);
  });

  it('R-H6: Quickdraw readies and fires on 3d6 <= adjDX; on a failure the pistol is only readied', () => {
    const mk = () => scenario([shooter(['broadsword', 'heavy-pistol'], { talents: ['pistol', 'quickdraw-pistol'] }), { ...biff, armor: null }]);
    let s = mk();
    actionPhase(s);
    let c = context(s, [3, 3, 4, 3, 3, 4, 2, 2]);
    act(c.ctx, { type: 'quickdraw', figure: 'gun', weapon: 'gun.heavy-pistol', target: 'biff' });
    expect(fig(s, 'gun').ready).toBe('gun.heavy-pistol');
    expect(c.events.find((e) => e.type === 'quickdraw')).toMatchObject({ fires: true, roll: 10 });
    expect(fig(s, 'biff').wounds).toBe(4);
    s = mk();
    actionPhase(s);
    c = context(s, [6, 6, 1]);
    act(c.ctx, { type: 'quickdraw', figure: 'gun', weapon: 'gun.heavy-pistol', target: 'biff' });
    expect(fig(s, 'gun').ready).toBe('gun.heavy-pistol');
    expect(c.events.find((e) => e.type === 'quickdraw')).toMatchObject({ fires: false, roll: 13 });
    expect(c.events.some((e) => e.type === 'fire')).toBe(false);
    expect(c.dice.remaining).toBe(0);
    const s3 = scenario([shooter(['broadsword', 'heavy-pistol'], { talents: ['pistol'] }), biff]);
    actionPhase(s3);
    expect(() => act(context(s3, []).ctx, { type: 'quickdraw', figure: 'gun', weapon: 'gun.heavy-pistol', target: 'biff' })).toThrow(/lacks the Quickdraw Pistol talent/);
  });

  it('R-H6 [f04d4dae], tft-core dodge: the quickdraw option counts the 4d6 a dodging target makes the shot roll, as apply does (the draw stays 3d6)', () => {
    const s = scenario([shooter(['broadsword', 'heavy-pistol'], { talents: ['pistol', 'quickdraw-pistol'] }), { ...biff, armor: null }]);
    actionPhase(s);
    fig(s, 'biff').turn.stance = 'dodge';
    const [opt] = spec('quickdraw').options({ state: s, core, mode: 'explain' }, fig(s, 'gun'));
    expect(opt.adjDX).toBe(12);
    const draw = Dist.dice(3, 6).atMost(12);
    expect(opt.hit).toBe(draw.mul(hitChance(4, 12)).toNumber()); // 3d6 <= 12 draws, then 4d6 to hit
    expect(opt.hit).not.toBe(draw.mul(hitChance(3, 12)).toNumber());
    const { ctx, events } = context(s, [3, 3, 4, 3, 3, 2, 2, 4, 3]);
    act(ctx, opt.command as unknown as Record<string, unknown>);
    // the draw is at the shot's adjDX (docs/rules/hitech.md, reading 8 (a))
    expect(events.find((e) => e.type === 'quickdraw')).toMatchObject({ faces: [3, 3, 4], adjDX: 12, fires: true });
    expect(events.find((e) => e.type === 'fire')).toMatchObject({ dice: 4, roll: 10, adjDX: 12 });
  });

  it('R-H12: a TL 12 grenade that hits: 8 dice in the hex (armor halved), 4, 2 and 1 in the rings, friends too', () => {
    const s = scenario([
      { id: 'thrower', side: 'a', st: 12, dx: 14, at: [0, 0], weapons: ['assault-rifle', 'grenade-tl12'] },
      { id: 'r0', side: 'b', st: 40, dx: 10, at: [5, 0], armor: 'combat-tl12' },
      { id: 'r1', side: 'b', st: 40, dx: 10, at: [6, 0] },
      { id: 'r2', side: 'a', st: 40, dx: 10, at: [5, 2] },
      { id: 'r3', side: 'b', st: 40, dx: 10, at: [8, 0] },
      { id: 'r4', side: 'b', st: 40, dx: 10, at: [9, 0] },
    ]);
    actionPhase(s);
    const faces = [3, 3, 3, ...Array(8).fill(6), ...Array(4).fill(1), 1, 1, 1];
    const { ctx, events } = context(s, faces);
    act(ctx, { type: 'throw-grenade', figure: 'thrower', at: [5, 0] });
    const blast = events.find((e) => e.type === 'blast') as unknown as { victims: { figure: string; dice: number }[] };
    expect(blast.victims.map((v) => [v.figure, v.dice])).toEqual([
      ['r0', 8],
      ['r1', 4],
      ['r2', 2],
      ['r3', 1],
    ]);
    // combat TL12 protects 5 per die, halved (round down) to 2 in the impact hex: 8 x (6 - 2).
    expect(damages(events, 'r0')[0].amount).toBe(32);
    expect(fig(s, 'thrower').weapons.map((w) => w.def.id)).toEqual(['assault-rifle']);
    const throwEv = events.find((e) => e.type === 'throw-grenade') as unknown as { ledger: { rule: string; delta: number }[] };
    expect(throwEv.ledger.find((e) => e.rule === 'R-H3')?.delta).toBe(-5);
  });

  it('R-H12: a miss scatters 1d6 hexes in the 1d6 direction, and the blast is there', () => {
    const s = scenario([
      { id: 'thrower', side: 'a', st: 12, dx: 8, at: [0, 0], weapons: ['grenade-tl6'] },
      { id: 'foe', side: 'b', st: 12, dx: 10, at: [5, 0] },
    ]);
    actionPhase(s);
    const { ctx, events } = context(s, [6, 6, 5, 2, 2, 1, 1, 1]);
    act(ctx, { type: 'throw-grenade', figure: 'thrower', at: [5, 0] });
    expect(events.find((e) => e.type === 'scatter')).toMatchObject({ distanceFace: 2, directionFace: 2, at: { q: 5, r: 2 } });
    expect(events.find((e) => e.type === 'blast')).toMatchObject({ at: { q: 5, r: 2 }, dice: 3 });
    // foe is 2 hexes from the landing: floor(3/4) = 0 dice: untouched.
    expect(damages(events)).toHaveLength(0);
  });

  it('R-H3: rifle grenades use the pistol table and scatter like grenades', () => {
    const s = scenario([shooter(['acr']), { ...biff, at: [12, 0] }], {}, {});
    actionPhase(s);
    const [opt] = spec('fire-grenade').options({ state: s, core, mode: 'explain' }, fig(s, 'gun')).filter((o) => (o.command as unknown as { at: { q: number } }).at.q === 12);
    const mh = megahexDistance(fig(s, 'gun').pos, fig(s, 'biff').pos);
    expect(mh).toBeGreaterThan(2);
    expect(opt.ledger?.find((e) => e.rule === 'R-H3')?.delta).toBe(pistolRangeModifier(mh));
    expect(opt.ledger?.some((e) => e.rule === 'R-H2')).toBe(false);
  });

  it('R-H3 [f04d4dae, tft-core]: a thrown grenade takes the core thrown-weapon modifiers: -1 per hex, no gun movement penalty within half MA, and -6 in darkness at a hex as at a figure (a rifle grenade too)', () => {
    type Opt = { command: { at: { q: number; r: number } }; adjDX: number; ledger: { source: string; delta: number; rule: string }[] };
    const at = (o: Opt) => o.command.at.q === 5 && o.command.at.r === 0;
    const mk = (options: Record<string, unknown>) => {
      const s = scenario([{ id: 'thrower', side: 'a', st: 12, dx: 14, talents: ['rifle'], at: [0, 0], facing: 0, weapons: ['acr', 'grenade-tl9'] }, { id: 'foe', side: 'b', st: 40, dx: 10, at: [5, 0], facing: 3 }], options);
      actionPhase(s);
      // It walked 2 hexes of MA 10: within half MA, as a core thrown weapon needs.
      fig(s, 'thrower').turn.hexes = 2;
      const opts = (type: string) => spec(type).options({ state: s, core, mode: 'explain' }, fig(s, 'thrower')) as unknown as Opt[];
      return { s, thrown: opts('throw-grenade').find(at) as Opt, rifle: opts('fire-grenade').find(at) as Opt };
    };
    const light = mk({});
    // DX 14, thrown 5 hexes: -5 (R-H3 over tft-core's -1 per hex); nothing for the move.
    expect(light.thrown.adjDX).toBe(9);
    expect(light.thrown.ledger.map((e) => [e.rule, e.delta])).toEqual([
      ['tft-core', 14],
      ['R-H3', -5],
    ]);
    const dark = mk({ darkness: true });
    expect(dark.thrown.adjDX).toBe(3);
    expect(dark.thrown.ledger).toContainEqual({ source: 'darkness', delta: -6, rule: 'tft-core vision' });
    expect(dark.rifle.adjDX).toBe(light.rifle.adjDX - 6);
    // The engine's roll uses the same adjDX: a 6-roll misses in the dark and scatters.
    const { ctx, events } = context(dark.s, [2, 2, 2, 1, 1, ...Array(20).fill(1)]);
    act(ctx, { type: 'throw-grenade', figure: 'thrower', at: [5, 0] });
    expect(events.find((e) => e.type === 'throw-grenade')).toMatchObject({ adjDX: 3, roll: 6 });
    expect(events.some((e) => e.type === 'scatter')).toBe(true);
  });

  it('R-H7 [f04d4dae]: an overwatch trigger naming a friend or nobody is refused, naming the entry; an enemy is taken', () => {
    const s = scenario([shooter(['assault-rifle'], { at: [2, 0] }), { id: 'pal', side: 'a', st: 12, dx: 10, at: [2, 2], weapons: [] }, { ...biff, at: [8, 0] }]);
    actionPhase(s, 1);
    const { ctx } = context(s, []);
    expect(() => act(ctx, { type: 'overwatch', figure: 'gun', trigger: { targets: ['biff', 'pal'] } })).toThrow(/trigger\.targets\[1\].*not an enemy of/);
    expect(() => act(ctx, { type: 'overwatch', figure: 'gun', trigger: { targets: ['nobody'] } })).toThrow(/trigger\.targets\[0\].*no figure 'nobody'/);
    expect(figureHiTech(fig(s, 'gun')).overwatch).toBe(null);
    act(ctx, { type: 'overwatch', figure: 'gun', trigger: { targets: ['biff'] } });
    expect(figureHiTech(fig(s, 'gun')).overwatch?.trigger.targets).toEqual(['biff']);
  });

  it('R-H7: overwatch fires at the first hex an enemy enters in the next movement phase, at no movement penalty', () => {
    const s = scenario([shooter(['assault-rifle'], { at: [2, 0] }), { ...biff, at: [8, 0], armor: null, st: 4, weapons: [] }]);
    actionPhase(s, 1);
    const { ctx, events } = context(s, [3, 3, 4, 6, 6]);
    fig(s, 'gun').turn.hexes = 3;
    act(ctx, { type: 'overwatch', figure: 'gun', trigger: { on: 'enter' } });
    hitechModule.hooks?.turnPasses?.(ctx, false);
    s.turn = 2;
    s.phase = 'move';
    for (const f of s.figures) f.turn = { ...f.turn, hexes: 0, acted: false, moved: false };
    const stop = core.stepFigure(ctx, fig(s, 'biff'), { q: 7, r: 0 });
    expect(stop).toBe(true);
    const fire = events.find((e) => e.type === 'fire') as unknown as { overwatch: boolean; adjDX: number; ledger: { rule: string }[] };
    expect(fire.overwatch).toBe(true);
    expect(fire.ledger.some((e) => e.rule === 'R-H4')).toBe(false);
    expect(fig(s, 'biff').state).not.toBe('healthy');
    expect(fig(s, 'gun').house.hitech).toMatchObject({ overwatch: null });
  });

  it('R-H7: overwatch in the declaring action phase fires just before a matching enemy acts, then lapses after the next movement phase', () => {
    const s = scenario([shooter(['assault-rifle']), { ...biff, armor: null }]);
    actionPhase(s, 1);
    const { ctx, events } = context(s, [3, 3, 4, 1, 1]);
    act(ctx, { type: 'overwatch', figure: 'gun' });
    hitechModule.hooks?.beforeAction?.(ctx, fig(s, 'biff'));
    expect(events.filter((e) => e.type === 'fire')).toHaveLength(1);
    const s2 = scenario([shooter(['assault-rifle']), { ...biff, armor: null }]);
    actionPhase(s2, 1);
    const c2 = context(s2, []);
    act(c2.ctx, { type: 'overwatch', figure: 'gun', trigger: { beforeAction: false } });
    hitechModule.hooks?.beforeAction?.(c2.ctx, fig(s2, 'biff'));
    hitechModule.hooks?.turnPasses?.(c2.ctx, false);
    s2.turn = 2;
    hitechModule.hooks?.turnPasses?.(c2.ctx, false);
    expect(c2.events.some((e) => e.type === 'fire')).toBe(false);
    expect(c2.events.at(-1)).toMatchObject({ type: 'overwatch-lapsed', figure: 'gun' });
  });

  it('R-H9: AP halves low-tech armor too ("all forms of armor"): chainmail 3 stops 2', () => {
    const s = scenario([shooter([{ weapon: 'acr', house: { hitech: { ammo: 'apds' } } }]), { ...biff, armor: 'chainmail' }]);
    actionPhase(s);
    const { ctx, events } = context(s, [3, 3, 4, 6, 4, 2]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    expect(damages(events)[0].amount).toBe(12 - 2);
    // The halved stop is one ledger entry under R-H9 with its delta (no tft-core armor entry beside a note).
    const stops = (damages(events)[0].ledger as LedgerEntry[]).filter((e) => / stops? /.test(e.source));
    expect(stops.map((e) => [e.source, e.delta, e.rule])).toEqual([['Chainmail stops 2 (half against AP, round up (R-H9): 2)', -2, 'R-H9']]);
  });

  it('R-H12: a rocket that hits bursts like a grenade of 12 dice at the target (rifle range table, R-H2)', () => {
    const s = scenario([shooter(['rocket-launcher'], { talents: ['rocket-launcher'], at: [2, 0] }), { ...biff, armor: null, st: 80 }, { id: 'pal', side: 'b', st: 40, dx: 10, at: [7, 0] }]);
    actionPhase(s);
    const { ctx, events } = context(s, [3, 3, 4, ...Array(12).fill(1), ...Array(6).fill(1)]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    expect(events.find((e) => e.type === 'blast')).toMatchObject({ dice: 12, at: { q: 6, r: 0 } });
    expect(damages(events).map((d) => [d.figure, d.amount])).toEqual([
      ['biff', 12],
      ['pal', 6],
    ]);
    const fire = events.find((e) => e.type === 'fire') as unknown as { ledger: { rule: string }[]; loadedLeft: number };
    expect(fire.ledger.some((e) => e.rule === 'R-H2')).toBe(true);
    expect(fire.loadedLeft).toBe(3);
  });

  it('tft-core: a dodging target makes the firer roll 4d6', () => {
    const s = scenario([shooter(['assault-rifle']), biff]);
    actionPhase(s);
    fig(s, 'biff').turn.stance = 'dodge';
    const { ctx, events } = context(s, [3, 3, 4, 1, 1, 1]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    expect(events.find((e) => e.type === 'fire')).toMatchObject({ dice: 4, roll: 11 });
  });

  it('R-H14: battle armor multiplies ST for requirements, not ST as hit points', () => {
    const s = scenario([shooter(['assault-rifle']), { ...biff, armor: 'battle-tl14' }]);
    expect(strengthForRequirements(fig(s, 'biff'))).toBe(36);
    expect(fig(s, 'biff').st).toBe(12);
    expect(strengthForRequirements(fig(s, 'gun'))).toBe(12);
  });

  it('firearms are fired with `fire`, not the core attack; grenades with `throw-grenade`', () => {
    const s = scenario([shooter(['assault-rifle', 'grenade-tl8']), biff]);
    expect(hitechModule.hooks?.vetoAction?.(s, fig(s, 'gun'), 'attack')).toMatch(/use 'fire'/);
    expect(hitechModule.hooks?.vetoAction?.(s, fig(s, 'biff'), 'attack')).toBeUndefined();
  });

  it('scenario gear is checked and named by field', () => {
    expect(() => scenario([shooter([{ weapon: 'acr', house: { hitech: { ammo: 'heap' } } }]), biff])).toThrow(/figures\[0\]\.weapons\[0\]\.house\.hitech\.ammo: ACR has no ammunition 'heap'/);
    expect(() => scenario([shooter([{ weapon: 'assault-rifle', house: { hitech: { loaded: 30 } } }]), biff])).toThrow(/loaded: must be a whole number from 0 to the clip size 20/);
    expect(() => scenario([shooter([{ weapon: 'assault-rifle', house: { hitech: { rounds: 3 } } }]), biff])).toThrow(/house\.hitech/);
    expect(() => scenario([shooter(['assault-rifle'], { iq: 9, talents: ['rifle', 'rifle-expert'] }), biff])).toThrow(/Rifle Expert needs IQ 10/);
    expect(() => scenario([shooter(['assault-rifle'], { talents: ['rifle-expert'] }), biff])).toThrow(/Rifle Expert requires Rifle/);
  });

  it('explain: exact hit chance, hit distribution and expected damage for every burst', () => {
    const s = scenario([shooter(['assault-rifle']), biff]);
    actionPhase(s);
    const opts = spec('fire').options({ state: s, core, mode: 'explain' }, fig(s, 'gun'));
    expect(opts.map((o) => (o.command as unknown as { burst: string }).burst)).toEqual(['single', 'four', 'half', 'full']);
    for (const o of opts) {
      const hs = o.hits as [number, number][];
      expect(hs.reduce((t, [, p]) => t + p, 0)).toBeCloseTo(1, 12);
      expect(1 - (hs.find(([k]) => k === 0)?.[1] ?? 0)).toBeCloseTo(o.hit as number, 12);
      expect(o.expectedDamage).toBeGreaterThan(0);
    }
    const ex = hitechModule.hooks?.explain?.(s, fig(s, 'gun')) as { hitech: { firearm: { loaded: number } } };
    expect(ex.hitech.firearm.loaded).toBe(20);
  });
});

describe('the hitech module through the command layer: audit fixes [f04d4dae]', () => {
  const sides = { sides: [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }] };

  it('R-H14 [f04d4dae]: ST 8 in battle armor TL13 counts ST 16 for weapons: it carries, drops and picks up a broadsword (ST 12); its hit points stay 8', () => {
    const trooper = { id: 'trooper', side: 'A', st: 8, dx: 12, armor: 'battle-tl13', weapons: ['broadsword', 'dagger'], at: [3, 2] as [number, number], facing: 0 };
    const weak = { id: 'weak', side: 'B', st: 8, dx: 10, armor: 'flak-jacket', weapons: ['dagger'], at: [4, 2] as [number, number], facing: 3 };
    expect(() => setup([{ ...trooper, armor: 'flak-jacket' }, weak], { hitech: true })).toThrow(/Broadsword needs ST 12; trooper has ST 8/);
    const s = setup([trooper, weak], { hitech: true });
    expect(requirementST(fig(s, 'trooper'), s)).toBe(16);
    expect(requirementST(fig(s, 'weak'), s)).toBe(8);
    expect(fig(s, 'trooper').st).toBe(8);
    beginTurn(s, 'A');
    play(s, [{ type: 'move', figure: 'trooper', path: [] }, { type: 'move', figure: 'weak', path: [] }]);
    // Engaged: readying the dagger drops the broadsword in the trooper's hex.
    play(s, [{ type: 'ready', figure: 'trooper', weapon: 'dagger' }]);
    expect(s.items.map((i) => i.weapon.uid)).toEqual(['trooper.broadsword']);
    // The ST 8 figure in a flak jacket may not pick it up; it is not even offered.
    expect(actionOptions(s, fig(s, 'weak'), 'explain').some((o) => o.command.type === 'pick-up')).toBe(false);
    expect(() => play(s, [{ type: 'pick-up', figure: 'weak', weapon: 'trooper.broadsword' }])).toThrow(/Broadsword needs ST 12/);
    play(s, [{ type: 'pass', figure: 'weak' }], [6, 1]);
    play(s, [{ type: 'initiative', figure: 'trooper', choice: 'first' }, { type: 'move', figure: 'trooper', path: [] }, { type: 'move', figure: 'weak', path: [] }]);
    expect(actionOptions(s, fig(s, 'trooper'), 'explain').some((o) => o.command.type === 'pick-up')).toBe(true);
    play(s, [{ type: 'pick-up', figure: 'trooper', weapon: 'trooper.broadsword' }]);
    expect(fig(s, 'trooper').weapons.map((w) => w.uid)).toEqual(['trooper.dagger', 'trooper.broadsword']);
    // ST as hit points: 7 wounds leave the ST 8 trooper at remST 1, unconscious (not 16 - 7).
    fig(s, 'trooper').wounds = 7;
    expect(core.woundState(fig(s, 'trooper'), s).state).toBe('unconscious');
  });

  it('R-H8 [f04d4dae]: a longbow 1d+2 doubled (roll of 4), die 3, through a flak jacket: the die 6 less 2, the adds 4 on top, 8 of the core\'s 10', () => {
    const s = scenario(
      [
        { id: 'archer', side: 'a', st: 12, dx: 12, weapons: ['longbow'], at: { q: 3, r: 2 }, facing: 0 },
        { id: 'biff', side: 'b', st: 30, dx: 10, armor: 'flak-jacket', weapons: ['broadsword'], at: { q: 6, r: 2 }, facing: 3 },
      ],
      {},
      sides,
    );
    actionPhase(s);
    const { ctx, events } = context(s, [1, 1, 2, 3]);
    core.attack(ctx, fig(s, 'archer'), fig(s, 'biff'), core.readyWeapon(fig(s, 'archer')), 'missile');
    const [d] = damages(events);
    expect([d.raw, d.amount]).toEqual([10, 8]);
    expect(d.ledger.reduce((t, e) => t + e.delta, 0)).toBe(8);
    expect((d.ledger as unknown as { source: string }[]).some((e) => /dice 4, adds 4/.test(e.source))).toBe(true);
  });

  it('R-H8 [f04d4dae]: per-die armor with adds and criticals: the engine and hitechDamage count a hit alike, never above the core\'s damage before armor', () => {
    const base = scenario(
      [
        { id: 'x', side: 'a', st: 12, dx: 12, weapons: ['dagger'], at: { q: 3, r: 2 }, facing: 0 },
        { id: 't', side: 'b', st: 90, dx: 10, armor: 'flak-jacket', weapons: [], at: { q: 6, r: 2 }, facing: 3 },
      ],
      {},
      sides,
    );
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: -3, max: 3 }),
        fc.constantFrom(1, 2, 3),
        fc.constantFrom('flak-jacket', 'nylon', 'combat-tl12'),
        (faces, plus, m, armorId) => {
          const s = cloneTft(base);
          const t = fig(s, 't');
          const def = hitechArmorDefs().find((a) => a.id === armorId);
          if (!def) throw new Error(armorId);
          t.armor = { def, house: {} };
          const { ctx } = context(s, faces);
          const d = core.rollDamage(ctx, { dice: faces.length, plus, text: `${faces.length}d${plus}` }, m, fig(s, 'x'), t, null, 'missile');
          core.applyDamage(ctx, d);
          const sum = faces.reduce((a, b) => a + b, 0);
          expect(d.raw).toBe(Math.max(0, sum + plus) * m);
          expect(d.amount).toBe(hitechDamage({ faces, adds: plus, multiplier: m, protection: def.stops, mode: 'missile' }).damage);
          expect(d.amount).toBeLessThanOrEqual(d.raw);
        },
      ),
    );
  });

  it('R-H8 [f04d4dae, tft-core shields]: a ready shield with HiTech armor stops its hits once per missile hit, after the per-die armor; AP halves it too; the ledger names the shield and its rule', () => {
    // Assault rifle 6 and 5 through the flak jacket: 4 + 3 = 7; the large shield stops 2 more: 5.
    const s = scenario([shooter(['assault-rifle']), { ...biff, st: 40, shield: 'large-shield' }]);
    actionPhase(s);
    const { ctx, events } = context(s, [3, 3, 4, 6, 5]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    const [d] = damages(events) as unknown as { raw: number; amount: number; ledger: { source: string; delta: number; rule: string }[] }[];
    expect([d.raw, d.amount]).toEqual([11, 5]);
    expect(d.ledger.reduce((t, e) => t + e.delta, 0)).toBe(5);
    expect(d.ledger.find((e) => e.rule === 'tft-core shields')?.source).toMatch(/^Large shield stops 2 once, after the per-die armor: 7 -> 5/);
    // Each stop told once, with its own delta and rule (no delta-0 note beside a tft-core armor entry).
    expect(d.ledger.filter((e) => / stops? /.test(e.source)).map((e) => [e.rule, e.delta])).toEqual([['R-H8', -4], ['tft-core shields', -2]]);
    expect(fig(s, 'biff').wounds).toBe(5);
    // HEAP 5 and 5: flak 1 per die against AP (4 + 4), the shield 1 (7), doubled: 14.
    const h = scenario([shooter([{ weapon: 'snub-pistol', house: { hitech: { ammo: 'heap' } } }]), { ...biff, st: 40, shield: 'large-shield' }]);
    actionPhase(h);
    const hc = context(h, [3, 3, 4, 5, 5]);
    act(hc.ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    const [hd] = damages(hc.events) as unknown as { amount: number; ledger: { source: string; rule: string }[] }[];
    expect(hd.amount).toBe(14);
    expect(hd.ledger.find((e) => e.rule === 'tft-core shields')?.source).toMatch(/Large shield stops 1 once.*half against AP/);
    // A shield not ready (a two-handed weapon in hand) stops nothing.
    const t = scenario([shooter(['assault-rifle']), { ...biff, st: 40, weapons: ['battleaxe'], shield: 'large-shield' }]);
    actionPhase(t);
    const tc = context(t, [3, 3, 4, 6, 5]);
    act(tc.ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    expect(damages(tc.events).map((x) => x.amount)).toEqual([7]);
  });

  it('R-H9 [f04d4dae]: AP halves "all forms of armor", a large shield alone too (2 -> 1); chainmail and shield 5 -> 3', () => {
    const shot = (target: Record<string, unknown>) => {
      const s = scenario([shooter([{ weapon: 'snub-pistol', house: { hitech: { ammo: 'heap' } } }]), { ...biff, armor: null, st: 40, ...target }]);
      actionPhase(s);
      const { ctx, events } = context(s, [3, 3, 3, 5, 5]);
      act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
      return damages(events)[0];
    };
    expect(shot({ shield: 'large-shield' })).toMatchObject({ raw: 10, stopped: 1, amount: 18 });
    expect(shot({ armor: 'chainmail', shield: 'large-shield' })).toMatchObject({ raw: 10, stopped: 3, amount: 14 });
    const d = shot({ shield: 'large-shield' }) as unknown as { ledger: { source: string; rule: string }[] };
    expect(d.ledger.some((e) => e.rule === 'R-H9' && /Large shield stops 1/.test(e.source))).toBe(true);
  });

  it('R-H6 [f04d4dae]: a quickdraw shot needs the clear line of fire a fire needs: not through a wall', () => {
    const map = { width: 16, height: 12, terrain: [{ q: 5, r: 2, kind: 'wall' }, { q: 5, r: 1, kind: 'wall' }, { q: 4, r: 3, kind: 'wall' }] };
    const gun = { id: 'gun', side: 'a', st: 10, dx: 14, iq: 9, talents: ['pistol', 'quickdraw-pistol'], weapons: ['dagger', 'heavy-pistol'], at: { q: 3, r: 2 }, facing: 0 };
    const foe = { id: 'foe', side: 'b', st: 12, dx: 8, weapons: ['broadsword'], at: { q: 7, r: 2 }, facing: 3 };
    const s = scenario([gun, foe], {}, { ...sides, map });
    actionPhase(s);
    const { ctx } = context(s, [3, 3, 3, 3, 3, 3, 3, 3]);
    expect(spec('quickdraw').options({ state: s, core, mode: 'explain' }, fig(s, 'gun'))).toEqual([]);
    expect(() => act(ctx, { type: 'quickdraw', figure: 'gun', weapon: 'heavy-pistol', target: 'foe' })).toThrow(/no clear shot at foe/);
    expect(fig(s, 'gun').ready).toBe('gun.dagger');
    // The same shot with the pistol in hand, as `fire`: the same refusal.
    const drawn = scenario([{ ...gun, weapons: ['heavy-pistol'] }, foe], {}, { ...sides, map });
    actionPhase(drawn);
    expect(() => act(context(drawn, []).ctx, { type: 'fire', figure: 'gun', target: 'foe' })).toThrow(/no clear shot at foe/);
    // Without the wall the same quickdraw is offered and taken.
    const open = scenario([gun, foe], {}, sides);
    actionPhase(open);
    expect(spec('quickdraw').options({ state: open, core, mode: 'explain' }, fig(open, 'gun'))).toHaveLength(1);
    act(context(open, [3, 3, 3, 3, 3, 3, 3, 3]).ctx, { type: 'quickdraw', figure: 'gun', weapon: 'heavy-pistol', target: 'foe' });
    expect(fig(open, 'foe').wounds).toBeGreaterThan(0);
  });
});

describe('R-H4 dodging while moving, then firing, through the command layer [f04d4dae]', () => {
  const figures = [
    { id: 'gun', name: 'Gun', side: 'a', st: 10, dx: 13, iq: 9, talents: ['rifle'], weapons: ['assault-rifle', 'dagger'], at: [1, 2] as [number, number], facing: 0 },
    { id: 'foe', name: 'Foe', side: 'b', st: 30, dx: 8, weapons: ['dagger'], at: [8, 2] as [number, number], facing: 3 },
  ];
  /** Turn 1: the foe stays, the gun walks 2 hexes (with `stance`, if given); the action phase. */
  const walked = (stance?: 'dodge') => {
    const s = setup(figures, { hitech: true });
    beginTurn(s, 'b');
    play(s, [{ type: 'move', figure: 'foe', path: [] }, { type: 'move', figure: 'gun', path: [[2, 2], [3, 2]], ...(stance ? { stance } : {}) }]);
    return s;
  };
  type Opt = { command: { type: string; burst?: string }; adjDX?: number; ledger?: { source: string; delta: number; rule: string }[] };

  it('R-H4 [f04d4dae]: a figure that dodged while moving may still fire, at -6 DX (and -2 for 2 hexes); explain and the AI offer only that', () => {
    const s = walked('dodge');
    expect(tftSystem.pending(s)).toEqual({ figures: ['gun'], kind: 'action' });
    const me = tftSystem.explain(s).figures.find((f) => f.id === 'gun') as unknown as { options: Opt[] };
    const types = new Set(me.options.map((o) => o.command.type));
    // Fire (and overwatch, R-H7: "a figure that is eligible to fire"), or keep dodging: nothing else.
    expect([...types].sort()).toEqual(['dodge', 'fire', 'overwatch', 'pass']);
    const single = me.options.find((o) => o.command.type === 'fire' && o.command.burst === 'single') as Opt;
    expect(single.adjDX).toBe(13 - 2 - 6);
    expect(single.ledger?.filter((e) => e.rule === 'R-H4').map((e) => e.delta)).toEqual([-2, -6]);
    expect(decideTft(s)).toMatchObject({ type: 'fire', figure: 'gun', target: 'foe' });
    const ev = play(s, [{ type: 'fire', figure: 'gun', target: 'foe' }], [2, 2, 1, 3, 4]);
    expect(ev.find((e) => e.type === 'fire')).toMatchObject({ adjDX: 5, roll: 5 });
    expect(fig(s, 'foe').wounds).toBe(7);
    // It dodged all the same: a missile at it is rolled on 4d6.
    expect(fig(s, 'gun').turn.stance).toBe('dodge');
    expect(tftSystem.pending(s)).toEqual({ figures: ['foe'], kind: 'action' });
  });

  it('R-H4, R-T1 [f04d4dae, 82345e2a]: made reeling after a move of 3 (MA 10), the rifleman may still fire: the move is measured by the MA it moved with', () => {
    const s = setup(
      [
        { ...figures[0], st: 12, wounds: 6 },
        { ...figures[1], dx: 16, talents: ['pistol'], weapons: ['light-pistol'], at: [8, 2] },
      ],
      { hitech: true, thread: 'on' },
    );
    beginTurn(s, 'b');
    play(s, [{ type: 'move', figure: 'foe', path: [] }, { type: 'move', figure: 'gun', path: [[2, 2], [3, 2], [4, 2]] }]);
    // The foe (adjDX 15) fires first: its pistol (1d) hits for 4: remST 2 of 12, reeling (R-T1: MA 10 -> 5).
    const ev = play(s, [{ type: 'fire', figure: 'foe', target: 'gun' }], [3, 3, 3, 4]);
    expect(ev).toContainEqual(expect.objectContaining({ type: 'state', figure: 'gun', to: 'reeling' }));
    // 3 hexes of the MA 10 it moved with is within half: the shot is still its own.
    const me = tftSystem.explain(s).figures.find((f) => f.id === 'gun') as unknown as { options: { command: { type: string } }[] };
    expect(me.options.map((o) => o.command.type)).toContain('fire');
    // Its shot (then the next turn's initiative, 6 and 1).
    const shot = play(s, [{ type: 'fire', figure: 'gun', target: 'foe', burst: 'single' }], [3, 3, 3, 1, 1, 6, 1]);
    expect(shot).toContainEqual(expect.objectContaining({ type: 'fire', figure: 'gun', target: 'foe' }));
  });

  it('R-H4 [f04d4dae]: after dodging while moving it may not do anything but fire (or keep dodging); a dodge in the action phase is the action', () => {
    const s = walked('dodge');
    expect(() => play(s, [{ type: 'ready', figure: 'gun', weapon: 'dagger' }])).toThrow(/dodged while moving: it may only fire/);
    expect(() => play(s, [{ type: 'defend', figure: 'gun' }])).toThrow(/dodged while moving/);
    expect(() => play(s, [{ type: 'reload', figure: 'gun' }])).toThrow(/dodged while moving/);
    play(s, [{ type: 'pass', figure: 'gun' }]);
    expect(fig(s, 'gun').turn.stance).toBe('dodge');
    // Dodging as its action instead: that is the action; no shot after it.
    const t = walked();
    play(t, [{ type: 'dodge', figure: 'gun' }]);
    expect(() => play(t, [{ type: 'fire', figure: 'gun', target: 'foe' }])).toThrow(/it is \w+'s action, not Gun's/);
    // A figure with no gun to fire: the dodge with its move is its action (tft-core).
    const u = setup(figures, { hitech: true });
    beginTurn(u, 'a');
    play(u, [{ type: 'move', figure: 'gun', path: [] }, { type: 'move', figure: 'foe', path: [[7, 2]], stance: 'dodge' }]);
    expect(fig(u, 'foe').turn.acted).toBe(true);
  });
});

describe('R-H4 crew-served weapons through the command layer [f04d4dae]', () => {
  const figures = [
    { id: 'gun', name: 'Gunner', side: 'a', st: 12, dx: 13, iq: 10, talents: ['pistol', 'heavy-auto-weapon'], weapons: ['heavy-pistol', 'heavy-machinegun'], at: [1, 2] as [number, number], facing: 0 },
    { id: 'foe', name: 'Foe', side: 'b', st: 80, dx: 8, weapons: ['dagger'], at: [12, 2] as [number, number], facing: 3 },
  ];
  /** One turn: the foe stands, the gunner moves `path`, then takes `action` (or passes); the foe passes. */
  const turn = (s: ReturnType<typeof setup>, path: [number, number][], action?: Record<string, unknown>) => {
    beginTurn(s, 'b');
    play(s, [{ type: 'move', figure: 'foe', path: [] }, { type: 'move', figure: 'gun', path }]);
    // The next turn's initiative dice (6 and 1) follow the last action.
    play(s, [action ?? { type: 'pass', figure: 'gun' }, { type: 'pass', figure: 'foe' }], [6, 1]);
  };
  const left = (s: ReturnType<typeof setup>) => (fig(s, 'gun').house.hitech as { crewReadyLeft: number }).crewReadyLeft;
  const fires = (s: ReturnType<typeof setup>) => {
    const me = tftSystem.explain(s).figures.find((f) => f.id === 'gun') as unknown as { options: { command: { type: string } }[] };
    return me.options.some((o) => o.command.type === 'fire');
  };

  it('R-H4 [f04d4dae]: a crew-served weapon carried but not in hand still costs -4 MA, and moving it starts the 3 turns to ready', () => {
    const s = setup(figures, { hitech: true });
    // MA 10 - 4: the heavy machinegun weighs the same slung as in hand.
    expect(core.effectiveMA(fig(s, 'gun'), s)).toBe(6);
    expect(() => turn(s, [[2, 2], [3, 2], [4, 2], [5, 2], [6, 2], [7, 2], [8, 2]])).toThrow(/needs 7 MA; Gunner has MA 6/);
    const t = setup(figures, { hitech: true });
    // Turn 1: it walks 2 hexes with the pistol in hand, the machinegun slung: moved, so 3 turns.
    turn(t, [[2, 2], [3, 2]]);
    expect(left(t)).toBe(3);
    // Turn 2: it stands and readies the machinegun: the first turn of readying.
    turn(t, [], { type: 'ready', figure: 'gun', weapon: 'heavy-machinegun' });
    expect(fig(t, 'gun').ready).toBe('gun.heavy-machinegun');
    expect(left(t)).toBe(2);
    // Turn 3: not yet.
    beginTurn(t, 'b');
    play(t, [{ type: 'move', figure: 'foe', path: [] }, { type: 'move', figure: 'gun', path: [] }]);
    expect(fires(t)).toBe(false);
    expect(() => play(t, [{ type: 'fire', figure: 'gun', target: 'foe', burst: 'burst' }])).toThrow(/needs 2 more turn/);
  });

  it('R-H4 [f04d4dae]: the readying counts turns standing still with the weapon in hand; switched away it waits, moved again it starts over', () => {
    const s = setup([{ ...figures[0], weapons: ['heavy-machinegun', 'heavy-pistol'] }, figures[1]], { hitech: true });
    turn(s, [[2, 2]]);
    expect(left(s)).toBe(3);
    turn(s, []);
    expect(left(s)).toBe(2);
    // It takes up the pistol: the machinegun is not being readied, the count waits.
    turn(s, [], { type: 'ready', figure: 'gun', weapon: 'heavy-pistol' });
    turn(s, []);
    expect(left(s)).toBe(2);
    turn(s, [], { type: 'ready', figure: 'gun', weapon: 'heavy-machinegun' });
    expect(left(s)).toBe(1);
    // A 1-hex step, machinegun in hand: moved again, 3 turns again.
    turn(s, [[3, 2]]);
    expect(left(s)).toBe(3);
    turn(s, []);
    turn(s, []);
    turn(s, []);
    expect(left(s)).toBe(0);
    beginTurn(s, 'b');
    play(s, [{ type: 'move', figure: 'foe', path: [] }, { type: 'move', figure: 'gun', path: [] }]);
    expect(fires(s)).toBe(true);
  });
});

describe('HiTech odds match the engine [f04d4dae]', () => {
  /** Three faces summing to `total` (3..18). */
  const facesOf = (total: number) => {
    const a = Math.min(6, total - 2);
    const b = Math.min(6, total - 1 - a);
    return [a, b, total - a - b];
  };
  /** Every combination of n d6 faces. */
  const combos = (n: number): number[][] => (n === 0 ? [[]] : combos(n - 1).flatMap((c) => [1, 2, 3, 4, 5, 6].map((f) => [...c, f])));
  /** The exact expected damage to biff of gun's single shot of `dice` dice, played face by face through the engine. */
  const bruteFire = (base: ReturnType<typeof scenario>, dice: number): Fraction => {
    const roll3 = Dist.dice(3, 6);
    let expected = Fraction.ZERO;
    for (let total = 3; total <= 18; total++) {
      let sum = 0;
      const faces = combos(dice);
      for (const f of faces) {
        const s = cloneTft(base);
        const { ctx, events } = context(s, [...facesOf(total), ...f]);
        act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
        sum += damages(events, 'biff').reduce((t, d) => t + d.amount, 0);
      }
      expected = expected.add(Fraction.of(roll3.countAt(total), 216).mul(Fraction.of(sum, faces.length)));
    }
    return expected;
  };

  it('R-H8 [f04d4dae]: a single shot\'s expected damage in the fire options equals brute force over the engine: HiTech armor per die; chainmail, a shield, AP and HE once per hit', () => {
    const cases = [
      { weapon: 'medium-rifle', target: { armor: 'chainmail' } },
      { weapon: 'medium-rifle', target: { armor: 'chainmail', shield: 'large-shield' } },
      { weapon: 'medium-rifle', target: { shield: 'large-shield' } },
      { weapon: 'medium-rifle', target: { armor: 'flak-jacket', shield: 'large-shield' } },
      { weapon: { weapon: 'acr', house: { hitech: { ammo: 'apds' } } }, target: { armor: 'combat-tl12' } },
      { weapon: { weapon: 'acr', house: { hitech: { ammo: 'apds' } } }, target: { armor: 'plate' } },
      { weapon: { weapon: 'snub-pistol', house: { hitech: { ammo: 'he' } } }, target: { armor: 'chainmail' } },
    ];
    for (const c of cases) {
      const base = scenario([shooter([c.weapon], { dx: 12 }), { ...biff, armor: null, st: 200, ...c.target }]);
      actionPhase(base);
      const opt = spec('fire')
        .options({ state: base, core, mode: 'explain' }, fig(base, 'gun'))
        .find((o) => (o.command as unknown as { burst: string }).burst === 'single') as unknown as { expectedDamageExact: string };
      const dice = (fig(base, 'gun').weapons[0].house.hitech as { ammo: string }).ammo === 'apds' ? 3 : 2;
      const expected = bruteFire(base, dice);
      expect(opt.expectedDamageExact, JSON.stringify(c)).toBe(expected.toString());
    }
  });

  it('R-H8 [f04d4dae, tft-core shields]: HiTech armor and a ready shield: the fire options equal brute force over the engine (per die, then the shield once per hit; AP halves both), and the shield lowers them', () => {
    const cases = [
      { weapon: 'medium-rifle', armor: 'flak-jacket', shield: 'large-shield' },
      { weapon: { weapon: 'snub-pistol', house: { hitech: { ammo: 'heap' } } }, armor: 'flak-jacket', shield: 'large-shield' },
      { weapon: { weapon: 'snub-pistol', house: { hitech: { ammo: 'he' } } }, armor: 'nylon', shield: 'small-shield' },
      { weapon: { weapon: 'acr', house: { hitech: { ammo: 'apds' } } }, armor: 'combat-tl12', shield: 'tower-shield' },
    ];
    const single = (state: ReturnType<typeof scenario>) =>
      spec('fire')
        .options({ state, core, mode: 'explain' }, fig(state, 'gun'))
        .find((o) => (o.command as unknown as { burst: string }).burst === 'single') as unknown as { expectedDamageExact: string; expectedDamage: number };
    for (const c of cases) {
      const base = scenario([shooter([c.weapon], { dx: 12 }), { ...biff, st: 200, armor: c.armor, shield: c.shield }]);
      actionPhase(base);
      const unshielded = scenario([shooter([c.weapon], { dx: 12 }), { ...biff, st: 200, armor: c.armor }]);
      actionPhase(unshielded);
      const dice = (fig(base, 'gun').weapons[0].house.hitech as { ammo: string }).ammo === 'apds' ? 3 : 2;
      const expected = bruteFire(base, dice);
      expect(single(base).expectedDamageExact, JSON.stringify(c)).toBe(expected.toString());
      expect(single(base).expectedDamage, JSON.stringify(c)).toBeLessThan(single(unshielded).expectedDamage);
    }
  });

  it('R-H12 [f04d4dae, tft-core shields]: blast expectations with HiTech armor and a ready shield equal brute force over the engine\'s blast: per die, then the shield once, both halved in the impact hex', () => {
    const base = scenario([
      shooter(['dagger'], { at: [0, 5] }),
      { ...biff, armor: 'flak-jacket', shield: 'tower-shield', st: 200, at: [6, 0] },
      { id: 'pal', side: 'b', st: 200, dx: 10, armor: 'nylon', shield: 'large-shield', at: [7, 0] },
      { id: 'lowtech', side: 'b', st: 200, dx: 10, armor: 'chainmail', shield: 'large-shield', at: [5, 1] },
    ]);
    actionPhase(base);
    const targets = blastTargets(base);
    expect(targets.find((t) => t.id === 'biff')).toMatchObject({ protection: 2, armorOnce: false, shield: 3 });
    expect(targets.find((t) => t.id === 'lowtech')).toMatchObject({ protection: 5, armorOnce: true, shield: 0 });
    const brute = (who: string, dice: number) => {
      let sum = 0;
      for (const f of combos(dice)) {
        const s = cloneTft(base);
        s.figures = s.figures.filter((x) => x.id === who || x.id === 'gun');
        const { ctx, events } = context(s, f);
        resolveBlast(ctx, fig(s, 'gun'), { q: 6, r: 0 }, 4, null, 'test');
        sum += damages(events, who).reduce((t, d) => t + d.amount, 0);
      }
      return Fraction.of(sum, 6 ** dice);
    };
    const exp = blastExpectation({ q: 6, r: 0 }, 4, Fraction.ONE, targets);
    expect(exp.get('biff')?.toString()).toBe(brute('biff', 4).toString());
    expect(exp.get('pal')?.toString()).toBe(brute('pal', 2).toString());
    expect(exp.get('lowtech')?.toString()).toBe(brute('lowtech', 2).toString());
    // The engine, face by face: flak 1 per die in the impact hex (4 x 5), the tower shield 3 -> 1: 19.
    const s = cloneTft(base);
    const { ctx, events } = context(s, [6, 6, 6, 6, 6, 6, 6, 6]);
    resolveBlast(ctx, fig(s, 'gun'), { q: 6, r: 0 }, 4, null, 'test');
    expect(damages(events).map((d) => [d.figure, d.amount])).toEqual([
      ['biff', 19],
      ['pal', 4],
      ['lowtech', 7],
    ]);
  });

  it('R-H8 [f04d4dae]: a core bow shot at HiTech armor: the attack odds (explain and AI) count the armor per die and then a ready shield once, as the engine does: brute force over the engine', () => {
    const roll3 = Dist.dice(3, 6);
    for (const target of [{ armor: 'flak-jacket' }, { armor: 'combat-tl12' }, { armor: 'flak-jacket', shield: 'large-shield' }, { armor: 'chainmail' }, { armor: 'chainmail', shield: 'small-shield' }]) {
      const base = scenario([shooter(['longbow'], { dx: 13, st: 12 }), { ...biff, st: 200, ...target }]);
      actionPhase(base);
      const pick = (mode: 'explain' | 'ai') => actionOptions(base, fig(base, 'gun'), mode).find((o) => o.command.type === 'attack' && o.target === 'biff');
      const shown = pick('explain') as unknown as { expectedDamageExact: string; expectedDamage: number; armorPerDie?: boolean };
      expect(shown.armorPerDie === true, JSON.stringify(target)).toBe(target.armor !== 'chainmail');
      let expected = Fraction.ZERO;
      for (let total = 3; total <= 18; total++) {
        let sum = 0;
        for (const f of combos(1)) {
          const s = cloneTft(base);
          const { ctx, events } = context(s, [...facesOf(total), ...f]);
          const gun = fig(s, 'gun');
          attack(ctx, gun, fig(s, 'biff'), readyWeapon(gun), 'missile', { type: 'attack', figure: 'gun', target: 'biff' });
          sum += damages(events, 'biff').reduce((t, d) => t + d.amount, 0);
        }
        expected = expected.add(Fraction.of(roll3.countAt(total), 216).mul(Fraction.of(sum, 6)));
      }
      expect(shown.expectedDamageExact, JSON.stringify(target)).toBe(expected.toString());
      expect(pick('ai')?.expectedDamage).toBeCloseTo(shown.expectedDamage, 12);
    }
  });

  it('R-H12 [f04d4dae]: blast expectations equal brute force over the engine\'s blast: chainmail once (halved in the impact hex), flak per die', () => {
    for (const armor of ['chainmail', 'flak-jacket']) {
      const base = scenario([shooter(['dagger'], { at: [0, 5] }), { ...biff, armor, st: 200, at: [6, 0] }, { id: 'pal', side: 'b', st: 200, dx: 10, armor, at: [7, 0] }]);
      actionPhase(base);
      const brute = (who: string, dice: number) => {
        let sum = 0;
        for (const f of combos(dice)) {
          const s = cloneTft(base);
          if (who === 'pal') s.figures = s.figures.filter((x) => x.id !== 'biff');
          else s.figures = s.figures.filter((x) => x.id !== 'pal');
          const { ctx, events } = context(s, f);
          resolveBlast(ctx, fig(s, 'gun'), { q: 6, r: 0 }, 4, null, 'test');
          sum += damages(events, who).reduce((t, d) => t + d.amount, 0);
        }
        return Fraction.of(sum, 6 ** dice);
      };
      const once = armor === 'chainmail';
      const protection = once ? 3 : 2;
      const exp = blastExpectation({ q: 6, r: 0 }, 4, Fraction.ONE, [
        { id: 'biff', pos: { q: 6, r: 0 }, protection, armorOnce: once },
        { id: 'pal', pos: { q: 7, r: 0 }, protection, armorOnce: once },
      ]);
      expect(exp.get('biff')?.toString(), armor).toBe(brute('biff', 4).toString());
      expect(exp.get('pal')?.toString(), armor).toBe(brute('pal', 2).toString());
    }
  });
});

describe('HiTech option labels and log lines say what they mean [f04d4dae]', () => {
  const reloadLabels = (st: ReturnType<typeof scenario>) => spec('reload').options({ state: st, core, mode: 'explain' }, fig(st, 'gun')).map((o) => o.label);

  it('R-H10 [f04d4dae]: the reload option says the rounds still loaded are thrown away ("loses the 3 rounds loaded; 1 clip left"); clips and bursts are counted in words', () => {
    const s = scenario([shooter([{ weapon: 'assault-rifle', house: { hitech: { loaded: 3, spare: { standard: 1 } } } }]), biff]);
    actionPhase(s);
    expect(reloadLabels(s)).toEqual(['reload assault rifle with standard (loses the 3 rounds loaded; 1 clip left)']);
    // What the label says is what the reload does: the 3 are lost.
    const { ctx, events } = context(s, []);
    act(ctx, { type: 'reload', figure: 'gun' });
    expect(events.at(-1)).toMatchObject({ type: 'reload', discarded: 3 });
    // An empty gun loses nothing: the label says only the clips.
    const empty = scenario([shooter([{ weapon: 'assault-rifle', house: { hitech: { loaded: 0, spare: { standard: 2 } } } }]), biff]);
    actionPhase(empty);
    expect(reloadLabels(empty)).toEqual(['reload assault rifle with standard (2 clips left)']);
    // A machinegun's clip holds bursts (R-H10).
    const mg = scenario([shooter([{ weapon: 'lt-machinegun', house: { hitech: { loaded: 1, spare: { standard: 1 } } } }], { talents: ['heavy-auto-weapon'] }), biff]);
    actionPhase(mg);
    expect(reloadLabels(mg)).toEqual(['reload Low Tech Machinegun with standard (loses the 1 burst loaded; 1 clip left)']);
  });

  it('R-H7 [f04d4dae]: the overwatch option carries the to-hit a fire option carries where the target does not decide it (talent R-H5, movement R-H4, burst R-H10), the rounds it spends, the range left to the target, and its trigger in words', () => {
    // No Rifle talent (-2, R-H5) and 2 hexes moved (-2, R-H4): entries of the firer's own.
    const s = scenario([shooter(['assault-rifle'], { talents: ['pistol'] }), biff]);
    actionPhase(s);
    const g = fig(s, 'gun');
    g.turn.hexes = 2;
    const fire = spec('fire').options({ state: s, core, mode: 'explain' }, g);
    const ow = spec('overwatch').options({ state: s, core, mode: 'explain' }, g);
    const burstOf = (o: { command: unknown }) => (o.command as { burst: string }).burst;
    expect(ow.map(burstOf)).toEqual(['single', 'four', 'half', 'full']);
    // The target's part of a fire option's ledger: its range, its facing, its dodge.
    const TARGET_RULES = new Set(['R-H2', 'R-H3', 'tft-core facing', 'tft-core defend/dodge']);
    for (const o of ow) {
      const f = fire.find((x) => burstOf(x) === burstOf(o))!;
      const own = (f.ledger as LedgerEntry[]).filter((e) => !TARGET_RULES.has(e.rule));
      const ledger = o.ledger as LedgerEntry[];
      expect(ledger.slice(0, -1)).toEqual(own);
      expect(ledger.map((e) => e.rule)).toEqual(expect.arrayContaining(['R-H4', 'R-H5']));
      // The range is named, with nothing counted: it waits for the target.
      expect(ledger.at(-1)).toMatchObject({ delta: 0, rule: 'R-H2' });
      expect(ledger.at(-1)!.source).toMatch(/range.*target/);
      expect(o.adjDX).toBe(own.reduce((t, e) => t + e.delta, 0));
      expect(o.ammoUsed).toBe(f.ammoUsed);
      // Named as the fire option names the weapon, burst and ammunition.
      expect(o.label).toBe(f.label.replace(/^fire /, 'overwatch with ').replace(/ at [^()]*$/, ''));
      expect(o.note).toContain(triggerText({}));
    }
    // The AI's list stays as cheap as it was: no ledger.
    expect(spec('overwatch').options({ state: s, core, mode: 'ai' }, g).map((o) => o.ledger)).toEqual(ow.map(() => undefined));
    // A machinegun fires bursts only: "burst", said once, in both labels.
    const mg = scenario([shooter(['lt-machinegun'], { talents: ['heavy-auto-weapon'] }), biff]);
    actionPhase(mg);
    const labels = (type: string) => spec(type).options({ state: mg, core, mode: 'explain' }, fig(mg, 'gun')).map((o) => o.label);
    expect(labels('fire')).toEqual(['fire Low Tech Machinegun (burst, standard) at Biff Redstone']);
    expect(labels('overwatch')).toEqual(['overwatch with Low Tech Machinegun (burst, standard)']);
  });

  it('R-H9 [f04d4dae]: ammunition reads as the seed writes it (HE, HEAP) in fire and overwatch labels and the log, not "he"', () => {
    const s = scenario([shooter([{ weapon: 'snub-pistol', house: { hitech: { ammo: 'heap' } } }]), biff]);
    actionPhase(s);
    const labels = (type: string) => spec(type).options({ state: s, core, mode: 'explain' }, fig(s, 'gun')).map((o) => o.label);
    expect(labels('fire')).toEqual(['fire snub pistol (single shot, HEAP) at Biff Redstone']);
    expect(labels('overwatch')).toEqual(['overwatch with snub pistol (single shot, HEAP)']);
    const he = scenario([shooter(['snub-pistol']), biff]);
    actionPhase(he);
    const { ctx, events } = context(he, [3, 3, 4, 3, 4]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    expect(tftSystem.describe(events.find((e) => e.type === 'fire') as never)).toMatch(/\(single shot, 1 round of HE\): /);
  });

  it('R-H13 [f04d4dae]: the log says what counted for knockdown ("8 hits this turn counted for knockdown (flak jacket: damage before armor, R-H13)"), and the damage ledger line reads "knockdown counts 8, the damage before flak jacket"', () => {
    const names = new Map([
      ['biff', 'Biff Redstone'],
      ['gun', 'Gunner'],
    ]);
    const line = (events: { type: string }[], type: string) => tftSystem.describe(events.find((e) => e.type === type) as never, names);
    // 3 and 5 through the flak jacket (2 per die): 4 taken, 8 before armor.
    const s = scenario([shooter(['assault-rifle']), biff]);
    actionPhase(s);
    const { ctx, events } = context(s, [3, 3, 4, 3, 5]);
    act(ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    const [d] = damages(events);
    const armor = fig(s, 'biff').armor!.def.name;
    expect([d.raw, d.amount]).toEqual([8, 4]);
    expect((d.ledger as LedgerEntry[]).at(-1)).toEqual({ source: `knockdown counts ${d.raw}, the damage before ${armor}`, delta: 0, rule: 'R-H13' });
    expect(line(events, 'damage')).toContain(`; knockdown counts ${d.raw}, the damage before ${armor} [R-H13])`);
    expect(line(events, 'damage')).not.toMatch(/\+ 0 /);
    expect(line(events, 'hit-penalty')).toBe(`[turn 1] Biff Redstone: ${d.raw} hits this turn counted for knockdown (${armor}: damage before armor, R-H13): -2 DX [tft-core 5-hit].`);
    expect(line(events, 'falls')).toBe(`[turn 1] Biff Redstone falls down: ${d.raw} hits this turn counted for knockdown (${armor}: damage before armor, R-H13); it loses its action [tft-core 8-hit].`);
    // An HE round through flak: the damage taken (16) is more than before armor (12) and counts.
    const he = scenario([shooter(['snub-pistol']), { ...biff, st: 30 }]);
    actionPhase(he);
    const h = context(he, [3, 3, 4, 6, 6]);
    act(h.ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    const [hd] = damages(h.events);
    expect((hd.ledger as LedgerEntry[]).at(-1)).toMatchObject({ source: `knockdown counts ${hd.amount}, the damage taken (more than the ${hd.raw} before ${armor})`, delta: 0 });
    expect(line(h.events, 'falls')).toContain(`${hd.amount} hits this turn counted for knockdown (${armor}: damage taken, more than before armor, R-H13)`);
    // No knockback armor: the hits are the damage taken, said as the core says it, nothing added.
    const bare = scenario([shooter(['assault-rifle']), { ...biff, armor: null }]);
    actionPhase(bare);
    const b = context(bare, [3, 3, 4, 3, 5]);
    act(b.ctx, { type: 'fire', figure: 'gun', target: 'biff' });
    expect(b.events.find((e) => e.type === 'falls')).not.toHaveProperty('counted');
    expect(line(b.events, 'falls')).toBe('[turn 1] Biff Redstone falls down (8 hits this turn) and loses its action.');
  });
});
