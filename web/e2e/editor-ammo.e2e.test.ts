// The editor's HiTech firearms: each gun's loaded ammunition (where it has a choice) and its spare
// clips by kind (seed f04d4dae, R-H9, R-H10). The scenario format took them; the editor offered
// neither, so every gun built there carried its standard rounds and the default spare clips.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { editorControl, encounterOfPage, fileHarness, openEditor } from './harness.ts';

const h = fileHarness();

/** A spare-clips input, by the name a screen reader gives it. */
const spare = (scope: Locator, name: string): Locator => scope.getByRole('textbox', { name, exact: true });

describe("the editor's firearms", () => {
  it('builds a rifleman with HE rounds and 2 spare HE clips (and 1 APDS), checks a bad count at its field, and the table shows the ammunition', async () => {
    const page = await openEditor(h, { width: 1280, height: 900 });
    await editorControl(page, 'hitech').check();
    await editorControl(page, 'Name').fill('HE at the wall');
    const [rifleman, foe] = [page.locator('fieldset.fig-edit').nth(0), page.locator('fieldset.fig-edit').nth(1)];
    await editorControl(rifleman, 'Name').fill('Rifleman');
    // A sword has no ammunition: no picker for it.
    await editorControl(foe, 'Weapons').selectOption('broadsword');
    expect(await foe.locator('.field-label', { hasText: 'spare' }).count()).toBe(0);
    await editorControl(rifleman, 'Weapons').selectOption('acr');
    await editorControl(rifleman, 'Talents').selectOption('rifle');
    const ammo = editorControl(rifleman, 'ACR ammunition');
    // The ACR's kinds, its first (slug) loaded by default.
    expect(await ammo.inputValue()).toBe('slug');
    expect(await ammo.locator('option').allTextContents()).toEqual(['slug: 3d', 'he: 2d, explosive', 'apds: 3d, armor-piercing']);
    await ammo.selectOption('he');
    // Blank, a spare field stands for the engine's default: 2 clips of the loaded kind.
    expect(await spare(rifleman, 'ACR: spare he clips').getAttribute('placeholder')).toBe('2');
    expect(await spare(rifleman, 'ACR: spare slug clips').getAttribute('placeholder')).toBe('0');
    await spare(rifleman, 'ACR: spare he clips').fill('two');
    await page.getByRole('button', { name: 'Open the table' }).click();
    await expect.poll(() => spare(rifleman, 'ACR: spare he clips').locator('..').locator('.field-error').textContent()).toBe('a whole number, 0 or more');
    await spare(rifleman, 'ACR: spare he clips').fill('2');
    await spare(rifleman, 'ACR: spare apds clips').fill('1');
    expect(await rifleman.locator('.field-error').count()).toBe(0);
    await ammo.scrollIntoViewIfNeeded();
    await h.shot(page, 'editor-ammo');

    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/table\//);
    await page.getByTestId('role').waitFor();
    await page.locator('[data-tab="status"]').click();
    await expect.poll(() => page.locator('.tab-body').textContent(), { timeout: 10_000 }).toMatch(/ACR: 40\/40 rounds HE; spare clips: 2 HE, 1 APDS; 2 rifle grenades(?!\s*\(carried)/);
    const v = await encounterOfPage(h, page);
    const figs = (v.view.state as { figures: { name: string; weapons: { house: Record<string, unknown> }[] }[] }).figures;
    expect(figs.find((f) => f.name === 'Rifleman')?.weapons[0].house.hitech).toMatchObject({ ammo: 'he', spare: { he: 2, apds: 1 } });
    await h.shot(page, 'editor-ammo-table');
    expect(h.errors).toEqual([]);
  });
});
