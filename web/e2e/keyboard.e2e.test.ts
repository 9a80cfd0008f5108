// The table by keyboard alone: Tab moves the focus (it is not taken for "next figure", which is
// n), every button is reached, the map takes a cursor (arrow keys) and Enter picks a hex, so a
// whole turn (begin, initiative, a move) is played without the mouse.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allowGmDice, atTable, duelToActionPhase, fileHarness, logCount } from './harness.ts';

const h = fileHarness();

/** What has the focus: its test id, else its tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    return e?.getAttribute('data-testid') ?? `${e?.tagName.toLowerCase()}:${(e?.textContent ?? '').trim().slice(0, 20)}`;
  });

/** Presses Tab until `testId` has the focus (at most 60 times); returns how many presses. */
async function tabTo(page: Page, testId: string): Promise<number> {
  const seen: string[] = [];
  for (let i = 1; i <= 60; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    seen.push(f);
    if (f === testId) return i;
  }
  throw new Error(`Tab never reached ${testId}: ${seen.join(' | ')}`);
}

describe('keyboard only', () => {
  it('Tab reaches the buttons and the map; Enter begins, chooses the initiative and moves a figure; n picks the next figure', async () => {
    const { page: gm, api: { view, seqIs } } = await atTable(h, 'tft/duel');
    await gm.locator('body').click({ position: { x: 1, y: 1 } });

    // Tab walks the page (it is not swallowed) and reaches the system step; Enter presses it.
    await tabTo(gm, 'system-step');
    await gm.keyboard.press('Enter');
    await seqIs(1);
    await tabTo(gm, 'initiative-first');
    await gm.keyboard.press('Enter');
    await seqIs(2);
    // The page has the step (the mover is selected, its move card shown) before n is pressed.
    await gm.getByTestId('move-card').waitFor();

    // n selects the next figure and back; the help names the key.
    const sel = () => gm.locator('.fig.selected').getAttribute('data-figure');
    const first = await sel();
    await gm.keyboard.press('n');
    await expect.poll(sel).not.toBe(first);
    await gm.keyboard.press('Shift+N');
    await expect.poll(sel).toBe(first);
    await gm.keyboard.press('?');
    expect(await gm.getByRole('dialog', { name: 'Keyboard shortcuts' }).textContent()).toMatch(/n \/ Shift\+N.*next \/ previous of your figures/);
    await gm.keyboard.press('Escape');

    // The mover, by keyboard on the map: the cursor starts on it; one step toward the foe.
    const mover = (await view()).view.pending!.figures[0];
    expect(await sel()).toBe(mover);
    await tabTo(gm, 'hexmap');
    const start = await gm.locator('[data-cursor]').getAttribute('data-cursor');
    await gm.keyboard.press(mover === 'bjorn' ? 'ArrowRight' : 'ArrowLeft');
    const to = (await gm.locator('[data-cursor]').getAttribute('data-cursor'))!;
    expect(to).not.toBe(start);
    expect(await gm.locator(`[data-reach="${to}"]`).count()).toBe(1);
    await gm.keyboard.press('Enter');
    await expect.poll(() => gm.getByTestId('move-card').textContent()).toMatch(/1 MA used/);
    await h.shot(gm, 'keyboard-move');
    // Enter again on the chosen hex makes the move.
    await gm.keyboard.press('Enter');
    await seqIs(3);
    const moved = ((await view()).view.state as { figures: { id: string; pos: { q: number; r: number } }[] }).figures.find((f) => f.id === mover)!;
    expect(`${moved.pos.q},${moved.pos.r}`).toBe(to);
    expect(h.errors).toEqual([]);
  });

  it('f and w choose the initiative (move first, wait and move last), shown on the buttons and in the help; not while typing in a field', async () => {
    const { page: gm, api: { view } } = await atTable(h, 'tft/duel', { size: { width: 1280, height: 860 }, begin: true });
    const first = gm.getByTestId('initiative-first');
    const last = gm.getByTestId('initiative-last');
    await first.waitFor();
    expect([await first.getAttribute('aria-keyshortcuts'), await first.locator('kbd').textContent()]).toEqual(['f', 'f']);
    expect([await last.getAttribute('aria-keyshortcuts'), await last.locator('kbd').textContent()]).toEqual(['w', 'w']);
    await gm.locator('body').click({ position: { x: 1, y: 1 } });
    await gm.keyboard.press('?');
    expect(await gm.getByRole('dialog', { name: 'Keyboard shortcuts' }).textContent()).toMatch(/f \/ w.*the initiative won: move first \/ wait and move last/);
    await gm.keyboard.press('Escape');

    // Typed into a field (the Adjust form's reason), the letters are the field's.
    await gm.locator('[data-tab="status"]').click();
    await gm.getByRole('button', { name: 'Adjust Bjorn' }).click();
    const reason = gm.getByRole('form', { name: 'Adjust Bjorn' }).getByLabel('Reason');
    await reason.click();
    await gm.keyboard.type('fw');
    expect(await reason.inputValue()).toBe('fw');
    await gm.waitForTimeout(500);
    expect((await view()).view.seq).toBe(1);

    // Elsewhere w makes the winner move last; undone, f makes it move first.
    await gm.locator('body').click({ position: { x: 1, y: 1 } });
    await gm.keyboard.press('a');
    await first.waitFor();
    const order = async () => {
      const s = (await view()).view.state as { phase: string; initiativeWinner: string; moveOrder: string[] };
      return s.phase === 'move' ? s.moveOrder.indexOf(s.initiativeWinner) : s.phase;
    };
    await gm.keyboard.press('w');
    await expect.poll(order).toBe(1);
    // The page has the step (undo goes back from the last step it holds) before u is pressed.
    await expect.poll(() => logCount(gm)).toBe(2);
    await gm.keyboard.press('u');
    await expect.poll(order).toBe('initiative');
    await first.waitFor();
    await gm.keyboard.press('f');
    await expect.poll(order).toBe(0);
    expect(h.errors).toEqual([]);
  });

  it('1-9 during the movement phase take nothing: the action options listed there are a preview (was sent and rejected)', async () => {
    const { page: gm, api: { view, seqIs } } = await atTable(h, 'tft/duel', { begin: true });
    await gm.getByTestId('initiative-first').click();
    await seqIs(2);
    await gm.getByTestId('move-card').waitFor();
    // The panel lists the action phase's options, its buttons off; the keys follow the buttons.
    await gm.getByTestId('option-0').waitFor();
    expect(await gm.getByTestId('do-0').isDisabled()).toBe(true);
    await gm.locator('body').click({ position: { x: 1, y: 1 } });
    for (const k of ['1', '2', '3']) await gm.keyboard.press(k);
    await gm.waitForTimeout(500);
    expect(await gm.getByTestId('error').count()).toBe(0);
    expect((await view()).view.seq).toBe(2);
    expect(h.errors).toEqual([]);
  });

  // The focus comes back once the cancelled command has been answered by the server: on a busy
  // machine that takes longer than expect.poll's default second.
  const SETTLED = { timeout: 10_000 };
  it('the physical-dice prompt takes the keyboard (type the face and Enter; the focus stayed behind it), and cancelling it, by Escape or its button, gives the focus back to the button that opened it (it went to the page body)', async () => {
    const { page: gm } = await atTable(h, 'tft/duel');
    await allowGmDice(gm);
    await gm.getByTestId('physical-dice').check();
    await tabTo(gm, 'system-step');
    await gm.keyboard.press('Enter');
    const prompt = gm.getByRole('dialog', { name: 'Enter a die' });
    await prompt.waitFor();
    const focusIn = () => gm.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await expect.poll(focusIn).toBe('d6 face');
    // A die entered first: the prompt of the second die, its field focused in its turn, is the one cancelled.
    await gm.keyboard.type('6');
    await gm.keyboard.press('Enter');
    await expect.poll(() => prompt.getAttribute('data-index')).toBe('1');
    await expect.poll(focusIn).toBe('d6 face');
    await gm.keyboard.press('Escape');
    await expect.poll(() => prompt.count()).toBe(0);
    await expect.poll(() => focused(gm), SETTLED).toBe('system-step');
    // Enter on it opens the prompt again; its Cancel button gives the focus back too.
    await gm.keyboard.press('Enter');
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Cancel the command' }).click();
    await expect.poll(() => prompt.count()).toBe(0);
    await expect.poll(() => focused(gm), SETTLED).toBe('system-step');
    expect(await logCount(gm)).toBe(0);
    expect(h.errors).toEqual([]);
  });

  it("the side panel's tabs: one Tab stop, Left/Right move and wrap, Home/End go to the ends, the panel follows the focus; the map's figure stays; a/s/l take the focus along; Tab goes on into the panel", async () => {
    const { page: gm } = await atTable(h, 'tft/duel');
    await gm.getByTestId('system-step').waitFor();
    await gm.locator('body').click({ position: { x: 1, y: 1 } });
    // A figure selected on the map (n): the arrow keys in the tab list must not move it.
    const sel = () => gm.locator('.fig.selected').getAttribute('data-figure');
    await gm.keyboard.press('n');
    await expect.poll(sel).not.toBeNull();
    const figure = await sel();

    // Tab through the whole page: the tab list is one stop, the selected tab.
    const stops: string[] = [];
    for (let i = 0; i < 80; i++) {
      await gm.keyboard.press('Tab');
      const a = await gm.evaluate(() => {
        const e = document.activeElement;
        return e && e !== document.body ? `${e.getAttribute('role')}:${e.getAttribute('data-tab')}` : null;
      });
      if (a === null) break;
      if (a.startsWith('tab:')) stops.push(a);
    }
    expect(stops).toEqual(['tab:actions']);

    // Focus, selection and the panel's label move together.
    const at = () =>
      gm.evaluate(() => ({
        focus: document.activeElement?.getAttribute('data-tab'),
        selected: [...document.querySelectorAll('[role="tab"][aria-selected="true"]')].map((e) => e.getAttribute('data-tab')).join(),
        inOrder: [...document.querySelectorAll('[role="tab"][tabindex="0"]')].map((e) => e.getAttribute('data-tab')).join(),
        panel: document.querySelector('[role="tabpanel"]')?.getAttribute('aria-labelledby'),
      }));
    const on = (t: string) => ({ focus: t, selected: t, inOrder: t, panel: `tab-${t}` });
    await gm.getByRole('tab', { name: 'Actions' }).focus();
    const map = await gm.getByTestId('hexmap').innerHTML();
    for (const [key, t] of [
      ['ArrowRight', 'status'],
      ['ArrowRight', 'log'],
      ['ArrowRight', 'share'],
      ['ArrowRight', 'actions'],
      ['ArrowLeft', 'share'],
      ['Home', 'actions'],
      ['End', 'share'],
      ['ArrowLeft', 'log'],
      ['ArrowLeft', 'status'],
    ]) {
      await gm.keyboard.press(key);
      await expect.poll(at, { message: key }).toEqual(on(t));
    }
    await gm.getByTestId('status').waitFor();
    expect(await sel()).toBe(figure);
    expect(await gm.getByTestId('hexmap').innerHTML()).toBe(map);

    // The table's own keys still work from the tab list, and the focus goes with the selection.
    await gm.keyboard.press('l');
    await expect.poll(at).toEqual(on('log'));
    await gm.keyboard.press('a');
    await expect.poll(at).toEqual(on('actions'));
    // Space and Enter on a tab are the tab's (Space runs the system step elsewhere).
    await gm.keyboard.press(' ');
    await gm.keyboard.press('Enter');
    expect(await logCount(gm)).toBe(0);
    // Tab leaves the list for the panel.
    await gm.keyboard.press('Tab');
    expect(await gm.evaluate(() => document.activeElement?.closest('[role="tabpanel"]')?.id)).toBe('table-tabpanel');
    expect(h.errors).toEqual([]);
  });

  it("the lobby's tabs: the arrows and Home/End move the focus only (opening a tab clears the error and drops the editor's draft), Enter opens the focused one", async () => {
    const { page } = await h.page();
    await page.goto('/');
    await page.locator('[data-example="tft/duel"]').waitFor();
    const at = () =>
      page.evaluate(() => ({
        focus: document.activeElement?.getAttribute('data-tab'),
        selected: [...document.querySelectorAll('[role="tab"][aria-selected="true"]')].map((e) => e.getAttribute('data-tab')).join(),
        panel: document.querySelector('[role="tabpanel"]')?.getAttribute('aria-labelledby'),
      }));
    await page.getByRole('tab', { name: 'From an example' }).focus();
    for (const [key, t] of [
      ['ArrowRight', 'upload'],
      ['ArrowRight', 'editor'],
      ['ArrowRight', 'examples'],
      ['ArrowLeft', 'editor'],
      ['Home', 'examples'],
      ['End', 'editor'],
    ]) {
      await page.keyboard.press(key);
      expect(await at(), key).toEqual({ focus: t, selected: 'examples', panel: 'lobby-tab-examples' });
    }
    await page.keyboard.press('Enter');
    await expect.poll(at).toEqual({ focus: 'editor', selected: 'editor', panel: 'lobby-tab-editor' });
    expect(await page.locator('[role="tab"][tabindex="0"]').getAttribute('data-tab')).toBe('editor');
    await page.locator('#lobby-tabpanel form.editor').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press(' ');
    await expect.poll(at).toEqual({ focus: 'upload', selected: 'upload', panel: 'lobby-tab-upload' });
    expect(h.errors).toEqual([]);
  });

  it('every Tab stop of the table says what it does (no bare "?", "▸", "→" or a column of "Do it"), shows the focus, and the map\'s figures and each new step with its dice are said in words', async () => {
    const { page: gm, api: { seqIs } } = await atTable(h, 'tft/duel');
    await duelToActionPhase(gm, seqIs);
    await gm.getByTestId('do-0').waitFor();
    await gm.locator('body').click({ position: { x: 1, y: 1 } });
    // Tab through the whole page once, from the top until the focus leaves it.
    const stops: { name: string; outline: string }[] = [];
    for (let i = 0; i < 80; i++) {
      await gm.keyboard.press('Tab');
      const outline = await gm.evaluate(() => (document.activeElement && document.activeElement !== document.body ? getComputedStyle(document.activeElement).outlineStyle : null));
      if (outline === null) break;
      stops.push({ name: (await gm.locator(':focus').ariaSnapshot()).split('\n')[0], outline });
    }
    expect(stops.length).toBeGreaterThan(10);
    // Every stop has a name with words in it (the snapshot's quoted name), and a visible focus ring.
    const names = stops.map((s) => /"([^"]*)"/.exec(s.name.replace(/\\"/g, '"'))?.[1] ?? '');
    expect(stops.filter((_s, i) => !/[A-Za-z]{2}/.test(names[i])).map((s) => s.name)).toEqual([]);
    expect(stops.filter((s) => s.outline === 'none').map((s) => s.name)).toEqual([]);
    expect(names).toContain('Keyboard shortcuts');
    // The option buttons are named with their option, each once.
    const doIt = names.filter((n) => n.startsWith('Do it'));
    expect(doIt.length).toBeGreaterThan(1);
    expect(doIt.every((n) => /^Do it: \w/.test(n))).toBe(true);
    expect(new Set(doIt).size).toBe(doIt.length);
    expect(names.filter((n) => n.startsWith('Ledger: ')).length).toBe(doIt.length);
    // Each figure in words: side, hex, facing, state.
    expect(await gm.getByTestId('map-figures').textContent()).toMatch(/Bjorn \(north\), hex -?\d+,-?\d+, facing [a-z-]+, healthy/);
    // Each step is said in the live region as it comes: its narration, then its dice (the last
    // action of the turn rolls the next initiative, a die per side, said as the initiative).
    const said = gm.getByTestId('announce');
    await gm.getByTestId('do-0').click();
    await seqIs(5);
    await expect.poll(() => said.textContent()).toMatch(/^Step 5: .*(Bjorn|Cedric)/);
    await gm.getByTestId('do-0').click();
    await seqIs(6);
    await expect.poll(() => said.textContent()).toMatch(/^Step 6: .* Dice: (north|south) initiative: \d.*; (north|south) initiative: \d/);
    expect(await said.getAttribute('aria-live')).toBe('polite');
    expect(h.errors).toEqual([]);
  });
});
