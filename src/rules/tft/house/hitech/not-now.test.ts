// Explain's "Not now" for HiTech (ActionSpec.notNow of fire, reload, throw-grenade,
// fire-grenade, overwatch): each reason is the one the engine refuses the command with, through
// apply (R-H4, R-H10), and no choice is both open and "not now".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NotNow } from '../../hooks.ts';
import type { TftState } from '../../model.ts';
import { sameChoice } from '../../not-now.ts';
import { explainTft, tftSystem } from '../../system.ts';
import { acting, fig, notNowOf, refusal as refusalOf, setup } from '../../testing.ts';

/** apply's refusal of `cmd` parsed as the server parses it. */
const refusal = (state: TftState, cmd: Record<string, unknown>): string => refusalOf(state, tftSystem.parseCommand(cmd));

/** The reload commands explain offers g. */
const reloadOptions = (state: TftState): unknown[] => {
  const g = explainTft(state).figures.find((f) => f.id === 'g')!;
  return (g.options as { command: { type: string } }[]).filter((o) => o.command.type === 'reload').map((o) => o.command);
};

/** g (a rifleman with this gear) faces b, four hexes away in a clear street. */
function gunner(gear: Record<string, unknown>, extra: unknown[] = [], options: Record<string, unknown> = {}): TftState {
  return setup(
    [
      { id: 'g', side: 'x', at: [2, 2], facing: 0, talents: ['rifle'], weapons: [{ weapon: 'assault-rifle', house: { hitech: gear } }, ...extra] },
      { id: 'b', side: 'y', at: [6, 2], facing: 3 },
    ],
    { hitech: true, ...options },
  );
}

