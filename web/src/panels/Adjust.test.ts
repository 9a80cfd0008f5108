// The GM's adjust form (Adjust.tsx) as drawn: every field labelled, TFT's armor box and fatigue
// in TFT only.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AdjustForm } from './Adjust.tsx';

describe("the GM's adjust form", () => {
  const onAdjust = async () => ({ ok: true as const });

  it('every field labelled; TFT has the armor box and fatigue, AD&D neither; the amount says it takes dice', () => {
    const form = (system: string) =>
      renderToStaticMarkup(createElement(AdjustForm, { system, id: 'f', figure: { id: 'bjorn', name: 'Bjorn' }, onApply: onAdjust, onClose: () => undefined }));
    const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    const t = form('tft');
    expect(t).toContain('aria-label="Adjust Bjorn"');
    expect(text(t)).toMatch(/Adjust Bjorn damage heal Hits a number or dice armor stops it Fatigue \+ taken, − recovered Reason Apply Cancel/);
    // Each input sits inside its label (the label names it), the reason one marked required.
    expect(t.match(/<input/g)?.length).toBe(6);
    expect(t.match(/<label[^>]*>[\s\S]*?<input/g)?.length).toBe(6);
    expect(t.match(/<input[^>]*name="reason"[^>]*>/)?.[0]).toContain('aria-required="true"');
    const a = form('adnd');
    expect(text(a)).toMatch(/Adjust Bjorn damage heal hp lost a number or dice Reason Apply Cancel/);
    expect(a).not.toMatch(/armor|Fatigue/);
  });

  it('opens with the reason it is given (a special critical, R-A10), the rest empty', () => {
    const reason = "special critical (R-A10): Vampire's third roll 20 on Sir Kay";
    const html = renderToStaticMarkup(createElement(AdjustForm, { system: 'adnd', id: 'f', figure: { id: 'kay', name: 'Sir Kay' }, onApply: onAdjust, onClose: () => undefined, initial: { reason } }));
    expect(html.match(/<input[^>]*name="reason"[^>]*>/)?.[0]).toContain(`value="${reason.replace(/'/g, '&#x27;')}"`);
    expect(html.match(/<input[^>]*name="amount"[^>]*>/)?.[0]).toContain('value=""');
  });
});
