// What a GM and players read at the table: whose turn it is on a waiting player's page, the
// movement order while the initiative winner chooses, what a physical die is for, figures with
// the same name told apart, and the dice tray (no sums of unrelated dice, cleared by a rewind,
// never over the content on a phone); a fallen figure in the Status tab; the map's zoom keys; the phone's header.
import { describe, expect, it } from 'vitest';
import { PHONE, allowGmDice, atTable, duelToActionPhase, fileHarness, joinAsPlayer, logCount } from './harness.ts';

const h = fileHarness();

describe('whose turn it is', () => {
  it("a waiting player sees its own figure and who moves now; Status shows the initiative winner choosing", async () => {
    const { page: gm, api: { view, seqIs } } = await atTable(h, 'tft/duel', { tab: 'share' });
    await gm.getByTestId('seat-side-south').click();
    const link = await gm.getByTestId('issued-link').first().inputValue();
    await gm.locator('[data-tab="actions"]').click();
    await gm.getByTestId('system-step').click();
    await seqIs(1);

    // The winner has not chosen yet: the engine's order holds only the loser; the page says who chooses.
    const winner = ((await view()).view.state as { initiativeWinner: string }).initiativeWinner;
    await gm.locator('[data-tab="status"]').click();
    const order = await gm.getByTestId('move-order').textContent();
    expect(order).toContain(`${winner} (chooses first or last)`);
    expect(order).toContain(winner === 'north' ? 'south' : 'north');
    await gm.locator('[data-tab="actions"]').click();
    // North moves first.
    await gm.getByTestId(winner === 'north' ? 'initiative-first' : 'initiative-last').click();
    await seqIs(2);

    const { page: player } = await joinAsPlayer(h, link);
    await expect.poll(() => player.getByTestId('turn-line').textContent()).toBe('Not your turn. Now: north moves: Bjorn.');
    expect(await player.locator('[data-testid="actions"] h3').textContent()).toBe('Cedric');
    expect(await player.getByText('No options now').count()).toBe(0);
    await h.shot(player, 'player-waiting-390');

    // Bjorn stays: now it is the player's move, and the page says so.
    await gm.getByTestId('stay').click();
    await seqIs(3);
    await expect.poll(() => player.getByTestId('turn-line').textContent()).toBe('Your turn. South moves: Cedric.');
    expect(h.errors).toEqual([]);
  });
});

describe('physical dice', () => {
  it('the prompt says which command the die is for and what was entered so far', async () => {
    const { page: gm } = await atTable(h, 'tft/duel');
    await allowGmDice(gm);
    await gm.getByTestId('physical-dice').check();
    await gm.getByTestId('system-step').click();
    const prompt = gm.getByRole('dialog', { name: 'Enter a die' });
    await prompt.waitFor();
    // The command, and the server's words for the roll where it sends them (dice-needed `roll`).
    expect(await prompt.getByTestId('dice-for').textContent()).toMatch(/^For begin(: .*initiative.*)?$/i);
    expect(await prompt.textContent()).toMatch(/Roll a d6 \(die 1 of this command\)/);
    await prompt.getByRole('button', { name: '6', exact: true }).click();
    await expect.poll(() => prompt.getAttribute('data-index')).toBe('1');
    expect(await prompt.textContent()).toMatch(/die 2 of this command/);
    expect(await prompt.textContent()).toMatch(/Entered so far: ?6/);
    await h.shot(gm, 'dice-prompt');
    await prompt.getByRole('button', { name: '1', exact: true }).click();
    await expect.poll(() => logCount(gm)).toBe(1);
    expect(h.errors).toEqual([]);
  });
});

describe('figures with the same name', () => {
  it('AD&D: four orcs called "Orc" are told apart in the options and the timeline', async () => {
    const { page: gm } = await atTable(h, 'adnd/melee', { size: { width: 1280, height: 900 }, begin: true });
    const labels = gm.locator('[data-testid^="option-"] .option-label');
    await labels.first().waitFor();
    const texts = (await labels.allTextContents()).map((t) => t.replace(/^\d\s*/, '').trim());
    expect(texts.some((t) => /attack Orc \(orc\d\) with/.test(t))).toBe(true);
    expect(new Set(texts).size).toBe(texts.length);
    const names = await gm.locator('.seg-name').allTextContents();
    expect(names.filter((n) => n.trim() === 'Orc')).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    expect(h.errors).toEqual([]);
  });
});

