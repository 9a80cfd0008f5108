// Rough edges of the table that GMs and players hit: a refusal's toast covered the foot of the
// Actions panel for 9 s (now under the panel, in the flow, until dismissed by its button or
// Escape; on a phone at the foot of the screen), a long log heading pushed "rewind here"
// onto a line of its own, and long figure names widened a phone's page (the log's filter, the
// Share tab's note form).
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PHONE, ROOT, encounterApi, fileHarness, openGmTable, pageOverflow, rawCommand } from './harness.ts';

const h = fileHarness();

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = async (l: Locator): Promise<Box> => (await l.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };

/** The duel with long names (a table's "Sir Bartholomew…"), played to its first move phase by the API; its id, GM token and the mover. */
async function longNamedDuel(): Promise<{ id: string; token: string; mover: string; other: string }> {
  const scenario = parse(readFileSync(`${ROOT}/examples/tft/duel.yaml`, 'utf8')) as { figures: { id: string; name: string }[] };
  scenario.figures[0].name = 'Sir Bartholomew the Unyielding of the Northern March';
  scenario.figures[1].name = 'Cedric Longshanks, Warden of the Ford';
  const r = await fetch(`${h.base}/api/encounters`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario }) });
  const { encounter, gm } = (await r.json()) as { encounter: { id: string }; gm: { token: string } };
  const { view } = encounterApi(h.base, encounter.id, gm.token);
  expect((await rawCommand(h.base, encounter.id, gm.token, { type: 'begin' })).status).toBe(200);
  const chooser = (await view()).view.pending!.figures[0];
  expect((await rawCommand(h.base, encounter.id, gm.token, { type: 'initiative', figure: chooser, choice: 'first' })).status).toBe(200);
  const mover = (await view()).view.pending!.figures[0];
  return { id: encounter.id, token: gm.token, mover, other: mover === 'bjorn' ? 'cedric' : 'bjorn' };
}

async function openTable(page: Page, id: string, token: string): Promise<void> {
  await openGmTable(page, id, token);
  await page.getByTestId('move-card').waitFor();
}

/** Drags `from`'s token onto `to`'s: an occupied hex, out of reach, which the page refuses. */
async function dragOnto(page: Page, from: string, to: string): Promise<void> {
  const a = await boxOf(page.getByTestId(`figure-${from}`));
  const b = await boxOf(page.getByTestId(`figure-${to}`));
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
  await page.mouse.up();
}

describe("a refusal's toast", () => {
  it('on the desktop it covers neither the panel nor the map, stays while read, and goes by its button or by Escape; on a phone it is on the screen', async () => {
    const { id, token, mover, other } = await longNamedDuel();
    const { seqIs } = encounterApi(h.base, id, token);
    const { page: gm } = await h.page({ width: 1280, height: 860 });
    await openTable(gm, id, token);

    await dragOnto(gm, mover, other);
    const alert = gm.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/out of reach/);
    // It covers no control: not the panel's body (the Actions under it), not the map.
    const toast = await boxOf(alert);
    expect(overlaps(toast, await boxOf(gm.locator('.tab-body')))).toBe(false);
    expect(overlaps(toast, await boxOf(gm.locator('.map-pane')))).toBe(false);
    expect(toast.y + toast.height).toBeLessThanOrEqual(860);
    await h.shot(gm, 'polish-refusal-1280');
    // The panel stays in use while it is read: the mover stays.
    await gm.getByTestId('stay').click();
    await seqIs(3);
    // Its button dismisses it...
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    expect(await alert.count()).toBe(0);
    // ...and so does Escape.
    await dragOnto(gm, other, mover);
    await alert.waitFor();
    await gm.keyboard.press('Escape');
    expect(await alert.count()).toBe(0);

    // A phone: at the foot of the screen, within it, where the player sees it.
    const { page: phone } = await h.page(PHONE);
    await openTable(phone, id, token);
    await dragOnto(phone, other, mover);
    const onPhone = phone.getByRole('alert');
    await onPhone.waitFor();
    const box = await boxOf(onPhone);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await h.shot(phone, 'polish-refusal-390');
    expect(h.errors).toEqual([]);
  });
});

describe('the log', () => {
  it('keeps a long heading and its "rewind here" on one row, the heading wrapping in its own box with its words in its title, at 1280 and 390 px', async () => {
    const { id, token } = await longNamedDuel();
    for (const size of [{ width: 1280, height: 860 }, PHONE]) {
      const { page: gm } = await h.page(size);
      await openTable(gm, id, token);
      await gm.locator('[data-tab="log"]').click();
      const entry = gm.locator('li.entry[data-seq="2"]');
      const heading = entry.locator('.entry-head > button.linkish');
      const rewind = entry.getByTestId('rewind-2');
      await rewind.waitFor();
      const head = await boxOf(heading);
      const button = await boxOf(rewind);
      // On the heading's row: beside it, level with it, not under it.
      expect(button.y).toBeLessThan(head.y + head.height);
      expect(button.y + button.height).toBeGreaterThan(head.y);
      expect(button.x).toBeGreaterThanOrEqual(head.x + head.width);
      expect(await heading.getAttribute('title')).toBe(await heading.textContent());
      expect(await heading.textContent()).toMatch(/^initiative: (Sir Bartholomew|Cedric Longshanks)/);
      await h.shot(gm, `polish-log-${size.width}`);
    }
    expect(h.errors).toEqual([]);
  });

  it("at 390 px long figure names in its filter do not widen the page (the select grew to the longest name and the page scrolled sideways)", async () => {
    const { id, token } = await longNamedDuel();
    const { page: phone } = await h.page(PHONE);
    await openTable(phone, id, token);
    await phone.locator('[data-tab="log"]').click();
    await phone.getByTestId('rewind-2').waitFor();
    expect(await pageOverflow(phone)).toBeLessThanOrEqual(0);
    const filter = phone.getByLabel('Filter the log by figure');
    const box = await boxOf(filter);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // The names are whole in its list.
    expect(await filter.locator('option').allTextContents()).toContain('Sir Bartholomew the Unyielding of the Northern March');
    expect(h.errors).toEqual([]);
  });
});

describe('the Share tab', () => {
  it("at 390 px long figure names in its note form's list do not widen the page (the select grew to the longest name and the page scrolled sideways)", async () => {
    const { id, token } = await longNamedDuel();
    const { page: phone } = await h.page(PHONE);
    await openTable(phone, id, token);
    await phone.locator('[data-tab="share"]').click();
    const about = phone.getByLabel('What the note is about');
    await about.waitFor();
    expect(await pageOverflow(phone)).toBeLessThanOrEqual(0);
    const box = await boxOf(about);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // The names are whole in its list.
    expect(await about.locator('option').allTextContents()).toContain('Sir Bartholomew the Unyielding of the Northern March');
    await about.scrollIntoViewIfNeeded();
    await h.shot(phone, 'polish-share-notes-390');
    expect(h.errors).toEqual([]);
  });
});
