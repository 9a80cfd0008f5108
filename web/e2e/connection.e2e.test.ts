// The page's connection to the server: it comes back by itself after a server restart (the
// server says `bye: shutdown`), a GM's rewind does not wait for it (over HTTP, pinned to the
// step the GM saw, while the socket is down or when it drops before the answer), and the Share tab asks for the seat list only when it should
// (never because the table re-rendered, never in a loop when the request fails).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type LogResponse, unavailableMessage } from '../../src/server/protocol.ts';
import { PHONE, apiGet, atTable, createFromExample, duelToActionPhase, encounterApi, fileHarness, logCount, pageOverflow, tokenOf } from './harness.ts';

const h = fileHarness();

/** Chromium's console notes of requests the test makes fail on purpose (server down, a 500). */
const expected = (e: string) => /WebSocket connection to .* failed|ERR_CONNECTION_REFUSED|Failed to load resource|status of 500/.test(e);

/** Why the GM's socket commands wait while it is down (Table.tsx OFFLINE_WHY). */
const OFFLINE = 'Not connected to the table: wait until it reconnects';

/** Counts the page's requests to the encounter's token list. */
function countTokenRequests(page: Page): { n: number } {
  const c = { n: 0 };
  page.on('request', (r) => {
    if (/\/api\/encounters\/[^/]+\/tokens$/.test(new URL(r.url()).pathname) && r.method() === 'GET') c.n++;
  });
  return c;
}

describe('a server restart', () => {
  it('the page reconnects by itself (bye: shutdown is not the end), catches up and plays on', async () => {
    const { page: gm } = await atTable(h, 'tft/duel', { begin: true });

    await h.restart({ downMs: 1500 });
    // While it is down: "Reconnecting", never "Disconnected".
    await expect.poll(() => gm.getByTestId('conn').getAttribute('class'), { timeout: 15_000 }).toMatch(/conn-live/);
    expect(await gm.locator('.toast', { hasText: 'Disconnected' }).count()).toBe(0);
    await expect.poll(() => gm.getByTestId('reconnecting').count()).toBe(0);

    // The same table, live: the next command goes through and every page shows it.
    await gm.getByTestId('initiative-first').click();
    await expect.poll(() => logCount(gm)).toBe(2);
    expect(h.errors.filter((e) => !expected(e))).toEqual([]);
  });
});

