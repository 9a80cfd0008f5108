// HiTech at the table (seed f04d4dae), the gear not yet played in the browser: a gunner's empty
// magazine refused and reloaded with the ammunition chosen on the card (R-H10), an APDS round
// against combat armor (R-H9: the armor counts half, round up), overwatch declared and set off by
// an enemy stepping into the front arc (R-H7), and a grenade that misses and scatters (R-H12).
// Each scenario is written here, small enough to count by hand; the GM plays the targets, a
// player the gunner; the server rolls where the outcome does not matter, and the player enters
// the faces (the physical-dice prompt) where a number is asserted. Every number asserted was
// first played with `npx fray run` on the same scenario and faces (the comments give them).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { EncounterView } from '../../src/server/protocol.ts';
import { ACTION_MS, encounterApi, fileHarness, joinAsPlayer, pageOverflow, playerLink, tableLink, waitForLog, withDice } from './harness.ts';

const h = fileHarness();
const DESKTOP = { width: 1280, height: 860 };
/** A test plays up to 20 steps on two pages: more than the suite's 120 s under load, under 90 s idle. */
const GEAR_MS = 180_000;

/** Creates an encounter from `scenario` as its GM (every seat may enter its own dice) and opens the GM's table. */
async function gmTable(scenario: unknown) {
  const r = await fetch(`${h.base}/api/encounters`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario, settings: { enteredDice: 'all' } }) });
  expect(r.status).toBe(201);
  const { encounter, gm: seat } = (await r.json()) as { encounter: { id: string }; gm: { token: string } };
  const { page } = await h.page(DESKTOP);
  await page.goto(tableLink(encounter.id, seat.token));
  await page.getByTestId('role').waitFor();
  return { gm: page, id: encounter.id, token: seat.token, api: encounterApi(h.base, encounter.id, seat.token) };
}

type Api = ReturnType<typeof encounterApi>;
type Pending = NonNullable<EncounterView['view']['pending']>;
/** A player's page and the figures its seat commands. */
type Seat = { page: Page; figures: string[] };

/**
 * Plays the table forward, as its people would, until `stop` holds of the pending decision: the
 * GM takes the system steps (the initiative dice are the server's), the initiative winner moves
 * first, each figure stays (its player's Stay, else the GM's on the selected figure) and a GM
 * figure's action is "do nothing" (on the Actions tab, wherever the page was left). Each step is
 * waited for on every page.
 */
async function playUntil(gm: Page, api: Api, seats: Seat[], stop: (p: Pending) => boolean): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const v = (await api.view()).view;
    const p = v.pending;
    if (!p) throw new Error('the fight ended first');
    if (stop(p)) return;
    const seat = seats.find((s) => p.figures.some((f) => s.figures.includes(f)));
    const page = seat?.page ?? gm;
    if (p.figures.length === 0) await gm.getByTestId('system-step').click();
    else {
      // The initiative choice, the move card and the options are on the Actions tab.
      await page.locator('[data-tab="actions"]').click();
      if (p.kind === 'initiative') await page.getByTestId('initiative-first').click();
      else if (!seat) await gm.getByTestId(`figure-${p.figures[0]}`).click({ force: true });
      if (p.kind === 'move') await page.getByTestId('stay').click();
      else if (p.kind !== 'initiative') await page.getByRole('button', { name: 'Do it: do nothing' }).click();
    }
    await expect.poll(async () => (await api.view()).view.seq).toBeGreaterThan(v.seq);
    const seq = (await api.view()).view.seq;
    for (const pg of [gm, ...seats.map((s) => s.page)]) await waitForLog(pg, seq, ACTION_MS);
  }
  throw new Error('30 steps and the decision never came');
}


/** The text of log entry `seq` on a page whose Log tab is open. */
const entry = async (page: Page, seq: number) => (await page.locator(`[data-testid="log"] li[data-seq="${seq}"]`).textContent()) ?? '';

/** Figure `id`'s HiTech gear of its first weapon, as the server stores it. */
async function gearOf(api: Api, id: string): Promise<{ ammo: string; loaded: number; spare: Record<string, number> }> {
  const state = (await api.view()).view.state as { figures: { id: string; weapons: { house?: { hitech?: { ammo: string; loaded: number; spare: Record<string, number> } } }[] }[] };
  return state.figures.find((f) => f.id === id)!.weapons[0].house!.hitech!;
}

