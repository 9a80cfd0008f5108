// A spectator's action panel: the turn line and the last step in words, no option cards.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LogEntryView } from '../../../src/server/protocol.ts';
import { Follow, lastWords } from './Follow.tsx';

const by = { role: 'gm' as const, tokenId: null };
const step = (seq: number, said: string[]): LogEntryView => ({ seq, kind: 'command', at: '', by, events: said.map(() => ({ type: 'x' })), descriptions: said });

describe("a spectator's action panel", () => {
  it('says who is deciding and what was just done, with no buttons (it was a card with a greyed "Do it" per option)', () => {
    const entries = [step(1, ['Initiative: north 5; south 2.']), step(2, ['Bjorn hits Cedric (3d6 [4, 2, 1] = 7 vs adjDX 12)', 'Cedric takes 5 damage']), step(3, [''])];
    const html = renderToStaticMarkup(createElement(Follow, { turn: "Now: Cedric's action.", entries }));
    expect(html).toContain("Now: Cedric&#x27;s action.");
    // The last step that says something (step 3 says nothing).
    expect(html).toContain('Step 2: Bjorn hits Cedric (3d6 [4, 2, 1] = 7 vs adjDX 12) Cedric takes 5 damage');
    expect(html).not.toContain('<button');
  });

  it("says a rewind as what the GM did, and that nothing is done before the fight begins", () => {
    expect(lastWords([step(1, ['Initiative: north 5; south 2.']), { seq: 2, kind: 'rewind', at: '', by, to: 0 }])).toBe('Step 2: the GM rewound to step 0.');
    expect(lastWords([])).toBe('');
    expect(renderToStaticMarkup(createElement(Follow, { turn: '', entries: [] }))).toContain('Nothing yet');
  });
});
