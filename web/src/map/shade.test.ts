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
