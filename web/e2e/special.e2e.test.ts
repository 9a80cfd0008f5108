// The GM's special critical at the table (RULINGS R-A10, seed 3380eb42: a third roll of 20, "use
// your imagination"). The vampire's touch of examples/adnd/vampire.yaml, played by the engine
// with the GM entering every die by hand: the d20s 20 (to hit), 9 (confirmed: 9 <= 9.5) and 20
// (the third roll), then the quiet faces of the engine's tests (every d20 a 2). The GM's page
// asks for an effect and keeps asking; Sir Kay's player reads the log line and no prompt. The
// GM applies an effect from the prompt through Sir Kay's Adjust form, its reason filled in; the
// prompt goes, and it is kept with the encounter on the server (settings.handledSpecials): the
// GM's table opened on another device does not ask again, and a co-GM's open window stops asking
// once the GM notes the effect.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ACTION_MS, type GmTable, PHONE, allowGmDice, atTable, encounterOfPage, fileHarness, joinAsPlayer, logCount, openGmTable, pageOverflow, playerLink, tableIdOf, tokenOf, waitForLog } from './harness.ts';

const h = fileHarness();

/** The engine's quiet faces (src/rules/adnd/testing.ts QUIET) after the queued d20s. */
const QUIET: Record<number, number> = { 20: 2, 100: 100, 10: 1, 8: 1, 6: 1, 4: 1, 12: 1, 2: 1 };

/**
 * Takes the next step from the GM's page (the system step, else "engine plays"), entering each
 * die the server asks for: the next of `d20s` for a d20 while any are left, else QUIET's face.
 * Returns once the step is in the page's log.
 */
async function step(gm: Page, d20s: number[]): Promise<void> {
  const before = await logCount(gm);
  const system = gm.getByTestId('system-step');
  await (await system.isVisible() ? system : gm.getByTestId('auto-play')).click();
  const prompt = gm.getByRole('dialog', { name: 'Enter a die' });
  let until = Date.now() + ACTION_MS;
  while ((await logCount(gm)) <= before) {
    if (Date.now() > until) throw new Error(`step ${before + 1} did not come`);
    if (await prompt.isVisible()) {
      const field = prompt.getByLabel(/^d\d+ face$/);
      const sides = Number((await field.getAttribute('aria-label'))?.replace(/\D+/g, ''));
      const face = sides === 20 && d20s.length > 0 ? d20s.shift()! : (QUIET[sides] ?? 1);
      const index = await prompt.getAttribute('data-index');
      await field.fill(String(face));
      await prompt.getByRole('button', { name: 'Use it' }).click();
      // The next die's prompt (a new index) or none: this face was taken.
      await gm.waitForFunction((i) => document.querySelector('.dice-prompt')?.getAttribute('data-index') !== i, index, { timeout: ACTION_MS });
      until = Date.now() + ACTION_MS;
    } else await gm.waitForTimeout(50);
  }
}

/** The vampire's table, played by the GM with entered dice to the touch's special critical (`first`: done before the fight, as a player joining). */
async function toTheTouch<T>(first: (table: GmTable) => Promise<T>) {
  const table = await atTable(h, 'adnd/vampire', { size: { width: 1280, height: 860 } });
  const before = await first(table);
  const gm = table.page;
  await allowGmDice(gm);
  await gm.getByTestId('physical-dice').check();
  const prompt = gm.getByTestId('special-prompt');
  const d20s = [20, 9, 20];
  for (let i = 0; i < 20 && !(await prompt.isVisible()); i++) {
    expect(await prompt.count()).toBe(0);
    await step(gm, d20s);
  }
  // Every queued die went into the touch, and it asked.
  expect(d20s).toEqual([]);
  await prompt.waitFor({ timeout: ACTION_MS });
  return { ...table, prompt, d20s, before };
}

