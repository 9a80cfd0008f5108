// The dying in the Actions tab (R-T2, R-T3): a line each, and the way to the player's choice of
// ST or IQ only for the player whose figure it is.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ThreadView } from '../model/thread.ts';
import { DyingLines } from './Dying.tsx';

const pat: ThreadView = {
  id: 'pat',
  name: 'Pat',
  state: 'dying',
  next: 2,
  against: { total: 10, what: 'ST 10, the higher of ST and IQ (R-T2 default)' },
  survival: [{ k: 1, p: 11 / 12 }],
  medics: [],
  choices: [{ command: { type: 'thread-attribute', figure: 'pat', attribute: 'iq' } }],
  stab: null,
};
const text = (threads: ThreadView[], mine: string[]) =>
  renderToStaticMarkup(createElement(DyingLines, { threads, mine: new Set(mine), onDetails: () => undefined }))
    .replace(/<[^>]+>/g, '|')
    .replace(/\|+/g, '|');

describe('the dying in the Actions tab', () => {
  it('a line for each; the choice of ST or IQ pointed at only for the figure of the one who makes it', () => {
    expect(text([pat], ['pat'])).toBe('|Pat is dying: thread roll 2d6 ≤ ST 10 at the end of the turn, survives it 91.7%.|Choose ST or IQ for the thread rolls, and more, in Status|');
    expect(text([pat], ['kit'])).toBe('|Pat is dying: thread roll 2d6 ≤ ST 10 at the end of the turn, survives it 91.7%.|More in Status|');
  });

  it('nothing when nobody is dying', () => {
    expect(text([], ['pat'])).toBe('');
  });
});