/** The HiTech options of a two-figure test; `maxTurns` keeps the fight to what the test plays. */
const hitech = (maxTurns: number) => ({ hitech: true, thread: false, maxTurns });

/**
 * The gunner's ACR starts empty (slug loaded, 0 of 40 rounds) with a spare APDS clip and a spare
 * slug clip; the trooper 3 hexes east (2 MH: no range modifier, R-H2) wears combat TL12 armor,
 * 5 per die against missiles (R-H8), and has nothing to fight with.
 */
const emptyGun = {
  system: 'tft',
  name: 'An empty ACR',
  options: hitech(2),
  map: { width: 12, height: 10 },
  sides: [
    { id: 'gunners', name: 'Gunners' },
    { id: 'targets', name: 'Targets' },
  ],
  figures: [
    { id: 'gunner', name: 'Gunner', side: 'gunners', st: 12, dx: 13, iq: 10, talents: ['rifle'], weapons: [{ weapon: 'acr', house: { hitech: { ammo: 'slug', loaded: 0, spare: { apds: 1, slug: 1 } } } }], at: { q: 2, r: 4 }, facing: 0 },
    { id: 'trooper', name: 'Trooper', side: 'targets', st: 30, dx: 8, armor: 'combat-tl12', weapons: [], at: { q: 5, r: 4 }, facing: 3 },
  ],
};

describe('HiTech gear at the table: reload and AP rounds', () => {
  it('an empty ACR: fire refused with "reload first", reloaded with APDS chosen on the card (R-H10); the APDS shot counts combat armor at half, round up, per die (R-H9, R-H8)', async () => {
    const { gm, id, token, api } = await gmTable(emptyGun);
    const { page: gunner } = await joinAsPlayer(h, await playerLink(h.base, id, token, ['gunner']));
    const seats = [{ page: gunner, figures: ['gunner'] }];
    await playUntil(gm, api, seats, (p) => p.kind === 'action' && p.figures.includes('gunner'));
    await expect.poll(() => gunner.getByTestId('turn-line').textContent()).toMatch(/^Your turn/);

    // No fire option; "Not now" says why, in the engine's words; the ammunition chip says empty.
    expect(await gunner.locator('li.option[data-option="fire"]').count()).toBe(0);
    const notNow = gunner.getByTestId('not-now');
    expect(await notNow.locator('li[data-action="fire"]').textContent()).toBe("fire ACR: ACR's magazine is empty: reload first [R-H10]");
    expect(await notNow.locator('li[data-action="overwatch"]').textContent()).toBe("overwatch with ACR: ACR's magazine is empty: reload first [R-H10]");
    expect(await gunner.locator('[data-testid="actions"] [data-ammo="gunner"]').textContent()).toBe('empty: ACR: 0/40 rounds slug; spare clips: 1 APDS, 1 slug; 2 rifle grenades (in hand)');

    // The reload is one card, "reload ACR", with a choice per ammunition (groupOptions).
    const reload = gunner.locator('li.option[data-option="reload"]');
    expect(await reload.count()).toBe(1);
    expect(await reload.locator('.option-label').textContent()).toMatch(/reload ACR$/);
    expect(await reload.locator('.choices .choice-label').allTextContents()).toEqual(['APDS (1 clip left)', 'slug (1 clip left)']);
    expect(await pageOverflow(gunner)).toBeLessThanOrEqual(0);
    await h.shot(gunner, 'hitech-gear-reload-phone');
    const before = (await api.view()).view.seq;
    await gunner.getByRole('button', { name: 'Do it: reload ACR, APDS (1 clip left)' }).click();
    await api.seqIs(before + 1);
    await waitForLog(gunner, before + 1);

    // The server stored it: APDS loaded, 40 rounds, the APDS clip spent, the slug clip kept.
    expect(await gearOf(api, 'gunner')).toMatchObject({ ammo: 'apds', loaded: 40, spare: { apds: 0, slug: 1 } });
    await gunner.locator('[data-tab="log"]').click();
    expect(await entry(gunner, before + 1)).toContain('Gunner reloads the ACR with APDS: 40 rounds loaded; 0 spare APDS clips left [R-H10].');
    // The Status roster, the GM's as the player's: the new ammunition and its rounds.
    for (const page of [gunner, gm]) {
      await page.locator('[data-tab="status"]').click();
      await expect.poll(() => page.locator('[data-testid="status"] [data-ammo="gunner"]').textContent()).toBe('ACR: 40/40 rounds APDS; spare clips: 1 slug; 2 rifle grenades (in hand)');
    }

    // Turn 2: the single APDS round at the trooper, the gunner's player entering the dice.
    // `fray run` on this scenario (reload in turn 1, fire in turn 2), faces 6,1,6,1,3,3,3,6,5,2:
    // 3+3+3 = 9 vs adjDX 13, a hit; 3 dice 6+5+2, combat TL12's 5 per die halved against AP,
    // round up: 3 (R-H9), so 3+2+0 = 5; a slug's full 5 per die would have let 1+0+0 through.
    await playUntil(gm, api, seats, (p) => p.kind === 'action' && p.figures.includes('gunner'));
    await gunner.locator('[data-tab="actions"]').click();
    const fire = gunner.locator('li.option[data-option="fire"]').filter({ hasText: 'Trooper' });
    const single = fire.locator('.choices li').filter({ hasText: /^single/ });
    expect(await single.locator('[data-odds="adjDX"]').textContent()).toBe('adjDX 13');
    await gunner.getByTestId('physical-dice').check();
    const asked = await withDice(gunner, [3, 3, 3, 6, 5, 2], () => single.getByRole('button', { name: 'Do it' }).click());
    expect(asked[0]).toMatch(/^For Gunner: fire ACR at Trooper.*single.*die 1 of 3 \(d6\)$/);
    const seq = (await api.view()).view.seq;
    await gunner.locator('[data-tab="log"]').click();
    const shot = await entry(gunner, seq);
    expect(shot).toContain('Gunner fires at Trooper with the ACR (single shot, 1 round of APDS): 3d6 = 3+3+3 = 9 vs adjDX 13 [13 DX; rifle range 2 MH (8 m) [R-H2]] -> hit; 39 rounds left [R-H10].');
    expect(shot).toContain('Trooper takes 5 damage (3d: 6+5+2 = 13 - 8 combat TL12 stops 3 per die (half against AP, round up (R-H9): 3): dice 3+2+0 [R-H8]); wounds now 5.');
    const trooper = ((await api.view()).view.state as { figures: { id: string; wounds: number }[] }).figures.find((f) => f.id === 'trooper');
    expect(trooper?.wounds).toBe(5);
    expect(await gearOf(api, 'gunner')).toMatchObject({ ammo: 'apds', loaded: 39 });
    expect(await pageOverflow(gunner)).toBeLessThanOrEqual(0);
    await h.shot(gunner, 'hitech-gear-apds-phone');
    expect(h.errors).toEqual([]);
  }, GEAR_MS);
});