describe("the GM's special critical (R-A10)", () => {
  it("the vampire's third roll of 20: the GM is asked for an effect and applies it through Adjust; the player reads the log line only", async () => {
    // Sir Kay's player sits down before the fight: the touch comes to the player's page live.
    const { page: gm, prompt, d20s, before: player } = await toTheTouch(async ({ id, token }) => (await joinAsPlayer(h, await playerLink(h.base, id, token, ['kay']))).page);
    const text = await prompt.textContent();
    expect(text).toContain('Vampire struck Sir Kay (round 1, segment 4)');
    expect(text).toContain('The third roll was 20');
    expect(text).toContain('you decide an effect');
    const steps = await logCount(gm);

    // The prompt stays while the fight goes on: one more step and it is still there.
    await step(gm, d20s);
    expect(await prompt.count()).toBe(1);
    await gm.getByTestId('physical-dice').uncheck();

    // Sir Kay's player: the log line says it, and nothing asks the player anything.
    await waitForLog(player, steps, ACTION_MS);
    await player.locator('[data-tab="log"]').click();
    await expect.poll(() => player.locator('.tab-body').textContent(), { timeout: ACTION_MS }).toContain('SPECIAL: the GM decides an effect');
    expect(await player.getByTestId('special-prompt').count()).toBe(0);
    expect(await player.getByText('Special critical').count()).toBe(0);

    // From the prompt, Sir Kay's Adjust form with the reason naming the special critical; the GM gives the amount.
    await gm.getByTestId('special-adjust').click();
    const form = gm.locator('form[data-adjust-form="kay"]');
    await form.waitFor({ timeout: ACTION_MS });
    expect(await gm.locator('[data-tab="status"]').getAttribute('aria-selected')).toBe('true');
    expect(await form.locator('input[name="reason"]').inputValue()).toBe("special critical (R-A10): Vampire's third roll 20 on Sir Kay");
    // The amount has the cursor: the GM types at once.
    expect(await form.getByLabel('hp lost').evaluate((el) => el === document.activeElement)).toBe(true);
    const before = await logCount(gm);
    await form.getByLabel('hp lost').fill('6');
    await form.getByRole('button', { name: 'Apply' }).click();
    await waitForLog(gm, before + 1, ACTION_MS);
    await expect.poll(() => prompt.count(), { timeout: ACTION_MS }).toBe(0);

    // Both logs show the GM's line with its reason.
    await gm.locator('[data-tab="log"]').click();
    await expect.poll(() => gm.locator('.tab-body').textContent(), { timeout: ACTION_MS }).toContain("special critical (R-A10): Vampire's third roll 20 on Sir Kay");
    await expect.poll(() => player.locator('.tab-body').textContent(), { timeout: ACTION_MS }).toContain("special critical (R-A10): Vampire's third roll 20 on Sir Kay");

    // Handled, and kept with the encounter: the GM's table on another device (a browser of its
    // own, nothing in its storage) does not ask again.
    expect((await encounterOfPage(h, gm)).settings.handledSpecials).toHaveLength(1);
    const { page: tablet } = await h.page();
    await openGmTable(tablet, tableIdOf(gm), tokenOf(gm));
    await waitForLog(tablet, before + 1, ACTION_MS);
    expect(await tablet.getByTestId('special-prompt').count()).toBe(0);
  });

  it("the GM notes the effect instead: the Share tab opens with the note begun, about Sir Kay, for the GM only; once added, the prompt goes, on the co-GM's open window too", async () => {
    // A co-GM follows on a second window, open before the fight.
    const { page: gm, prompt, before: coGm } = await toTheTouch(async ({ id, token }) => {
      const { page } = await h.page();
      await openGmTable(page, id, token);
      return page;
    });
    await coGm.getByTestId('special-prompt').waitFor({ timeout: ACTION_MS });
    // On a phone the prompt wraps within the screen.
    await gm.setViewportSize({ width: PHONE.width!, height: PHONE.height! });
    await expect.poll(() => pageOverflow(gm), { timeout: ACTION_MS }).toBeLessThanOrEqual(0);
    expect(await prompt.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(PHONE.width!);
    await gm.getByTestId('special-note').click();
    const box = gm.getByLabel('Note', { exact: true });
    await expect.poll(() => box.inputValue(), { timeout: ACTION_MS }).toMatch(/^Special critical \(R-A10, step \d+\): Vampire struck Sir Kay \(round 1, segment 4\), third roll 20\. Effect: $/);
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await gm.getByLabel('What the note is about').inputValue()).toBe('kay');
    expect(await gm.getByLabel('GM only (players do not see it)').isChecked()).toBe(true);
    await box.press('End');
    await box.pressSequentially('his sword arm withers');
    await gm.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => gm.getByTestId('notes').textContent(), { timeout: ACTION_MS }).toContain('Effect: his sword arm withers');
    await expect.poll(() => prompt.count(), { timeout: ACTION_MS }).toBe(0);
    await expect.poll(() => coGm.getByTestId('special-prompt').count(), { timeout: ACTION_MS }).toBe(0);
  });
});
