// A game night at the table, as the GM and a player on a phone: what a real table tripped over.
// AD&D melee (no map): the player who has just declared is told what and when (the panel said
// only "not its turn" over greyed options), the roster's Next column says the round and segment
// (it read "@7"), and the dice tray names the rollers (it read "OR1 to-hit", map tokens that
// no map draws). Screenshots: night-adnd-declared-390, night-adnd-tray (see harness.ts).
import { describe, expect, it } from 'vitest';
import { atTable, fileHarness, joinAsPlayer, pageOverflow, playerLink, waitForLog } from './harness.ts';

const h = fileHarness();

describe('a game night at the table', () => {
  it('AD&D melee: the player declares on a phone and is told what and when; the roster says the round and segment; the tray names who rolled', async () => {
    const { page: gm, id, token: gmToken, api } = await atTable(h, 'adnd/melee', { size: { width: 1280, height: 860 }, begin: true });

    const { page: player } = await joinAsPlayer(h, await playerLink(h.base, id, gmToken, ['brenna']));
    await player.getByTestId('option-0').waitFor();
    expect(await player.getByTestId('option-0').textContent()).toContain('attack Orc sergeant');
    await player.getByTestId('do-0').click();
    await api.seqIs(2);
    // Told what it declared and when it lands, not "not its turn".
    const said = player.getByTestId('declared');
    await said.waitFor();
    expect(await said.textContent()).toBe('Declared: attack Orc sergeant with battle axe, lands in round 1 segment 7.');
    expect(await player.locator('.actions-head .pill').textContent()).toBe('declared');
    expect(await pageOverflow(player)).toBeLessThanOrEqual(0);
    await said.scrollIntoViewIfNeeded();
    await h.shot(player, 'night-adnd-declared-390');
    // The roster's Next column: the round and segment, as the timeline says them.
    await player.locator('[data-tab="status"]').click();
    await expect.poll(() => player.getByTestId('next-brenna').textContent()).toBe('attack Orc sergeant with battle axe, lands in round 1 segment 7');

    // The GM plays on until the first to-hit roll: the tray names the roller, by name ("Brenna's to-hit d20"), never by a token.
    const tray = gm.getByTestId('dice-tray');
    const trayText = async () => ((await tray.count()) === 0 ? '' : ((await tray.textContent()) ?? ''));
    for (let i = 0; i < 40 && !/to-hit/.test(await trayText()); i++) {
      const v = (await api.view()).view;
      if (!v.pending) break;
      await gm.keyboard.press(v.pending.figures.length === 0 ? 'b' : 'p');
      await waitForLog(gm, v.seq + 1);
    }
    const text = await trayText();
    expect(text).toMatch(/(Sir Aldric|Brenna|Fenwick|Mirela|Brother Tomas|Orc[\w ()]*|Ogre[\w ]*)'s to-hit d20/);
    expect(text).not.toMatch(/\b(OR\d|OC|OB|Og|Br|SA|Fe|Mi|BT|OA\d)('s)? to-hit/);
    await h.shot(gm, 'night-adnd-tray');
    expect(h.errors).toEqual([]);
  });
});
