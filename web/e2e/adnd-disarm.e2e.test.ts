// An AD&D hit to disarm at the table (seed 3380eb42, R-A9): the foe holds a +3 footman's mace
// (hook or entangle only) and a +1 main gauche (bind), so Sir Hugo's +2 long sword aims at the
// main gauche. The card said "save chance" and "disarm chance" (whose save? what is disarmed?),
// its ledgers "disarm bonus", "disarm need", "disarm save"; every seed id in a ledger broke over
// two lines ("3380eb4" over "2") on a phone and a desktop; once declared, the log's heading said
// "attack", a blow for damage.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, allowGmDice, encounterApi, fileHarness, logCount, openSeat, pageOverflow, tableLink, waitForLog } from './harness.ts';

const h = fileHarness();

const scenario = {
  system: 'adnd',
  name: 'The main gauche',
  figures: [
    { id: 'hugo', name: 'Sir Hugo', side: 'a', class: 'fighter', level: 5, hp: 40, ac: 5, dex: 17, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword', magic: 2 }] },
    {
      id: 'duelist',
      name: 'Duelist',
      side: 'b',
      class: 'fighter',
      level: 1,
      hp: 40,
      ac: 5,
      str: '18/00',
      dex: 17,
      proficiencies: {},
      weapons: [
        { weapon: 'footmans-mace', magic: 3 },
        { weapon: 'main-gauche', magic: 1 },
      ],
      wield: ['footmans-mace', 'main-gauche'],
    },
  ],
};

async function create(): Promise<{ id: string; token: string }> {
  const r = await fetch(`${h.base}/api/encounters`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario }) });
  expect(r.status).toBe(201);
  const { encounter, gm } = (await r.json()) as { encounter: { id: string }; gm: { token: string } };
  return { id: encounter.id, token: gm.token };
}

/** The rule ids of the open ledgers drawn on more than one line (an inline box broken across lines has a rect per line). */
const brokenRuleIds = (page: Page) =>
  page.locator('.option-detail .rule-id').evaluateAll((els) => els.filter((e) => e.getClientRects().length > 1).map((e) => e.textContent));

/** Sir Hugo's hit to disarm, its numbers as chips and its ledgers opened by a tap on "disarmed". */
async function openDisarm(page: Page) {
  const card = page.locator('li.option', { hasText: 'hit to disarm' });
  await card.waitFor();
  expect(await card.locator('.option-label').textContent()).toContain("hit to disarm Duelist's main gauche with long sword (bind)");
  expect(await card.locator('.odds .chip').allTextContents()).toEqual(['hit 40.0%', 'target saves 55.0%', 'disarmed 18.0%']);
  await card.locator('[data-odds="disarmChance"]').click();
  const detail = card.locator('.option-detail');
  await detail.waitFor();
  expect(await detail.locator('caption').allTextContents()).toEqual(['to hit (dexterity and weapon plusses only)', 'needs (to hit AC 0)', "target's save vs petrification adds"]);
  // The save's number needed is in the card's words.
  expect(await detail.textContent()).toContain('then its save vs petrification d20 + 5 vs 15 (55%): disarmed 18%');
  expect(await page.locator('.option-detail .rule-id', { hasText: '3380eb42' }).count()).toBeGreaterThan(0);
  expect(await brokenRuleIds(page)).toEqual([]);
  return card;
}

describe('a hit to disarm at the table (R-A9)', () => {
  it('says whose save and what is disarmed, names its ledgers in words, keeps rule ids whole, and the log says it was a hit to disarm', async () => {
    const { id, token } = await create();
    const { page: gm } = await h.page({ width: 1280, height: 820 });
    await openSeat(gm, tableLink(id, token), 'gm');
    await gm.getByTestId('system-step').click();
    await waitForLog(gm, 1);
    await gm.locator('[data-tab="actions"]').click();
    const card = await openDisarm(gm);
    await h.shot(gm, 'adnd-disarm-card');

    // Declared: the log's heading says a hit to disarm, not "attack".
    const n = await logCount(gm);
    await card.getByRole('button', { name: /^Do it/ }).click();
    await waitForLog(gm, n + 1);
    await gm.locator('[data-tab="log"]').click();
    await expect.poll(() => gm.locator(`li.entry[data-seq="${n + 1}"]`).textContent()).toContain('hit to disarm: Sir Hugo → Duelist');

    // On a phone: the same card, nothing wider than the screen, no rule id broken.
    const { page: phone } = await h.page(PHONE);
    const other = await create();
    await openSeat(phone, tableLink(other.id, other.token), 'gm');
    await phone.getByTestId('system-step').click();
    await waitForLog(phone, 1);
    await phone.locator('[data-tab="actions"]').click();
    const pc = await openDisarm(phone);
    await pc.scrollIntoViewIfNeeded();
    expect(await pageOverflow(phone)).toBeLessThanOrEqual(0);
    await h.shot(phone, 'adnd-disarm-card-390');
    expect(h.errors).toEqual([]);
  });

  it("after the disarm the Combatants tab says which weapon lies on the floor (it said nothing: which of the duelist's two was gone?)", async () => {
    const { id, token } = await create();
    const { page: gm } = await h.page(PHONE);
    await openSeat(gm, tableLink(id, token), 'gm');
    await gm.getByTestId('system-step').click();
    await waitForLog(gm, 1);
    // The GM rolls: no extra attacks (d100 100), the hit to disarm's d20 18 (AC 0 needs 16), the duelist's save d20 5 (needs 15 - 5).
    await allowGmDice(gm);
    await gm.getByTestId('physical-dice').check();
    const doIt = (text: string | RegExp) => gm.locator('li.option', { hasText: text }).first().getByRole('button', { name: /^Do it/ }).click();
    await doIt('hit to disarm');
    await waitForLog(gm, 2);
    const floor = gm.locator('[data-conditions="duelist"]', { hasText: 'main gauche on the floor' });
    const api = encounterApi(h.base, id, token);
    const disarmed = async () => ((await api.view()).view.state as { figures: { id: string; hands: string[] }[] }).figures[1].hands.length === 1;
    for (let i = 0; i < 30 && !(await disarmed()); i++) {
      const dlg = gm.getByRole('dialog', { name: 'Enter a die' });
      if (await dlg.isVisible()) {
        const words = (await dlg.textContent()) ?? '';
        await dlg.locator('input').first().fill(/d100/.test(words) ? '100' : /saving throw/.test(words) ? '5' : /d20/.test(words) ? '18' : '1');
        await dlg.getByRole('button', { name: 'Use it' }).click();
      } else {
        // The duelist waits, and takes the blow without parrying.
        const pass = gm.locator('li.option', { hasText: /take the blows|wait: declare again/ }).first().getByRole('button', { name: /^Do it/ });
        if ((await pass.count()) > 0 && (await pass.isEnabled())) await pass.click();
      }
      await gm.waitForTimeout(400);
    }
    expect(await disarmed()).toBe(true);
    await gm.locator('[data-tab="status"]').click();
    await floor.waitFor();
    // The pill opens why, in words, with its rule.
    await floor.getByText('main gauche on the floor').click();
    await expect.poll(() => floor.textContent()).toMatch(/knocked away by a hit to disarm.*R-A9/);
    await h.shot(gm, 'adnd-disarmed-roster-390');
    expect(await pageOverflow(gm)).toBeLessThanOrEqual(0);
    expect(h.errors).toEqual([]);
  });
});