describe('not now: HiTech', () => {
  it('fire with an empty magazine: one entry, "reload first" (R-H10), as fire refuses it', () => {
    // A full magazine and a foe in view: nothing "not now" about the gun.
    const full = gunner({});
    acting(full, 'g');
    expect(notNowOf(full, 'g')).toEqual([]);
    const s = gunner({ loaded: 0, spare: { standard: 1 } });
    acting(s, 'g');
    const reason = "assault rifle's magazine is empty: reload first";
    expect(notNowOf(s, 'g').filter((e) => e.action === 'fire')).toEqual([{ action: 'fire', label: 'fire assault rifle', reason, rule: 'R-H10', command: { type: 'fire', figure: 'g', weapon: 'g.assault-rifle' } }]);
    expect(refusal(s, { type: 'fire', figure: 'g', target: 'b', burst: 'single' })).toContain(reason);
    expect(refusal(s, { type: 'fire', figure: 'g', target: 'b', burst: 'four' })).toContain(reason);
  });

  it('fire with a burst the loaded rounds cannot make: that burst only, with burstProblem (R-H10)', () => {
    const s = gunner({ loaded: 2 });
    acting(s, 'g');
    const reason = "assault rifle holds 2 rounds, the 'four' burst needs 4";
    const fire = notNowOf(s, 'g').filter((e) => e.action === 'fire');
    expect(fire).toContainEqual({ action: 'fire', label: 'fire assault rifle (four burst)', reason, rule: 'R-H10', command: { type: 'fire', figure: 'g', weapon: 'g.assault-rifle', burst: 'four' } });
    expect(fire.some((e) => e.label === 'fire assault rifle (single shot)')).toBe(false);
    expect(refusal(s, { type: 'fire', figure: 'g', target: 'b', burst: 'four' })).toContain(reason);
  });

  it('fire after moving more than half MA (no runAndGun): the movement reason (R-H4)', () => {
    const s = gunner({});
    acting(s, 'g', 6);
    const reason = 'moved 6 hexes, more than half of MA 10';
    expect(notNowOf(s, 'g').find((e) => e.action === 'fire')).toEqual({ action: 'fire', label: 'fire assault rifle', reason, rule: 'R-H4', command: { type: 'fire', figure: 'g', weapon: 'g.assault-rifle' } });
    expect(refusal(s, { type: 'fire', figure: 'g', target: 'b' })).toContain(reason);
  });

  it('reload with no spare clip: the reload check (R-H10)', () => {
    const s = gunner({ loaded: 0, spare: {} });
    acting(s, 'g');
    const reason = 'g has no spare standard clip for the assault rifle';
    expect(notNowOf(s, 'g').filter((e) => e.action === 'reload')).toEqual([{ action: 'reload', label: 'reload assault rifle', reason, rule: 'R-H10', command: { type: 'reload', figure: 'g', weapon: 'g.assault-rifle' } }]);
    expect(refusal(s, { type: 'reload', figure: 'g' })).toContain(reason);
  });

  it('reload a magazine already full of that ammunition: not offered, refused "already full of standard" (R-H10), and no "not now" noise; a partly spent one is offered', () => {
    const s = gunner({ spare: { standard: 1 } });
    acting(s, 'g');
    const reason = "assault rifle's magazine is already full of standard";
    expect(reloadOptions(s)).toEqual([]);
    expect(notNowOf(s, 'g')).toEqual([]);
    expect(refusal(s, { type: 'reload', figure: 'g' })).toContain(reason);
    expect(refusal(s, { type: 'reload', figure: 'g', ammo: 'standard' })).toContain(reason);
    // One round spent: the reload is a real choice again (it throws that clip away, its label says).
    const spent = gunner({ loaded: 19, spare: { standard: 1 } });
    acting(spent, 'g');
    expect(reloadOptions(spent)).toEqual([{ type: 'reload', figure: 'g', weapon: 'g.assault-rifle', ammo: 'standard' }]);
    expect(notNowOf(spent, 'g').filter((e) => e.action === 'reload')).toEqual([]);
  });

  it('reload a full magazine with another ammunition: offered; the same ammunition is refused "already full" (R-H10)', () => {
    const s = setup(
      [
        { id: 'g', side: 'x', at: [2, 2], facing: 0, talents: ['rifle'], weapons: [{ weapon: 'acr', house: { hitech: { ammo: 'slug', spare: { slug: 1, apds: 1 } } } }] },
        { id: 'b', side: 'y', at: [6, 2], facing: 3 },
      ],
      { hitech: true },
    );
    acting(s, 'g');
    expect(reloadOptions(s)).toEqual([{ type: 'reload', figure: 'g', weapon: 'g.acr', ammo: 'apds' }]);
    const reason = "ACR's magazine is already full of slug";
    expect(notNowOf(s, 'g').filter((e) => e.action === 'reload')).toEqual([]);
    expect(refusal(s, { type: 'reload', figure: 'g', ammo: 'slug' })).toContain(reason);
  });

  it('a grenade throw with none left, for a figure that came with grenades only', () => {
    const s = gunner({}, ['grenade-tl9']);
    acting(s, 'g');
    expect(notNowOf(s, 'g').filter((e) => e.action === 'throw-grenade')).toEqual([]);
    const g = fig(s, 'g');
    g.weapons = g.weapons.filter((w) => !w.def.id.startsWith('grenade'));
    const reason = 'g carries no grenade';
    expect(notNowOf(s, 'g').filter((e) => e.action === 'throw-grenade')).toEqual([{ action: 'throw-grenade', label: 'throw a grenade', reason }]);
    expect(refusal(s, { type: 'throw-grenade', figure: 'g', at: { q: 6, r: 2 } })).toContain(reason);
    // A rifleman who never had one is not told about grenades.
    const t = gunner({});
    acting(t, 'g');
    expect(notNowOf(t, 'g').filter((e) => e.action === 'throw-grenade')).toEqual([]);
  });

  it('a grenade throw after moving more than half MA gives the throw check', () => {
    const s = gunner({}, ['grenade-tl9']);
    acting(s, 'g', 6);
    const reason = 'moved 6 hexes, more than half of MA 10';
    expect(notNowOf(s, 'g').filter((e) => e.action === 'throw-grenade')).toEqual([{ action: 'throw-grenade', label: 'throw a grenade', reason }]);
    expect(refusal(s, { type: 'throw-grenade', figure: 'g', at: { q: 6, r: 2 } })).toContain(reason);
  });

  it('overwatch with no burst to fire: the first burst reason', () => {
    const s = gunner({ loaded: 0 });
    acting(s, 'g');
    const reason = "assault rifle's magazine is empty: reload first";
    expect(notNowOf(s, 'g').filter((e) => e.action === 'overwatch')).toEqual([{ action: 'overwatch', label: 'overwatch with assault rifle', reason, rule: 'R-H10', command: { type: 'overwatch', figure: 'g', weapon: 'g.assault-rifle' } }]);
    expect(refusal(s, { type: 'overwatch', figure: 'g' })).toContain(reason);
  });

  it('a rifle grenade with none left: the launcher check', () => {
    const s = setup(
      [
        { id: 'g', side: 'x', at: [2, 2], facing: 0, talents: ['rifle'], weapons: [{ weapon: 'acr', house: { hitech: { riflegrenades: 0, grenadeTl: 9 } } }] },
        { id: 'b', side: 'y', at: [6, 2], facing: 3 },
      ],
      { hitech: true },
    );
    acting(s, 'g');
    const reason = 'g has no rifle grenades left';
    expect(notNowOf(s, 'g').filter((e) => e.action === 'fire-grenade')).toEqual([{ action: 'fire-grenade', label: 'fire a rifle grenade from ACR', reason, command: { type: 'fire-grenade', figure: 'g', weapon: 'g.acr' } }]);
    expect(refusal(s, { type: 'fire-grenade', figure: 'g', at: { q: 6, r: 2 } })).toContain(reason);
  });


  it('for random HiTech states no choice is both among the options and in notNow', () => {
    const GUNS = ['assault-rifle', 'submachinegun', 'shotgun', 'acr', 'heavy-rifle'];
    let listed = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...GUNS),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 8 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 3 }),
        (gun, loaded, spare, hexes, grenade, runAndGun, far) => {
          const s = setup(
            [
              { id: 'g', side: 'x', st: 14, at: [2, 2], facing: 0, talents: ['rifle'], weapons: [gun, ...(grenade ? ['grenade-tl9'] : [])] },
              { id: 'b', side: 'y', at: [3 + far, 2], facing: 3 },
            ],
            { hitech: true, runAndGun },
          );
          const gear = fig(s, 'g').weapons[0].house.hitech as { loaded: number; clip: number; ammo: string; spare: Record<string, number> };
          gear.loaded = Math.min(loaded, gear.clip);
          gear.spare = { [gear.ammo]: spare };
          acting(s, 'g', hexes);
          const g = explainTft(s).figures.find((f) => f.id === 'g')!;
          listed += ((g.notNow as NotNow[] | undefined) ?? []).length;
          for (const e of (g.notNow as NotNow[] | undefined) ?? []) {
            expect((g.options as Parameters<typeof sameChoice>[1][]).filter((o) => sameChoice(e, o)), e.label).toEqual([]);
          }
        },
      ),
      { numRuns: 120 },
    );
    // The states are ones where something is "not now" (an empty gun, a long run...).
    expect(listed).toBeGreaterThan(50);
  });
});
