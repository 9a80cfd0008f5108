// Comparing a command with the script entry it follows or claims (both systems).
import { describe, expect, it } from 'vitest';
import { sameCommandBut } from './same-command.ts';

describe('sameCommandBut', () => {
  it("is one command whatever the order of its fields, but for the field the script keeps (AD&D's at, TFT's script); another value anywhere is another command", () => {
    expect(sameCommandBut({ type: 'attack', figure: 'a', target: 'b', at: 7 }, { target: 'b', figure: 'a', type: 'attack' }, 'at')).toBe(true);
    expect(sameCommandBut({ type: 'move', figure: 'b', path: [], script: 0 }, { type: 'move', figure: 'b', path: [] }, 'script')).toBe(true);
    expect(sameCommandBut({ type: 'move', figure: 'b', path: [{ q: 1, r: 1 }], script: 0 }, { type: 'move', figure: 'b', path: [] }, 'script')).toBe(false);
    expect(sameCommandBut({ type: 'attack', figure: 'a', target: 'b', at: 7 }, { type: 'attack', figure: 'a', target: 'b', at: 8 }, 'script')).toBe(false);
  });
});