describe('a rewind while the socket is down', () => {
  it("the GM's undo is done at once and shown, and the reconnect neither repeats nor loses a step; one whose socket drops before the answer is done once, without a false alarm", async () => {
    const { page: gm } = await h.page();
    // The page's socket, as a flaky network makes it: `down` refuses it (the server itself is up);
    // `drop` closes it as the page's rewind goes out ('before') or as the server's ack comes back ('after').
    let down = false;
    let drop: 'before' | 'after' | null = null;
    let current: { close(): Promise<void> } | null = null;
    await gm.routeWebSocket(/\/api\/ws$/, (ws) => {
      if (down) return void ws.close();
      current = ws;
      const server = ws.connectToServer();
      ws.onMessage((m) => {
        if (drop === 'before' && String(m).includes('"type":"rewind"')) {
          drop = null;
          return void ws.close();
        }
        server.send(m);
      });
      server.onMessage((m) => {
        if (drop === 'after' && String(m).includes('"type":"ack"')) {
          drop = null;
          return void ws.close();
        }
        ws.send(m);
      });
    });
    const id = await createFromExample(gm, 'tft/duel');
    const token = tokenOf(gm);
    const api = encounterApi(h.base, id, token);
    await duelToActionPhase(gm, api.seqIs);
    const rewinds = async () => (await apiGet<LogResponse>(h.base, `/api/encounters/${id}/log`, token)).entries.filter((e) => e.kind === 'rewind').map((e) => [e.seq, e.to]);

    down = true;
    await current!.close();
    await expect.poll(() => gm.getByTestId('conn').getAttribute('class')).toMatch(/conn-reconnecting/);
    // "engine plays" goes over the socket: disabled while it is down, and it says why (it stayed
    // enabled and then refused); the rewind goes over HTTP and stays enabled.
    const autoPlay = gm.getByTestId('auto-play');
    await expect.poll(() => autoPlay.isDisabled()).toBe(true);
    expect(await autoPlay.getAttribute('title')).toBe(OFFLINE);
    expect(await gm.locator('#auto-play-why').textContent()).toContain(OFFLINE);
    expect(await gm.getByRole('button', { name: /^undo/ }).isEnabled()).toBe(true);
    await gm.getByRole('button', { name: /^undo/ }).click();
    await api.seqIs(5);
    expect(await rewinds()).toEqual([[5, 3]]);
    // Shown at once, though the socket is still down: the log has the rewind, the undone step struck out.
    await gm.locator('[data-tab="log"]').click();
    await expect.poll(() => logCount(gm)).toBe(5);
    expect(await gm.locator('.entry.rewind').textContent()).toContain('GM rewound to step 3');
    expect(await gm.locator('.entry.undone').count()).toBe(1);
    expect(await gm.getByTestId('error').count()).toBe(0);
    await expect.poll(() => gm.getByTestId('conn').getAttribute('class')).toMatch(/conn-reconnecting/);

    // Back up: live again, each step once.
    down = false;
    await expect.poll(() => gm.getByTestId('conn').getAttribute('class'), { timeout: 15_000 }).toMatch(/conn-live/);
    expect(await gm.locator('[data-testid="log"] li[data-seq]').evaluateAll((li) => li.map((x) => x.getAttribute('data-seq')))).toEqual(['1', '2', '3', '4', '5']);
    // "engine plays" is enabled again, its reason gone.
    await gm.locator('[data-tab="actions"]').click();
    await expect.poll(() => autoPlay.isEnabled()).toBe(true);
    expect(await autoPlay.getAttribute('title')).not.toBe(OFFLINE);
    await gm.locator('[data-tab="log"]').click();

    // The socket drops as the rewind goes out (never stored), then as its ack comes back (stored):
    // each is stored once, and neither says "another window took a step".
    for (const [when, seq, to] of [['before', 6, 2], ['after', 7, 1]] as const) {
      drop = when;
      await gm.locator(`[data-rewind="${to}"]`).click();
      await api.seqIs(seq);
      await expect.poll(() => gm.getByTestId('conn').getAttribute('class'), { timeout: 15_000 }).toMatch(/conn-live/);
      await expect.poll(() => logCount(gm)).toBe(seq);
    }
    expect(await rewinds()).toEqual([[5, 3], [6, 2], [7, 1]]);
    expect(await gm.getByTestId('error').count()).toBe(0);
    expect(h.errors.filter((e) => !expected(e))).toEqual([]);
  });
});

