// The map's drawing order: what a token's neighbour must not hide.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FigureView } from '../model/view.ts';
import { HexMap, tagLines } from './HexMap.tsx';

const figure = (id: string, name: string, side: string, q: number, r: number, state: string): FigureView => ({
  id,
  name,
  side,
  hex: { q, r },
  facing: 0,
  state,
  prone: false,
  engaged: false,
  frontCount: 3,
  markers: [],
  firearms: [],
  raw: {},
});

/** The map drawn as static markup: `figures` on `hexes`, nothing selected or lit. */
function draw(hexes: { q: number; r: number }[], figures: FigureView[], sideColors: Record<string, string> = {}): string {
  const noop = () => undefined;
  return renderToStaticMarkup(
    createElement(HexMap, {
      hexes,
      terrain: [],
      figures,
      sideColors,
      selected: null,
      active: [],
      draggable: () => false,
      reach: null,
      highlights: [],
      megahexes: false,
      onHex: noop,
      onFigure: noop,
      onDragMove: noop,
    }),
  );
}

describe('the hex map', () => {
  it("a figure's state word is drawn over every token (Claudio's 'reeling' was hidden by the orc below him, read 'eling'), and it takes no clicks", () => {
    // The seed's Claudio (4,6), reeling, with orc B (3,7) next below him: B's token was drawn after Claudio's word.
    const figures = [figure('claudio', 'Claudio', 'heroes', 4, 6, 'reeling'), figure('orc-b', 'Orc B', 'orcs', 3, 7, 'healthy')];
    const html = draw(
      [
        { q: 4, r: 6 },
        { q: 3, r: 7 },
      ],
      figures,
      { heroes: '#c0533a', orcs: '#3f7cc4' },
    );
    const word = html.indexOf('class="state-tag st-reeling"');
    const lastToken = html.lastIndexOf('data-figure="orc-b"');
    expect(word).toBeGreaterThan(-1);
    expect(lastToken).toBeGreaterThan(-1);
    expect(word).toBeGreaterThan(lastToken);
    // Drawn in their own layer that clicks pass through (styles.css .figure-tags).
    expect(html.slice(0, word)).toMatch(/<g class="figure-tags"[^>]*>(?:(?!<\/g>).)*$/s);
  });

  it("a token's markers are lines no wider than a hex (James's 'defending' and Claudio's 'being stabilized' beside it read 'defendingbeing stabilized')", () => {
    expect(tagLines(['being stabilized'])).toEqual(['being', 'stabilized']);
    expect(tagLines(['defending', 'being stabilized', 'overwatch'])).toEqual(['defending', 'being', 'stabilized']);
    expect(tagLines(['surprised 3'])).toEqual(['surprised 3']);
    const claudio = { ...figure('claudio', 'Claudio', 'heroes', 4, 6, 'dying'), markers: ['being stabilized'] };
    const html = draw([{ q: 4, r: 6 }], [claudio]);
    const tag = /<text class="marker-tag"[^>]*>(.*?)<\/text>/.exec(html)?.[1] ?? '';
    expect([...tag.matchAll(/<tspan[^>]*>(.*?)<\/tspan>/g)].map((m) => m[1])).toEqual(['being', 'stabilized']);
  });
});
