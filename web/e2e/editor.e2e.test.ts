// The scenario editor builds both systems with their rules options (read from the scenario
// schemas): an AD&D encounter (a fighter and an ogre, death at -10) with its checks next to the
// fields, opened at the table with its combatants; and, on a phone, a TFT fight with Hanging by
// a Thread off and the classic ruleset, which the engine's state then holds.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { EncounterView } from '../../src/server/protocol.ts';
import { apiGet, fileHarness, tokenOf } from './harness.ts';

const h = fileHarness();

/** The field labelled exactly `label` in `scope` (a label also holds its messages and options). */
const field = (scope: Locator | Page, label: string): Locator => {
  const page = 'page' in scope ? scope.page() : scope;
  return scope.locator('label.field').filter({ has: page.locator('.field-label').getByText(label, { exact: true }) });
};
const control = (scope: Locator | Page, label: string): Locator => field(scope, label).locator('input, select').first();
const idOf = (page: Page) => decodeURIComponent(/\/table\/([^/#?]+)/.exec(page.url())![1]);

describe('the scenario editor', () => {
  it('builds an AD&D encounter (a fighter and an ogre, death at -10) with its checks by the fields, and the table opens with the combatants', async () => {
    const { page } = await h.page({ width: 1280, height: 900 });
    await page.goto('/');
    await page.getByRole('tab', { name: 'Build one' }).click();
    await control(page, 'System').selectOption('adnd');
    // The AD&D options from the schema, each default chosen; no map.
    expect(await control(page, 'deathAt').inputValue()).toBe('0');
    expect(await control(page, 'maxRounds').inputValue()).toBe('100');
    expect(await field(page, 'Map width').count()).toBe(0);
    await control(page, 'Name').fill('Ogre at the ford');
    await control(page, 'deathAt').selectOption({ label: '-10' });

    const [gorm, ogre] = [page.locator('fieldset.fig-edit').nth(0), page.locator('fieldset.fig-edit').nth(1)];
    expect(await control(gorm, 'Class').inputValue()).toBe('fighter');
    await control(gorm, 'hp').fill('30');
    await control(gorm, 'Max hp').fill('25');
    await control(gorm, 'Level').fill('41');
    // A weapon without proficiency is a note, not an error: the class's penalty applies.
    await gorm.getByRole('checkbox', { name: 'long sword' }).uncheck();
    expect(await gorm.locator('.field-note').textContent()).toBe('not proficient with long sword: -2 to hit (fighter, R-A4)');
    await gorm.getByRole('checkbox', { name: 'long sword' }).check();
    expect(await gorm.locator('.field-note').count()).toBe(0);

    await control(ogre, 'Name').fill('Ogre');
    await control(ogre, 'Hit dice').fill('4+1');
    await control(ogre, 'Size').selectOption('L');
    await control(ogre, 'hp').fill('27');
    await control(ogre, 'AC').fill('5');
    await control(ogre, 'Weapons').selectOption(['club']);
    await page.getByRole('button', { name: 'Open the table' }).click();
    await expect.poll(() => field(gorm, 'hp').locator('.field-error').textContent()).toMatch(/30 is more than maxHp 25/);
    expect(await field(gorm, 'Level').locator('.field-error').textContent()).toBe('a whole number from 0 to 40');
    expect(page.url()).not.toMatch(/\/table\//);
    await h.shot(page, 'editor-adnd');

    await control(gorm, 'Max hp').fill('');
    await control(gorm, 'hp').fill('24');
    await control(gorm, 'Level').fill('3');
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/table\//);
    await expect.poll(() => page.getByTestId('role').textContent()).toBe('gm');
    await page.locator('[data-tab="status"]').click();
    await expect.poll(() => page.locator('[data-roster]').count()).toBe(2);
    expect(await page.locator('[data-roster="gorm"]').textContent()).toMatch(/Gorm.*24\/24/);
    expect(await page.locator('[data-roster="ogre"]').textContent()).toMatch(/Ogre.*27\/27/);
    const v = await apiGet<EncounterView>(h.base, `/api/encounters/${encodeURIComponent(idOf(page))}`, tokenOf(page));
    const state = v.view.state as { system: string; options: { deathAt: number }; figures: { id: string; monster: boolean; size: string; proficiencies: Record<string, number> }[] };
    expect([state.system, state.options.deathAt]).toEqual(['adnd', -10]);
    expect(state.figures.map((f) => [f.id, f.monster, f.size, f.proficiencies])).toEqual([
      ['gorm', false, 'M', { longsword: 1 }],
      ['ogre', true, 'L', {}],
    ]);
    expect(h.errors).toEqual([]);
  });

  it('builds a TFT fight on a phone with Hanging by a Thread off and the classic ruleset; the table runs under them', async () => {
    const { page } = await h.page({ width: 390, height: 844, mobile: true });
    await page.goto('/');
    await page.getByRole('tab', { name: 'Build one' }).click();
    expect(await control(page, 'System').inputValue()).toBe('tft');
    expect(await control(page, 'thread').inputValue()).toBe('0');
    await control(page, 'thread').selectOption({ label: 'off' });
    await control(page, 'ruleset').selectOption({ label: 'classic' });
    await control(page, 'Name').fill('Classic duel');
    for (const i of [0, 1]) await control(page.locator('fieldset.fig-edit').nth(i), 'Weapons').selectOption(['broadsword']);
    // At 390 px every field of the options and the figures is within the screen's width.
    for (const loc of [control(page, 'heSplash'), control(page.locator('fieldset.fig-edit').nth(1), 'Facing')]) {
      const box = (await loc.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await page.locator('fieldset.options-edit').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await h.shot(page, 'editor-tft-options-390');
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/table\//);
    await expect.poll(() => page.getByTestId('role').textContent()).toBe('gm');
    expect(await page.locator('[data-testid^="figure-"]').count()).toBe(2);
    const v = await apiGet<EncounterView>(h.base, `/api/encounters/${encodeURIComponent(idOf(page))}`, tokenOf(page));
    const options = (v.view.state as { options: Record<string, unknown> }).options;
    expect(options).toMatchObject({ thread: 'off', ruleset: 'classic', sweep: 'new', hitech: false });
    expect(h.errors).toEqual([]);
  });
});
