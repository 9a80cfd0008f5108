// Hanging by a Thread at the table (seed 82345e2a, R-T1..R-T3): the GM plays the example's
// scripted turns with the engine ("p": the script's command for each decision), entering the
// example's own dice by hand as physical dice, so the story is the seed's: Claudio dying and
// stabilized, James dead after his thread roll of 13 against IQ 11, Lenny reeling after first
// aid, Eragin healthy, both orcs dead. The status panel shows remST/dyST, thread rolls due,
// the chance to survive and the stabilization progress along the way, and the player's choice
// of ST or IQ for the thread rolls (R-T2).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { medicScenario } from '../../src/rules/tft/house/thread/medic.test-util.ts';
import type { EncounterView } from '../../src/server/protocol.ts';
import type { Page } from 'playwright-core';
import { PHONE, ROOT, allowGmDice, apiGet, atTable, encounterApi, fileHarness, joinAsPlayer, logCount, openGmTable, openSeat, playerLink, rawCommand, tableLink, waitForLog } from './harness.ts';

const h = fileHarness();

/**
 * A new encounter of `scenario` (Doc the medic, the orc side 'b'), played to Doc's action: the
 * party moves first whoever won the roll, and `movers` stay where they stand.
 */
async function toDocsAction(scenario: Record<string, unknown>, movers: readonly string[]) {
  const created = (await (await fetch(`${h.base}/api/encounters`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario }) })).json()) as { encounter: { id: string }; gm: { token: string } };
  const id = created.encounter.id;
  const token = created.gm.token;
  const api = encounterApi(h.base, id, token);
  expect((await rawCommand(h.base, id, token, { type: 'begin' })).status).toBe(200);
  const chooser = (await api.view()).view.pending!.figures[0];
  expect((await rawCommand(h.base, id, token, { type: 'initiative', figure: chooser, choice: chooser === 'orc' ? 'last' : 'first' })).status).toBe(200);
  for (const f of movers) expect((await rawCommand(h.base, id, token, { type: 'move', figure: f, path: [] })).status).toBe(200);
  expect((await api.view()).view.pending).toMatchObject({ kind: 'action', figures: ['doc'] });
  return { id, token, api };
}

