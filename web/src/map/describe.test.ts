import { describe, expect, it } from 'vitest';
import { DIRECTION_NAMES, DIRECTION_WORDS, neighbor } from '../../../src/core/hex/coords.ts';
import { figureView } from '../model/view.ts';
import { cursorWords, figureWords } from './describe.ts';
import { hexToPixel } from './geometry.ts';

describe('the map in words (screen readers)', () => {
  it('each facing word (and its compass letters) names the way the neighbour in that direction lies on the drawn map (y grows downward)', () => {
    const h = { q: 2, r: 3 };
    const o = hexToPixel(h, 10);
    for (let d = 0; d < 6; d++) {
      const p = hexToPixel(neighbor(h, d), 10);
      const dx = Math.sign(Math.round(p.x - o.x));
      const dy = Math.sign(Math.round(p.y - o.y));
      const word = (dy < 0 ? 'north-' : dy > 0 ? 'south-' : '') + (dy === 0 ? (dx > 0 ? 'east' : 'west') : dx > 0 ? 'east' : 'west');
      expect(DIRECTION_WORDS[d]).toBe(word);
      expect(DIRECTION_NAMES[d]).toBe(word.split('-').map((w) => w[0].toUpperCase()).join(''));
    }
  });

  it("a figure: name, side, hex, facing, state, then prone, engaged and the map's markers once each", () => {
    const f = figureView({ id: 'bjorn', name: 'Bjorn', side: 'north', pos: { q: 3, r: 4 }, facing: 3, state: 'reeling', prone: true, turn: { stance: 'defend' } });
    const engaged = { ...f, engaged: true, markers: ['hidden', ...f.markers] };
    expect(figureWords(engaged)).toBe('Bjorn (north), hex 3,4, facing west, reeling; prone, engaged, hidden, defending');
  });

  it('a dead figure has no facing and is not engaged', () => {
    const f = { ...figureView({ id: 'g', name: 'Goblin', side: 'orcs', pos: [1, 1], facing: 0, state: 'dead' }), engaged: true };
    expect(figureWords(f)).toBe('Goblin (orcs), hex 1,1, dead');
  });

  it("the cursor's hex: the figure there, a friend warning (not a target), the move's MA and the selected figure's arc", () => {
    const f = figureView({ id: 'bo', name: 'Bobjo', side: 'heroes', pos: { q: 5, r: 2 }, facing: 0 });
    expect(cursorWords({ q: 5, r: 2 }, { figure: f, mark: 'friend', arc: { arc: 'side', of: 'Jemmueb' } })).toBe(
      "hex 5,2: Bobjo (heroes), hex 5,2, facing east, healthy; a friend: this attack would hit your own side; Jemmueb's side hex",
    );
    expect(cursorWords({ q: 1, r: 0 }, { moveMA: 3 })).toBe('hex 1,0: a move of 3 MA');
    expect(cursorWords({ q: 1, r: 0 }, { moveMA: 0, mark: 'target' })).toBe('hex 1,0: a target');
    expect(cursorWords({ q: 0, r: 0 }, {})).toBe('hex 0,0');
  });
});

describe('words for unusual figures', () => {
  it('a facing that is not one of the six directions is left out, not read "facing undefined" (fast-check counterexample: facing 0.5)', () => {
    const f = figureView({ id: 'j', name: 'Jemmueb', side: 'heroes', pos: { q: 5, r: 5 }, facing: 0.5 });
    expect(f.facing).toBeUndefined();
    expect(figureWords(f)).toBe('Jemmueb (heroes), hex 5,5, healthy');
    expect(figureWords({ ...f, facing: 0.5 })).toBe('Jemmueb (heroes), hex 5,5, healthy');
  });
});
