// The caster-level numbers of damage spells (1e PHB as spells.json has them): what castSpell
// rolls and explain's odds count are the same.
import { describe, expect, it } from 'vitest';
import type { AdndEvent } from './model.ts';
import { missileCount, spellDice } from './spells.ts';
import { SPELLS } from './tables.ts';
import { QUIET, QueueDice, playUntil } from './testing.ts';

describe('damage spells by caster level (adnd-phb, R-A7)', () => {
  it('magic missile: 1 missile at levels 1-2, then 1 more every 2 levels (2 at 3, 3 at 5, 5 at 9); fireball a d6 per level, none at level 0', () => {
    const mm = SPELLS['magic-missile'].effect;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((l) => missileCount(l, mm))).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5]);
    expect(missileCount(0, mm)).toBe(1);
    const fb = SPELLS.fireball.effect;
    expect([spellDice(0, fb), spellDice(5, fb), spellDice(12, fb)]).toEqual([
      { n: 0, sides: 6 },
      { n: 5, sides: 6 },
      { n: 12, sides: 6 },
    ]);
  });

  it('R-A7: a magic-user 5 casting magic missile lands 3 missiles of 1d4+1, as explain counts them', () => {
    const mage = { id: 'mage', side: 'a', class: 'magic-user', level: 5, hp: 20, ac: 9, weapons: [{ weapon: 'dagger' }], spells: { 'magic-missile': 1 }, script: [{ type: 'cast', spell: 'magic-missile', target: 'ogre' }] };
    const ogre = { id: 'ogre', side: 'b', hd: 4, hp: 60, ac: 5, weapons: [{ id: 'club', sf: 10, damage: '1d10' }] };
    const { events } = playUntil({ system: 'adnd', figures: [mage, ogre] }, new QueueDice({}, QUIET), 1);
    const hits = events.filter((e: AdndEvent) => e.type === 'spell-damage');
    expect(hits.map((e) => (e.damage as { total: number }).total)).toEqual([2, 2, 2]);
  });
});
