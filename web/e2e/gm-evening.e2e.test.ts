// A GM's evening at the table, and what got in the way: a HiTech fight could not be built in the
// editor (its firearms, grenades and armor were not offered); a fight that ran out of turns said
// only "The fight is over." (not why no one won); one click on a log entry's "rewind here" undid
// every step after it for good (a slip of the mouse lost an evening's turns); on the AD&D
// timeline a GM with six figures to declare could not pick the one to declare next by its name;
// the dice tray's initiative said "red 1 blue 2" (the sides' ids, where the log says their names); in the
// Status roster a long name wrapped onto the line under its side's dot, the dot left alone above;
// the physical-dice prompt for a burst said "four (4 rounds)", not at whom; an exported file of
// "One turn (at the ford)" was named "One-turn-at-the-ford-.md"; the GM's roster did not say
// which figures the players do not see (with no map in AD&D, only the Share tab said it); a player
// reading an earlier step of the log on a phone was pulled to its end at every new step; after a
// command sent by keyboard (Begin, Stay, Do it) the focus fell to the page's body (its button gone).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, editorControl, fileHarness, logCount, openEditor, tableLink, waitForLog } from './harness.ts';

const h = fileHarness();

/** Creates an encounter from `scenario` by the API: the GM's table address, and the encounter's last step as the server has it. */
async function create(scenario: unknown): Promise<{ url: string; seq(): Promise<number> }> {
  const r = await fetch(`${h.base}/api/encounters`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario }) });
  expect(r.status).toBe(201);
  const { encounter, gm } = (await r.json()) as { encounter: { id: string }; gm: { token: string } };
  const id = encodeURIComponent(encounter.id);
  return {
    url: tableLink(encounter.id, gm.token),
    async seq() {
      const v = await fetch(`${h.base}/api/encounters/${id}`, { headers: { authorization: `Bearer ${gm.token}` } });
      return ((await v.json()) as { view: { seq: number } }).view.seq;
    },
  };
}

/** The GM lets the engine take `n` steps (the system steps, then each decision). */
async function play(gm: Page, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const before = await logCount(gm);
    await gm.keyboard.press((await gm.getByTestId('system-step').count()) > 0 ? 'b' : 'p');
    await waitForLog(gm, before + 1);
  }
}

/** The GM lets the engine play (the system steps, then each decision) until the fight is over. */
async function playOut(gm: Page): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if ((await gm.getByTestId('banner').filter({ hasText: 'The fight is over' }).count()) > 0) return;
    const n = await logCount(gm);
    await gm.keyboard.press((await gm.getByTestId('system-step').count()) > 0 ? 'b' : 'p');
    await waitForLog(gm, n + 1);
  }
  throw new Error('the fight did not end');
}

/** Two figures out of each other's reach, for one turn. */
const oneTurn = {
  system: 'tft',
  name: 'One turn at the ford',
  options: { maxTurns: 1 },
  map: { width: 40, height: 8 },
  figures: [
    { id: 'bjorn', name: 'Bjorn', side: 'north', st: 12, dx: 12, weapons: ['broadsword'], at: { q: 1, r: 3 }, facing: 0 },
    { id: 'cedric', name: 'Cedric', side: 'south', st: 12, dx: 12, weapons: ['broadsword'], at: { q: 38, r: 3 }, facing: 3 },
  ],
};

/** The values a select offers. */
const offered = (select: Locator): Promise<string[]> => select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));

