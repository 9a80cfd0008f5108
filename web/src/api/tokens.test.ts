import { describe, expect, it } from 'vitest';
import { absoluteLink, encounterFromPath, forgetToken, heldTokens, holdToken, tokenFromHash } from './tokens.ts';

class MemoryStorage {
  m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
}

describe('tokens held by the browser', () => {
  it('keeps, merges and forgets a token per encounter', () => {
    const s = new MemoryStorage() as unknown as Storage;
    holdToken('e1', { token: 'a', role: 'gm' }, s);
    holdToken('e2', { token: 'b' }, s);
    holdToken('e1', { token: 'a', name: 'Duel' }, s);
    expect(heldTokens(s)).toEqual({ e1: { token: 'a', role: 'gm', name: 'Duel' }, e2: { token: 'b' } });
    forgetToken('e1', s);
    expect(Object.keys(heldTokens(s))).toEqual(['e2']);
  });

  it('survives garbage in storage', () => {
    const s = new MemoryStorage();
    s.setItem('fray.tokens.v1', '{not json');
    expect(heldTokens(s as unknown as Storage)).toEqual({});
  });

  it('reads the token from the link fragment and the encounter from the path', () => {
    expect(tokenFromHash('#token=xyz')).toBe('xyz');
    expect(tokenFromHash('#t=q&x=1')).toBe('q');
    expect(tokenFromHash('')).toBeNull();
    expect(encounterFromPath('/table/abc%20d')).toBe('abc d');
    expect(encounterFromPath('/table/abc/')).toBe('abc');
    expect(encounterFromPath('/')).toBeNull();
    expect(absoluteLink('/table/e#token=t', 'http://h:1')).toBe('http://h:1/table/e#token=t');
  });
});
