// AD&D on the segment clock in the browser: the seed's surprise example (3380eb42, R-A3) with
// the party's d100 entered by hand as a physical die (25: the four with 33% surprised
// 3 segments, the ranger and the monk not), shown on the segment timeline; then the
// combatants declare attacks and the timeline places each with the reason it lands there.
// The end of a fight (Frito and Rocky against the ogre): the action panel leaves the fallen.
import { describe, expect, it } from 'vitest';
import type { EncounterView } from '../../src/server/protocol.ts';
import { ACTION_MS, PHONE, allowGmDice, apiGet, atTable, fileHarness, logCount, openGmTable, pageOverflow, rawCommand, waitForLog } from './harness.ts';

const h = fileHarness();

describe('an AD&D surprise round', () => {
  it('enters the surprise d100 by hand and shows who is surprised for how many segments', async () => {
    const { page: gm, id, token } = await atTable(h, 'adnd/surprise', { size: { width: 1280, height: 820 } });

    // The GM allows physical dice and turns the mode on.
    await allowGmDice(gm);
    await gm.getByTestId('physical-dice').check();

    // Begin: the server asks for the party's d100; the GM types 25.
    await gm.getByTestId('system-step').click();
    const prompt = gm.getByRole('dialog', { name: 'Enter a die' });
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('d100');
    await prompt.getByLabel('d100 face').fill('25');
    await prompt.getByRole('button', { name: 'Use it' }).click();
    await expect.poll(() => logCount(gm), { timeout: ACTION_MS }).toBe(1);

    const v = await apiGet<EncounterView>(h.base, `/api/encounters/${id}`, token);
    const figs = (v.view.state as { figures: { id: string; surprised: number }[] }).figures;
    const surprised = Object.fromEntries(figs.map((f) => [f.id, f.surprised]));
    // R-A3: roll 25 <= 33 gives 2 + floor((33 - 25) / 5) = 3 segments; 17% and 14% are not surprised.
    expect([surprised.gorm, surprised.brother, surprised.zara, surprised.pip, surprised.strider, surprised.kwan]).toEqual([3, 3, 3, 3, 0, 0]);

    // The timeline shades the surprised segments of each row: 1-3 for the four, none for the others.
    const shaded = async (fig: string) => gm.locator(`[data-seg^="${fig}:"].surprised`).count();
    expect(await shaded('gorm')).toBe(3);
    expect(await shaded('zara')).toBe(3);
    expect(await shaded('strider')).toBe(0);
    expect(await shaded('kwan')).toBe(0);
    // The log explains the roll with its rule id and the entered face.
    await gm.locator('[data-tab="log"]').click();
    const entry = gm.locator('li.entry[data-seq="1"]');
    expect(await entry.textContent()).toContain('physical dice');
    expect(await entry.textContent()).toMatch(/d100 25/);
    await h.shot(gm, 'adnd-surprise-timeline');

    // The ones not surprised declare: each pending figure takes its first attack; the timeline
    // then shows where each attack lands, with the reason (speed factor, surprise...).
    await gm.getByTestId('physical-dice').uncheck();
    await gm.locator('[data-tab="actions"]').click();
    for (let i = 0; i < 4; i++) {
      const cur = await apiGet<EncounterView>(h.base, `/api/encounters/${id}`, token);
      const p = cur.view.pending;
      if (!p || p.figures.length === 0 || p.kind !== 'action') break;
      const opts = gm.locator('[data-testid^="option-"]');
      await opts.first().waitFor();
      const kinds = await opts.evaluateAll((els) => els.map((e) => e.getAttribute('data-option') ?? ''));
      const k = kinds.indexOf('attack');
      await gm.getByTestId(`do-${k >= 0 ? k : kinds.length - 1}`).click();
      await waitForLog(gm, cur.view.seq + 1);
    }
    const coming = gm.locator('.seg-act.future');
    await expect.poll(() => coming.count()).toBeGreaterThan(0);
    // The timing's ledger comes with the step's report (explain's schedule); under load the
    // cells drawn from the state alone come first.
    await expect.poll(() => coming.first().getAttribute('title'), { timeout: ACTION_MS }).toMatch(/segment \d+ \(.*\[R-A/);
    await h.shot(gm, 'adnd-declared-attacks');

    // At 390 px the timeline still fits the screen (it scrolls inside its own box).
    const { page: phone } = await h.page(PHONE);
    await openGmTable(phone, id, token);
    await phone.getByTestId('segments').first().waitFor();
    expect(await pageOverflow(phone)).toBeLessThanOrEqual(0);
    await h.shot(phone, 'adnd-timeline-390');

    expect(h.errors).toEqual([]);
  });

  it('while the step\'s report is on its way the header counts rounds from the state (it read "round 0") and the panel says the options are coming', async () => {
    const { page: gm } = await atTable(h, 'adnd/surprise', { begin: true });
    await expect.poll(() => gm.getByTestId('clock').textContent()).toMatch(/^round 1/);
    // The explain reports of the next steps are held back: the clock has only the state.
    const held: { continue(): Promise<void> }[] = [];
    await gm.route('**/api/encounters/*/explain', (route) => void held.push(route));
    await gm.getByTestId('auto-play').click();
    await expect.poll(() => logCount(gm), { timeout: ACTION_MS }).toBe(2);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await gm.getByTestId('clock').textContent()).toMatch(/^round 1( · segment \d+)? · declare$/);
    // The options are on their way: the panel says so (it said "No options now.").
    const panel = gm.getByTestId('actions');
    expect(await panel.textContent()).toContain('Working out the options…');
    expect(await panel.textContent()).not.toContain('No options now');
    for (const r of held) await r.continue();
    await gm.unroute('**/api/encounters/*/explain');
    await gm.getByTestId('option-0').waitFor();
    expect(await panel.textContent()).not.toContain('Working out the options');
    expect(h.errors).toEqual([]);
  });

  it('with no map the timeline shows once, in the left pane, not again in the Combatants tab; on a phone too, above the tabs', async () => {
    const { page: gm, id, token } = await atTable(h, 'adnd/surprise', { size: { width: 1280, height: 820 }, begin: true, tab: 'status' });
    await gm.getByTestId('status').waitFor();
    expect(await gm.locator('.map-pane [data-testid="segments"]').count()).toBe(1);
    expect(await gm.getByTestId('segments').count()).toBe(1);
    await h.shot(gm, 'adnd-combatants');
    // A phone stacks the left pane above the tabs: the timeline is there, on the screen, once.
    const { page: phone } = await h.page(PHONE);
    await openGmTable(phone, id, token);
    await phone.locator('[data-tab="status"]').click();
    await phone.getByTestId('status').waitFor();
    expect(await phone.getByTestId('segments').count()).toBe(1);
    expect(await phone.getByTestId('segments').isVisible()).toBe(true);
    await h.shot(phone, 'adnd-combatants-390');
    expect(h.errors).toEqual([]);
  });

  it("the AC opens its ledger by keyboard (each entry's source, delta and rule; its reasons were a tooltip only), closed at first and closing again; on a phone too, within the screen", async () => {
    const { page: gm, id, token } = await atTable(h, 'adnd/surprise', { size: { width: 1280, height: 820 } });
    await gm.locator('body').click({ position: { x: 1, y: 1 } });
    // s opens the Combatants tab; Tab walks into it, to Pip's AC.
    await gm.keyboard.press('s');
    await gm.getByTestId('status').waitFor();
    const ledger = gm.locator('[data-ac-ledger="pip"]');
    expect(await ledger.isVisible()).toBe(false);
    expect(await gm.locator('[data-ac-ledger]:visible').count()).toBe(0);
    const button = gm.locator('[data-ac="pip"]');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    const seen: string[] = [];
    for (let i = 0; i < 60 && !(await button.evaluate((b) => b === document.activeElement)); i++) {
      await gm.keyboard.press('Tab');
      seen.push(await gm.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''));
    }
    expect(await button.evaluate((b) => b === document.activeElement), seen.join(' | ')).toBe(true);
    // Its name says what it opens (the AC alone was a bare number).
    expect(await button.getAttribute('aria-label')).toBe("Ledger: Pip's AC 5");
    const selectedRows = () => gm.locator('.roster tr.sel').count();
    const rowsBefore = await selectedRows();

    await gm.keyboard.press('Enter');
    await ledger.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await button.getAttribute('aria-controls')).toBe(await ledger.getAttribute('id'));
    // AC 7, dexterity 17 (R-A4): each entry with its source, delta and rule, then the total.
    const rows = await ledger.locator('tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()).join(' | ')));
    expect(rows).toEqual(['7 | armour class 7 | adnd-phb', '−2 | dexterity 17 AC adjustment | R-A4', '= 5 | ']);
    // Reading why is not picking the figure; the focus stays on the button; the others stay closed.
    expect(await selectedRows()).toBe(rowsBefore);
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await gm.locator('[data-ac-ledger]:visible').count()).toBe(1);
    await h.shot(gm, 'adnd-ac-ledger');
    await gm.keyboard.press('Enter');
    await expect.poll(() => ledger.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await gm.keyboard.press(' ');
    await ledger.waitFor();

    // At 390 px the open ledger fits the screen.
    const { page: phone } = await h.page(PHONE);
    await openGmTable(phone, id, token);
    await phone.locator('[data-tab="status"]').click();
    await phone.locator('[data-ac="pip"]').click();
    await phone.locator('[data-ac-ledger="pip"]').waitFor();
    await phone.locator('[data-ac-ledger="pip"]').scrollIntoViewIfNeeded();
    expect(await pageOverflow(phone)).toBeLessThanOrEqual(0);
    await h.shot(phone, 'adnd-ac-ledger-390');
    expect(h.errors).toEqual([]);
  });

  it('the last lines of the timeline scroll clear of the floating dice tray (they stayed under it)', async () => {
    const { page: gm, id, token } = await atTable(h, 'adnd/surprise', { size: { width: 1280, height: 640 } });
    // The engine plays a dozen steps: the narration under the grid outgrows the pane.
    for (let i = 0; i < 12; i++) {
      const v = await apiGet<EncounterView>(h.base, `/api/encounters/${id}`, token);
      if (!v.view.pending || v.view.over) break;
      await gm.getByTestId(v.view.pending.figures.length === 0 ? 'system-step' : 'auto-play').click();
      await waitForLog(gm, v.view.seq + 1);
    }
    const tray = gm.getByTestId('dice-tray');
    await tray.waitFor();
    const seen = await gm.evaluate(() => {
      const pane = document.querySelector('.map-pane > .segments') as HTMLElement;
      pane.scrollTop = pane.scrollHeight;
      const lines = pane.querySelectorAll('.seg-legend li');
      const t = document.querySelector('[data-testid="dice-tray"]')!.getBoundingClientRect();
      return { outgrown: pane.scrollHeight > pane.clientHeight, lastBottom: lines[lines.length - 1].getBoundingClientRect().bottom, trayTop: t.top };
    });
    expect(seen.outgrown).toBe(true);
    expect(seen.lastBottom).toBeLessThanOrEqual(seen.trayTop);
    expect(h.errors).toEqual([]);
  });
});