describe('building a HiTech fight in the editor', () => {
  it("offers HiTech's firearms, grenades, armor and talents once the hitech option is on, and the table arms the figures with them", async () => {
    const page = await openEditor(h, { width: 1280, height: 860 });
    const [hero, foe] = [page.locator('fieldset.fig-edit').nth(0), page.locator('fieldset.fig-edit').nth(1)];
    // Off: the core's gear only.
    expect(await offered(editorControl(hero, 'Weapons'))).not.toContain('assault-rifle');

    await editorControl(page, 'hitech').check();
    expect(await offered(editorControl(hero, 'Weapons'))).toEqual(expect.arrayContaining(['broadsword', 'assault-rifle', 'grenade-tl12']));
    expect(await offered(editorControl(hero, 'Talents'))).toContain('rifle');
    // HiTech armor stops per die (R-H8), and says so.
    expect(await editorControl(foe, 'Armor').locator('option[value="combat-tl12"]').textContent()).toBe('combat TL12 (stops 5 per die)');

    await editorControl(page, 'Name').fill('Rifle against armor');
    for (const w of ['assault-rifle', 'grenade-tl12']) await editorControl(hero, 'Weapons').selectOption(w);
    await editorControl(hero, 'Talents').selectOption(['rifle']);
    await editorControl(foe, 'Weapons').selectOption(['broadsword']);
    await editorControl(foe, 'Armor').selectOption('combat-tl12');
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/table\//);
    await page.getByTestId('role').waitFor();
    // The rifle is the hero's, with its clip and spare clips.
    await page.locator('[data-tab="status"]').click();
    await expect.poll(() => page.locator('.tab-body').textContent(), { timeout: 10_000 }).toMatch(/assault rifle: 20\/20 rounds/);
    await h.shot(page, 'gm-evening-hitech-built');
    expect(h.errors).toEqual([]);
  });
});

describe('the end of a fight no one won', () => {
  it('says why, as the log does (max turns), in the banner and the action panel', async () => {
    const { page: gm } = await h.page({ width: 1280, height: 860 });
    await gm.goto((await create(oneTurn)).url);
    await gm.getByTestId('system-step').waitFor();
    await playOut(gm);
    expect(await gm.getByTestId('banner').textContent()).toBe('The fight is over: no winner (max turns).');
    expect(await gm.getByTestId('turn-line').textContent()).toBe('The fight is over: no winner (max turns).');
    await gm.locator('[data-tab="log"]').click();
    expect(await gm.locator('.tab-body').textContent()).toContain('no winner (max turns)');
    await h.shot(gm, 'gm-evening-no-winner');
    expect(h.errors).toEqual([]);
  });
});

describe("the log's rewind", () => {
  it('asks before undoing more than one step (Escape or Cancel keeps them); one step goes at once, as undo does', async () => {
    const { page: gm } = await h.page({ width: 1280, height: 860 });
    const fight = await create(oneTurn);
    await gm.goto(fight.url);
    await gm.getByTestId('system-step').waitFor();
    await play(gm, 4);
    await gm.locator('[data-tab="log"]').click();

    // Back to step 1 would undo three steps: it asks, the rewind button in focus, and nothing is undone yet.
    await gm.getByTestId('rewind-1').click();
    const ask = gm.getByTestId('rewind-confirm');
    await ask.waitFor();
    expect(await ask.textContent()).toContain('Rewind to step 1? It undoes 3 steps, for good.');
    const ok = ask.getByRole('button', { name: 'Rewind 3 steps' });
    expect(await ok.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await fight.seq()).toBe(4);
    // Escape: kept, the focus back on the button that asked.
    await gm.keyboard.press('Escape');
    expect(await ask.count()).toBe(0);
    await expect.poll(() => gm.getByTestId('rewind-1').evaluate((b) => b === document.activeElement), { timeout: 10_000 }).toBe(true);
    // Cancel: kept too.
    await gm.getByTestId('rewind-2').click();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await ask.count()).toBe(0);
    expect(await fight.seq()).toBe(4);
    await h.shot(gm, 'gm-evening-rewind-kept');

    // The last step but one: one step undone, at once.
    await gm.getByTestId('rewind-3').click();
    await expect.poll(() => fight.seq(), { timeout: 10_000 }).toBe(5);
    expect(await ask.count()).toBe(0);
    // Asked and confirmed: back to step 1.
    await gm.getByTestId('rewind-1').click();
    await ask.getByRole('button', { name: 'Rewind 2 steps' }).click();
    await expect.poll(() => fight.seq(), { timeout: 10_000 }).toBe(6);
    await expect.poll(() => gm.locator('li.entry.rewind').last().textContent(), { timeout: 10_000 }).toContain('GM rewound to step 1');
    expect(h.errors).toEqual([]);
  });
});

