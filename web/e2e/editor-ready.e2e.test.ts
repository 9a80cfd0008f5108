// The editor's weapon in hand for a TFT figure (the scenario's `ready`). The weapon picker keeps the
// table's order, core weapons before HiTech ones, so a figure with a broadsword and a rifle always
// held the sword: the GM could not put the rifle in hand.
import { describe, expect, it } from 'vitest';
import { editorControl, editorField, encounterOfPage, fileHarness, openEditor } from './harness.ts';

const h = fileHarness();

describe("the editor's weapon in hand", () => {
  it('builds a rifleman with a broadsword and an ACR holding the ACR, and the table shows the ACR in hand', async () => {
    const page = await openEditor(h, { width: 1280, height: 900 });
    await editorControl(page, 'hitech').check();
    await editorControl(page, 'Name').fill('Rifle in hand');
    const rifleman = page.locator('fieldset.fig-edit').nth(0);
    await editorControl(rifleman, 'Name').fill('Rifleman');
    // Picked rifle first: the picker still puts the sword first, and the first is in hand by default.
    await editorControl(rifleman, 'Weapons').selectOption('acr');
    await editorControl(rifleman, 'Weapons').selectOption('broadsword');
    await editorControl(rifleman, 'Talents').selectOption('rifle');
    await expect.poll(() => editorField(rifleman, 'Weapons').locator('[data-picked]').evaluateAll((els) => els.map((e) => e.getAttribute('data-picked')))).toEqual(['broadsword', 'acr']);
    const inHand = editorControl(rifleman, 'In hand');
    expect(await inHand.inputValue()).toBe('broadsword');
    expect(await inHand.locator('option').allTextContents()).toEqual(['Broadsword', 'ACR', 'nothing (draws later)']);
    await inHand.selectOption('acr');
    await inHand.scrollIntoViewIfNeeded();
    await h.shot(page, 'editor-ready');

    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/table\//);
    await page.getByTestId('role').waitFor();
    await page.locator('[data-tab="status"]').click();
    await expect.poll(() => page.locator('.tab-body').textContent(), { timeout: 10_000 }).toMatch(/ACR: [^()]*\(in hand\)/);
    const v = await encounterOfPage(h, page);
    const figs = (v.view.state as { figures: { name: string; ready: string | null; weapons: { uid: string; def: { id: string } }[] }[] }).figures;
    const f = figs.find((x) => x.name === 'Rifleman')!;
    expect(f.weapons.map((w) => w.def.id)).toEqual(['broadsword', 'acr']);
    expect(f.weapons.find((w) => w.uid === f.ready)?.def.id).toBe('acr');
    await h.shot(page, 'editor-ready-table');
    expect(h.errors).toEqual([]);
  });
});
