// A gun is a missile weapon (f04d4dae: HiTech armor works "against modern and low tech missile
// weapons"; "use all of the Missile Weapon ... modifiers"), so the core's missile bars hold for a
// gun shot (tft-core options and facing, flow.ts attackBar): found by the referee's evening, where
// an engaged rifleman fired every turn at any range, into its rear hex, and at a dead figure;
// an overwatch fired behind its back; an HE burst went on splashing a figure it had killed.
import { describe, expect, it } from 'vitest';
import { CommandRejected } from '../../../../core/errors.ts';
import { core } from '../../core.ts';
import { actionOptions } from '../../options.ts';
import { notNowOf } from '../../testing.ts';
import { act, actionPhase, context, fig, scenario } from './harness.test-util.ts';
import { hitechModule } from './module.ts';

const gunner = (extra: Record<string, unknown> = {}) => ({ id: 'gun', side: 'a', st: 12, dx: 13, iq: 10, talents: ['rifle', 'pistol'], at: [5, 0], facing: 0, weapons: ['assault-rifle'], ...extra });
const foe = (id: string, q: number, r: number, facing: number) => ({ id, side: 'b', st: 12, dx: 9, at: [q, r], facing, weapons: ['broadsword'] });
const DICE = [3, 3, 4, 6, 1, 3, 3, 4, 6, 1];

function refusal(s: ReturnType<typeof scenario>, cmd: Record<string, unknown>): string | null {
  const { ctx } = context(s, DICE);
  try {
    act(ctx, cmd);
    return null;
  } catch (e) {
    if (!(e instanceof CommandRejected)) throw e;
    return e.message;
  }
}
const offered = (s: ReturnType<typeof scenario>, type: string) =>
  actionOptions(s, fig(s, 'gun'), 'explain')
    .filter((o) => o.command.type === type)
    .map((o) => (o.command as { target?: string }).target ?? 'hex');

