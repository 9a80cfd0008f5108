// The ammunition chips from the real engine's HiTech state: in hand or carried is said in words.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { systems } from '../../../src/rules/index.ts';
import { figureViews } from '../model/view.ts';
import { Ammo } from './Ammo.tsx';

/** The text of each ammunition chip of figure `id`, and whether any chip keeps a tooltip. */
function chips(id: string): { texts: string[]; titled: boolean } {
  const s = systems.tft.setup({
    system: 'tft',
    name: 'ammo',
    options: { hitech: true },
    figures: [
      { id: 'g', name: 'Gunner', side: 'a', st: 11, dx: 13, talents: ['rifle'], weapons: ['assault-rifle'], at: { q: 2, r: 2 }, facing: 0 },
      { id: 'k', name: 'Knifer', side: 'a', st: 11, dx: 13, talents: ['rifle'], weapons: ['dagger', 'assault-rifle'], at: { q: 2, r: 4 }, facing: 0 },
      { id: 'b', name: 'Brute', side: 'b', st: 12, dx: 11, weapons: ['broadsword'], at: { q: 8, r: 2 }, facing: 3 },
    ],
  });
  const html = renderToStaticMarkup(createElement(Ammo, { f: figureViews(s).find((f) => f.id === id)! }));
  return { texts: [...html.matchAll(/<span class="chip[^"]*"[^>]*>(.*?)<\/span>/g)].map((m) => m[1].replace(/<[^>]+>/g, '')), titled: / title=/.test(html) };
}

describe('the ammunition chips', () => {
  it("a figure's one firearm says in words whether it is in hand or carried (it was a tooltip only)", () => {
    expect(chips('g')).toEqual({ texts: ['assault rifle: 20/20 rounds standard; spare clips: 2 standard (in hand)'], titled: false });
    expect(chips('k')).toEqual({ texts: ['assault rifle: 20/20 rounds standard; spare clips: 2 standard (carried)'], titled: false });
  });
});
