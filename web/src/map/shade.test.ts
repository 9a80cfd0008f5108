import { describe, expect, it } from 'vitest';
import { hexKey, neighbors } from '../../../src/core/hex/coords.ts';
import { megahexMembers, megahexOf } from '../../../src/core/hex/megahex.ts';
import { initials, megahexShade } from './HexMap.tsx';

describe('megahex overlay shading (R-H1)', () => {
  it('all seven hexes of a megahex share a shade, and adjacent megahexes differ', () => {
    for (let q = -6; q <= 6; q++) {
      for (let r = -6; r <= 6; r++) {
        const h = { q, r };
        const c = megahexOf(h);
        for (const m of megahexMembers(c)) expect(megahexShade(m)).toBe(megahexShade(h));
        for (const n of neighbors(h)) {
          if (hexKey(megahexOf(n)) !== hexKey(c)) expect(megahexShade(n)).not.toBe(megahexShade(h));
        }
      }
    }
  });

  it('figure initials', () => {
    expect(initials('Lenny')).toBe('Le');
    expect(initials('orc two')).toBe('OT');
  });
});

describe('megahex outlines (R-H1)', () => {
  it('draws each edge between two megahexes once: 18 around one, 18 + 18 - 3 around two neighbours', async () => {
    const { megahexBoundary } = await import('./HexMap.tsx');
    const one = megahexMembers({ q: 0, r: 0 });
    expect(megahexBoundary(one, 10).match(/M/g)).toHaveLength(18);
    // (2,1) is the next megahex centre (the lattice generator); the two share 3 edges.
    const two = [...one, ...megahexMembers({ q: 2, r: 1 })];
    expect(megahexBoundary(two, 10).match(/M/g)).toHaveLength(33);
    // Nothing inside a megahex: its centre has no outer edge, a member hex has 3.
    expect(megahexBoundary([{ q: 0, r: 0 }], 10)).toBe('');
    expect(megahexBoundary([{ q: 0, r: 0 }, { q: 1, r: 0 }], 10).match(/M/g)).toHaveLength(3);
  });
});
