// Names of the lab's quantities.
import { describe, expect, it } from 'vitest';
import { metricLabel } from './summary.ts';

describe('metricLabel', () => {
  it('a metric without a metricTitle is titled in words with its unit (TFT hits, AD&D hp and rounds), not by its id', () => {
    expect(metricLabel('dealt-per-turn:hero', 'tft')).toBe('hero: damage dealt per turn (hits)');
    expect(metricLabel('dealt-per-turn:hero', 'adnd')).toBe('hero: damage dealt per round (hp)');
    expect(metricLabel('taken:gnoll', 'adnd')).toBe('gnoll: damage taken (hp)');
    expect(metricLabel('win:north', 'tft')).toBe('P(north wins)');
    expect(metricLabel('state:cedric=dead', 'tft')).toBe('P(cedric ends dead)');
    expect(metricLabel('uses:hero=sweep', 'tft')).toBe('hero: sweep actions per fight');
    expect(metricLabel('turns', 'adnd')).toBe('rounds per fight');
    expect(metricLabel('draw', 'tft')).toBe('P(draw)');
  });
});
