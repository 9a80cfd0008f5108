// The TFT editor's map: a GM paints a wall line and rough ground by clicking hexes, water with the
// map's keyboard cursor, places both figures by clicking (a figure on a wall is refused at its
// hex field), and the table opens on that terrain with the figures where they were put; on a
// phone the map fits the screen and a tap paints.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, editorControl, editorField, encounterOfPage, fileHarness, openEditor, pageOverflow } from './harness.ts';

const h = fileHarness();

const hex = (page: Page, q: number, r: number) => page.locator(`.map-edit [data-hex="${q},${r}"]`);
const kindAt = async (page: Page, q: number, r: number) => /t-(\w+)/.exec((await hex(page, q, r).getAttribute('class')) ?? '')?.[1] ?? null;

describe("the TFT editor's map", () => {
  it('paints a wall line, rough ground and water, places two figures by clicking, and the table opens on that map with them there', async () => {
    const page = await openEditor(h, { width: 1280, height: 900 });
    await editorControl(page, 'Name').fill('Wall fight');
    await editorControl(page, 'Map width').fill('10');
    await editorControl(page, 'Map height').fill('7');
    await expect.poll(() => page.locator('.map-edit [data-hex]').count()).toBe(70);

    // A wall down the sixth column (odd-r: row r's column c is q = c - floor(r / 2)).
    const wall = [
      [6, 1],
      [5, 2],
      [5, 3],
      [4, 4],
      [4, 5],
    ];
    await page.getByRole('radio', { name: 'Wall' }).check();
    for (const [q, r] of wall) await hex(page, q, r).click();
    // Rough ground; a second click with the same kind clears the hex.
    await page.getByRole('radio', { name: 'Rough' }).check();
    for (const [q, r] of [
      [0, 5],
      [1, 5],
      [2, 5],
      [2, 5],
    ])
      await hex(page, q, r).click();
    expect(await Promise.all([kindAt(page, 6, 1), kindAt(page, 1, 5), kindAt(page, 2, 5)])).toEqual(['wall', 'rough', null]);
    // Water by keyboard: the radio by arrow key, the map's cursor from its first hex, Enter paints.
    await page.getByRole('radio', { name: 'Rough' }).press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'Water' }).isChecked()).toBe(true);
    await page.getByTestId('hexmap').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    expect(await kindAt(page, 1, 0)).toBe('water');

    // The foe put on the wall is refused at its hex field, as the server would; then moved off it.
    const [hero, foe] = [page.locator('fieldset.fig-edit').nth(0), page.locator('fieldset.fig-edit').nth(1)];
    await page.getByRole('radio', { name: 'Place figure 2 (Foe 1)' }).check();
    await hex(page, 5, 2).click();
    await page.getByRole('button', { name: 'Open the table' }).click();
    await expect.poll(() => editorField(foe, 'q').locator('.field-error').textContent()).toBe('hex 5,2 is a wall');
    await hex(page, 6, 3).click();
    await page.getByRole('radio', { name: 'Place figure 1 (Hero)' }).check();
    await hex(page, 1, 2).click();
    expect(await Promise.all([editorControl(hero, 'q').inputValue(), editorControl(hero, 'r').inputValue(), editorControl(foe, 'q').inputValue(), editorControl(foe, 'r').inputValue()])).toEqual(['1', '2', '6', '3']);
    expect(await editorField(foe, 'q').locator('.field-error').count()).toBe(0);
    await page.locator('.map-edit').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await h.shot(page, 'editor-map');

    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/table\//);
    await expect.poll(() => page.getByTestId('role').textContent()).toBe('gm');
    const v = await encounterOfPage(h, page);
    const state = v.view.state as { map: { width: number; height: number; terrain: { q: number; r: number; kind: string }[] }; figures: { id: string; pos: { q: number; r: number } }[] };
    expect([state.map.width, state.map.height]).toEqual([10, 7]);
    expect(state.map.terrain).toEqual([
      { q: 1, r: 0, kind: 'water' },
      { q: 6, r: 1, kind: 'wall' },
      { q: 5, r: 2, kind: 'wall' },
      { q: 5, r: 3, kind: 'wall' },
      { q: 4, r: 4, kind: 'wall' },
      { q: 0, r: 5, kind: 'rough' },
      { q: 1, r: 5, kind: 'rough' },
      { q: 4, r: 5, kind: 'wall' },
    ]);
    expect(state.figures.map((f) => [f.id, f.pos.q, f.pos.r])).toEqual([
      ['hero', 1, 2],
      ['foe-1', 6, 3],
    ]);
    // The table draws that terrain.
    expect(await page.locator('[data-hex="5,3"]').getAttribute('class')).toContain('t-wall');
    expect(h.errors).toEqual([]);
  });

  it('fits the map within a phone screen, where a tap paints a hex', async () => {
    const page = await openEditor(h, PHONE);
    const box = (await page.getByTestId('hexmap').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('radio', { name: 'Rough' }).check();
    await hex(page, 3, 5).tap();
    expect(await kindAt(page, 3, 5)).toBe('rough');
    expect(h.errors).toEqual([]);
  });
});