describe('the thread example at the table', () => {
  it('plays the seed example turn by turn with its dice entered by hand', async () => {
    const scenario = parse(readFileSync(`${ROOT}/examples/tft/hanging-by-a-thread.yaml`, 'utf8')) as { dice: number[] };
    const faces = [...scenario.dice];
    const { page: gm, id, token } = await atTable(h, 'tft/hanging-by-a-thread', { size: { width: 1280, height: 860 } });
    await allowGmDice(gm);
    await gm.getByTestId('physical-dice').check();
    await gm.locator('[data-tab="status"]').click();

    const prompt = gm.getByRole('dialog', { name: 'Enter a die' });
    let sawDying = false;
    let sawStabilizing = false;
    for (let step = 0; step < 80; step++) {
      const v = await apiGet<EncounterView>(h.base, `/api/encounters/${id}`, token);
      const p = v.view.pending;
      if (!p) break;
      const before = v.view.seq;
      await gm.keyboard.press(p.figures.length === 0 ? 'b' : 'p');
      // Answer every die the server asks for with the example's next face, until the step lands.
      for (;;) {
        const done = await Promise.race([
          waitForLog(gm, before + 1, 15_000).then(() => 'step' as const),
          prompt.waitFor({ state: 'visible', timeout: 15_000 }).then(() => 'die' as const),
        ]);
        if (done === 'step' && !(await prompt.isVisible())) break;
        if (await prompt.isVisible()) {
          const face = faces.shift();
          if (face === undefined) throw new Error('the example ran out of dice');
          const index = await prompt.getAttribute('data-index');
          await prompt.getByRole('textbox').fill(String(face));
          await prompt.getByRole('button', { name: 'Use it' }).click();
          // The next die is asked for (a new index) or the command lands (the prompt goes).
          await gm.waitForFunction((i) => document.querySelector('.dice-prompt')?.getAttribute('data-index') !== i, index);
        }
        if ((await logCount(gm)) > before) break;
      }
      // Along the way the status panel explains the dying and the stabilization.
      if (!sawDying && (await gm.locator('[data-thread="claudio"]').count()) > 0) {
        const card = await gm.locator('[data-thread="claudio"]').textContent();
        if (/dying/.test(card ?? '') && /Survives/.test(card ?? '')) {
          sawDying = true;
          await h.shot(gm, 'thread-dying-status');
          // R-T2: the player's choice at the table. IQ 14 is already the higher, so choosing it
          // keeps the seed's story; it is a step of the log that takes no game time.
          const seqBefore = await logCount(gm);
          await gm.locator('[data-thread="claudio"] [data-choice="iq"]').click();
          await waitForLog(gm, seqBefore + 1);
          await expect.poll(() => gm.locator('[data-thread="claudio"]').textContent()).toMatch(/IQ 14, the player chose it/);
        }
      }
      if (!sawStabilizing && (await gm.locator('[data-thread] .stab').count()) > 0) {
        sawStabilizing = true;
        expect(await gm.locator('[data-thread] .stab').first().textContent()).toMatch(/Stabilizing.*\/60 turns/);
        await h.shot(gm, 'thread-stabilizing');
      }
    }
    expect(faces).toEqual([]);
    const end = await apiGet<EncounterView>(h.base, `/api/encounters/${id}`, token);
    const states = Object.fromEntries((end.view.summary.figures as { id: string; state: string }[]).map((f) => [f.id, f.state]));
    expect(states).toEqual({ lenny: 'reeling', eragin: 'healthy', james: 'dead', claudio: 'unconscious', 'orc-a': 'dead', 'orc-b': 'dead' });
    expect(sawDying).toBe(true);
    expect(sawStabilizing).toBe(true);

    // The roster shows the end: James dead, Claudio unconscious at dyST 1 (R-T3: wounds ST - 1).
    const claudio = await gm.locator('[data-roster="claudio"]').textContent();
    expect(claudio).toMatch(/unconscious/);
    await gm.locator('[data-tab="log"]').click();
    const log = await gm.locator('[data-testid="log"]').textContent();
    expect(log).toMatch(/13/);
    await h.shot(gm, 'thread-log');
    expect(h.errors).toEqual([]);
  });
});

