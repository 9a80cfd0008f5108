// A spectator at the table: the GM issues a spectator link from the Share tab; the spectator
// sees every step as it happens, has no controls, cannot command anything (the server refuses
// and nothing changes), and loses access when the GM revokes the link.
import { describe, expect, it } from 'vitest';
import type { EncounterView } from '../../src/server/protocol.ts';
import { ACTION_MS, PHONE, apiGet, atTable, fileHarness, logCount, openSeat, pageOverflow, rawCommand, waitForLog } from './harness.ts';

const h = fileHarness();

describe('a spectator link', () => {
  it('follows the fight live, has no controls, cannot command, and is revocable', async () => {
    const { page: gm, id, token: gmToken } = await atTable(h, 'tft/duel', { size: { width: 1280, height: 860 }, tab: 'share' });
    await gm.getByTestId('spectator-link').click();
    const link = await gm.getByTestId('issued-link').first().inputValue();
    expect(link).toMatch(/\/table\/.+#token=/);
    const token = decodeURIComponent(link.split('#token=')[1]);

    const { page: spectator } = await h.page(PHONE);
    await openSeat(spectator, link, 'spectator');

    // The GM begins the fight: the spectator's page shows the step within a second.
    await gm.getByTestId('system-step').click();
    await waitForLog(gm, 1);
    await waitForLog(spectator, 1, 1000);
    expect(await logCount(spectator)).toBe(await logCount(gm));

    // No controls: no system step, and no option cards (each with a greyed "Do it", a wall of
    // them): who is deciding and what was just done, in words.
    expect(await spectator.getByTestId('system-step').count()).toBe(0);
    const follow = spectator.getByTestId('follow');
    await expect.poll(() => follow.getByTestId('last-step').textContent(), { timeout: ACTION_MS }).toMatch(/^Step 1: .*[Ii]nitiative/);
    expect(await follow.getByTestId('turn-line').textContent()).toMatch(/^Now: (north|south) won the initiative: (Bjorn|Cedric) chooses to move first or last\.$/);
    expect(await spectator.locator('.option').count()).toBe(0);
    expect(await spectator.locator('.tab-body button').count()).toBe(0);
    expect(await pageOverflow(spectator)).toBeLessThanOrEqual(0);
    await h.shot(spectator, 'spectator-390');
    // The keyboard help lists what a spectator can do: no option, move or facing keys (it has no options).
    await spectator.keyboard.press('?');
    const help = spectator.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.textContent()).toContain('megahex overlay');
    expect(await help.textContent()).not.toMatch(/take the numbered option|move to the chosen hex|turn the facing|of your figures|rewind one step/);
    await spectator.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);

    // A spectator's command is refused by the server and changes nothing.
    const before = (await apiGet<EncounterView>(h.base, `/api/encounters/${id}`, gmToken)).view;
    const pending = before.pending?.figures[0] ?? 'bjorn';
    const refused = await rawCommand(h.base, id, token, { type: 'initiative', figure: pending, choice: 'first' });
    expect(refused.status).toBe(403);
    const after = (await apiGet<EncounterView>(h.base, `/api/encounters/${id}`, gmToken)).view;
    expect(after.seq).toBe(before.seq);
    expect(JSON.stringify(after.state)).toBe(JSON.stringify(before.state));
    expect(h.errors).toEqual([]);

    // The GM revokes the link: the token no longer opens the encounter.
    await gm.locator('.tokens li', { hasText: 'spectator' }).getByRole('button', { name: 'revoke' }).click();
    await expect.poll(() => gm.locator('.tokens li.revoked').count()).toBe(1);
    await expect(apiGet<EncounterView>(h.base, `/api/encounters/${id}`, token)).rejects.toThrow(/401|403|revoked/);
  });
});