describe('a rewind while another window plays on', () => {
  it("undoes only what the GM saw: a step taken in another window while the GM's question was open is kept, the GM told why, the table showing it", async () => {
    const { page: gm } = await h.page({ width: 1280, height: 860 });
    const fight = await create(oneTurn);
    await gm.goto(fight.url);
    await gm.getByTestId('system-step').waitFor();
    await play(gm, 3);
    await gm.locator('[data-tab="log"]').click();
    await gm.getByTestId('rewind-1').click();
    const ask = gm.getByTestId('rewind-confirm');
    await ask.waitFor();
    // The same GM's other window (a co-GM, a second device) takes a step meanwhile.
    const { page: other } = await h.page({ width: 1280, height: 860 });
    await other.goto(fight.url);
    await waitForLog(other, 3);
    // Its step button once its panel is drawn (the log's count may come first).
    const next = other.getByTestId('system-step').or(other.getByTestId('auto-play')).first();
    await next.click();
    await waitForLog(other, 4);
    await waitForLog(gm, 4);
    await ask.getByRole('button', { name: /^Rewind \d+ steps$/ }).click();
    const said = gm.getByTestId('error').filter({ hasText: 'Not rewound' });
    await said.waitFor();
    expect(await said.textContent()).toContain('Not rewound: step 4 was taken (in another window or by a player) after you chose to rewind. Nothing was undone');
    // Nothing stored: the step taken meanwhile stands, on the server and in the GM's log.
    expect(await fight.seq()).toBe(4);
    expect(await gm.locator('li.entry.rewind').count()).toBe(0);
    expect(await logCount(gm)).toBe(4);
    // Asked again, on what the GM now sees, the rewind is taken.
    await gm.getByTestId('rewind-1').click();
    await ask.getByRole('button', { name: 'Rewind 3 steps' }).click();
    await expect.poll(() => fight.seq(), { timeout: 10_000 }).toBe(5);
    expect(h.errors).toEqual([]);
  });
});

describe('the AD&D timeline', () => {
  it("picks the figure the action panel shows by its row's name, and the GM declares for it", async () => {
    const { page: gm } = await h.page({ width: 1280, height: 860 });
    await gm.goto('/');
    await gm.locator('[data-example="adnd/surprise"]').click();
    await gm.getByTestId('system-step').click();
    await expect.poll(() => logCount(gm), { timeout: 10_000 }).toBe(1);
    // Up to ten figures to declare (the party's surprise roll decides), the first of them shown;
    // the GM picks the gnoll archer, the last, by its name on the timeline.
    const heading = gm.locator('.tab-body h3').first();
    await heading.waitFor();
    expect(await heading.textContent()).not.toBe('Gnoll archer');
    const archer = gm.getByTestId('segments').locator('[data-pick="gnoll4"]');
    expect(await archer.count()).toBe(1);
    await archer.click();
    await expect.poll(() => heading.textContent(), { timeout: 10_000 }).toBe('Gnoll archer');
    expect(await gm.getByTestId('segments').locator('.seg-name.sel').textContent()).toBe('Gnoll archer');
    const before = await logCount(gm);
    await gm.getByTestId('do-0').click();
    await expect.poll(() => logCount(gm), { timeout: 10_000 }).toBe(before + 1);
    await gm.locator('[data-tab="log"]').click();
    expect(await gm.locator('li.entry').last().locator('.entry-title').textContent()).toMatch(/^\w[\w ]*: Gnoll archer/);
    await h.shot(gm, 'gm-evening-adnd-pick');
    expect(h.errors).toEqual([]);
  });
});

describe('the dice tray', () => {
  it('names each side of an initiative roll by its scenario name, as the log does, and says the roll is the initiative', async () => {
    const { page: gm } = await h.page({ width: 1280, height: 860 });
    await gm.goto('/');
    await gm.locator('[data-example="tft/hitech-firefight"]').click();
    await gm.getByTestId('system-step').click();
    const labels = gm.getByTestId('dice-tray').locator('.dice-group .dice-label');
    await expect.poll(() => labels.allTextContents(), { timeout: 10_000 }).toEqual(['Red squad initiative', 'Blue squad initiative']);
    expect(await gm.getByTestId('dice-tray').locator('.sr-only').textContent()).toMatch(/^Dice: Red squad initiative: \d(, \d)*; Blue squad initiative: \d/);
    await gm.locator('[data-tab="log"]').click();
    // A tie is rolled again: "Red squad 3, then 5; Blue squad 3, then 2" (1 run in 6 failed on it).
    expect(await gm.locator('li.entry').nth(1).textContent()).toMatch(/Initiative: Red squad \d+(, then \d+)*; Blue squad \d+/);
    expect(h.errors).toEqual([]);
  });
});