/**
 * The watcher faces east with an assault rifle; the runner, unarmed, stands 4 hexes off to its
 * left side (2,2), outside its front arc; 3 hexes east (5,2) is inside it (tft-core facing).
 */
const street = {
  system: 'tft',
  name: 'Overwatch on the street',
  options: hitech(2),
  map: { width: 12, height: 10 },
  sides: [
    { id: 'watch', name: 'Watch' },
    { id: 'runners', name: 'Runners' },
  ],
  figures: [
    { id: 'watcher', name: 'Watcher', side: 'watch', st: 12, dx: 13, iq: 10, talents: ['rifle'], weapons: ['assault-rifle'], at: { q: 3, r: 5 }, facing: 0 },
    { id: 'runner', name: 'Runner', side: 'runners', st: 30, dx: 8, weapons: [], at: { q: 2, r: 2 }, facing: 0 },
  ],
};

describe('HiTech gear at the table: overwatch', () => {
  it('a player puts the watcher on overwatch (R-H7): the map marks it; the runner acting at its side does not set it off; stepping into its front arc next turn draws the shot', async () => {
    const { gm, id, token, api } = await gmTable(street);
    const { page: watcher } = await joinAsPlayer(h, await playerLink(h.base, id, token, ['watcher']), DESKTOP);
    const seats = [{ page: watcher, figures: ['watcher'] }];
    await playUntil(gm, api, seats, (p) => p.kind === 'action' && p.figures.includes('watcher'));

    // One card, a choice per burst; when it fires is said once above the choices.
    const card = watcher.locator('li.option[data-option="overwatch"]');
    expect(await card.count()).toBe(1);
    expect(await card.locator('.option-label').textContent()).toMatch(/overwatch with assault rifle$/);
    expect(await card.locator('.choices .choice-label').allTextContents()).toEqual(['single (1 round)', 'four (4 rounds)', 'half (10 rounds)', 'full (20 rounds)']);
    expect(await card.locator('.shared-note').textContent()).toContain(
      "It fires once at the first enemy in view, just before it acts in the rest of this action phase or as it enters a hex in the next turn's movement phase (R-H7).",
    );
    const before = (await api.view()).view.seq;
    await watcher.getByRole('button', { name: 'Do it: overwatch with assault rifle, single (1 round)' }).click();
    await api.seqIs(before + 1);
    for (const page of [gm, watcher]) {
      await waitForLog(page, before + 1);
      await expect.poll(() => page.locator('[data-tags="watcher"] .marker-tag').textContent()).toBe('overwatch');
    }
    await watcher.locator('[data-tab="log"]').click();
    expect(await entry(watcher, before + 1)).toContain(
      "Watcher goes on overwatch with the assault rifle (single shot) until the end of turn 2's movement; it fires once at the first enemy in view, just before it acts in the rest of this action phase or as it enters a hex in the next turn's movement phase [R-H7].",
    );
    // The GM's roster says it too, and what sets it off (the map's mark alone said nothing of when).
    await gm.locator('[data-tab="status"]').click();
    const pill = gm.locator('td[data-conditions="watcher"]').getByRole('button', { name: 'overwatch' });
    await pill.click();
    const why = gm.locator('td[data-conditions="watcher"] .why-text');
    await expect.poll(() => why.isVisible()).toBe(true);
    expect(await why.textContent()).toMatch(/^on overwatch: it fires once at the first enemy in view.*\(R-H7\)$/);
    await gm.locator('[data-tab="actions"]').click();
    await h.shot(watcher, 'hitech-gear-overwatch');

    // The runner acts (does nothing) at the watcher's side: no shot, the overwatch still waits.
    await playUntil(gm, api, seats, (p) => p.kind === 'move' && p.figures.includes('runner'));
    const log = await fetch(`${h.base}/api/encounters/${id}/log?from=${before + 1}`, { headers: { authorization: `Bearer ${token}` } });
    const { entries } = (await log.json()) as { entries: { descriptions?: string[] }[] };
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.flatMap((e) => e.descriptions ?? []).filter((d) => /overwatch/.test(d))).toEqual([]);
    const state = (await api.view()).view.state as { figures: { id: string; house?: { hitech?: { overwatch?: unknown } } }[] };
    expect(state.figures.find((f) => f.id === 'watcher')?.house?.hitech?.overwatch).toBeTruthy();
    expect(await gm.locator('[data-tags="watcher"] .marker-tag').textContent()).toBe('overwatch');

    // Turn 2's movement: the GM walks the runner east, (3,2), (4,2), into the front arc at (5,2).
    await gm.getByTestId('figure-runner').click({ force: true });
    await gm.getByTestId('move-card').waitFor();
    await gm.locator('polygon[data-hex="5,2"]').click({ force: true });
    await expect.poll(() => gm.getByTestId('move-card').getAttribute('data-path')).toMatch(/(^| )3,2 4,2 5,2$/);
    const moved = (await api.view()).view.seq + 1;
    await gm.getByTestId('confirm-move').click();
    await api.seqIs(moved);
    await gm.locator('[data-tab="log"]').click();
    await waitForLog(gm, moved);
    const shot = await entry(gm, moved);
    expect(shot).toContain('Watcher fires from overwatch at Runner: Runner entered hex (5,2) [R-H7].');
    expect(shot).toMatch(/Watcher fires at Runner with the assault rifle \(single shot, 1 round of standard, from overwatch\): 3d6 = \d\+\d\+\d = \d+ vs adjDX 15 \[13 DX \+ 2 target's side hex \[tft-core facing\]; rifle range 1 MH \(4 m\) \[R-H2\]\]/);
    expect(shot).toContain('Runner moves 3 hexes to (5,2)');
    // Fired once, the overwatch is spent: the mark is gone, and one round with it.
    await expect.poll(() => gm.locator('[data-tags="watcher"] .marker-tag').count()).toBe(0);
    expect(await gearOf(api, 'watcher')).toMatchObject({ loaded: 19 });
    await h.shot(gm, 'hitech-gear-overwatch-shot');
    expect(h.errors).toEqual([]);
  }, GEAR_MS);
});

/** A TL 12 grenade (8 dice, R-H12) thrown 5 hexes at the trooper: -5 thrown (R-H3), adjDX 7. */
const throwFar = {
  system: 'tft',
  name: 'A grenade thrown long',
  options: hitech(1),
  map: { width: 14, height: 10 },
  sides: [
    { id: 'throwers', name: 'Throwers' },
    { id: 'targets', name: 'Targets' },
  ],
  figures: [
    { id: 'grenadier', name: 'Grenadier', side: 'throwers', st: 12, dx: 12, iq: 9, weapons: ['grenade-tl12'], at: { q: 1, r: 5 }, facing: 0 },
    { id: 'trooper', name: 'Trooper', side: 'targets', st: 40, dx: 8, weapons: [], at: { q: 6, r: 5 }, facing: 3 },
  ],
};

describe('HiTech gear at the table: a grenade that misses', () => {
  it("a miss scatters 1d6 hexes in the 1d6 direction, the grenadier's player entering the dice; the blast goes off where it lands (R-H12)", async () => {
    const { gm, id, token, api } = await gmTable(throwFar);
    const { page: thrower } = await joinAsPlayer(h, await playerLink(h.base, id, token, ['grenadier']), DESKTOP);
    const seats = [{ page: thrower, figures: ['grenadier'] }];
    await playUntil(gm, api, seats, (p) => p.kind === 'action' && p.figures.includes('grenadier'));

    // The trooper's hex: adjDX 12 - 5 = 7, 3d6 <= 7 is 35 of 216: 16.2%.
    const card = thrower.locator('li.option[data-option="throw-grenade"]');
    await card.locator('[data-testid^="do-"]').click();
    await thrower.getByTestId('figure-trooper').hover({ force: true });
    await expect.poll(() => card.locator('.hint').textContent()).toMatch(/^This hex: adjDX 7 \(12 DX −5 thrown, 5 hexes\); hit 16\.2%/);
    await thrower.getByTestId('physical-dice').check();
    // `fray run` on this scenario, faces 6,1,5,5,5,2,1,4,3: 15 misses; 2 hexes in direction 1
    // (east) lands it at (8,5); the trooper two hexes out takes 8/4 = 2 dice: 4+3 = 7.
    const asked = await withDice(thrower, [5, 5, 5, 2, 1, 4, 3], () => thrower.getByTestId('figure-trooper').click({ force: true }));
    expect(asked.length).toBe(7);
    expect(asked[0]).toBe("For Grenadier: throw TL 12 grenade at 6,5: Grenadier's grenade throw, die 1 of 3 (d6)");
    const seq = (await api.view()).view.seq;
    await thrower.locator('[data-tab="log"]').click();
    const thrown = await entry(thrower, seq);
    expect(thrown).toContain('Grenadier throws a TL 12 grenade at hex (6,5): 3d6 = 5+5+5 = 15 vs adjDX 7 [12 DX - 5 thrown, 5 hexes [R-H3]] -> miss');
    expect(thrown).toContain("throw misses hex (6,5) and scatters: 1d6 = 2 hexes in direction 1d6 = 1 (E), landing at (8,5) [R-H12].");
    expect(thrown).toContain('The TL 12 grenade (Grenadier) explodes at (8,5), 8 dice: Trooper 2d (ring 2) [R-H12].');
    expect(thrown).toContain('Trooper takes 7 damage (2d: 4+3 = 7); wounds now 7.');
    const log = await fetch(`${h.base}/api/encounters/${id}/log?from=${seq - 1}`, { headers: { authorization: `Bearer ${token}` } });
    const { entries } = (await log.json()) as { entries: { faces?: number[]; entered?: boolean; events?: { type: string; at?: unknown }[] }[] };
    expect(entries[0].faces).toEqual([5, 5, 5, 2, 1, 4, 3]);
    expect(entries[0].events?.find((e) => e.type === 'scatter')?.at).toEqual({ q: 8, r: 5 });
    await h.shot(thrower, 'hitech-gear-scatter');
    expect(h.errors).toEqual([]);
  }, GEAR_MS);
});
