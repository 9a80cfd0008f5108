// The table in a real browser: a GM opens the duel example, a player joins through the link
// in a second browser context, moves (seeing the MA used), sees the odds, attacks; both pages
// show the result; a reload keeps everything; the player cannot command the GM's figures; the
// GM rewinds one step; the exports; the log filtered by figure. Screenshots of the main screens go to SHOTS (see harness.ts).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { distance, neighbors } from '../../src/core/hex/coords.ts';
import type { EncounterView, LogEntryView } from '../../src/server/protocol.ts';
import { entryMentions } from '../src/model/log.ts';
import { apiGet, atTable, fileHarness, joinAsPlayer, logCount, openGmTable, pageOverflow, rawCommand, waitForLog } from './harness.ts';

type Fig = { id: string; name: string; side: string; pos: { q: number; r: number }; state: string };

const h = fileHarness();

async function view(id: string, token: string): Promise<EncounterView> {
  return apiGet<EncounterView>(h.base, `/api/encounters/${encodeURIComponent(id)}`, token);
}
const figsOf = (v: EncounterView) => (v.view.state as { figures: Fig[] }).figures;

/**
 * The GM plays every decision that is not the player's: system steps (begin), initiative
 * choices, and the GM's own figures (stay in place, then the first "pass"/"defend" option),
 * until the player's figure must decide.
 */
async function gmUntilPlayer(gm: Page, id: string, gmToken: string, playerFigs: string[], want: 'move' | 'action'): Promise<EncounterView> {
  for (let i = 0; i < 40; i++) {
    const v = await view(id, gmToken);
    const p = v.view.pending;
    if (!p) throw new Error('the fight ended before the player could act');
    if (p.figures.some((f) => playerFigs.includes(f)) && p.kind === want) return v;
    const seq = v.view.seq;
    await gm.locator('[data-tab="actions"]').click();
    if (p.figures.length === 0) await gm.getByTestId('system-step').click();
    else {
      const who = p.figures.find((f) => !playerFigs.includes(f)) ?? p.figures[0];
      await gm.getByTestId(`figure-${who}`).click();
      if (p.kind === 'initiative') await gm.getByTestId('initiative-first').click();
      else if (p.kind === 'move') await gm.getByTestId('stay').click();
      else {
        const opts = gm.locator('[data-testid^="option-"]');
        await opts.first().waitFor();
        const kinds = await opts.evaluateAll((els) => els.map((e) => e.getAttribute('data-option') ?? ''));
        const pick = ['pass', 'defend', 'initiative', 'begin'].map((k) => kinds.findIndex((x) => x.includes(k))).find((x) => x >= 0) ?? 0;
        await gm.getByTestId(`do-${pick}`).click();
      }
    }
    await waitForLog(gm, seq + 1);
  }
  throw new Error('the player never got to act');
}