describe('the status roster', () => {
  it("keeps a long name's side dot on the name's first line", async () => {
    const { page: gm } = await h.page({ width: 1280, height: 860 });
    const long = 'Sir Bartholomew the Unyielding of the Northern March';
    const [bjorn, cedric] = oneTurn.figures;
    await gm.goto((await create({ ...oneTurn, figures: [{ ...bjorn, name: long }, cedric] })).url);
    await gm.locator('[data-tab="status"]').click();
    const cell = gm.locator('tr[data-roster="bjorn"] td').first();
    const name = cell.getByRole('button', { name: long, exact: true });
    await name.waitFor();
    const [dot, button] = [await cell.locator('.dot').boundingBox(), await name.boundingBox()];
    if (!dot || !button) throw new Error('the roster row is not drawn');
    const line = Number.parseFloat(await name.evaluate((b) => getComputedStyle(b).lineHeight));
    // The name wraps (the case), and the dot is level with its first line, to its left.
    expect(button.height).toBeGreaterThan(1.5 * line);
    expect(dot.y).toBeGreaterThanOrEqual(button.y);
    expect(dot.y + dot.height).toBeLessThanOrEqual(button.y + line);
    expect(dot.x + dot.width).toBeLessThanOrEqual(button.x);
    expect(h.errors).toEqual([]);
  });
});

describe('physical dice for a burst', () => {
  it('the prompt says the whole command: the gun, the target and the burst', async () => {
    const { page: gm } = await h.page({ width: 1280, height: 860 });
    const duel = {
      system: 'tft',
      name: 'Rifle at the ford',
      options: { hitech: true },
      map: { width: 14, height: 8 },
      figures: [
        { id: 'biff', name: 'Biff', side: 'north', st: 12, dx: 14, iq: 9, talents: ['rifle'], weapons: ['assault-rifle'], at: { q: 1, r: 3 }, facing: 0 },
        { id: 'cedric', name: 'Cedric', side: 'south', st: 12, dx: 8, weapons: ['dagger'], at: { q: 12, r: 3 }, facing: 3 },
      ],
    };
    await gm.goto((await create(duel)).url);
    await gm.getByTestId('system-step').waitFor();
    // Both stay put: Biff (adjDX 14) acts first.
    await play(gm, 2);
    for (let i = 0; i < 2; i++) {
      const n = await logCount(gm);
      await gm.getByRole('button', { name: /^Stay/ }).click();
      await expect.poll(() => logCount(gm), { timeout: 10_000 }).toBe(n + 1);
    }
    await gm.locator('[data-tab="share"]').click();
    await gm.getByLabel('Who may enter physical dice').selectOption('gm');
    await gm.locator('[data-tab="actions"]').click();
    await gm.getByTestId('physical-dice').check();
    const fire = gm.locator('li.option[data-option="fire"]').filter({ hasText: 'at Cedric' });
    await fire.getByRole('button', { name: 'Do it: fire assault rifle at Cedric, four (4 rounds)' }).click();
    const prompt = gm.locator('.dice-prompt');
    await prompt.waitFor();
    expect(await prompt.locator('p').first().textContent()).toMatch(/^For Biff: fire assault rifle at Cedric, four \(4 rounds\): /);
    await h.shot(gm, 'gm-evening-burst-dice');
    await gm.keyboard.press('Escape');
    expect(await prompt.count()).toBe(0);
    expect(h.errors).toEqual([]);
  });
});