describe('after the fight', () => {
  it('the GM runs a medic\'s 5 minutes at once once the fight is over (R-T3): the option is offered and taken, the roll made', async () => {
    const scenario = {
      system: 'tft',
      name: 'medic after the fight',
      figures: [
        { id: 'doc', name: 'Doc', side: 'a', st: 10, dx: 12, iq: 12, talents: ['physicker'], weapons: ['dagger'], at: { q: 2, r: 2 } },
        { id: 'pat', name: 'Pat', side: 'a', st: 10, dx: 10, iq: 9, wounds: 12, at: { q: 3, r: 2 } },
        { id: 'orc', name: 'Orc', side: 'b', race: 'orc', st: 10, dx: 9, weapons: ['club'], wounds: 30, at: { q: 10, r: 8 } },
      ],
    };
    const created = (await (await fetch(`${h.base}/api/encounters`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario }) })).json()) as { encounter: { id: string }; gm: { token: string } };
    const id = created.encounter.id;
    const token = created.gm.token;
    for (const command of [{ type: 'begin' }, { type: 'move', figure: 'doc', path: [] }, { type: 'pass', figure: 'doc' }]) expect((await rawCommand(h.base, id, token, command)).status).toBe(200);
    const { page: gm } = await h.page({ width: 1280, height: 860 });
    await openGmTable(gm, id, token);
    await gm.getByTestId('banner').filter({ hasText: 'The fight is over' }).waitFor();
    await gm.locator('[data-tab="status"]').click();
    // No dice nor odds of thread rolls that will not be made: what the GM can do instead (it read "Thread roll at the end of the turn").
    const instead = 'The fight is over: no more thread rolls. Pat stays dying until a medic stabilizes it; a medic beside Pat can run the 5 minutes at once (finish stabilizing) or give first aid.';
    await expect.poll(() => gm.locator('[data-after-fight="pat"]').textContent()).toBe(`${instead} R-T3`);
    expect(await gm.locator('[data-thread="pat"]').textContent()).not.toMatch(/Thread roll at the end|Survives/);
    await gm.getByRole('button', { name: 'Doc', exact: true }).click();
    await gm.locator('[data-tab="actions"]').click();
    expect(await gm.locator('[data-dying="pat"]').textContent()).toBe(`Pat is dying. ${instead}`);
    // The option says Doc's chance (R-T3: 4d6 against IQ 12).
    expect(await gm.locator('[data-option="finish-stabilization"]').textContent()).toMatch(/finish stabilizing Pat.*stabilizes 33\.6%/);
    const run = gm.getByRole('button', { name: /^Do it: .*Pat/ });
    await run.click();
    await expect.poll(async () => (await apiGet<EncounterView>(h.base, `/api/encounters/${id}`, token)).view.seq).toBe(4);
    const log = await apiGet<{ entries: { command?: unknown }[] }>(h.base, `/api/encounters/${id}/log?from=3`, token);
    expect(log.entries.map((e) => e.command)).toEqual([{ type: 'finish-stabilization', figure: 'doc', target: 'pat' }]);
    // the roll made or failed: unconscious and stable, or still dying with this medic barred (R-T3)
    const pat = (await apiGet<EncounterView>(h.base, `/api/encounters/${id}`, token)).view.state as { figures: { id: string; state: string }[] };
    expect(['unconscious', 'dying']).toContain(pat.figures.find((f) => f.id === 'pat')?.state);
  });
});

