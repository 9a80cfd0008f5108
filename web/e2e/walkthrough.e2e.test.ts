// Friction met playing fights at the table as a GM and as players (the walkthrough): the
// keyboard after ticking a checkbox; the AD&D timeline's parry word cut to "parr"; a grenade's
// hex to pick on a phone, on a map scrolled out of sight.
import { describe, expect, it } from 'vitest';
import type { EncounterView } from '../../src/server/protocol.ts';
import { PHONE, allowGmDice, apiGet, atTable, fileHarness, pageOverflow, waitForLog } from './harness.ts';

const h = fileHarness();

describe('the keyboard after a checkbox', () => {
  it('the GM ticks "physical dice" and presses b: the step asks for the dice (the keys did nothing while the checkbox had the focus)', async () => {
    const { page: gm } = await atTable(h, 'tft/duel');
    await allowGmDice(gm);
    await gm.getByTestId('physical-dice').check();
    expect(await gm.evaluate(() => (document.activeElement as HTMLInputElement | null)?.dataset.testid)).toBe('physical-dice');
    await gm.keyboard.press('b');
    const prompt = gm.getByRole('dialog', { name: 'Enter a die' });
    await prompt.waitFor({ timeout: 5000 });
    await h.shot(gm, 'walkthrough-physical-dice-key');
    // Space on the checkbox is still the checkbox's: it unticks it, and runs no step.
    await prompt.getByRole('button', { name: 'Cancel the command' }).click();
    await gm.getByTestId('physical-dice').focus();
    await gm.keyboard.press(' ');
    await expect.poll(() => gm.getByTestId('physical-dice').isChecked()).toBe(false);
    expect(await prompt.count()).toBe(0);
    expect(h.errors).toEqual([]);
  });
});

describe('the AD&D timeline', () => {
  it("a parrying fighter's row says whom he parries in full (the name column cut 'parrying Ogre' to 'parr')", async () => {
    const { page: gm, id, token, api: { seqIs } } = await atTable(h, 'adnd/frito-and-rocky', { size: { width: 1280, height: 860 } });
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const patch = await fetch(`${h.base}/api/encounters/${id}/settings`, { method: 'PATCH', headers: auth, body: JSON.stringify({ enteredDice: 'gm' }) });
    expect(patch.status).toBe(200);
    // Round 1 as the engine played it, with its dice entered: Frito parries the Ogre in segment 6.
    const steps: [Record<string, unknown>, number[]][] = [
      [{ type: 'begin' }, []],
      [{ type: 'attack', figure: 'frito', target: 'ogre', weapon: 'longsword' }, []],
      [{ type: 'attack', figure: 'rocky', target: 'ogre', weapon: 'longsword' }, []],
      [{ type: 'attack', figure: 'ogre', target: 'frito', weapon: 'club' }, [8, 2, 89]],
      [{ type: 'attack', figure: 'frito', target: 'ogre' }, [17, 7, 15, 1]],
      [{ type: 'attack', figure: 'frito', target: 'ogre', weapon: 'longsword' }, []],
      [{ type: 'parry', figure: 'frito', against: 'ogre' }, [18, 3]],
    ];
    for (const [command, faces] of steps) {
      const r = await fetch(`${h.base}/api/encounters/${id}/commands`, { method: 'POST', headers: auth, body: JSON.stringify({ command, faces }) });
      expect(r.status, JSON.stringify(command)).toBe(200);
    }
    await seqIs(steps.length);
    const pill = gm.locator('.seg-name', { hasText: 'Frito the Fighter' }).locator('.pill', { hasText: 'parrying' });
    await expect.poll(() => pill.textContent()).toBe('parrying Ogre');
    await h.shot(gm, 'walkthrough-adnd-parry');
    // Its whole word inside the row's name cell, not clipped by it.
    const fit = await pill.evaluate((el) => {
      const cell = (el.closest('.seg-name') as HTMLElement).getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return { inside: r.left >= cell.left - 0.5 && r.right <= cell.right + 0.5 && r.bottom <= cell.bottom + 0.5, whole: el.scrollWidth <= el.clientWidth + 1 };
    });
    expect(fit).toEqual({ inside: true, whole: true });
    expect(h.errors).toEqual([]);
  });
});

describe('picking a hex on a phone', () => {
  it('"Pick hex" for a grenade brings the map into view (on a 390 px phone the map was far above the option, out of sight)', async () => {
    const { page: gm, id, token } = await atTable(h, 'tft/hitech-firefight', { size: PHONE });
    // The engine plays until a figure whose turn it is may throw a grenade.
    let grenade = -1;
    for (let i = 0; i < 40 && grenade < 0; i++) {
      const v = await apiGet<EncounterView>(h.base, `/api/encounters/${id}`, token);
      const p = v.view.pending;
      if (!p) throw new Error('the fight ended before anyone could throw');
      if (p.kind === 'action' && p.figures.length > 0) {
        await gm.locator('[data-testid^="option-"]').first().waitFor();
        const kinds = await gm.locator('[data-testid^="option-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-option')));
        grenade = kinds.indexOf('throw-grenade');
        if (grenade >= 0) break;
      }
      await gm.keyboard.press(p.figures.length === 0 ? 'b' : 'p');
      await waitForLog(gm, v.view.seq + 1);
    }
    expect(grenade).toBeGreaterThanOrEqual(0);
    const pick = gm.getByTestId(`do-${grenade}`);
    await pick.scrollIntoViewIfNeeded();
    const inView = () =>
      gm.evaluate(() => {
        const r = document.querySelector('.map-pane')!.getBoundingClientRect();
        return r.bottom > 100 && r.top < innerHeight - 100;
      });
    // Down at the option, the map is out of sight; the options fit the screen's width.
    expect(await inView()).toBe(false);
    expect(await pageOverflow(gm)).toBeLessThanOrEqual(0);
    await pick.tap();
    await expect.poll(inView).toBe(true);
    await h.shot(gm, 'walkthrough-phone-grenade-pick');
    expect(h.errors).toEqual([]);
  });
});