describe('the duel at the table', () => {
  it('GM creates, player joins, moves with MA shown, sees the odds, attacks; both pages agree; reload; rights; rewind; export; log filter', async () => {
    const { page: gm, id, token: gmToken } = await atTable(h, 'tft/duel');
    await h.shot(gm, 'gm-table-start');

    // Begin (initiative dice roll in a recorded command).
    await gm.getByTestId('system-step').click();
    await waitForLog(gm, 1);

    // Share: a player link for the second side.
    let v = await view(id, gmToken);
    const sides = [...new Set(figsOf(v).map((f) => f.side))];
    const playerSide = sides[sides.length - 1];
    const playerFigs = figsOf(v)
      .filter((f) => f.side === playerSide)
      .map((f) => f.id);
    const gmFigs = figsOf(v)
      .filter((f) => f.side !== playerSide)
      .map((f) => f.id);
    await gm.locator('[data-tab="share"]').click();
    await gm.getByTestId(`seat-side-${playerSide}`).click();
    const link = await gm.getByTestId('issued-link').first().inputValue();
    expect(link).toMatch(/\/table\/.+#token=/);
    await h.shot(gm, 'gm-share');

    const { page: player } = await joinAsPlayer(h, link);
    const gmCount = await logCount(gm);
    await expect.poll(() => logCount(player)).toBe(gmCount);

    // The player may not command the GM's figures: the server refuses and nothing changes.
    const playerToken = decodeURIComponent(link.split('#token=')[1]);
    const before = (await view(id, gmToken)).view.seq;
    const forged = await rawCommand(h.base, id, playerToken, { type: 'move', figure: gmFigs[0], path: [], facing: 0 });
    expect(forged.status).toBe(403);
    expect((await view(id, gmToken)).view.seq).toBe(before);
    // ...and the page offers no controls for them.
    await player.getByTestId(`figure-${gmFigs[0]}`).click();
    await expect.poll(() => player.getByTestId('move-card').count()).toBe(0);

    // Move: the player's figure walks toward the enemy; the MA used shows before confirming.
    v = await gmUntilPlayer(gm, id, gmToken, playerFigs, 'move');
    const me = figsOf(v).find((f) => playerFigs.includes(f.id))!;
    const foe = figsOf(v).find((f) => gmFigs.includes(f.id))!;
    await player.getByTestId(`figure-${me.id}`).click();
    await player.getByTestId('move-card').waitFor();
    const lit = await player.locator('[data-reach]').evaluateAll((els) => els.map((e) => e.getAttribute('data-reach')!));
    expect(lit.length).toBeGreaterThan(0);
    const hexes = lit.map((k) => ({ q: Number(k.split(',')[0]), r: Number(k.split(',')[1]) }));
    const adjacent = hexes.filter((x) => distance(x, foe.pos) === 1);
    const dest = (adjacent.length > 0 ? adjacent : hexes).sort((a, b) => distance(a, foe.pos) - distance(b, foe.pos) || distance(a, me.pos) - distance(b, me.pos))[0];
    await player.locator(`polygon[data-hex="${dest.q},${dest.r}"]`).click({ force: true });
    await expect.poll(() => player.getByTestId('move-card').textContent()).toMatch(/MA used/);
    expect(await pageOverflow(player)).toBeLessThanOrEqual(0);
    await h.shot(player, 'player-move-preview-390');
    const seqMove = (await view(id, gmToken)).view.seq;
    await player.getByTestId('confirm-move').click();
    await waitForLog(player, seqMove + 1);
    await waitForLog(gm, seqMove + 1);
    const moved = figsOf(await view(id, gmToken)).find((f) => f.id === me.id)!;
    expect(moved.pos).toEqual(dest);

    // Attack: the options show exact odds; the player attacks; both pages show it.
    let attackIndex = -1;
    for (let round = 0; round < 6 && attackIndex < 0; round++) {
      v = await gmUntilPlayer(gm, id, gmToken, playerFigs, 'action');
      await player.locator('[data-tab="actions"]').click();
      await player.getByTestId(`figure-${me.id}`).click();
      await player.locator('[data-testid^="option-"]').first().waitFor();
      const kinds = await player.locator('[data-testid^="option-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-option') ?? ''));
      attackIndex = kinds.indexOf('attack');
      if (attackIndex < 0) {
        // Not adjacent yet: take a non-attack action and close in next turn.
        const s = (await view(id, gmToken)).view.seq;
        await player.getByTestId('do-0').click();
        await waitForLog(gm, s + 1);
        const vm = await gmUntilPlayer(gm, id, gmToken, playerFigs, 'move');
        const mine = figsOf(vm).find((f) => f.id === me.id)!;
        const target = figsOf(vm).find((f) => f.id === foe.id)!;
        await player.getByTestId(`figure-${me.id}`).click();
        const near = neighbors(target.pos).sort((a, b) => distance(a, mine.pos) - distance(b, mine.pos))[0];
        await player.locator(`polygon[data-hex="${near.q},${near.r}"]`).click({ force: true });
        const s2 = (await view(id, gmToken)).view.seq;
        await player.getByTestId('confirm-move').click();
        await waitForLog(gm, s2 + 1);
      }
    }
    expect(attackIndex).toBeGreaterThanOrEqual(0);
    const attack = player.getByTestId(`option-${attackIndex}`);
    await expect.poll(() => attack.locator('[data-odds]').count()).toBeGreaterThan(0);
    const oddsText = await attack.textContent();
    expect(oddsText).toMatch(/\d+\.\d%/);
    await attack.locator('button.expand').click();
    await expect.poll(() => attack.locator('.ledger').count()).toBeGreaterThan(0);
    await h.shot(player, 'player-attack-odds-390');
    // Readable on a phone: nothing wider than the 390 px screen.
    expect(await pageOverflow(player)).toBeLessThanOrEqual(0);

    const beforeAttack = await view(id, gmToken);
    const seqAttack = beforeAttack.view.seq;
    await player.getByTestId(`do-${attackIndex}`).click();
    await waitForLog(player, seqAttack + 1);
    // Both pages show the result within a second of each other.
    await waitForLog(gm, seqAttack + 1, 1000);
    await player.locator('[data-tab="log"]').click();
    await gm.locator('[data-tab="log"]').click();
    const lastEntry = (p: Page) => p.locator(`li.entry[data-seq="${seqAttack + 1}"] .events`).textContent();
    await expect.poll(() => lastEntry(gm)).toMatch(/attack/);
    expect(await lastEntry(player)).toBe(await lastEntry(gm));
    await player.getByTestId('dice-tray').waitFor();
    await h.shot(gm, 'gm-log-after-attack');

    // A reload keeps everything: same log, same clock, same role.
    const clockBefore = await player.getByTestId('clock').textContent();
    const countBefore = await logCount(player);
    await player.reload();
    await expect.poll(() => player.getByTestId('role').textContent()).toBe('player');
    await expect.poll(() => logCount(player)).toBe(countBefore);
    expect(await player.getByTestId('clock').textContent()).toBe(clockBefore);

    // The GM rewinds one step (the attack): everyone is back to the state before it.
    await gm.keyboard.press('u');
    await waitForLog(gm, seqAttack + 2);
    const back = await view(id, gmToken);
    expect(back.view.seq).toBe(seqAttack + 2);
    await player.locator('[data-tab="log"]').click();
    await expect.poll(() => player.locator('li.entry.rewind').count()).toBe(1);
    await expect.poll(() => player.locator(`li.entry.undone[data-seq="${seqAttack + 1}"]`).count()).toBe(1);
    expect(back.view.state).toEqual(beforeAttack.view.state);
    await h.shot(gm, 'gm-after-rewind');

    // Export: the GM's JSON record (replayable) and anyone's Markdown fight report.
    const [json] = await Promise.all([gm.waitForEvent('download'), gm.getByRole('button', { name: 'Export JSON' }).click()]);
    const record = JSON.parse(readFileSync((await json.path())!, 'utf8')) as { format: string; commands: unknown[]; log: unknown[] };
    expect(record.format).toBe('fray-encounter');
    expect(record.log).toHaveLength(seqAttack + 2);
    expect(record.commands).toHaveLength(seqAttack);
    const [md] = await Promise.all([player.waitForEvent('download'), player.getByRole('button', { name: 'Fight report (.md)' }).click()]);
    expect(readFileSync((await md.path())!, 'utf8')).toMatch(/Duel at the ford/);

    // The log's figure filter: only the steps that concern the chosen figure, then all again.
    await gm.locator('[data-tab="log"]').click();
    const seqsShown = () => gm.locator('li.entry[data-seq]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));
    const everything = await seqsShown();
    const mentioning = (record.log as LogEntryView[]).filter((e) => e.kind === 'command' && entryMentions(e, foe.id)).map((e) => e.seq);
    expect(mentioning.length).toBeGreaterThan(0);
    expect(mentioning.length).toBeLessThan(everything.length);
    await gm.getByLabel('Filter the log by figure').selectOption(foe.id);
    await expect.poll(seqsShown).toEqual(mentioning);
    await h.shot(gm, 'gm-log-filtered');
    await gm.getByLabel('Filter the log by figure').selectOption('');
    await expect.poll(seqsShown).toEqual(everything);

    expect(h.errors).toEqual([]);
  });
});