describe('the end of an AD&D fight', () => {
  it("when the figure whose decision it is falls and the fight ends, the action panel leaves it for a standing winner and says who won (it stayed on the dead ogre, 'No options now')", async () => {
    // Begun; the engine declares for Frito and Rocky: the ogre is left to declare, on the panel.
    const { page: gm, id, token, api: { view } } = await atTable(h, 'adnd/frito-and-rocky', { begin: true });
    const panel = gm.getByTestId('actions');
    for (const who of ['frito', 'rocky']) {
      await expect.poll(async () => (await view()).view.pending?.figures[0]).toBe(who);
      await expect.poll(() => panel.locator('h3').textContent()).toBe(who === 'frito' ? 'Frito the Fighter' : 'Rocky the Ranger');
      await gm.getByTestId('auto-play').click();
    }
    await expect.poll(async () => (await view()).view.pending?.figures).toEqual(['ogre']);
    await expect.poll(() => panel.locator('h3').textContent()).toBe('Ogre');
    // A rock falls on the ogre (the GM's adjustment): it is down and the heroes have won.
    expect((await rawCommand(h.base, id, token, { type: 'adjust', figure: 'ogre', damage: 40, reason: 'a falling rock' })).status).toBe(200);
    await gm.getByTestId('banner').filter({ hasText: 'The fight is over: heroes won.' }).waitFor();
    expect((await view()).view.over).toBe(true);
    await expect.poll(() => panel.locator('h3').textContent()).toBe('Frito the Fighter');
    expect(await gm.getByTestId('turn-line').textContent()).toBe('The fight is over: heroes won.');
    expect(await panel.textContent()).not.toContain('Ogre');
    expect(h.errors).toEqual([]);
  });
});
