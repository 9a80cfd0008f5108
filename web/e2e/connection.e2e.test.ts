// The page's connection to the server: it comes back by itself after a server restart (the
// server says `bye: shutdown`), and the Share tab asks for the seat list only when it should
// (never because the table re-rendered, never in a loop when the request fails).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { atTable, fileHarness, logCount } from './harness.ts';

const h = fileHarness();

/** Chromium's console notes of requests the test makes fail on purpose (server down, a 500). */
const expected = (e: string) => /WebSocket connection to .* failed|ERR_CONNECTION_REFUSED|Failed to load resource|status of 500/.test(e);

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