describe('a command the server refuses', () => {
  it('shows the server reason on the page and changes nothing', async () => {
    const { page: a, id, token } = await atTable(h, 'tft/duel', { begin: true });

    // A second GM screen whose socket stops hearing steps: it goes stale, as a slow tablet would.
    const { page: b } = await h.page();
    let hold = false;
    let current: { close(): Promise<void> } | null = null;
    await b.routeWebSocket(/\/api\/ws$/, (ws) => {
      current = ws;
      const server = ws.connectToServer();
      ws.onMessage((m) => server.send(m));
      server.onMessage((m) => {
        if (hold && typeof m === 'string' && m.includes('"type":"step"')) return;
        ws.send(m);
      });
    });
    await openGmTable(b, id, token);
    await b.getByTestId('initiative-first').waitFor();
    hold = true;

    // Screen A answers the initiative; stale screen B tries the same: the server says no.
    await a.getByTestId('initiative-first').click();
    await waitForLog(a, 2);
    const seq = (await view(id, token)).view.seq;
    await b.getByTestId('initiative-first').click();
    const err = b.getByTestId('error').first();
    await err.waitFor();
    expect(await err.textContent()).toMatch(/initiative|phase|moving/i);
    expect((await view(id, token)).view.seq).toBe(seq);
    await h.shot(b, 'rejected-command');

    // The socket drops: the page reconnects by itself, says the last step it saw and catches up.
    hold = false;
    await current!.close();
    await expect.poll(() => logCount(b), { timeout: 10_000 }).toBe(await logCount(a));
    await expect.poll(() => b.getByTestId('conn').getAttribute('class')).toMatch(/conn-live/);
    expect(await b.getByTestId('clock').textContent()).toBe(await a.getByTestId('clock').textContent());
    expect(h.errors).toEqual([]);
  });
});
