import { describe, expect, it } from 'vitest';
import { dismissLink, issuedLinks, keepLink } from './links.ts';
import { absoluteLink, encounterFromPath, forgetToken, heldSeats, heldTokens, holdToken, seatLabel, tableLink, tokenFromHash } from './tokens.ts';

class MemoryStorage {
  m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

describe('seats held by the browser', () => {
  it('keeps, merges and forgets seats per encounter', () => {
    const s = new MemoryStorage();
    holdToken('e1', { token: 'a', role: 'gm' }, s);
    holdToken('e2', { token: 'b' }, s);
    holdToken('e1', { token: 'a', name: 'Duel' }, s);
    expect(heldTokens(s)).toEqual({ e1: [{ token: 'a', role: 'gm', name: 'Duel' }], e2: [{ token: 'b' }] });
    forgetToken('e1', undefined, s);
    expect(Object.keys(heldTokens(s))).toEqual(['e2']);
  });

  it("never loses the GM seat to a player's or spectator's link opened in the same browser", () => {
    const s = new MemoryStorage();
    holdToken('e1', { token: 'gm-secret', role: 'gm', name: 'Duel' }, s);
    // The GM opens the player link to check it: first the token from the link, then its role.
    holdToken('e1', { token: 'player-1' }, s);
    holdToken('e1', { token: 'player-1', role: 'player', figures: ['cedric'], seat: 'Cedric' }, s);
    holdToken('e1', { token: 'spec-1', role: 'spectator' }, s);
    expect(heldSeats('e1', s).map((h) => [h.token, seatLabel(h)])).toEqual([
      ['gm-secret', 'GM'],
      ['player-1', 'player: Cedric'],
      ['spec-1', 'spectator'],
    ]);
  });

  it('a link issued again for the same player seat replaces the old one; other seats stay', () => {
    const s = new MemoryStorage();
    holdToken('e1', { token: 'g', role: 'gm' }, s);
    holdToken('e1', { token: 'p1', role: 'player', figures: ['b', 'a'] }, s);
    holdToken('e1', { token: 'p2', role: 'player', figures: ['c'] }, s);
    holdToken('e1', { token: 'p3', role: 'player', figures: ['a', 'b'] }, s);
    expect(heldSeats('e1', s).map((h) => h.token)).toEqual(['g', 'p2', 'p3']);
    forgetToken('e1', 'p2', s);
    expect(heldSeats('e1', s).map((h) => h.token)).toEqual(['g', 'p3']);
  });

  it('carries over the one-seat-per-encounter format, and survives garbage in storage', () => {
    const s = new MemoryStorage();
    s.setItem('fray.tokens.v1', JSON.stringify({ e1: { token: 'a', role: 'gm', name: 'Duel' }, bad: 3 }));
    expect(heldTokens(s)).toEqual({ e1: [{ token: 'a', role: 'gm', name: 'Duel' }] });
    holdToken('e1', { token: 'p' }, s);
    expect(heldSeats('e1', s).map((h) => h.token)).toEqual(['a', 'p']);
    const g = new MemoryStorage();
    g.setItem('fray.tokens.v2', '{not json');
    g.setItem('fray.tokens.v1', '{not json');
    expect(heldTokens(g)).toEqual({});
  });

  it('reads the token from the link fragment and the encounter from the path', () => {
    expect(tokenFromHash('#token=xyz')).toBe('xyz');
    expect(tokenFromHash('#t=q&x=1')).toBe('q');
    expect(tokenFromHash('')).toBeNull();
    expect(encounterFromPath('/table/abc%20d')).toBe('abc d');
    expect(encounterFromPath('/table/abc/')).toBe('abc');
    expect(encounterFromPath('/')).toBeNull();
    expect(tableLink('a b', 't/1')).toBe('/table/a%20b#token=t%2F1');
    expect(absoluteLink('/table/e#token=t', 'http://h:1')).toBe('http://h:1/table/e#token=t');
  });
});

describe('links the GM issued', () => {
  it('are kept per encounter, newest first, until dismissed', () => {
    const s = new MemoryStorage();
    keepLink('e1', { id: 't1', label: 'south', role: 'player', link: 'http://h/table/e1#token=x', at: '2025-01-01T10:00:00Z' }, s);
    keepLink('e1', { id: 't2', label: 'spectator', role: 'spectator', link: 'http://h/table/e1#token=y', at: '2025-01-01T10:05:00Z' }, s);
    keepLink('e2', { id: 't3', label: 'north', role: 'player', link: 'http://h/table/e2#token=z', at: '2025-01-01T10:06:00Z' }, s);
    expect(issuedLinks('e1', s).map((l) => l.id)).toEqual(['t2', 't1']);
    expect(dismissLink('e1', 't2', s).map((l) => l.id)).toEqual(['t1']);
    expect(issuedLinks('e2', s)).toHaveLength(1);
    s.setItem('fray.links.v1', '[[');
    expect(issuedLinks('e1', s)).toEqual([]);
  });
});

describe('links and stored seats of an unusual shape', () => {
  it('a table link with a malformed escape opens nothing instead of throwing URIError (a blank page)', () => {
    expect(encounterFromPath('/table/%E0%A4%A')).toBe('%E0%A4%A');
    expect(encounterFromPath('/table/a%20b')).toBe('a b');
  });

  it('a stored seat with fields of the wrong type is read without them (figures: 5 made holdToken throw)', () => {
    const s = new MemoryStorage();
    s.setItem('fray.tokens.v2', JSON.stringify({ e: [{ token: 'a', role: 'player', figures: 5, seat: {} }] }));
    holdToken('e', { token: 'b', role: 'player', figures: ['x'] }, s);
    const seats = heldSeats('e', s);
    expect(seats.map((h) => [h.token, seatLabel(h)])).toEqual([
      ['a', 'player'],
      ['b', 'player'],
    ]);
  });
});
