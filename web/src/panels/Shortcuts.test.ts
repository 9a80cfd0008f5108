import { describe, expect, it } from 'vitest';
import { shortcutRows } from './Shortcuts.tsx';

const keys = (role: 'gm' | 'player' | 'spectator') => shortcutRows(role).map(([k]) => k);

describe('the keyboard help', () => {
  it('lists for a spectator only what it can do: no option, initiative, move, facing or next-figure keys, no GM keys', () => {
    const spectator = keys('spectator');
    for (const k of ['1 – 9', 'f / w', 'Enter', 'q / e', 'n / Shift+N', 'u, Ctrl+Z', 'p']) expect(spectator).not.toContain(k);
    expect(spectator).toEqual(expect.arrayContaining(['Tab', 'm', 'a / s / l']));
    expect(shortcutRows('spectator').find(([k]) => k === 'Enter (on the map)')?.[1]).toBe('pick the figure under the cursor');
  });

  it("lists a player's figure keys, and the GM's own keys for the GM alone", () => {
    expect(keys('player')).toEqual(expect.arrayContaining(['1 – 9', 'f / w', 'q / e', 'n / Shift+N']));
    expect(keys('player')).not.toContain('u, Ctrl+Z');
    expect(keys('gm')).toEqual(expect.arrayContaining(['1 – 9', 'b, Space', 'p', 'u, Ctrl+Z']));
  });
});