describe('the dice tray', () => {
  it('sums only the dice of one roll, empties on a rewind, and on a phone covers nothing', async () => {
    const { page: gm, api: { seqIs } } = await atTable(h, 'tft/duel', { size: PHONE, begin: true });
    const tray = gm.getByTestId('dice-tray');
    await tray.waitFor();
    // The initiative roll: one d6 per side (and rerolls), not one roll: no sum.
    expect(await tray.locator('.dice-sum').count()).toBe(0);
    // Nothing else on the page is under the tray.
    const overlaps = await gm.evaluate(() => {
      const t = document.querySelector('[data-testid="dice-tray"]')!.getBoundingClientRect();
      const hit = (r: DOMRect) => r.width > 0 && r.height > 0 && r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom;
      return ['.map-wrap', '.legend', '.side-pane', '.tab-body'].filter((s) => {
        const e = document.querySelector(s);
        return e && hit(e.getBoundingClientRect());
      });
    });
    expect(overlaps).toEqual([]);
    await h.shot(gm, 'dice-tray-390');

    // The GM undoes the step: the dice it showed are gone with it.
    await gm.keyboard.press('u');
    await seqIs(2);
    await expect.poll(() => tray.count()).toBe(0);
    expect(h.errors).toEqual([]);
  });
});

describe('a command on its way', () => {
  it('a double click sends one command: Move first, Stay and Move here wait for it (the second was sent and rejected)', async () => {
    const { page: gm, api: { view, seqIs } } = await atTable(h, 'tft/duel', { begin: true });
    await gm.getByTestId('initiative-first').dblclick();
    await seqIs(2);
    await gm.getByTestId('stay').dblclick();
    await seqIs(3);
    // The second mover walks one hex toward the first.
    const mover = (await view()).view.pending!.figures[0];
    await gm.getByTestId(`figure-${mover}`).click({ force: true });
    await gm.locator(`polygon[data-hex="${mover === 'cedric' ? '4,3' : '3,3'}"]`).click({ force: true });
    await gm.getByTestId('confirm-move').dblclick();
    await seqIs(4);
    await gm.waitForTimeout(500);
    expect(await gm.getByTestId('error').allTextContents()).toEqual([]);
    expect(await logCount(gm)).toBe(4);
    expect(h.errors).toEqual([]);
  });

  it("while its physical dice are entered the figure is still the viewer's: its step shows, not 'not your figure'", async () => {
    const { page: gm, api: { view, seqIs } } = await atTable(h, 'tft/duel');
    await allowGmDice(gm);
    // Both stay: the action phase, each with only its options that need no foe near.
    await duelToActionPhase(gm, seqIs);
    const actor = (await view()).view.pending!.figures[0];
    await gm.getByTestId(`figure-${actor}`).click({ force: true });
    const pill = gm.locator('.actions-head .pill');
    expect(await pill.textContent()).toBe('action');
    // The first dodges (no roll); the second's dodge ends the turn, and the next turn's
    // initiative is rolled in the same command: with physical dice on, the prompt asks for it.
    await gm.locator('li.option[data-option="dodge"]').first().getByRole('button', { name: 'Do it' }).click();
    await seqIs(5);
    await gm.getByTestId('physical-dice').check();
    const other = (await view()).view.pending!.figures[0];
    await gm.getByTestId(`figure-${other}`).click({ force: true });
    await gm.locator('li.option[data-option="dodge"]').first().getByRole('button', { name: 'Do it' }).click();
    const prompt = gm.getByRole('dialog', { name: 'Enter a die' });
    await prompt.waitFor();
    expect(await pill.allTextContents()).not.toContain('not your figure');
    expect(await pill.textContent()).toBe('action');
    // The options wait for the command in flight.
    expect(await gm.getByTestId('do-0').isDisabled()).toBe(true);
    await prompt.getByRole('button', { name: 'Cancel the command' }).click();
    await expect.poll(() => gm.getByTestId('do-0').isDisabled()).toBe(false);
    expect(h.errors).toEqual([]);
  });
});

