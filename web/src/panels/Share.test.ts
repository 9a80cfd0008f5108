// The GM's Share tab: which figures each seat commands, the figures hidden from players and the
// GM's notes (settings.hiddenFigures, settings.notes: the server had them, the page had no control).
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { systems } from '../../../src/rules/index.ts';
import type { TokenInfo } from '../../../src/server/protocol.ts';
import { distinctNames, figureViews } from '../model/view.ts';
import { SeatList, Share, nextNoteId } from './Share.tsx';

const duel = () => distinctNames(figureViews(systems.tft.setup(parse(readFileSync(new URL('../../../examples/tft/duel.yaml', import.meta.url), 'utf8')))));
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('the seat list', () => {
  it('names the figures each player seat commands, beside its player name (only the label showed)', () => {
    const token = (id: string, role: TokenInfo['role'], figures: string[], label: string): TokenInfo => ({ id, role, figures, label, createdAt: '', revoked: false });
    const html = renderToStaticMarkup(
      createElement(SeatList, {
        tokens: [token('t0', 'gm', [], ''), token('t1', 'player', ['cedric'], 'Alice'), token('t2', 'player', ['bjorn', 'cedric'], 'north'), token('t3', 'spectator', [], 'spectator')],
        figures: duel(),
        onRevoke: () => undefined,
      }),
    );
    const rows = [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((m) => text(m[1]));
    expect(rows).toEqual(['gm', 'player Alice: Cedric revoke', 'player north: Bjorn, Cedric revoke', 'spectator revoke']);
  });
});

describe('table settings', () => {
  it('a checkbox per figure hides it from players (checked for the hidden ones), and the notes list with "GM only" and a form to add one', () => {
    const html = renderToStaticMarkup(
      createElement(Share, {
        encounterId: 'e1',
        token: 't',
        figures: duel(),
        settings: { enteredDice: 'off', hideEnemyStats: false, hiddenFigures: ['bjorn'], notes: [{ id: 'n1', text: 'Ambush at the ford', figure: 'bjorn', hidden: true }] },
        onError: () => undefined,
      }),
    );
    const hidden = /data-testid="hidden-figures"[\s\S]*?<\/fieldset>/.exec(html)?.[0] ?? '';
    expect(text(hidden)).toMatch(/Hidden from players Bjorn Cedric/);
    const box = (id: string) => new RegExp(`<input[^>]*data-hide="${id}"[^>]*>`).exec(hidden)?.[0] ?? '';
    expect(box('bjorn')).toContain('checked');
    expect(box('cedric')).not.toContain('checked');
    expect(box('cedric')).not.toBe('');
    expect(text(/data-testid="notes"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '')).toMatch(/Bjorn Ambush at the ford GM only ×/);
    expect(html).toContain('aria-label="Note"');
    expect(nextNoteId([{ id: 'n1' }, { id: 'n3' }])).toBe('n4');
    expect(nextNoteId([{ id: 'n2' }])).toBe('n3');
    expect(nextNoteId([{ id: 'n2' }, { id: 'n3' }])).toBe('n4');
  });
});
