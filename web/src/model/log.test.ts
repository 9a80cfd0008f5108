import { describe, expect, it } from 'vitest';
import type { LogEntryView } from '../../../src/server/protocol.ts';
import { effectiveLine, entryFaces, entryMentions, eventRows, mergeEntries, undoTarget } from './log.ts';

const by = { role: 'gm' as const, tokenId: 't' };
const cmd = (seq: number, command: unknown = { kind: 'x' }, events: Record<string, unknown>[] = []): LogEntryView => ({
  seq,
  kind: 'command',
  at: '2025-01-01T00:00:00Z',
  by,
  command,
  events,
  descriptions: events.map((e) => `d:${String(e.type)}`),
});
const rew = (seq: number, to: number): LogEntryView => ({ seq, kind: 'rewind', at: '2025-01-01T00:00:00Z', by, to });

describe('the log', () => {
  it('explains each event with its narration, ledgers, faces and rule ids', () => {
    const e = cmd(1, { kind: 'attack', figure: 'a', target: 'b' }, [
      {
        type: 'attack',
        turn: 1,
        attacker: 'a',
        target: 'b',
        roll: { faces: [3, 4, 2] },
        adjDX: { entries: [{ source: 'DX', delta: 12, rule: 'tft-core' }, { source: 'extra target', delta: -4, rule: 'R-S2' }], total: 8 },
      },
    ]);
    const [row] = eventRows(e);
    expect(row.text).toBe('d:attack');
    expect(row.faces).toEqual([3, 4, 2]);
    expect(row.ledgers.map((l) => [l.name, l.ledger.total])).toEqual([['adjDX', 8]]);
    expect(row.rules).toEqual(['tft-core', 'R-S2']);
    expect(row.figures.sort()).toEqual(['a', 'b']);
    expect(entryFaces(e)).toEqual([3, 4, 2]);
  });

  it('filters entries by the figure they mention', () => {
    const e = cmd(2, { kind: 'move', figure: 'a' }, [{ type: 'moved', turn: 1, figure: 'a' }]);
    expect(entryMentions(e, 'a')).toBe(true);
    expect(entryMentions(e, 'b')).toBe(false);
  });

  it('rewinds drop the undone steps from the line of play', () => {
    const log = [cmd(1), cmd(2), cmd(3), rew(4, 1), cmd(5), cmd(6)];
    expect(effectiveLine(log).map((e) => e.seq)).toEqual([1, 5, 6]);
    expect(undoTarget(log)).toBe(5);
    expect(undoTarget([cmd(1)])).toBe(0);
    expect(undoTarget([])).toBeNull();
    expect(effectiveLine([cmd(1), cmd(2), rew(3, 0)]).map((e) => e.seq)).toEqual([]);
  });

  it('merges resent entries by seq without duplicates, in order', () => {
    const merged = mergeEntries([cmd(1), cmd(2)], [cmd(2), cmd(3), cmd(1)]);
    expect(merged.map((e) => e.seq)).toEqual([1, 2, 3]);
  });
});