describe('a medic at work in the fight', () => {
  /** Each text of `cells` on one line (a narrow column broke "10" into 1 over 0). */
  const oneLine = (page: Page, cells: string) =>
    page.locator(cells).evaluateAll((els) =>
      els.filter((el) => {
        const r = document.createRange();
        r.selectNodeContents(el);
        const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
        return tops.size > 1;
      }).map((el) => el.textContent),
    );

  it("the GM sees who is dying and who works on whom in the Actions tab, a medic's option says its chance, the player chooses ST or IQ from a phone, the spectator follows (R-T2, R-T3)", async () => {
    const scenario = { ...medicScenario(), sides: [{ id: 'a', name: 'The party' }, { id: 'b', name: 'Orcs' }] };
    const { id, token, api } = await toDocsAction(scenario, ['doc', 'mara', 'orc']);

    const { page: gm } = await h.page({ width: 1280, height: 860 });
    await openGmTable(gm, id, token);
    const { page: phone } = await joinAsPlayer(h, await playerLink(h.base, id, token, ['pat']), PHONE);
    const spectatorToken = ((await (await fetch(`${h.base}/api/encounters/${id}/tokens`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ role: 'spectator' }) })).json()) as { token: string }).token;
    const { page: spectator } = await h.page();
    await openSeat(spectator, tableLink(id, spectatorToken), 'spectator');

    // The GM, on the Actions tab: Pat's thread roll at the end of the turn, in a line.
    const line = (page: Page) => page.locator('[data-dying="pat"]').textContent();
    await expect.poll(() => line(gm)).toBe('Pat is dying: thread roll 1d6 ≤ ST 10 at the end of the turn, survives it 100.0%.');
    // Doc's stabilize option says its chance and the work left (it showed "turns left 60" only), its ledger what it counts.
    const stabilize = gm.locator('[data-option="stabilize"]');
    await expect.poll(() => stabilize.textContent()).toMatch(/stabilize Pat.*stabilizes 33\.6%.*turns of work left 60/);
    await gm.getByRole('button', { name: 'Do it: stabilize Pat', exact: true }).click();
    await api.seqIs(6);
    // This turn's work is done (R-T3): another choice of Doc's is a later turn's.
    const working =
      "Pat is dying; Doc is stabilizing: 1 of 60 turns done, this turn's included, no thread roll meanwhile. At the end Doc rolls 4d6 ≤ IQ 12 (33.6%). If Doc does anything else in a later turn, the work stops: Pat rolls 1d6 ≤ ST 10 at the end of that turn.";
    await expect.poll(() => line(gm)).toBe(working);
    await h.shot(gm, 'thread-medic-actions');

    // The spectator follows it in the Actions tab too; no choice is theirs.
    await expect.poll(() => line(spectator)).toBe(working);
    expect(await spectator.getByTestId('dying-lines').getByRole('button').textContent()).toBe('More in Status');

    // The player, on a phone: the line and the way to the choice of ST or IQ (R-T2), where the player is.
    await expect.poll(() => line(phone)).toBe(working);
    // Its only figure is dying: its own panel says so (it showed Doc's, "Nothing for Doc to do now").
    const own = phone.getByTestId('actions');
    await expect.poll(() => own.locator('h3').textContent()).toBe('Pat');
    expect(await own.textContent()).toContain('Pat is dying and cannot act now.');
    expect(await own.textContent()).not.toContain('Doc');
    await phone.getByRole('button', { name: 'Choose ST or IQ for the thread rolls, and more, in Status' }).click();
    const card = phone.locator('[data-thread="pat"]');
    await expect.poll(() => card.textContent()).toMatch(/No thread roll while Doc works; if the work stops: 1d6 ≤ ST 10 at the end of that turn\.R-T3/);
    expect(await card.textContent()).toMatch(/If the work stops, survives/);
    await card.locator('[data-choice="iq"]').click();
    await api.seqIs(7);
    await expect.poll(() => card.locator('[data-choice="iq"]').getAttribute('aria-pressed')).toBe('true');
    await h.shot(phone, 'thread-player-phone-status');

    // The GM's roster: every number and header on one line (the row buttons squeezed "10" into 1 over 0).
    await gm.locator('[data-tab="status"]').click();
    await gm.locator('.roster tbody tr').first().waitFor();
    expect(await oneLine(gm, '.roster thead th, .roster tbody td:nth-child(n+3)')).toEqual([]);
    expect(await oneLine(phone, '.roster thead th, .roster tbody td:nth-child(n+3)')).toEqual([]);
    expect(h.errors).toEqual([]);
  });
});

describe('first aid at the table', () => {
  it("the GM's first-aid option says what it leaves the patient at, and giving it does so: Pat unconscious and stable, no more thread rolls (R-T4)", async () => {
    const scenario = { ...medicScenario({ mara: false }), name: 'first aid' };
    const { id, token, api } = await toDocsAction(scenario, ['doc', 'orc']);

    const { page: gm } = await h.page({ width: 1280, height: 860 });
    await openGmTable(gm, id, token);
    const aid = gm.locator('[data-option="first-aid"]');
    // The result on the card, before it is given (it showed "first aid to Pat" and the wounds healed only).
    await expect
      .poll(() => aid.getByTestId('option-result').textContent())
      .toBe('Pat after it: 9 wounds, remST 1, unconscious and stable: no more thread rolls (R-T4, in place of stabilization)');
    await aid.scrollIntoViewIfNeeded();
    await h.shot(gm, 'thread-first-aid-option');
    await gm.getByRole('button', { name: 'Do it: first aid to Pat', exact: true }).click();
    await api.seqIs(5);
    const pat = ((await api.view()).view.state as { figures: { id: string; state: string; wounds: number }[] }).figures.find((f) => f.id === 'pat')!;
    expect([pat.state, pat.wounds]).toEqual(['unconscious', 9]);
    // The table shows it: no one dying any more, the log says what was done.
    await expect.poll(() => gm.locator('[data-dying="pat"]').count()).toBe(0);
    await gm.locator('[data-tab="log"]').click();
    await expect.poll(() => gm.getByTestId('log').textContent()).toContain('Doc gives Pat first aid: 2 wounds healed');
    expect(h.errors).toEqual([]);
  });
});
