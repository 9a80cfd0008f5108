// `fray explain` text: the TFT report's "Not now" list under each figure's options, and what
// each figure may send at the decision it stops at (rules/tft/decisions.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SeededDice } from '../../core/dice/source.ts';
import { seedRng } from '../../core/rng.ts';
import type { ExplainReport } from '../../engine/types.ts';
import { explainTft, tftSystem } from '../../rules/tft/system.ts';
import { fig, setup } from '../../rules/tft/testing.ts';
import { fray } from '../testing.ts';
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

describe('fray explain: what each figure may send now', () => {
  it('initiative: move first or last; movement: stay put and one line for the moves; action: the actor by its options (tft-core turn)', () => {
    const state = tftSystem.setup(parse(readFileSync('examples/tft/skirmish.yaml', 'utf8')));
    const dice = new SeededDice(seedRng('explain decision', 1));
    const block = (kind: string) => {
      while (state.phase !== kind) tftSystem.apply(state, tftSystem.decide(state), dice, null);
      const lines = formatExplain(explainTft(state));
      const at = lines.indexOf(`What each figure may send now (${kind}):`);
      expect(at).toBeGreaterThan(0);
      return lines.slice(at + 1, lines.indexOf('', at));
    };
    const name = (id: string) => state.figures.find((f) => f.id === id)!.name;
    expect(block('initiative')).toEqual(tftSystem.pending(state)!.figures.map((id) => `  ${name(id)}: move first; move last (see the other side move first)`));
    const moving = block('move');
    const movers = tftSystem.pending(state)!.figures;
    expect(moving.map((l) => l.slice(0, l.indexOf(':')))).toEqual(movers.map((id) => `  ${name(id)}`));
    for (const l of moving) expect(l).toMatch(/^ {2}[^:]+: stay put; move to one of \d+ hexes \(--json lists each\)$/);
    const acting = block('action');
    const actor = tftSystem.pending(state)!.figures[0];
    const options = explainTft(state).figures.find((f) => f.id === actor)!.options.length;
    expect(acting).toEqual([`  ${name(actor)}: one of its ${options} options below`]);
  });
});

describe('fray explain --turn', () => {
  it('a turn the script does not reach is said on stderr, with where the report is instead (it showed an earlier turn silently)', async () => {
    const unscripted = await fray(['explain', 'examples/tft/duel.yaml', '--turn', '3']);
    expect(unscripted.code).toBe(0);
    expect(unscripted.out.split('\n')[0]).toBe('The Fantasy Trip — Duel at the ford: before turn 1; waiting for: begin');
    expect(unscripted.err).toBe("fray: --turn 3: turn 3 is not reached: the scenario's script stops before turn 1 (explain plays the script, not the AI); the report is of where it stops");
    const over = await fray(['explain', 'examples/tft/hanging-by-a-thread.yaml', '--turn', '10', '--json']);
    expect(JSON.parse(over.out).pending).toBeNull();
    expect(over.err).toBe('fray: --turn 10: turn 10 is not reached: the fight is over in turn 9; the report is of its end');
    // A turn the script reaches: no note.
    expect((await fray(['explain', 'examples/tft/hanging-by-a-thread.yaml', '--turn', '5'])).err).toBe('');
  });

  it("the --turn example of explain's --help reaches its turn (it asked for turn 9 of a fight over in turn 8)", async () => {
    const help = (await fray(['explain', '--help'])).out;
    const examples = [...help.matchAll(/^ {2}fray explain (.+ --turn (\d+))$/gm)];
    expect(examples.length).toBeGreaterThan(0);
    for (const [, args, turn] of examples) {
      const r = await fray(['explain', ...args.split(' '), '--json']);
      expect([r.code, r.err, JSON.parse(r.out).turn], args).toEqual([0, '', Number(turn)]);
    }
  });
});

describe('fray explain: a sweep', () => {
  it("R-S2, R-S4: each target's and each friend's adjDX comes with its ledger under the sweep's line (the text gave the numbers only)", async () => {
    const r = await fray(['explain', 'examples/tft/sweeping-blows.yaml']);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    const at = lines.findIndex((l) => l.startsWith('  - sweep clockwise') && l.includes('friend Bobjo') && l.includes('Goblin 5 adjDX 13 hit'));
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1, at + 4)).toEqual([
      '      Goblin 5: adjDX 13 = 17 DX - 4 sweeping blow, 1 extra target x -4 [R-S2]',
      '      Goblin 1: adjDX 13 = 17 DX - 4 sweeping blow, 1 extra target x -4 [R-S2]',
      '      Bobjo (a friend): adjDX 13 to miss = 17 DX - 4 sweeping blow, 1 extra target x -4 [R-S2]',
    ]);
    // Two extra targets: -8 (seed 931c742c, "-4 DX per extra target").
    expect(lines).toContain('      Goblin 3: adjDX 9 = 17 DX - 8 sweeping blow, 2 extra targets x -4 [R-S2]');
  });
});

describe('fray explain: a medic', () => {
  it("R-T3, R-T4: the stabilize option says its chance and the first-aid option what it leaves the patient at (the text gave the bare labels)", async () => {
    const r = await fray(['explain', 'examples/tft/thread-first-aid.yaml', '--turn', '1']);
    expect(r.code).toBe(0);
    const json = JSON.parse((await fray(['explain', 'examples/tft/thread-first-aid.yaml', '--turn', '1', '--json'])).out);
    const options = json.figures.flatMap((f: { options: { label: string; result?: { text: string } }[] }) => f.options);
    const aid = options.find((o: { label: string }) => o.label === 'first aid to Fighter');
    const lines = r.out.split('\n');
    // Master Physicker: 3d6 <= IQ 14 (R-T3) is 49/54.
    expect(lines).toContain('  - stabilize Fighter; stabilizes 90.74% (49/54)');
    expect(lines).toContain(`  - first aid to Fighter; ${aid.result.text}`);
    expect(aid.result.text).toMatch(/^Fighter after it: 6 wounds, remST 2, reeling and stable/);
  });
});
