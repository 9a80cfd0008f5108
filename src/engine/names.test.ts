import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayNames, nameOf } from './names.ts';

describe('displayNames', () => {
  it("each figure's own name where it is the only one with that name", () => {
    const names = displayNames([
      { id: 'cedric', name: 'Cedric' },
      { id: 'bjorn', name: 'Bjorn' },
    ]);
    expect([...names]).toEqual([
      ['cedric', 'Cedric'],
      ['bjorn', 'Bjorn'],
    ]);
  });

  it('two figures with the same name are both shown as "Name (id)"; the others keep their name', () => {
    const names = displayNames([
      { id: 'ogre', name: 'Ogre' },
      { id: 'orc1', name: 'Orc' },
      { id: 'orc2', name: 'Orc' },
      { id: 'boss', name: 'Orc chieftain' },
    ]);
    expect(Object.fromEntries(names)).toEqual({ ogre: 'Ogre', orc1: 'Orc (orc1)', orc2: 'Orc (orc2)', boss: 'Orc chieftain' });
  });

  it('a figure without a name (or with an empty one) keeps its id', () => {
    expect(Object.fromEntries(displayNames([{ id: 'a1' }, { id: 'b2', name: '' }, { id: 'c3', name: '  ' }]))).toEqual({ a1: 'a1', b2: 'b2', c3: 'c3' });
  });

  it("a figure named by its own id (the scenarios' default) keeps it; the namesake is qualified", () => {
    expect(Object.fromEntries(displayNames([{ id: 'orc', name: 'orc' }, { id: 'orc2', name: 'orc' }]))).toEqual({ orc: 'orc', orc2: 'orc (orc2)' });
    expect(Object.fromEntries(displayNames([{ id: 'Bob' }, { id: 'b1', name: 'Bob' }]))).toEqual({ Bob: 'Bob', b1: 'Bob (b1)' });
  });

  it('names that differ only in case or surrounding spaces are shared names (as the table\'s roster has it)', () => {
    expect(Object.fromEntries(displayNames([{ id: 'o1', name: 'Orc' }, { id: 'o2', name: 'orc ' }]))).toEqual({ o1: 'Orc (o1)', o2: 'orc (o2)' });
  });

  it('a name that reads like another figure\'s "Name (id)" is qualified too', () => {
    const names = displayNames([
      { id: 'x', name: 'Orc (y)' },
      { id: 'y', name: 'Orc' },
      { id: 'z', name: 'Orc' },
    ]);
    expect(Object.fromEntries(names)).toEqual({ x: 'Orc (y) (x)', y: 'Orc (y)', z: 'Orc (z)' });
  });

  it('two figures each named by its own id, the ids differing only in case: both qualified', () => {
    expect(Object.fromEntries(displayNames([{ id: 'A', name: 'a' }, { id: 'a', name: 'a' }]))).toEqual({ A: 'a (A)', a: 'a (a)' });
  });

  it('ids with " (" and ")" in them that would make two "Name (id)" forms equal: every figure is shown by its id', () => {
    const figs = [
      { id: 'c', name: 'a (b' },
      { id: 'x', name: 'a (b' },
      { id: 'b (c', name: 'a' },
      { id: 'q', name: 'a' },
    ];
    expect(Object.fromEntries(displayNames(figs))).toEqual({ c: 'c', x: 'x', 'b (c': 'b (c', q: 'q' });
  });

  it('is one-to-one: figures with distinct ids never share a shown name (property)', () => {
    // Small alphabets with spaces and parentheses, so names, ids and "Name (id)" forms collide often.
    const text = fc.string({ unit: fc.constantFrom('a', 'A', 'b', ' ', '(', ')'), maxLength: 6 });
    const figures = fc.uniqueArray(fc.record({ id: text.filter((s) => s.length > 0), name: fc.option(text, { nil: undefined }) }), { selector: (f) => f.id, maxLength: 8 });
    fc.assert(
      fc.property(figures, (figs) => {
        const names = displayNames(figs);
        expect(names.size).toBe(figs.length);
        expect(new Set(names.values()).size).toBe(figs.length);
        for (const f of figs) expect(names.has(f.id)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('realistic ids (letters, digits, - _ .): a unique name is kept, a shared one reads "Name (id)" (property)', () => {
    const id = fc.stringMatching(/^[a-z0-9_.-]{1,6}$/);
    const name = fc.constantFrom('Orc', 'Ogre', 'Orc archer', 'Mirela');
    const figures = fc.uniqueArray(fc.record({ id, name }), { selector: (f) => f.id, maxLength: 8 });
    fc.assert(
      fc.property(figures, (figs) => {
        const names = displayNames(figs);
        for (const f of figs) {
          const shared = figs.filter((g) => g.name === f.name).length > 1 && f.name.toLowerCase() !== f.id;
          expect(names.get(f.id)).toBe(shared ? `${f.name} (${f.id})` : f.name);
        }
      }),
    );
  });
});

describe('nameOf', () => {
  it("the figure's entry, else the id itself (no names: the id)", () => {
    const names = new Map([['orc1', 'Orc (orc1)']]);
    expect(nameOf(names, 'orc1')).toBe('Orc (orc1)');
    expect(nameOf(names, 'ogre')).toBe('ogre');
    expect(nameOf(undefined, 'ogre')).toBe('ogre');
  });
});