describe('a gun shot keeps the core missile bars [f04d4dae, tft-core]', () => {
  it('tft-core [f04d4dae]: no shot at a dead figure (fire, quickdraw): refused "is dead", never offered', () => {
    const s = scenario([gunner({ weapons: ['dagger', 'heavy-pistol'], talents: ['pistol', 'quickdraw-pistol'] }), foe('body', 8, 0, 3), foe('live', 9, 1, 3)]);
    actionPhase(s);
    fig(s, 'body').state = 'dead';
    expect(refusal(s, { type: 'quickdraw', figure: 'gun', weapon: 'gun.heavy-pistol', target: 'body' })).toMatch(/body is dead/);
    expect(offered(s, 'quickdraw')).toEqual(['live']);
    fig(s, 'gun').ready = 'gun.heavy-pistol';
    expect(refusal(s, { type: 'fire', figure: 'gun', target: 'body' })).toMatch(/body is dead/);
    expect(refusal(s, { type: 'fire', figure: 'gun', target: 'live' })).toBeNull();
  });

  it("tft-core facing [f04d4dae]: a figure shot at stands in the firer's front arc: behind it, refused and not offered", () => {
    const s = scenario([gunner(), foe('ahead', 9, 0, 3), foe('behind', 1, 0, 0)]);
    actionPhase(s);
    expect(refusal(s, { type: 'fire', figure: 'gun', target: 'behind' })).toMatch(/behind is not in gun's front arc/);
    expect(new Set(offered(s, 'fire'))).toEqual(new Set(['ahead']));
    fig(s, 'gun').facing = 3;
    expect(new Set(offered(s, 'fire'))).toEqual(new Set(['behind']));
  });

  it('tft-core options [f04d4dae]: engaged since the turn began, no gun shot, no overwatch and no rifle grenade; explain says why', () => {
    const s = scenario([gunner({ weapons: [{ weapon: 'acr', house: { hitech: { riflegrenades: 2 } } }] }), foe('adj', 6, 0, 3), foe('far', 9, 1, 3)]);
    actionPhase(s);
    fig(s, 'gun').turn.startedEngaged = true;
    expect(refusal(s, { type: 'fire', figure: 'gun', target: 'adj' })).toMatch(/engaged since the start of the turn: no missile attack/);
    expect(refusal(s, { type: 'fire-grenade', figure: 'gun', at: { q: 9, r: 1 } })).toMatch(/engaged since the start of the turn/);
    expect(refusal(s, { type: 'overwatch', figure: 'gun', burst: 'single', trigger: { targets: 'any-enemy', on: 'enter' } })).toMatch(/engaged since the start of the turn/);
    for (const type of ['fire', 'fire-grenade', 'overwatch']) expect(offered(s, type)).toEqual([]);
    expect(notNowOf(s, 'gun').find((e) => e.action === 'fire')).toMatchObject({ reason: expect.stringMatching(/engaged since the start of the turn/), rule: 'tft-core options' });
    // A melee attack stays: the core's engaged options.
    expect(actionOptions(s, fig(s, 'gun'), 'explain').some((o) => o.command.type === 'defend')).toBe(true);
  });

  it('tft-core options [f04d4dae]: engaged this turn, one last shot at an adjacent enemy only (none at a far figure or a hex)', () => {
    const s = scenario([gunner({ weapons: [{ weapon: 'acr', house: { hitech: { riflegrenades: 2 } } }] }), foe('adj', 6, 0, 3), foe('far', 9, 1, 3)]);
    actionPhase(s);
    expect(refusal(s, { type: 'fire', figure: 'gun', target: 'far' })).toMatch(/one last shot can only go at an adjacent enemy/);
    expect(refusal(s, { type: 'fire-grenade', figure: 'gun', at: { q: 9, r: 1 } })).toMatch(/^invalid command: at: .*one last shot can only go at an adjacent enemy/);
    expect(new Set(offered(s, 'fire'))).toEqual(new Set(['adj']));
    expect(offered(s, 'fire-grenade')).toEqual([]);
    const { ctx, events } = context(s, DICE);
    act(ctx, { type: 'fire', figure: 'gun', target: 'adj' });
    expect(events.filter((e) => e.type === 'damage').map((e) => e.figure)).toEqual(['adj']);
  });

  it("R-H7, tft-core facing [f04d4dae]: an overwatch shoots only into its front arc: an enemy acting or stepping behind it does not set it off (nor spend it); one in front does", () => {
    // The sniper faces east at 6,5; the charger comes up behind it from 1,5, the runner from the east.
    const s = scenario([gunner({ id: 'sniper', at: [6, 5] }), foe('charger', 1, 5, 0), foe('runner', 12, 5, 3)]);
    actionPhase(s);
    const { ctx, events } = context(s, [6, 6, 4, 6, 6, 4]);
    act(ctx, { type: 'overwatch', figure: 'sniper', burst: 'single', trigger: { targets: 'any-enemy', on: 'enter' } });
    hitechModule.hooks?.beforeAction?.(ctx, fig(s, 'charger'));
    expect(events.filter((e) => e.type === 'overwatch-fire' || e.type === 'overwatch-lapsed')).toEqual([]);
    s.turn = 2;
    s.phase = 'move';
    core.stepFigure(ctx, fig(s, 'charger'), { q: 2, r: 5 });
    core.stepFigure(ctx, fig(s, 'charger'), { q: 3, r: 5 });
    expect(events.filter((e) => e.type === 'overwatch-fire')).toEqual([]);
    core.stepFigure(ctx, fig(s, 'runner'), { q: 11, r: 5 });
    expect(events.filter((e) => e.type === 'overwatch-fire').map((e) => e.target)).toEqual(['runner']);
  });

  it('R-H7, tft-core facing [f04d4dae]: the AI scores overwatch by the enemies in its front arc, where it could fire: one in view behind it leaves overwatch worth taking; one in front makes it worth nothing (a shot is better)', () => {
    // The sniper faces east at 6,5: the charger at 1,5 stands behind it, in view.
    const s = scenario([gunner({ id: 'sniper', at: [6, 5] }), foe('charger', 1, 5, 0)]);
    actionPhase(s);
    const score = () => actionOptions(s, fig(s, 'sniper'), 'ai').find((o) => o.command.type === 'overwatch')?.score;
    expect(score()).toBe(0.5);
    fig(s, 'sniper').facing = 3;
    expect(score()).toBe(0);
  });

  it('R-H9, R-H10 [f04d4dae]: an HE burst splashes the figures around the target once per hit (reading 2a) while they live: one killed by an earlier round takes no more splash', () => {
    const s = scenario([gunner({ dx: 18, weapons: [{ weapon: 'acr', house: { hitech: { ammo: 'he' } } }] }), foe('t', 8, 0, 3), { ...foe('n', 9, 0, 3), st: 3, weapons: ['dagger'] }], { thread: false });
    actionPhase(s);
    // 3+3+3 = 9 under adjDX 20: 4 hits of 2 dice; the splash of 2 a hit kills n (ST 3) at the second.
    const { ctx, events } = context(s, [3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1]);
    act(ctx, { type: 'fire', figure: 'gun', target: 't', burst: 'four' });
    expect(events.find((e) => e.type === 'hits')).toMatchObject({ hits: 4 });
    expect(events.filter((e) => e.type === 'damage' && e.figure === 'n').map((e) => e.wounds)).toEqual([2, 4]);
    expect(fig(s, 'n').state).toBe('dead');
  });
});
