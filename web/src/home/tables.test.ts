import { describe, expect, it } from 'vitest';
import { collectTables, issuesByField } from './tables.ts';

describe('editor tables', () => {
  it('groups entries of data files by kind, from arrays or records', () => {
    const t = collectTables({
      '/src/data/tft/weapons.json': { source: 'x', weapons: { broadsword: { name: 'Broadsword', damage: '2d' }, dagger: { name: 'Dagger', damage: '1d-1' } } },
      '/src/data/tft/armor.json': { source: 'x', armor: [{ id: 'leather', name: 'Leather', stops: 2 }], shields: [{ id: 'small', name: 'Small shield', stops: 1 }] },
      '/src/data/tft/talents.json': { source: 'x', talents: { 'multiple-swing': { name: 'Multiple Swing', iq: 12 } } },
      '/src/data/tft/odd.json': { source: 'x', misc: [{ name: 'ignored' }] },
    });
    expect(t.weapons.map((e) => `${e.id}:${e.note}`)).toEqual(['broadsword:2d', 'dagger:1d-1']);
    expect(t.armor).toEqual([{ id: 'leather', name: 'Leather', note: 'stops 2' }]);
    expect(t.shields[0].id).toBe('small');
    expect(t.talents[0]).toEqual({ id: 'multiple-swing', name: 'Multiple Swing', note: 'IQ 12' });
    expect(t.misc).toBeUndefined();
  });

  it('maps issue paths in either notation to the same field key', () => {
    const m = issuesByField([
      { path: 'figures[1].dx', message: 'expected a number' },
      { path: 'figures.1.dx', message: 'too low' },
      { path: 'scenario.name', message: 'required' },
    ]);
    expect(m.get('figures.1.dx')).toEqual(['expected a number', 'too low']);
    expect(m.get('name')).toEqual(['required']);
  });

  it("puts an issue on the nearest field the form has, else on the form as a whole", () => {
    const fields = new Set(['name', 'map', 'map.width', 'figures', 'figures.0', 'figures.0.weapons', 'figures.0.at', 'figures.1.st']);
    const m = issuesByField(
      [
        { path: 'figures[0].weapons[0]', message: 'Greatsword needs ST 16' },
        { path: 'scenario.figures[0].at.q', message: 'off the map' },
        { path: 'figures[0].id', message: 'duplicate id' },
        { path: 'figures[1].st', message: 'too low' },
        { path: 'map.terrain[3]', message: 'a wall twice' },
        { path: 'system', message: 'unknown system' },
        { path: '', message: 'not an object' },
      ],
      fields,
    );
    expect(m.get('figures.0.weapons')).toEqual(['Greatsword needs ST 16']);
    expect(m.get('figures.0.at')).toEqual(['off the map']);
    expect(m.get('figures.0')).toEqual(['duplicate id']);
    expect(m.get('figures.1.st')).toEqual(['too low']);
    expect(m.get('map')).toEqual(['a wall twice']);
    expect(m.get('')).toEqual(['unknown system', 'not an object']);
  });
});
