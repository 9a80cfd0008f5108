// Gaps a table night found: the phone's Log tab keeps the tab bar in sight; the dice tray names
// each roller by name ("Doc's attack": a token beside the verb read "Do attack") and says what a
// roll-off and an initiative roll are; nothing on a phone's table is wider than the screen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PHONE, ROOT, atTable, fileHarness, logCount, openSeat, pageOverflow, tableLink, waitForLog } from './harness.ts';

const h = fileHarness();

/** The GM's engine plays `n` steps (the system steps by b, each decision by p). */
async function play(gm: Page, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const before = await logCount(gm);
    await gm.keyboard.press((await gm.getByTestId('system-step').count()) > 0 ? 'b' : 'p');
    await waitForLog(gm, before + 1);
  }
}

describe('the Log tab on a phone', () => {
  it('opens with the tab bar in sight under the header (the page scrolled to the last entry, the tabs under the header)', async () => {
    const { page } = await atTable(h, 'tft/hitech-firefight', { size: PHONE, begin: true });
    await play(page, 14);
    const tabs = page.locator('.side-pane [role="tablist"]');
    // The reader scrolls the tabs up to just under the header, then opens the log.
    await page.evaluate(() => {
      const t = document.querySelector('.side-pane [role="tablist"]')!.getBoundingClientRect();
      const head = document.querySelector('header.topbar')!.getBoundingClientRect();
      window.scrollBy(0, t.top - head.bottom);
    });
    await page.locator('[data-tab="log"]').click();
    // Every step, and the scenario's start.
    await expect.poll(() => page.locator('li.entry').count()).toBe((await logCount(page)) + 1);
    // Two frames: an effect's scroll has run by then.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const seen = await page.evaluate(() => ({
      tabsTop: document.querySelector('.side-pane [role="tablist"]')!.getBoundingClientRect().top,
      headBottom: document.querySelector('header.topbar')!.getBoundingClientRect().bottom,
      lastTop: document.querySelector('li.entry:last-child')!.getBoundingClientRect().top,
    }));
    // The log is longer than the screen (else nothing had to scroll), and the tabs are in sight.
    expect(seen.tabsTop).toBeGreaterThanOrEqual(seen.headBottom - 1);
    expect(seen.lastTop).toBeGreaterThan(844);
    expect(await tabs.isVisible()).toBe(true);
    // Reading on to the end, the next step is followed there.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(h.errors).toEqual([]);
  });
});

describe('the dice tray on a map', () => {
  it("names each roller by name, and a roll-off as one ('Blue rifleman's roll-off': tokens alone, 'BR roll' read as words)", async () => {
    const { page: gm, api } = await atTable(h, 'tft/hitech-firefight', { size: { width: 1280, height: 860 }, begin: true });
    const labels = gm.getByTestId('dice-tray').locator('.dice-group .dice-label');
    // The initiative: each side's roll says it is the initiative.
    await expect.poll(() => labels.allTextContents()).toEqual(['Red squad initiative', 'Blue squad initiative']);
    // The riflemen tie on adjDX 13: the action order rolls them off once both sides have moved.
    for (let i = 0; i < 12 && !(await labels.allTextContents()).some((l) => l.includes('roll-off')); i++) await play(gm, 1);
    const names = ((await api.view()).view.state as { figures: { name: string }[] }).figures.map((f) => f.name);
    const rollOffs = (await labels.allTextContents()).filter((l) => l.includes('roll-off'));
    expect(rollOffs.length).toBeGreaterThanOrEqual(2);
    for (const l of rollOffs) expect(names.map((n) => `${n}'s roll-off`)).toContain(l);
    // Said with the names in full too.
    expect(await gm.getByTestId('dice-tray').locator('.sr-only').textContent()).toMatch(/(Red|Blue) rifleman's roll-off: \d/);
    expect(h.errors).toEqual([]);
  });
});

describe('a phone at the table', () => {
  it('is no wider than the screen with a one-word long name, on every tab, TFT map and AD&D timeline (the column grew to the name, the map with it)', async () => {
    for (const example of ['tft/duel', 'adnd/frito-and-rocky']) {
      const scenario = parse(readFileSync(join(ROOT, 'examples', `${example}.yaml`), 'utf8'));
      scenario.figures[0].name = 'Sir_Bartholomew_the_Unyielding_of_the_Northern_Marches';
      const r = await fetch(`${h.base}/api/encounters`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario }) });
      expect(r.status).toBe(201);
      const { encounter, gm } = (await r.json()) as { encounter: { id: string }; gm: { token: string } };
      const { page } = await h.page(PHONE);
      await openSeat(page, tableLink(encounter.id, gm.token), 'gm');
      await play(page, 3);
      for (const tab of ['actions', 'status', 'log', 'share']) {
        await page.locator(`[data-tab="${tab}"]`).click();
        await page.locator(`[data-tab="${tab}"][aria-selected="true"]`).waitFor();
        expect(await pageOverflow(page), `${example}, ${tab}`).toBeLessThanOrEqual(0);
      }
    }
    expect(h.errors).toEqual([]);
  });
});
