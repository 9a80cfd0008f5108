// The lobby's error box with the server's real answer to a bad upload: every problem once (the
// message joins them and the list repeated them under it).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../../../src/server/app.ts';
import type { ErrorBody } from '../../../src/server/protocol.ts';
import { Storage } from '../../../src/server/storage/storage.ts';
import { ErrorBox, progressWords } from './Home.tsx';

/** The server's answer to uploading `scenario`. */
async function upload(scenario: string): Promise<ErrorBody> {
  const storage = await Storage.open('sqlite::memory:');
  const app = await buildServer({ storage });
  try {
    const r = await app.inject({ method: 'POST', url: '/api/encounters', payload: { scenario } });
    expect(r.statusCode).toBe(400);
    return r.json() as ErrorBody;
  } finally {
    await app.close();
    await storage.close();
  }
}

const ENTITIES: Record<string, string> = { '&#x27;': "'", '&quot;': '"', '&lt;': '<', '&gt;': '>', '&amp;': '&' };
const shown = (e: ErrorBody) =>
  renderToStaticMarkup(createElement(ErrorBox, { message: e.message, issues: e.issues ?? [] }))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&quot;|&lt;|&gt;|&amp;/g, (m) => ENTITIES[m]);
const count = (text: string, part: string) => text.split(part).length - 1;

describe('an upload the server refuses', () => {
  it('shows each problem once: several as a list under the head of the message, one as the message alone', async () => {
    const two = await upload('system: tft\nfigures:\n  - { id: a, side: x, st: 10, dx: high, at: [1, 1] }\n  - { id: b, side: y, st: ten, dx: 12, at: [3, 1] }\n');
    expect(two.issues?.length).toBe(2);
    const text = shown(two);
    for (const i of two.issues!) {
      expect(count(text, i.message)).toBe(1);
      expect(count(text, i.path)).toBe(1);
    }
    expect(renderToStaticMarkup(createElement(ErrorBox, { message: two.message, issues: two.issues! }))).toMatch(/<li>/);

    const one = await upload('system: tft\nfigures:\n  - { id: a, side: x, st: 10, dx: high, at: [1, 1] }\n');
    expect(one.issues?.length).toBe(1);
    expect(count(shown(one), one.issues![0].message)).toBe(1);
  });
});

describe('the list of your tables', () => {
  it("says an encounter's step, or who won by the side's name (the id where the side has none); a draw says no winner", () => {
    const e = { seq: 7, over: false, winner: null, winnerName: null };
    expect(progressWords(e)).toBe('step 7');
    expect(progressWords({ ...e, over: true, winner: 'south', winnerName: 'the ford keepers' })).toBe('over: the ford keepers won');
    expect(progressWords({ ...e, over: true, winner: 'south' })).toBe('over: south won');
    expect(progressWords({ ...e, over: true })).toBe('over: no winner');
  });
});
