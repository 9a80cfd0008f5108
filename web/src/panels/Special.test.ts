// The GM's special critical prompt (Special.tsx, R-A10) as drawn: who struck whom, the third
// roll, that the GM decides; Adjust only where the target can be adjusted; nothing when none.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SpecialCritical } from '../model/special.ts';
import { SpecialPrompt } from './Special.tsx';

const c: SpecialCritical = { key: '4:2', seq: 4, attacker: 'vampire', target: 'kay', third: 20, label: "quintuple maximum damage and a special effect (GM's call)", round: 1, segment: 4 };
const names: Record<string, string> = { vampire: 'Vampire', kay: 'Sir Kay' };
const draw = (specials: SpecialCritical[], canAdjust: boolean) =>
  renderToStaticMarkup(
    createElement(SpecialPrompt, { specials, name: (id: string) => names[id] ?? id, canAdjust: () => canAdjust, onAdjust: () => undefined, onNote: () => undefined, onDismiss: () => undefined }),
  );
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').replace(/&#x27;/g, "'");

describe("the GM's special critical prompt", () => {
  it('says who struck whom, the third roll and that the GM decides; offers Adjust, Note and Dismiss', () => {
    const html = draw([c], true);
    expect(text(html)).toMatch(/Special critical: Vampire struck Sir Kay \(round 1, segment 4\)\. The third roll was 20: quintuple maximum damage and a special effect \(GM's call\)\. Use your imagination: you decide an effect/);
    expect(text(html)).toMatch(/Adjust Sir Kay… Note it… Dismiss/);
    expect(html).toContain('role="alert"');
  });

  it('no Adjust where the target cannot be adjusted (the fight over, the target dead or gone); nothing at all when none is waiting', () => {
    expect(text(draw([c], false))).toMatch(/you decide an effect \(R-A10\)\. Note it… Dismiss $/);
    expect(draw([], true)).toBe('');
  });
});