describe('the exports', () => {
  it("are named after the encounter, with no dash left dangling before the extension", async () => {
    const { page: gm } = await h.page({ width: 1280, height: 860 });
    await gm.goto((await create({ ...oneTurn, name: 'One turn (at the ford)' })).url);
    await gm.getByTestId('system-step').waitFor();
    await play(gm, 1);
    await gm.locator('[data-tab="log"]').click();
    for (const [button, file] of [
      ['Fight report (.md)', 'One-turn-at-the-ford.md'],
      ['Export JSON', 'One-turn-at-the-ford.json'],
    ]) {
      const [download] = await Promise.all([gm.waitForEvent('download'), gm.getByRole('button', { name: button }).click()]);
      expect(download.suggestedFilename()).toBe(file);
    }
    expect(h.errors).toEqual([]);
  });
});

describe("the GM's roster", () => {
  it('marks the figures hidden from players (AD&D has no map to mark them on)', async () => {
    const { page: gm } = await h.page({ width: 1280, height: 860 });
    await gm.goto('/');
    await gm.locator('[data-example="adnd/frito-parries"]').click();
    await gm.locator('[data-tab="share"]').click();
    await gm.locator('[data-hide="minotaur"]').check();
    await gm.locator('[data-tab="status"]').click();
    const mark = gm.locator('tr[data-roster="minotaur"] [data-hidden-mark]');
    await expect.poll(() => mark.count(), { timeout: 10_000 }).toBe(1);
    expect(await mark.textContent()).toBe('hidden from players');
    expect(await gm.locator('tr[data-roster="frito"] [data-hidden-mark]').count()).toBe(0);
    await h.shot(gm, 'gm-evening-hidden-roster');
    expect(h.errors).toEqual([]);
  });
});

describe('reading the log while the fight goes on', () => {
  it('keeps a phone reader where they are scrolled to; one at the end follows the new steps', async () => {
    const { page: gm } = await h.page({ width: 1280, height: 860 });
    await gm.goto('/');
    await gm.locator('[data-example="tft/hitech-firefight"]').click();
    await gm.getByTestId('system-step').waitFor();
    await play(gm, 16);
    const { page: phone } = await h.page(PHONE);
    await phone.goto(gm.url());
    await phone.locator('[data-tab="log"]').click();
    const entries = phone.locator('li.entry');
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(17);
    const endInView = () => phone.evaluate(() => document.querySelector('li.entry:last-child')!.getBoundingClientRect().top < innerHeight);
    // Where the log's first entry is on the screen (the one being read).
    const firstTop = () => phone.evaluate(() => Math.round(document.querySelector('li.entry')!.getBoundingClientRect().top));

    // Reading the first steps: a new one comes, what is read stays where it is on the screen.
    await phone.evaluate(() => window.scrollTo(0, document.querySelector('li.entry')!.getBoundingClientRect().top + window.scrollY));
    await expect.poll(async () => Math.abs(await firstTop()), { timeout: 10_000 }).toBeLessThanOrEqual(2);
    expect(await endInView()).toBe(false);
    await play(gm, 1);
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(18);
    await phone.waitForTimeout(300);
    expect(Math.abs(await firstTop())).toBeLessThanOrEqual(2);

    // At the end: the next step is brought into view.
    await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(endInView, { timeout: 10_000 }).toBe(true);
    await play(gm, 1);
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(19);
    await expect.poll(endInView, { timeout: 10_000 }).toBe(true);
    expect(h.errors).toEqual([]);
  });
});

describe('the focus after a command', () => {
  it("goes to the action panel when the command's button goes, so the next Tab starts there", async () => {
    const { page: gm } = await h.page({ width: 1280, height: 860 });
    await gm.goto((await create(oneTurn)).url);
    const focus = () => gm.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('data-testid') || document.activeElement?.tagName);
    // Begin, by keyboard: its button is gone with the step.
    await gm.getByTestId('system-step').focus();
    await gm.keyboard.press('Enter');
    await expect.poll(focus, { timeout: 10_000 }).toBe('table-tabpanel');
    // The panel's choices arrive with the step's report (the focus may come first, under load).
    await gm.getByTestId('initiative-first').waitFor();
    await gm.keyboard.press('Tab');
    expect(await focus()).toBe('initiative-first');
    // Move first, by keyboard: the next decision's panel has it.
    await gm.keyboard.press('Enter');
    await expect.poll(() => logCount(gm), { timeout: 10_000 }).toBe(2);
    await expect.poll(focus, { timeout: 10_000 }).toBe('table-tabpanel');
    expect(h.errors).toEqual([]);
  });
});
