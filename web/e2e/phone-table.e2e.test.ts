// The table on a phone and the option cards, after a GM's evening: the map's zoom buttons
// floated over the board's right-most hexes (a tap there zoomed instead of picking the hex); an
// option card showed at most four secondary chips (a sweep's later targets' adjDX, dice and reach
// were cut) and "reach 1" was not explained; the editor's weapon and talent pickers needed
// Ctrl-click to choose several, and HiTech turned off left a picked rifle in the draft, unseen,
// for the server to refuse; the physical-dice prompt of an AD&D parry named the parry
// ("For Frito: parry: Minotaur's attack roll"), not whose roll it was; the begin banner and the panel line said the same thing twice.
import { expect, it, describe } from 'vitest';
import type { Page } from 'playwright-core';
import { ACTION_MS, PHONE, allowGmDice, atTable, editorControl, fileHarness, logCount, openEditor, tableLink, waitForLog } from './harness.ts';

const h = fileHarness();

/** Creates an encounter from `scenario` by the API: the GM's table address. */
async function create(scenario: unknown): Promise<string> {
  const r = await fetch(`${h.base}/api/encounters`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario }) });
  expect(r.status).toBe(201);
  const { encounter, gm } = (await r.json()) as { encounter: { id: string }; gm: { token: string } };
  return tableLink(encounter.id, gm.token);
}

describe('the map on a phone', () => {
  it("picks the right-most hex of a row at the top (the zoom buttons were over it), and zooms by the buttons", async () => {
    const { page: gm } = await h.page(PHONE);
    // Far stands in the board's right-most hex (q 9 of the odd row 1), at the top right.
    await gm.goto(
      await create({
        system: 'tft',
        name: 'Far corner',
        map: { width: 10, height: 8 },
        figures: [
          { id: 'near', name: 'Near', side: 'north', st: 12, dx: 12, weapons: ['broadsword'], at: { q: 2, r: 3 }, facing: 0 },
          { id: 'far', name: 'Far', side: 'south', st: 12, dx: 12, weapons: ['broadsword'], at: { q: 9, r: 1 }, facing: 3 },
        ],
      }),
    );
    await gm.getByTestId('system-step').waitFor();
    const map = gm.getByTestId('hexmap');
    const far = gm.getByTestId('figure-far');
    expect(await far.getAttribute('class')).not.toContain('selected');
    const viewBox = await map.getAttribute('viewBox');
    // The board fills the map's width: Far's hex is at its right edge.
    const [m, f] = [(await map.boundingBox())!, (await far.boundingBox())!];
    expect(m.x + m.width - (f.x + f.width)).toBeLessThan(24);
    // A finger on Far's hex picks Far (it zoomed in: the button "+" lay over it).
    await gm.touchscreen.tap(f.x + f.width / 2, f.y + f.height / 2);
    await expect.poll(() => far.getAttribute('class'), { timeout: ACTION_MS }).toContain('selected');
    expect(await map.getAttribute('viewBox')).toBe(viewBox);
    // The buttons lie on no hex, and still zoom.
    const tools = (await gm.locator('.map-tools').boundingBox())!;
    expect(tools.y).toBeGreaterThanOrEqual(m.y + m.height - 1);
    await gm.getByRole('button', { name: 'Zoom in' }).tap();
    expect(await map.getAttribute('viewBox')).not.toBe(viewBox);
    await gm.getByRole('button', { name: 'Fit the map' }).tap();
    expect(await map.getAttribute('viewBox')).toBe(viewBox);
    await h.shot(gm, 'phone-table-map-tools');
    expect(h.errors).toEqual([]);
  });
});

