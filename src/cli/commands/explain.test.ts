// `fray explain` text: the TFT report's "Not now" list under each figure's options.
import { describe, expect, it } from 'vitest';
import type { ExplainReport } from '../../engine/types.ts';
import { explainTft } from '../../rules/tft/system.ts';
import { fig, setup } from '../../rules/tft/testing.ts';
import { formatExplain } from './explain.ts';

describe('fray explain: not now', () => {
  it('prints each figure\'s "not now" entries with their reasons, the rule where the reason does not say it', () => {
    const s = setup(
      [
        { id: 'g', name: 'Gunner', side: 'x', at: [2, 2], facing: 0, talents: ['rifle'], weapons: [{ weapon: 'assault-rifle', house: { hitech: { loaded: 0, spare: {} } } }] },
        { id: 'b', side: 'y', at: [6, 2], facing: 3 },
      ],
      { hitech: true },
    );
    s.phase = 'action';
    s.turn = 1;
    fig(s, 'g').turn.moved = true;
    const lines = formatExplain(explainTft(s));
    const at = lines.indexOf('  not now:');
    expect(at).toBeGreaterThan(lines.findIndex((l) => l.startsWith('Gunner [g, x]')));
    expect(lines.slice(at + 1, at + 4)).toEqual([
      "  x fire assault rifle: assault rifle's magazine is empty: reload first [R-H10]",
      '  x reload assault rifle: Gunner has no spare standard clip for the assault rifle [R-H10]',
      "  x overwatch with assault rifle: assault rifle's magazine is empty: reload first [R-H10]",
    ]);
  });

  it('prints no "not now" heading for a figure without entries, and reads a report of another system without them', () => {
    const r: ExplainReport = { system: 'x', turn: 1, pending: null, figures: [{ id: 'a', name: 'A', side: 's', state: 'healthy', options: [], notNow: [{ action: 'attack', label: 'attack', reason: 'no enemy in a front hex (tft-core)', rule: 'tft-core' }] }, { id: 'b', name: 'B', side: 's', state: 'healthy', options: [] }] };
    const lines = formatExplain(r);
    expect(lines.filter((l) => l === '  not now:')).toHaveLength(1);
    expect(lines).toContain('  x attack: no enemy in a front hex (tft-core)');
  });
});
