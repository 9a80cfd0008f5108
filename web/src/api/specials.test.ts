// The special criticals the GM has handled, kept per encounter in the browser (api/specials.ts).
import { describe, expect, it } from 'vitest';
import { handledSpecials, keepHandled } from './specials.ts';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};

describe('handled special criticals', () => {
  it('are kept per encounter, each once; an unreadable store reads as none handled', () => {
    const s = memory();
    expect([...handledSpecials('e1', s)]).toEqual([]);
    keepHandled('e1', '2:1', s);
    keepHandled('e1', '2:1', s);
    keepHandled('e2', '5:0', s);
    expect([...handledSpecials('e1', s)]).toEqual(['2:1']);
    expect([...handledSpecials('e2', s)]).toEqual(['5:0']);
    s.setItem('fray.specials.v1', 'not json');
    expect([...handledSpecials('e1', s)]).toEqual([]);
  });
});