describe('the database unavailable', () => {
  it("the reconnecting notice says so in plain words, the driver's reason under Details, on a phone too; it goes once the table is live again", async () => {
    const { page: gm } = await h.page(PHONE);
    // The server answers every hello `unavailable` while `dbDown` (as src/server/errors.ts words it).
    let dbDown = false;
    let current: { close(): Promise<void> } | null = null;
    const reason = 'connect ECONNREFUSED 127.0.0.1:5432';
    await gm.routeWebSocket(/\/api\/ws$/, (ws) => {
      if (dbDown) return void ws.onMessage(() => ws.send(JSON.stringify({ type: 'error', code: 'unavailable', message: unavailableMessage(reason) })));
      current = ws;
      const server = ws.connectToServer();
      ws.onMessage((m) => server.send(m));
      server.onMessage((m) => ws.send(m));
    });
    await createFromExample(gm, 'tft/duel');
    dbDown = true;
    await current!.close();
    const toast = gm.getByTestId('reconnecting');
    await expect.poll(() => toast.textContent()).toMatch(/^Reconnecting: the server's database is unavailable…/);
    // The reason: not in the sentence, but under Details (and the toast's tooltip).
    expect(await toast.getAttribute('title')).toBe(reason);
    expect(await gm.getByTestId('reconnecting-why').isVisible()).toBe(false);
    await toast.getByText('Details').click();
    expect(await gm.getByTestId('reconnecting-why').textContent()).toBe(reason);
    expect(await pageOverflow(gm)).toBeLessThanOrEqual(0);
    expect(await toast.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(PHONE.width!);
    await h.shot(gm, 'table-reconnecting-phone');
    dbDown = false;
    await expect.poll(() => gm.getByTestId('conn').getAttribute('class'), { timeout: 15_000 }).toMatch(/conn-live/);
    await expect.poll(() => toast.count()).toBe(0);
    expect(h.errors.filter((e) => !expected(e))).toEqual([]);
  });
});

describe("the GM's Begin while the socket is down", () => {
  it('is disabled with the reason, and enabled and taken once the table is live again', async () => {
    const { page: gm } = await h.page();
    let down = false;
    let current: { close(): Promise<void> } | null = null;
    await gm.routeWebSocket(/\/api\/ws$/, (ws) => {
      if (down) return void ws.close();
      current = ws;
      const server = ws.connectToServer();
      ws.onMessage((m) => server.send(m));
      server.onMessage((m) => ws.send(m));
    });
    const id = await createFromExample(gm, 'tft/duel');
    const api = encounterApi(h.base, id, tokenOf(gm));
    const begin = gm.getByTestId('system-step');
    await expect.poll(() => begin.isEnabled()).toBe(true);
    down = true;
    await current!.close();
    await expect.poll(() => gm.getByTestId('conn').getAttribute('class')).toMatch(/conn-reconnecting/);
    await expect.poll(() => begin.isDisabled()).toBe(true);
    expect(await begin.getAttribute('title')).toBe(OFFLINE);
    expect(await gm.locator(`#${await begin.getAttribute('aria-describedby')}`).textContent()).toBe(OFFLINE);
    down = false;
    await expect.poll(() => gm.getByTestId('conn').getAttribute('class'), { timeout: 15_000 }).toMatch(/conn-live/);
    await expect.poll(() => begin.isEnabled()).toBe(true);
    expect(await begin.getAttribute('title')).toBeNull();
    await begin.click();
    await api.seqIs(1);
    expect(await gm.getByTestId('error').count()).toBe(0);
    expect(h.errors.filter((e) => !expected(e))).toEqual([]);
  });
});

describe('the Share tab', () => {
  it('loads the seats once, not on every re-render, and not at all after the encounter is gone', async () => {
    const { page: gm, id, token } = await atTable(h, 'tft/duel');
    const c = countTokenRequests(gm);
    await gm.locator('[data-tab="share"]').click();
    await gm.locator('.tokens li').first().waitFor();
    await gm.waitForTimeout(500);
    // Opening the panel loads the list (twice at most: the e2e bundle is React's development
    // build, whose StrictMode mounts every component twice).
    const opened = c.n;
    expect(opened).toBeGreaterThanOrEqual(1);
    expect(opened).toBeLessThanOrEqual(2);

    // Hovering the map re-renders the table twenty times: no request.
    const map = await gm.getByTestId('hexmap').boundingBox();
    for (let i = 0; i < 20; i++) await gm.mouse.move(map!.x + 40 + i * 20, map!.y + map!.height / 2);
    await gm.waitForTimeout(500);
    expect(c.n).toBe(opened);

    // Issuing a link reloads the list once.
    await gm.getByTestId('spectator-link').click();
    await expect.poll(() => gm.locator('.tokens li').count()).toBe(2);
    expect(c.n).toBe(opened + 1);

    // The encounter is deleted (as from another window): the page is told; no request follows.
    const r = await fetch(`${h.base}/api/encounters/${encodeURIComponent(id)}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(204);
    await expect.poll(() => gm.locator('.toast', { hasText: 'Disconnected' }).count()).toBe(1);
    await gm.waitForTimeout(3000);
    expect(c.n).toBe(opened + 1);
  });

  it('a failed load says so and waits for Retry: no retry loop against the server', async () => {
    const { page: gm } = await atTable(h, 'tft/duel');
    let fail = true;
    await gm.route(/\/api\/encounters\/[^/]+\/tokens$/, (route) =>
      fail && route.request().method() === 'GET' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"storage is down"}' }) : route.continue(),
    );
    const c = countTokenRequests(gm);
    await gm.locator('[data-tab="share"]').click();
    await expect.poll(() => gm.getByTestId('seats-failed').textContent()).toMatch(/storage is down/);
    await gm.waitForTimeout(500);
    const opened = c.n;
    expect(opened).toBeLessThanOrEqual(2); // see above: StrictMode's double mount
    await gm.waitForTimeout(3000);
    expect(c.n).toBe(opened);

    fail = false;
    await gm.getByTestId('seats-failed').getByRole('button', { name: 'Retry' }).click();
    await gm.locator('.tokens li').first().waitFor();
    expect(c.n).toBe(opened + 1);
    expect(await gm.getByTestId('seats-failed').count()).toBe(0);
    expect(h.errors.filter((e) => !expected(e))).toEqual([]);
  });
});
