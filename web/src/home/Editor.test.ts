import { describe, expect, it } from 'vitest';
import { type Draft, checkDraft, draftToScenario } from './Editor.tsx';

const fig = (over: Partial<Draft['figures'][number]> = {}): Draft['figures'][number] => ({
  name: 'Ann',
  side: 'red',
  race: 'human',
  st: '12',
  dx: '12',
  iq: '8',
  weapons: ['broadsword'],
  armor: 'leather',
  shield: '',
  talents: [],
  q: '1',
  r: '1',
  facing: '0',
  ...over,
});

describe('scenario editor', () => {
  it('builds a TFT scenario with ids, attributes, gear and positions', () => {
    const s = draftToScenario({ name: 'Duel', width: '10', height: '8', figures: [fig(), fig({ name: 'Ann', side: 'blue', q: '3', facing: '3', weapons: [], armor: '' })] });
    expect(s).toEqual({
      system: 'tft',
      name: 'Duel',
      map: { width: 10, height: 8 },
      figures: [
        { id: 'ann', name: 'Ann', side: 'red', race: 'human', st: 12, dx: 12, iq: 8, at: { q: 1, r: 1 }, facing: 0, weapons: ['broadsword'], armor: 'leather' },
        { id: 'ann-2', name: 'Ann', side: 'blue', race: 'human', st: 12, dx: 12, iq: 8, at: { q: 3, r: 1 }, facing: 3 },
      ],
    });
  });

  it('puts each problem next to its field', () => {
    const errs = checkDraft({ name: '', width: '10', height: 'x', figures: [fig({ dx: 'high' }), fig({ q: '1', r: '1', side: 'red' })] });
    expect(errs.get('name')).toEqual(['give the encounter a name']);
    expect(errs.get('map.height')).toEqual(['a whole number from 3 to 60']);
    expect(errs.get('figures.0.dx')).toEqual(['DX must be a whole number from 1 to 40']);
    expect(errs.get('figures.1.at')).toEqual(['same hex as figure 1']);
    expect(errs.get('figures')).toEqual(['put the figures on at least two sides']);
  });

  it('flags a figure off the odd-r map', () => {
    const errs = checkDraft({ name: 'x', width: '5', height: '5', figures: [fig({ q: '5', r: '0' }), fig({ side: 'b', q: '0', r: '2' })] });
    expect(errs.get('figures.0.at')).toEqual(['5,0 is off the 5×5 map']);
    // Row 2 starts at q = -1, so q 0 is its second hex: on the map.
    expect(errs.get('figures.1.at')).toBeUndefined();
  });
});
