// The GM's "Leaves…" form (Leave.tsx): the command it sends, the problem it shows before
// sending, and the form as drawn.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LeaveForm, leaveCommand } from './Leave.tsx';

describe("the GM's leave of a figure", () => {
  it('builds the leave command for the figure, the reason trimmed', () => {
    expect(leaveCommand('orc2', '  surrenders ')).toEqual({ command: { type: 'leave', figure: 'orc2', reason: 'surrenders' } });
  });

  it('a missing reason, or one over 200 characters, is the problem to fix first', () => {
    for (const reason of ['', '   ']) expect(leaveCommand('orc2', reason)).toEqual({ problem: 'say why (e.g. flees, surrenders, carried off): the log shows it' });
    expect(leaveCommand('orc2', 'x'.repeat(201))).toEqual({ problem: 'at most 200 characters (201 now)' });
  });

  it('is drawn labelled by the figure: why (required, 200 characters at most), Leaves the fight and Cancel', () => {
    const html = renderToStaticMarkup(createElement(LeaveForm, { id: 'f', figure: { id: 'orc2', name: 'Orc (orc2)' }, onLeave: async () => ({ ok: true as const }), onClose: () => undefined }));
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(html).toContain('aria-label="Orc (orc2) leaves the fight"');
    expect(text).toMatch(/Orc \(orc2\) leaves the fight .* Why Leaves the fight Cancel/);
    expect(html.match(/<label[^>]*>[\s\S]*?<input/g)?.length).toBe(1);
    const reason = html.match(/<input[^>]*name="reason"[^>]*>/)?.[0];
    expect(reason).toContain('aria-required="true"');
    expect(reason).toContain('maxLength="200"');
    expect(html).toContain('data-testid="leave-submit"');
  });
});
