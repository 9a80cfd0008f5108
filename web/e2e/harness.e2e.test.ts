// The harness's own checks: what its helpers measure, on pages built for the purpose.
import { describe, expect, it } from 'vitest';
import { ACTION_MS, PHONE, fileHarness, pageOverflow } from './harness.ts';

const h = fileHarness();

describe('pageOverflow', () => {
  it('counts the px a 600 px wide element adds to a 390 px phone page, where scrollWidth - innerWidth read 0 (Chromium widens innerWidth to the content)', async () => {
    const { page } = await h.page(PHONE);
    await page.setContent('<meta name="viewport" content="width=device-width, initial-scale=1"><div style="width: 600px; height: 10px"></div>');
    // The old check saw nothing: the mobile viewport zoomed out to the content.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    expect(await pageOverflow(page)).toBeGreaterThanOrEqual(600 - 390);
    await page.setContent('<meta name="viewport" content="width=device-width, initial-scale=1"><div style="width: 300px; height: 10px"></div>');
    expect(await pageOverflow(page)).toBe(0);
    expect(h.errors).toEqual([]);
  });
});

describe("the pages' default timeout", () => {
  // The test's own limit is under Playwright's 30 s default: the old harness's click outlasted it.
  it(`a click on a missing element fails after ${ACTION_MS / 1000} s, not Playwright's 30 s, naming the selector`, { timeout: 20_000 }, async () => {
    const { page } = await h.page();
    await page.setContent('<button data-testid="here">here</button>');
    const failed = await page.getByTestId('not-here').click().then(
      () => null,
      (e: Error) => e.message,
    );
    expect(failed).toContain(`Timeout ${ACTION_MS}ms exceeded`);
    expect(failed).toContain("getByTestId('not-here')");
    expect(h.errors).toEqual([]);
  });
});