describe("a sweep's option card", () => {
  it("shows every target's adjDX, dice and reach, the later ones behind '+N more', and says what reach is", async () => {
    const { page: gm } = await atTable(h, 'tft/sweeping-blows', { size: PHONE, begin: true, tab: 'actions' });
    // The engine plays on until Jemmueb's sweeps are on the panel (a preview in movement, or his action).
    const sweep = gm
      .locator('li.option[data-option="sweep"]')
      .filter({ has: gm.locator('.arc-order', { hasText: /→.*→/ }) })
      .first();
    for (let i = 0; i < 12 && (await sweep.count()) === 0; i++) {
      const n = await logCount(gm);
      await gm.keyboard.press((await gm.getByTestId('system-step').count()) > 0 ? 'b' : 'p');
      await waitForLog(gm, n + 1);
    }
    const arc = ((await sweep.locator('.arc-order').first().textContent()) ?? '').replace(/^arc order: /, '').split(' → ');
    expect(arc.length).toBeGreaterThanOrEqual(3);
    const chips = () => sweep.locator('.option-main .odds > .chip:not(.more)').allTextContents();
    // Folded: four secondary chips, then how many more.
    const more = sweep.getByTestId('more-odds');
    expect(await more.textContent()).toMatch(/^\+\d+ more$/);
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    const last = arc[arc.length - 1];
    expect((await chips()).some((c) => c.startsWith(`${last} reach`))).toBe(false);
    await more.tap();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await more.textContent()).toBe('fewer');
    const open = await chips();
    for (const name of arc) {
      expect(open.some((c) => c.startsWith(`${name} adjDX `))).toBe(true);
      expect(open.some((c) => c.startsWith(`${name} dice `))).toBe(true);
      // A chance, as a percentage (it read "reach 1", as if a distance).
      expect(open.some((c) => new RegExp(`^${name} reach \\d+\\.\\d%$`).test(c))).toBe(true);
    }
    // Reach says what it is, on a tap.
    const reach = sweep.locator(`.option-main button.chip[data-odds$=".reach"]`).last();
    await reach.tap();
    expect(await sweep.locator('.option-main .why-text:not([hidden])').first().textContent()).toMatch(/the chance the blade gets to this target/);
    await h.shot(gm, 'phone-table-sweep-chips');
    expect(h.errors).toEqual([]);
  });
});

describe('the begin step', () => {
  it('is said once, in the banner with its button, not again in the action panel', async () => {
    const { page: gm } = await atTable(h, 'tft/duel', { size: PHONE, tab: 'actions' });
    await gm.getByTestId('system-step').waitFor();
    expect(await gm.getByTestId('banner').textContent()).toMatch(/^Next: begin/);
    expect(await gm.locator('.tab-body').textContent()).not.toMatch(/system step|Next:/);
    expect(await gm.getByTestId('turn-line').count()).toBe(0);
    expect(h.errors).toEqual([]);
  });
});

describe("the buttons' key hints", () => {
  // The GM's "engine plays" button and its p: there at every decision, whatever the engine lists.
  const hintShown = async (gm: Page) => {
    const button = gm.getByTestId('auto-play');
    await button.waitFor();
    expect(await button.getAttribute('aria-keyshortcuts')).toBe('p');
    return button.locator('kbd').isVisible();
  };

  it('are not shown on a phone (no keys to press there), and are on a desktop', async () => {
    for (const [size, shown] of [[PHONE, false], [undefined, true]] as const) {
      const { page: gm } = await atTable(h, 'tft/duel', { size, begin: true, tab: 'actions' });
      expect([size === undefined, await hintShown(gm)]).toEqual([size === undefined, shown]);
    }
    expect(h.errors).toEqual([]);
  });

  it('are hidden on a wide touch screen without a mouse (a tablet, by touch emulation: hover none, pointer coarse) and come back when it ends', async () => {
    const { page: gm } = await atTable(h, 'tft/duel', { size: { width: 1280, height: 800 }, begin: true, tab: 'actions' });
    expect(await hintShown(gm)).toBe(true);
    const cdp = await gm.context().newCDPSession(gm);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    // The screen the emulation makes is the one the rule is for.
    expect(await gm.evaluate(() => matchMedia('(hover: none) and (pointer: coarse)').matches)).toBe(true);
    await expect.poll(() => hintShown(gm)).toBe(false);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
    await expect.poll(() => hintShown(gm)).toBe(true);
    expect(h.errors).toEqual([]);
  });
});