describe('the Status tab', () => {
  it('a figure that dropped to the ground reads prone beside "healthy" (only the map\'s P showed it), and the word opens its rule by keyboard (a tooltip only)', async () => {
    const { page: gm, api: { view, seqIs } } = await atTable(h, 'tft/duel');
    await duelToActionPhase(gm, seqIs);
    const actor = (await view()).view.pending!.figures[0];
    await gm.getByTestId(`figure-${actor}`).click({ force: true });
    await gm.locator('li.option[data-option="drop"]').getByRole('button', { name: 'Do it' }).click();
    await seqIs(5);
    await gm.locator('[data-tab="status"]').click();
    const cell = gm.locator(`[data-conditions="${actor}"]`);
    // What shows (its reason, closed, is not shown): the rendered text, not the DOM's.
    // biome-ignore lint/performance/useDomNodeTextContent: what is shown is the point
    await expect.poll(() => cell.innerText()).toBe('healthyprone');
    await h.shot(gm, 'status-prone');
    // The word opens its rule under it, by keyboard (it was a tooltip only), and does not pick the figure.
    const selected = await gm.locator('.roster tr.sel').getAttribute('data-roster');
    const pill = cell.getByRole('button', { name: 'prone' });
    expect(await pill.getAttribute('aria-expanded')).toBe('false');
    await pill.focus();
    await gm.keyboard.press('Enter');
    // biome-ignore lint/performance/useDomNodeTextContent: what is shown is the point
    await expect.poll(() => cell.innerText()).toBe('healthyprone\ndown: it may only stand up, in the action phase (tft-core)');
    expect(await pill.getAttribute('aria-expanded')).toBe('true');
    expect(await gm.locator('.roster tr.sel').getAttribute('data-roster')).toBe(selected);
    expect(h.errors).toEqual([]);
  });
});

describe("the map's zoom buttons", () => {
  it('name their keys (aria-keyshortcuts, a tooltip only before), and the keys work on the focused map: + and = zoom in, - out, 0 fits', async () => {
    const { page: gm } = await atTable(h, 'tft/duel');
    const tools = gm.locator('.map-tools');
    expect(await tools.getByRole('button', { name: 'Zoom in' }).getAttribute('aria-keyshortcuts')).toBe('Plus');
    expect(await tools.getByRole('button', { name: 'Zoom out' }).getAttribute('aria-keyshortcuts')).toBe('-');
    expect(await tools.getByRole('button', { name: 'Fit the map' }).getAttribute('aria-keyshortcuts')).toBe('0');
    const map = gm.getByTestId('hexmap');
    const width = async () => Number((await map.getAttribute('viewBox'))!.split(' ')[2]);
    const fit = await width();
    await map.focus();
    const cursor = await gm.locator('[data-cursor]').getAttribute('data-cursor');
    await gm.keyboard.press('+');
    await expect.poll(width).toBeLessThan(fit);
    const closer = await width();
    await gm.keyboard.press('=');
    await expect.poll(width).toBeLessThan(closer);
    await gm.keyboard.press('-');
    await expect.poll(width).toBeCloseTo(closer, 6);
    await gm.keyboard.press('0');
    await expect.poll(width).toBe(fit);
    // The keys zoom only: the map's cursor stays where focusing put it.
    expect(await gm.locator('[data-cursor]').getAttribute('data-cursor')).toBe(cursor);
    expect(h.errors).toEqual([]);
  });
});

describe('on a phone', () => {
  it('the header sticks over the scrolled log opaque (the log showed through it)', async () => {
    // Begun, the engine plays a few steps: the log outgrows the screen.
    const { page: gm, api: { view, seqIs } } = await atTable(h, 'tft/duel', { size: PHONE, begin: true });
    for (let seq = 2; seq <= 8; seq++) {
      const p = (await view()).view.pending!;
      await gm.getByTestId(p.figures.length === 0 ? 'system-step' : 'auto-play').click();
      await seqIs(seq);
    }
    await gm.locator('[data-tab="log"]').click();
    await gm.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const header = await gm.evaluate(() => {
      const r = document.querySelector('header.topbar')!;
      return { top: r.getBoundingClientRect().top, bg: getComputedStyle(r).backgroundColor, scrolled: window.scrollY };
    });
    expect(header.scrolled).toBeGreaterThan(0);
    expect(header.top).toBe(0);
    // rgb(...) or rgba(..., 1): nothing under it shows through.
    const alpha = Number(/rgba?\(([^)]*)\)/.exec(header.bg)?.[1].split(',')[3] ?? 1);
    expect(alpha, header.bg).toBe(1);
    await h.shot(gm, 'phone-header-scrolled');
    expect(h.errors).toEqual([]);
  });
});
