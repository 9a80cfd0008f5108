// Seats in one browser: the GM who opens a player's link to check it keeps the GM seat (the GM
// token is shown once); with several seats stored the page asks which to open; the links the
// GM issued stay listed across tabs and reloads until dismissed.
import { describe, expect, it } from 'vitest';
import { atTable, fileHarness, joinAsPlayer, openGmTable, openSeat, pageOverflow, tokenOf } from './harness.ts';

const h = fileHarness();

describe('seats held by one browser', () => {
  it("a player's link opened in the GM's browser does not replace the GM seat; the user picks the seat to open", async () => {
    const { ctx, page: gm, id, token: gmToken } = await atTable(h, 'tft/duel', { tab: 'share' });
    await gm.getByTestId('seat-side-south').click();
    const link = await gm.getByTestId('issued-link').first().inputValue();

    // The GM checks the player's link in another tab of the same browser.
    const tab = await ctx.newPage();
    await openSeat(tab, link, 'player');
    await tab.close();

    // The lobby lists the table with both seats; the GM seat opens as GM.
    await gm.goto('/');
    const row = gm.locator(`.mine li[data-encounter="${id}"]`);
    await expect.poll(() => row.locator('[data-seat]').allTextContents()).toEqual(['GM', 'player: Cedric']);
    await row.locator('[data-seat="gm"]').click();
    await expect.poll(() => gm.getByTestId('role').textContent()).toBe('gm');
    expect(tokenOf(gm)).toBe(gmToken);

    // The table's address without a token: this browser holds two seats, so it asks.
    await gm.goto(`/table/${encodeURIComponent(id)}`);
    const picker = gm.getByTestId('seat-picker');
    await picker.waitFor();
    expect(await picker.locator('[data-seat]').allTextContents()).toEqual(['GM', 'player: Cedric']);
    await h.shot(gm, 'seat-picker');
    await picker.locator('[data-seat="player"]').click();
    await expect.poll(() => gm.getByTestId('role').textContent()).toBe('player');
    await gm.goto(`/table/${encodeURIComponent(id)}`);
    await gm.getByTestId('seat-picker').locator('[data-seat="gm"]').click();
    await expect.poll(() => gm.getByTestId('role').textContent()).toBe('gm');
    expect(h.errors).toEqual([]);
  });

  it('issued links stay listed when the GM switches tabs or reloads, until dismissed', async () => {
    const { page: gm } = await atTable(h, 'tft/duel', { tab: 'share' });
    await gm.getByTestId('seat-side-north').click();
    await gm.getByTestId('spectator-link').click();
    await expect.poll(() => gm.getByTestId('issued-link').count()).toBe(2);
    const links = await gm.getByTestId('issued-link').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(links.every((l) => /#token=fray_/.test(l))).toBe(true);

    await gm.locator('[data-tab="log"]').click();
    await gm.locator('[data-tab="share"]').click();
    expect(await gm.getByTestId('issued-link').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(links);

    await gm.reload();
    await gm.locator('[data-tab="share"]').click();
    expect(await gm.getByTestId('issued-link').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual(links);

    // Revoked: marked so. Dismissed: gone (and stays gone after a reload).
    await gm.locator('.tokens li', { hasText: 'spectator' }).getByRole('button', { name: 'revoke' }).click();
    await expect.poll(() => gm.getByTestId('issued-links').locator('li.revoked').count()).toBe(1);
    await gm.getByRole('button', { name: 'Dismiss the link for spectator' }).click();
    await expect.poll(() => gm.getByTestId('issued-link').count()).toBe(1);
    await gm.reload();
    await gm.locator('[data-tab="share"]').click();
    await expect.poll(() => gm.getByTestId('issued-link').count()).toBe(1);
    expect(h.errors).toEqual([]);
  });
});

describe("the GM's hidden figures and notes", () => {
  it("a figure the GM hides leaves the player's page (and comes back); a note for everyone reaches the player, a GM-only one does not (the form is back to GM only after a note for everyone); the seat list names the seat's figures", async () => {
    const { page: gm } = await atTable(h, 'tft/duel', { tab: 'share' });
    await gm.getByTestId('seat-side-south').click();
    const link = await gm.getByTestId('issued-link').first().inputValue();
    await expect.poll(() => gm.locator('.tokens li', { hasText: 'south' }).textContent()).toMatch(/south: Cedric/);

    const { page: player } = await joinAsPlayer(h, link);
    await expect.poll(() => player.getByTestId('figure-bjorn').count()).toBe(1);

    // Bjorn lies in ambush: hidden from players, marked so on the GM's map.
    await gm.locator('[data-hide="bjorn"]').check();
    await expect.poll(() => player.getByTestId('figure-bjorn').count()).toBe(0);
    expect(await player.getByTestId('figure-cedric').count()).toBe(1);
    await expect.poll(() => gm.getByTestId('figure-bjorn').textContent()).toMatch(/hidden/);

    // Two notes: one for everyone, one for the GM only (the form's default).
    await gm.getByLabel('Note', { exact: true }).fill('The ford is slippery');
    await gm.getByLabel('GM only (players do not see it)').uncheck();
    await gm.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => gm.getByTestId('notes').locator('li').count()).toBe(1);
    await gm.getByLabel('Note', { exact: true }).fill('Bjorn springs out at turn 3');
    await gm.getByLabel('What the note is about').selectOption('bjorn');
    // The form is back to GM only by itself (it stayed unticked: the next secret went to the players).
    expect(await gm.getByLabel('GM only (players do not see it)').isChecked()).toBe(true);
    await gm.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => gm.getByTestId('notes').locator('li').count()).toBe(2);
    // Adding the notes left Bjorn hidden (each change sends every setting: the server's PATCH resets those left out).
    expect(await gm.locator('[data-hide="bjorn"]').isChecked()).toBe(true);
    await player.locator('[data-tab="status"]').click();
    await expect.poll(() => player.getByTestId('notes').textContent()).toContain('The ford is slippery');
    expect(await player.getByTestId('figure-bjorn').count()).toBe(0);
    expect(await player.getByTestId('notes').textContent()).not.toContain('springs out');
    expect(await pageOverflow(player)).toBeLessThanOrEqual(0);
    await h.shot(gm, 'gm-hidden-figure-and-notes');

    await gm.locator('[data-hide="bjorn"]').uncheck();
    await expect.poll(() => player.getByTestId('figure-bjorn').count()).toBe(1);
    expect(h.errors).toEqual([]);
  });
});

describe('two GM windows editing the notes', () => {
  it("a note added on notes another window has since changed is not saved over them: the GM is told, sees what the other window saved, and keeps the note in the box to add again", async () => {
    const { page: a, id, token, api } = await atTable(h, 'tft/duel', { tab: 'share' });
    // Window B's connection is slow: the other window's change has not reached it yet.
    const { page: b } = await h.page();
    let hold = false;
    await b.routeWebSocket(/\/api\/ws$/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((m) => server.send(m));
      server.onMessage((m) => {
        if (!(hold && String(m).includes('"type":"settings"'))) ws.send(m);
      });
    });
    await openGmTable(b, id, token);
    await b.locator('[data-tab="share"]').click();
    hold = true;
    const box = b.getByLabel('Note', { exact: true });
    await box.fill('Window B: the troll waits');
    await a.getByLabel('Note', { exact: true }).fill('Window A: the ford is slippery');
    await a.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(async () => (await api.view()).settings.notes.map((n) => n.text)).toEqual(['Window A: the ford is slippery']);

    await b.getByRole('button', { name: 'Add note' }).click();
    const said = b.getByTestId('settings-conflict');
    await said.waitFor();
    expect(await said.textContent()).toBe('Not saved: another GM window changed the notes first. Shown now is what it saved. Your note is still in the box: add it again if you want it.');
    // Window A's note is kept (on the server and on B's page), B's is in its box, not lost.
    await expect.poll(() => b.getByTestId('notes').textContent()).toContain('Window A: the ford is slippery');
    expect(await box.inputValue()).toBe('Window B: the troll waits');
    expect((await api.view()).settings.notes.map((n) => n.text)).toEqual(['Window A: the ford is slippery']);

    // Added again, on what B now shows: both notes kept.
    hold = false;
    await b.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(async () => (await api.view()).settings.notes.map((n) => n.text)).toEqual(['Window A: the ford is slippery', 'Window B: the troll waits']);
    await expect.poll(() => box.inputValue()).toBe('');
    expect(await said.count()).toBe(0);
    await expect.poll(() => a.getByTestId('notes').locator('li').count()).toBe(2);
    // The only console message is Chromium's note of the one refused change (409).
    expect(h.errors.filter((e) => /status of 409/.test(e))).toHaveLength(1);
    expect(h.errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });
});