describe("the editor's weapon and talent pickers on a phone", () => {
  it('add one at a time from a list, remove by a chip\'s button (a tap or the keyboard), and drop the gear HiTech offered when it is turned off, saying so', async () => {
    const page = await openEditor(h, PHONE);
    await editorControl(page, 'hitech').check();
    const hero = page.locator('fieldset.fig-edit').nth(0);
    const weapons = hero.getByRole('combobox', { name: 'Weapons: add one' });
    const picked = (field: string) => hero.locator('label.field').filter({ has: page.locator('.field-label').getByText(field, { exact: true }) }).locator('.picked-chip').allTextContents();
    // One after the other, no key held: both stay chosen, in the table's order.
    await weapons.selectOption('grenade-tl12');
    await weapons.selectOption('broadsword');
    await weapons.selectOption('assault-rifle');
    expect(await picked('Weapons')).toEqual(['Broadsword×', 'assault rifle×', 'TL 12 grenade×']);
    // A chosen one is not offered again; removed, it is.
    expect(await weapons.locator('option[value="broadsword"]').count()).toBe(0);
    await hero.getByRole('button', { name: 'Remove Broadsword from Weapons' }).tap();
    expect(await weapons.locator('option[value="broadsword"]').count()).toBe(1);
    // By keyboard: the remove button takes Enter.
    await hero.getByRole('button', { name: 'Remove TL 12 grenade from Weapons' }).focus();
    await page.keyboard.press('Enter');
    expect(await picked('Weapons')).toHaveLength(1);
    await hero.getByRole('combobox', { name: 'Talents: add one' }).selectOption('rifle');
    expect(await picked('Talents')).toHaveLength(1);
    await h.shot(page, 'phone-editor-pickers');

    // HiTech off: the rifle and its talent leave the hero, and the form says so.
    await editorControl(page, 'hitech').uncheck();
    expect(await picked('Weapons')).toEqual([]);
    expect(await picked('Talents')).toEqual([]);
    expect(await page.getByTestId('gear-dropped').textContent()).toMatch(/^Removed, not offered with these options: Hero: assault rifle; Hero: [^;]*rifle[^;]*\.$/i);
    await weapons.selectOption('broadsword');
    await page.locator('fieldset.fig-edit').nth(1).getByRole('combobox', { name: 'Weapons: add one' }).selectOption('broadsword');
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/table\//);
    await page.getByTestId('role').waitFor();
    expect(h.errors).toEqual([]);
  });
});

describe('the physical-dice prompt of an AD&D parry', () => {
  it("names the roll, whose it is, before the command that plays the segment on to it (it read 'For Frito the Fighter: parry: Minotaur's attack roll')", async () => {
    const { page: gm } = await atTable(h, 'adnd/frito-parries', { size: { width: 1280, height: 860 }, tab: 'actions' });
    await allowGmDice(gm);
    await gm.getByTestId('physical-dice').check();
    const prompt = gm.locator('.dice-prompt');
    const said: string[] = [];
    // The engine plays (Frito's script parries the minotaur), every die a 1, until a parry's segment asks for the minotaur's die.
    for (let i = 0; i < 40 && !said.some((t) => t.includes('parry')); i++) {
      const n = await logCount(gm);
      await gm.keyboard.press((await gm.getByTestId('system-step').count()) > 0 ? 'b' : 'p');
      for (;;) {
        await expect.poll(async () => (await prompt.count()) > 0 || (await logCount(gm)) > n, { timeout: ACTION_MS }).toBe(true);
        if ((await prompt.count()) === 0) break;
        said.push((await prompt.getByTestId('dice-for').textContent()) ?? '');
        await prompt.locator('input').fill('1');
        await prompt.locator('input').press('Enter');
        await expect.poll(async () => (await prompt.count()) === 0 || (await prompt.getByTestId('dice-for').textContent()) !== said[said.length - 1] || Number(await prompt.getAttribute('data-index')) > 0, { timeout: ACTION_MS }).toBe(true);
      }
    }
    const parry = said.find((t) => t.includes('parry'));
    expect(parry).toMatch(/^For Minotaur's attack roll \(d20\), as the fight plays on after Frito the Fighter: parry/);
    expect(h.errors).toEqual([]);
  });
});
