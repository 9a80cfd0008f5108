// The GM's end of the fight (EndFight.tsx): the command the form sends, the problem it shows
// before sending, the form as drawn, and the GM's reason read back from the log for the banner.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LogEntryView } from '../api/client.ts';
import { EndFight, endCommand, gmEndReason } from './EndFight.tsx';

const sides = ['north', 'south'];

describe("the GM's end of the fight", () => {
  it('builds the end command: the side chosen or null for no one, the reason trimmed', () => {
    expect(endCommand({ winner: 'south', reason: '  Bjorn flees ' }, sides)).toEqual({ command: { type: 'end', winner: 'south', reason: 'Bjorn flees' } });
    expect(endCommand({ winner: null, reason: 'both sides part' }, sides)).toEqual({ command: { type: 'end', winner: null, reason: 'both sides part' } });
  });

  it('a missing reason names the reason field; no winner chosen, or a side not in the fight, names the winner field', () => {
    for (const reason of ['', '   ']) expect(endCommand({ winner: 'north', reason }, sides)).toEqual({ problem: { field: 'reason', message: 'say why (e.g. the orcs flee): the log shows it' } });
    expect(endCommand({ winner: 'north', reason: 'x'.repeat(201) }, sides)).toMatchObject({ problem: { field: 'reason', message: 'at most 200 characters (201 now)' } });
    expect(endCommand({ winner: undefined, reason: 'they flee' }, sides)).toEqual({ problem: { field: 'winner', message: 'choose who won, or No one' } });
    expect(endCommand({ winner: 'west', reason: 'they flee' }, sides)).toMatchObject({ problem: { field: 'winner' } });
  });

  it('is drawn labelled: who won (each side by its name, then No one), why (required, 200 characters at most), End the fight and Cancel', () => {
    const html = renderToStaticMarkup(
      createElement(EndFight, { id: 'f', sides: [{ id: 'north', name: 'House Bjorn' }, { id: 'south', name: 'the ford keepers' }], onEnd: async () => ({ ok: true as const }), onClose: () => undefined }),
    );
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(html).toContain('aria-label="End the fight"');
    expect(text).toMatch(/Who won choose… House Bjorn the ford keepers No one Why End the fight Cancel/);
    expect(html.match(/<label[^>]*>[\s\S]*?<(select|input)/g)?.length).toBe(2);
    const reason = html.match(/<input[^>]*name="reason"[^>]*>/)?.[0];
    expect(reason).toContain('aria-required="true"');
    expect(reason).toContain('maxLength="200"');
  });

  it("reads the GM's reason from the last end in the log (TFT's over, AD&D's end); none when the rules ended it", () => {
    const entry = (events: Record<string, unknown>[]) => ({ seq: 1, kind: 'command', at: '', by: { role: 'gm', tokenId: null }, events }) as LogEntryView;
    const gmOver = entry([{ type: 'over', winner: 'south', reason: 'Bjorn flees', gm: true }]);
    expect(gmEndReason([entry([{ type: 'attack' }]), gmOver])).toBe('Bjorn flees');
    expect(gmEndReason([entry([{ type: 'end', winner: null, reason: 'the ogre surrenders', gm: true }])])).toBe('the ogre surrenders');
    // Rewound, then over by the rules: the later end speaks.
    expect(gmEndReason([gmOver, entry([{ type: 'over', winner: 'north', reason: 'one side left standing' }])])).toBeNull();
    expect(gmEndReason([entry([{ type: 'attack' }])])).toBeNull();
  });
});
