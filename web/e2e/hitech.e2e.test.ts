// HiTech at the table (seed f04d4dae): megahexes on the map (R-H1), firearms with a choice of
// burst per target, each with its rounds and the distribution of hits (R-H10), grenades aimed
// at a hex picked on the map with the blast rings drawn (R-H12). The GM lets the engine play
// until a gunner must act, then fires a burst; the log explains it.
import { describe, expect, it } from 'vitest';
import type { EncounterView } from '../../src/server/protocol.ts';
import { PHONE, apiGet, atTable, fileHarness, waitForLog } from './harness.ts';

const h = fileHarness();

describe('HiTech firefight', () => {
  it('shows megahexes, burst choices with odds and grenade blast rings; fires a burst', async () => {
    const { page: gm, id, token } = await atTable(h, 'tft/hitech-firefight', { size: { width: 1280, height: 860 } });
    // R-H1: the megahex overlay is on for HiTech encounters.
    await expect.poll(() => gm.locator('polygon.hex.mh-0, polygon.hex.mh-1, polygon.hex.mh-2').count()).toBeGreaterThan(0);

    // The engine plays (script or AI) until one of the pending figures may fire.
    let bursts = -1;
    for (let i = 0; i < 40 && bursts < 0; i++) {
      const v = await apiGet<EncounterView>(h.base, `/api/encounters/${id}`, token);
      const p = v.view.pending;
      if (!p) throw new Error('the fight ended before anyone fired');
      if (p.kind === 'action' && p.figures.length > 0) {
        await gm.getByTestId(`figure-${p.figures[0]}`).click();
        await gm.locator('[data-testid^="option-"]').first().waitFor();
        const counts = await gm.locator('[data-testid^="option-"]').evaluateAll((els) => els.map((e) => e.querySelectorAll('.choices li').length));
        const kinds = await gm.locator('[data-testid^="option-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-option')));
        bursts = kinds.findIndex((k, j) => k === 'fire' && counts[j] > 1);
        if (bursts >= 0) break;
      }
      await gm.keyboard.press(p.figures.length === 0 ? 'b' : 'p');
      await waitForLog(gm, v.view.seq + 1);
    }
    expect(bursts).toBeGreaterThanOrEqual(0);
    const card = gm.getByTestId(`option-${bursts}`);
    const choiceText = await card.locator('.choices').textContent();
    expect(choiceText).toMatch(/single/);
    expect(choiceText).toMatch(/hits: 0: \d+\.\d% · 1: \d+\.\d%/);
    await card.locator('button.expand').click();
    // Each burst's adjDX has its ledger, the autofire bonus in it (R-H10); the ▸ said "No modifiers."
    const detail = card.locator('.option-detail');
    await expect.poll(() => detail.locator('caption').allTextContents()).toContain('four (4 rounds): adjDX');
    expect(await detail.textContent()).toMatch(/autofire bonus, 4-shot burst\s*R-H10/);
    // A burst's adjDX chip opens that ledger too (it was a plain label).
    expect(await card.locator('.choices li').first().locator('[data-odds="adjDX"]').evaluate((c) => c.tagName)).toBe('BUTTON');

    // A grenade, if this figure carries one: pick the hex on the map; the rings show.
    const kinds = await gm.locator('[data-testid^="option-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-option')));
    const g = kinds.indexOf('throw-grenade');
    if (g >= 0) {
      await gm.getByTestId(`do-${g}`).click();
      const target = gm.locator('.hl-pick').first();
      await target.hover({ force: true });
      await expect.poll(() => gm.locator('.hl-blast1').count()).toBe(6);
      expect(await gm.locator('.hl-blast2').count()).toBe(12);
      expect(await gm.getByTestId(`option-${g}`).locator('.hint').textContent()).toMatch(/^This hex: adjDX \d+ \(\d+ DX [^)]*thrown[^)]*\); hit \d/);
    }
    await h.shot(gm, 'hitech-bursts-and-grenade');
    if (g >= 0) await gm.keyboard.press('Escape');

    // Fire the four-round burst (or the first choice): the log shows the fire event.
    const before = (await apiGet<EncounterView>(h.base, `/api/encounters/${id}`, token)).view.seq;
    const choices = card.locator('.choices li');
    const texts = await choices.allTextContents();
    const pick = Math.max(0, texts.findIndex((t) => /^four/.test(t)));
    await choices.nth(pick).getByRole('button', { name: 'Do it' }).click();
    await waitForLog(gm, before + 1);
    const after = await apiGet<{ entries: { command: { type: string; burst?: string } }[] }>(h.base, `/api/encounters/${id}/log?from=${before}`, token);
    expect(after.entries[0].command.type).toBe('fire');
    await gm.locator('[data-tab="log"]').click();
    await h.shot(gm, 'hitech-log');
    expect(h.errors).toEqual([]);
  });
});

describe('reasons in the action panel', () => {
  it("the grenade's score chip opens what it means by keyboard (it was a tooltip)", async () => {
    const { page: gm, id, token } = await atTable(h, 'tft/hitech-firefight', { size: PHONE });

    // The engine plays until a pending figure may both fire bursts and throw a grenade.
    type Report = { figures: { id: string; options?: { kind?: string; command?: { type?: string; burst?: string } }[] }[] };
    let actor: string | null = null;
    for (let i = 0; i < 40 && actor === null; i++) {
      const v = await apiGet<EncounterView>(h.base, `/api/encounters/${id}`, token);
      const p = v.view.pending;
      if (!p) throw new Error('the fight ended before anyone could throw');
      if (p.kind === 'action') {
        const { report } = await apiGet<{ report: Report }>(h.base, `/api/encounters/${id}/explain`, token);
        const can = (f: Report['figures'][number]) =>
          f.options?.some((o) => o.command?.type === 'throw-grenade') && f.options.some((o) => o.command?.type === 'fire' && o.command.burst !== undefined && o.command.burst !== 'single');
        actor = report.figures.find((f) => p.figures.includes(f.id) && can(f))?.id ?? null;
        if (actor !== null) break;
      }
      await gm.keyboard.press(p.figures.length === 0 ? 'b' : 'p');
      await waitForLog(gm, v.view.seq + 1);
    }
    expect(actor).not.toBeNull();
    await gm.getByTestId(`figure-${actor}`).click({ force: true });

    // The score chip: Tab reaches it from its option's ledger button; Enter opens its words under it.
    const grenade = gm.locator('li.option[data-option="throw-grenade"]').first();
    const chip = grenade.locator('[data-odds="score"]');
    expect(await chip.getAttribute('title')).toBeNull();
    expect(await chip.getAttribute('aria-expanded')).toBe('false');
    const why = gm.locator(`[id="${await chip.getAttribute('aria-controls')}"]`);
    expect(await why.isVisible()).toBe(false);
    await grenade.locator('button.expand').focus();
    await gm.keyboard.press('Tab');
    expect(await chip.evaluate((c) => c === document.activeElement)).toBe(true);
    await gm.keyboard.press('Enter');
    await expect.poll(() => chip.getAttribute('aria-expanded')).toBe('true');
    expect(await why.isVisible()).toBe(true);
    expect(await why.textContent()).toBe('expected damage to foes minus twice the expected damage to friends and the thrower');
    // Enter on the chip opened it and did nothing else: no hex is armed, no command sent.
    expect(await grenade.locator('.hint').count()).toBe(0);
    await h.shot(gm, 'hitech-reasons-phone');
    expect(h.errors).toEqual([]);
  });
});
