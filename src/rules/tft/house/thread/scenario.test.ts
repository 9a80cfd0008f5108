// The Thread module inside the real TFT core (R-T5): the seed's whole example from
// examples/tft/hanging-by-a-thread.yaml with its scripted dice, step by step, through the
// system, the run loop and the CLI; and the module's actions and checks through the engine.
// Engine turn N is the seed's turn N + 3 (the scenario starts from the seed's turn-3 situation).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ScriptedDice, SeededDice } from '../../../../core/dice/source.ts';
import { Fraction } from '../../../../core/dice/fraction.ts';
import { CommandRejected } from '../../../../core/errors.ts';
import { seedRng } from '../../../../core/rng.ts';
import { main } from '../../../../cli/main.ts';
import { runToEnd } from '../../../../engine/run.ts';
import type { TftCommand, TftEvent, TftState } from '../../model.ts';
import { tftSystem } from '../../system.ts';
import { pAtMost } from './odds.ts';
import { bagOf } from './tracker.ts';

const EXAMPLE_PATH = new URL('../../../../../examples/tft/hanging-by-a-thread.yaml', import.meta.url);
type Scenario = Record<string, unknown> & { dice: number[] };
const load = (name: string) => parse(readFileSync(new URL(`../../../../../examples/tft/${name}.yaml`, import.meta.url), 'utf8')) as Scenario;
const example = () => load('hanging-by-a-thread');
const SEED = (engineTurn: number) => engineTurn + 3;
const ENGINE = (seedTurn: number) => seedTurn - 3;

// biome-ignore lint/suspicious/noExplicitAny: the tests read each event type's own fields
type Ev = TftEvent & Record<string, any>;

function play(scenario: Scenario) {
  const state = tftSystem.setup(scenario);
  const start = tftSystem.clone(state);
  const events: Ev[] = [];
  const dice = new ScriptedDice(scenario.dice);
  const result = runToEnd(tftSystem, state, dice, (e) => events.push(e as Ev));
  return { start, state, events, dice, result };
}

const of = (events: Ev[], type: string, figure?: string) =>
  events.filter((e) => e.type === type && (figure === undefined || e.figure === figure));
const threadRolls = (events: Ev[], who: string) => of(events, 'thread-roll', who);
const fig = (s: TftState, id: string) => s.figures.find((f) => f.id === id)!;
/** remST and dyST of a figure as the engine's explain reports them (R-T1). */
const vitals = (s: TftState, id: string) => {
  const t = (tftSystem.explain(s).figures.find((f) => f.id === id)!.house as { thread: { remST: { total: number }; dyST: { total: number } } }).thread;
  return [t.remST.total, t.dyST.total];
};
/** The seed example as it stands once engine turn `turn` has ended (its scripted dice). */
function afterTurn(turn: number): TftState {
  const sc = example();
  const s = tftSystem.setup(sc);
  const d = new ScriptedDice(sc.dice);
  while (s.turn <= turn) tftSystem.apply(s, tftSystem.decide(s), d, null);
  return s;
}

describe('R-T5: the seed example, Lenny, Eragin, James and Claudio [82345e2a]', () => {
  const run = play(example());
  const { events, state, start } = run;

  it('plays to its end on exactly the scripted dice', () => {
    expect(run.result.ended).toBe(true);
    expect(run.dice.remaining).toBe(0);
    // Every scripted command is taken: none is skipped as never decided or no longer legal.
    expect(of(events, 'script-skipped')).toEqual([]);
  });

  it('R-T5 turn 4: Claudio starts reeling at -3 DX (remST 2 of ST 8), the others as the seed says', () => {
    // Seed turn 3: Claudio "wounded for 6 points, and his ST is only 8"; their orc "heavily
    // wounded"; Lenny and Eragin not "scratched"; "James is unhurt".
    const c = fig(start, 'claudio');
    expect([c.st, c.wounds, ...vitals(start, 'claudio')]).toEqual([8, 6, 2, 2]);
    expect([c.state, c.woundFx.dx, c.woundFx.maFactor]).toEqual(['reeling', -3, 0.5]);
    expect(fig(start, 'orc-a').wounds).toBeGreaterThan(0);
    for (const id of ['lenny', 'eragin', 'james']) expect([id, fig(start, id).wounds]).toEqual([id, 0]);
    for (const id of ['lenny', 'eragin', 'james', 'orc-b']) expect(fig(start, id).state).toBe('healthy');
    const ledger = tftSystem.explain(start).figures.find((f) => f.id === 'claudio')?.stateLedger as { rule: string }[];
    expect(ledger.some((e) => e.rule === 'R-T1')).toBe(true);
  });

  it('R-T5 turn 4: the orc hits Claudio for 4: dyST -2, dying; no one else is hit', () => {
    const dmg = of(events, 'damage').filter((e) => e.turn === ENGINE(4));
    expect(dmg.map((e) => [e.figure, e.amount, e.wounds])).toEqual([['claudio', 4, 10]]);
    const st = of(events, 'state', 'claudio').find((e) => e.turn === ENGINE(4))!;
    expect([st.from, st.to]).toEqual(['reeling', 'dying']);
    // "Claudio's dyST is now -2": the engine's own remST and dyST once seed turn 4 has ended.
    const t4 = afterTurn(ENGINE(4));
    expect([fig(t4, 'claudio').state, ...vitals(t4, 'claudio')]).toEqual(['dying', -2, -2]);
  });

  it("R-T2 turn 4: Claudio's 1-die thread roll against IQ 14 could not fail", () => {
    const r = threadRolls(events, 'claudio').filter((e) => e.turn === ENGINE(4));
    expect(r).toHaveLength(1);
    expect([r[0].dice.total, r[0].attribute, r[0].target.total, r[0].survived]).toEqual([1, 'iq', 14, true]);
    expect(pAtMost(r[0].dice.total, r[0].target.total).equals(Fraction.ONE)).toBe(true);
  });

  it('R-T3 turns 5-6: no thread roll while Eragin stabilizes Claudio', () => {
    const st = of(events, 'stabilize', 'eragin');
    expect(st.filter((e) => e.turn <= ENGINE(6)).map((e) => [SEED(e.turn), e.patient, e.phase, e.turnsDone])).toEqual([
      [5, 'claudio', 'start', 1],
      [6, 'claudio', 'continue', 2],
    ]);
    expect(threadRolls(events, 'claudio').filter((e) => e.turn === ENGINE(5) || e.turn === ENGINE(6))).toEqual([]);
  });

  it('R-T5 turn 6: Lenny unconscious but stable (13 wounds of ST 14: remST and dyST 1); he never rolls', () => {
    const st = of(events, 'state', 'lenny').find((e) => e.turn === ENGINE(6))!;
    expect(st.to).toBe('unconscious');
    const wounds = of(events, 'damage', 'lenny').filter((e) => e.turn <= ENGINE(6)).at(-1)!.wounds;
    expect(wounds).toBe(13);
    // "13 wounds against an ST of 14, for a remST and dyST of 1": the engine's, after seed turn 6.
    const t6 = afterTurn(ENGINE(6));
    expect([fig(t6, 'lenny').st, fig(t6, 'lenny').wounds, fig(t6, 'lenny').state, ...vitals(t6, 'lenny')]).toEqual([14, 13, 'unconscious', 1, 1]);
    expect(threadRolls(events, 'lenny')).toEqual([]);
  });

  it('R-T5 turns 5-6: Lenny and his orc trade hits (Lenny wounded 6), James defends and his orc misses him twice; on turn 6 no one moves', () => {
    const t5 = of(events, 'damage').filter((e) => e.turn === ENGINE(5));
    expect(t5.map((e) => [e.figure, e.from, e.amount])).toEqual([
      ['orc-a', 'lenny', 2],
      ['lenny', 'orc-a', 6],
    ]);
    for (const t of [5, 6]) {
      expect(of(events, 'stance', 'james').filter((e) => e.turn === ENGINE(t)).map((e) => e.stance)).toEqual(['defend']);
      const atk = of(events, 'attack', 'orc-b').filter((e) => e.turn === ENGINE(t));
      expect(atk.map((e) => [e.target, e.dice, e.outcome === 'miss' || e.outcome === 'auto-miss'])).toEqual([['james', 4, true]]);
    }
    const moves6 = of(events, 'move').filter((e) => e.turn === ENGINE(6));
    expect(moves6.length).toBeGreaterThan(0);
    expect(moves6.filter((e) => e.hexes !== 0)).toEqual([]);
  });

  it('R-T2 turns 4-9: every thread roll is against IQ, as the seed writes 1d/IQ, 2d/IQ, 3d/IQ (Claudio IQ 14, James IQ 11)', () => {
    const rolls = of(events, 'thread-roll');
    expect(rolls.length).toBe(7);
    for (const r of rolls) expect([r.figure, r.attribute, r.target.total]).toEqual([r.figure, 'iq', r.figure === 'claudio' ? 14 : 11]);
  });

  it("R-T2, R-T3 turn 9: James is completely dead and can't be stabilized: no medic is offered it, and the command is refused", () => {
    const s = tftSystem.clone(state);
    const eragin = fig(s, 'eragin');
    eragin.pos = { q: 2, r: 6 }; // beside James, wherever Eragin stood
    const opts = tftSystem.explain(s).figures.find((f) => f.id === 'eragin')!.options as { command: { target?: string } }[];
    expect(opts.filter((o) => o.command.target === 'james')).toEqual([]);
    expect(() => tftSystem.apply(s, { type: 'finish-stabilization', figure: 'eragin', target: 'james' } as TftCommand, new ScriptedDice([]), null)).toThrow(
      /James is dead, not dying/,
    );
    expect(bagOf(fig(s, 'james')).dead).toBe(true);
  });

  it('R-T3 turn 7: Eragin leaves (interrupted) and kills the orc at +4 DX; Claudio resumes at 1 die, James rolls 1 die', () => {
    const intr = of(events, 'stabilize-interrupted', 'eragin');
    expect(intr.map((e) => [SEED(e.turn), e.patient, e.resumeDice.total])).toEqual([[7, 'claudio', 1]]);
    const atk = of(events, 'attack', 'eragin').find((e) => e.turn === ENGINE(7))!;
    expect(atk.ledger.filter((l: { delta: number }) => l.delta === 4)).toHaveLength(1);
    expect(atk.adjDX).toBe(12 + 4);
    expect(of(events, 'state', 'orc-a').at(-1)!.to).toBe('dead');
    const jd = of(events, 'damage', 'james').find((e) => e.turn === ENGINE(7))!;
    expect([jd.amount, jd.multiplier]).toEqual([16, 2]);
    // "leaving him dying as well"
    expect(of(events, 'state', 'james').filter((e) => e.turn === ENGINE(7)).map((e) => [e.from, e.to])).toEqual([['healthy', 'dying']]);
    const t7 = of(events, 'thread-roll').filter((e) => e.turn === ENGINE(7));
    expect(t7.map((e) => [e.figure, e.dice.total])).toEqual([
      ['james', 1],
      ['claudio', 1],
    ]);
  });

  it('R-T2 turns 8-9: thread rolls of 2, then 3 dice; James rolls 13 against IQ 11 and dies', () => {
    for (const who of ['claudio', 'james']) {
      expect(threadRolls(events, who).map((e) => [SEED(e.turn), e.dice.total])).toEqual(
        who === 'claudio'
          ? [
              [4, 1],
              [7, 1],
              [8, 2],
              [9, 3],
            ]
          : [
              [7, 1],
              [8, 2],
              [9, 3],
            ],
      );
    }
    const last = threadRolls(events, 'james').at(-1)!;
    expect([last.total, last.target.total, last.survived]).toEqual([13, 11, false]);
    expect(of(events, 'state', 'james').at(-1)!.to).toBe('dead');
    expect(threadRolls(events, 'claudio').at(-1)!.survived).toBe(true);
  });

  it('R-T5 turns 8-9: Eragin knocks the second orc down, then kills it at +4 (a fallen figure counts as rear)', () => {
    // Seed turn 8: "the remaining orc engages Eragin; the orc misses but Eragin hits the orc hard
    // enough to knock him over".
    const t8 = (type: string, who: string) => of(events, type, who).filter((e) => e.turn === ENGINE(8));
    expect(t8('attack', 'orc-b').map((e) => [e.target, e.outcome])).toEqual([['eragin', 'miss']]);
    expect(t8('attack', 'eragin').map((e) => [e.target, e.outcome])).toEqual([['orc-b', 'hit']]);
    expect(of(events, 'falls', 'orc-b').map((e) => SEED(e.turn))).toEqual([8]);
    const atk = of(events, 'attack', 'eragin').find((e) => e.turn === ENGINE(9))!;
    expect(atk.adjDX).toBe(16);
    expect(of(events, 'state', 'orc-b').at(-1)!.to).toBe('dead');
  });

  it("R-T3 after the fight: Eragin's 4-dice roll of 12 against IQ 13 stabilizes Claudio (the 5 minutes run at once)", () => {
    // Turn 7 began the work and turn 8 is its second turn; the other 58 run at once (R-T3).
    expect(of(events, 'stabilize', 'eragin').map((e) => [e.turn, e.phase, e.turnsDone])).toEqual([[2, 'start', 1], [3, 'continue', 2], [7, 'start', 1], [8, 'continue', 2]]);
    const time = of(events, 'thread-time');
    expect(time.map((e) => e.turns)).toEqual([58]);
    const r = of(events, 'stabilize-roll', 'eragin');
    expect(r.map((e) => [e.patient, e.dice.total, e.total, e.target.total, e.success, e.woundsAfter])).toEqual([['claudio', 4, 12, 13, true, 7]]);
    expect(bagOf(fig(state, 'claudio')).dying).toBeNull();
  });

  it('R-T4 after the fight: Eragin heals Lenny of 2 wounds with his Physicker talent', () => {
    const fa = of(events, 'first-aid', 'eragin');
    expect(fa.map((e) => [e.patient, e.heal.total, e.woundsBefore, e.woundsAfter])).toEqual([['lenny', 2, 13, 11]]);
  });

  it('R-T5: ends with James dead, Claudio unconscious (dyST 1), Lenny reeling, Eragin healthy, both orcs dead', () => {
    const s = tftSystem.summary(state);
    const by = Object.fromEntries(s.figures.map((f) => [f.id, f]));
    expect(by.james.state).toBe('dead');
    expect([by.claudio.state, (by.claudio.st as number) - (by.claudio.wounds as number)]).toEqual(['unconscious', 1]);
    expect([by.lenny.state, by.lenny.wounds, by.lenny.st]).toEqual(['reeling', 11, 14]);
    // Claudio "out of immediate danger, although unconscious" (R-T3: at ST 1); Lenny "walks brokenly".
    expect([...vitals(state, 'claudio'), ...vitals(state, 'lenny')]).toEqual([1, 1, 3, 3]);
    expect(by.eragin.state).toBe('healthy');
    expect([by['orc-a'].state, by['orc-b'].state]).toEqual(['dead', 'dead']);
    expect(s.winner).toBe('heroes');
  });

  it('every state change is an event with its ledger (R-T1)', () => {
    const changes = of(events, 'state');
    expect(changes.length).toBeGreaterThanOrEqual(8);
    for (const c of changes) expect(c.ledger.some((l: { rule: string }) => l.rule === 'R-T1')).toBe(true);
  });

  it('the same scenario and dice give the same events, byte for byte', () => {
    expect(JSON.stringify(play(example()).events)).toBe(JSON.stringify(events));
  });

  it('`fray run --json` ends with the summary the acceptance names', async () => {
    const out: string[] = [];
    const code = await main(['node', 'fray', 'run', EXAMPLE_PATH.pathname, '--json'], {
      out: (t) => out.push(...t.split('\n').filter(Boolean)),
      err: (t) => out.push(`ERR ${t}`),
      readFile: (p) => readFileSync(p, 'utf8'),
    });
    expect(out.filter((l) => l.startsWith('ERR'))).toEqual([]);
    expect(code).toBe(0);
    const summary = JSON.parse(out.at(-1)!);
    expect(summary.type).toBe('summary');
    const st = Object.fromEntries(summary.figures.map((f: { id: string; state: string }) => [f.id, f.state]));
    expect(st).toEqual({ lenny: 'reeling', eragin: 'healthy', james: 'dead', claudio: 'unconscious', 'orc-a': 'dead', 'orc-b': 'dead' });
    expect(out.some((l) => JSON.parse(l).type === 'thread-roll')).toBe(true);
  });
});

describe("the seed's other worked examples as scenarios (examples/tft/thread-*.yaml) [82345e2a]", () => {
  it('R-T4 first aid: ST 8 wounded 9 (dyST -1) healed 3 by a Master Physicker: remST and dyST 2, reeling; no saving roll, no thread roll (thread-first-aid.yaml)', () => {
    const { start, state, events, dice } = play(load('thread-first-aid'));
    expect([fig(start, 'fighter').state, ...vitals(start, 'fighter')]).toEqual(['dying', -1, -1]);
    expect(of(events, 'script-skipped')).toEqual([]);
    expect(of(events, 'first-aid').map((e) => [e.figure, e.patient, e.heal.total, e.woundsBefore, e.woundsAfter, e.replacesStabilization])).toEqual([
      ['healer', 'fighter', 3, 9, 6, true],
    ]);
    expect([fig(state, 'fighter').state, ...vitals(state, 'fighter')]).toEqual(['reeling', 2, 2]);
    expect([...of(events, 'thread-roll'), ...of(events, 'stabilize-roll')]).toEqual([]);
    expect(dice.remaining).toBe(0);
  });

  it('Malken (ST 8, 6 fatigue from three illusions) shot for 7: unconscious but stable, remST -5 and dyST 1, no thread roll [82345e2a fatigue] (thread-malken.yaml)', () => {
    const { start, state, events, dice } = play(load('thread-malken'));
    expect([fig(start, 'malken').state, fig(start, 'malken').fatigue, ...vitals(start, 'malken')]).toEqual(['reeling', 6, 2, 8]);
    expect(of(events, 'damage', 'malken').map((e) => e.amount)).toEqual([7]);
    expect([fig(state, 'malken').state, ...vitals(state, 'malken')]).toEqual(['unconscious', -5, 1]);
    expect(of(events, 'thread-roll')).toEqual([]);
    expect(of(events, 'script-skipped')).toEqual([]);
    expect(dice.remaining).toBe(0);
  });

  it('Malken had the crossbow done 9: dying (remST -7, dyST -1); stabilized by a Physicker he has 7 wounds (dyST 1) and keeps his 6 fatigue (remST -5) [82345e2a fatigue, R-T3] (thread-malken-dying.yaml)', () => {
    const sc = load('thread-malken-dying');
    const { state, events, dice } = play(sc);
    expect(of(events, 'script-skipped')).toEqual([]);
    expect(of(events, 'damage', 'malken').map((e) => e.amount)).toEqual([9]);
    // the dying Malken after the bolt, as the end of turn 1 finds him
    const mid = tftSystem.setup(sc);
    const d = new ScriptedDice(sc.dice);
    while (mid.turn < 2) tftSystem.apply(mid, tftSystem.decide(mid), d, null);
    expect([fig(mid, 'malken').state, ...vitals(mid, 'malken')]).toEqual(['dying', -7, -1]);
    expect(fig(state, 'brigand').state).toBe('unconscious');
    expect(threadRolls(events, 'malken').map((e) => [e.dice.total, e.attribute, e.target.total, e.survived])).toEqual([[1, 'iq', 13, true]]);
    expect(of(events, 'stabilize-roll').map((e) => [e.figure, e.dice.total, e.total, e.target.total, e.success, e.woundsAfter])).toEqual([['doc', 4, 12, 12, true, 7]]);
    const m = fig(state, 'malken');
    expect([m.state, m.wounds, m.fatigue, ...vitals(state, 'malken')]).toEqual(['unconscious', 7, 6, -5, 1]);
    expect(dice.remaining).toBe(0);
  });
});

describe('explain shows survival and stabilization odds for each dying figure [82345e2a]', () => {
  it('at the start of seed turn 8: James and Claudio with their next thread roll and each medic', () => {
    const sc = example();
    const state = tftSystem.setup(sc);
    const dice = new ScriptedDice(sc.dice);
    while (state.turn < ENGINE(8)) tftSystem.apply(state, tftSystem.decide(state), dice, null);
    const ex = tftSystem.explain(state);
    const house = (id: string) => (ex.figures.find((f) => f.id === id)!.house as { thread: Record<string, unknown> }).thread;
    // biome-ignore lint/suspicious/noExplicitAny: reading the explain report
    const james = house('james') as any;
    expect(james.state).toBe('dying');
    expect(james.nextThreadDice.total).toBe(2);
    expect(james.survive[0].roll.exact).toBe(pAtMost(2, 11).toString());
    expect(james.survive[1].alive.exact).toBe(pAtMost(2, 11).mul(pAtMost(3, 11)).toString());
    expect(james.survive).toHaveLength(5);
    // biome-ignore lint/suspicious/noExplicitAny: reading the explain report
    const claudio = house('claudio') as any;
    expect(claudio.survive[0].roll.p).toBe(1);
    // biome-ignore lint/suspicious/noExplicitAny: reading the explain report
    const eragin = claudio.medics.find((m: any) => m.medic === 'eragin');
    expect([eragin.dice.total, eragin.stabilize.exact, eragin.adjacent, eragin.barred]).toEqual([4, pAtMost(4, 13).toString(), false, false]);
    expect(house('eragin').state).toBe('healthy');
    expect(house('eragin').survive).toBeUndefined();
  });

  it("R-T3 [82345e2a]: at the start of seed turn 7, under Eragin's stabilization, Claudio's next thread roll is the one he makes if it is interrupted: 1 die (half of his last 1, rounded up), not 2, and it is the roll he makes when Eragin leaves", () => {
    const state = afterTurn(ENGINE(6));
    // biome-ignore lint/suspicious/noExplicitAny: reading the explain report
    const claudio = (tftSystem.explain(state).figures.find((f) => f.id === 'claudio')!.house as any).thread;
    expect([claudio.state, claudio.stabilizing.medic, claudio.stabilizing.turnsDone]).toEqual(['dying', 'eragin', 2]);
    expect([claudio.nextThreadDice.total, claudio.nextThreadDice.entries.map((e: { rule: string }) => e.rule)]).toEqual([1, ['R-T3']]);
    expect(claudio.survive.map((t: { dice: number }) => t.dice)).toEqual([1, 2, 3, 4, 5]);
    expect(claudio.summary).toMatch(/^next thread roll if the stabilization is interrupted 1d6 <= IQ 14; /);
    const played = threadRolls(play(example()).events, 'claudio').find((e) => e.turn === ENGINE(7))!;
    expect(played.dice.total).toBe(claudio.nextThreadDice.total);
  });
});

describe('the Thread actions through the engine [82345e2a]', () => {
  /** A medic, a dying friend beside him, another far off, and an orc still standing. */
  const small = (extra: Record<string, unknown> = {}) => ({
    system: 'tft',
    name: 'medic test',
    options: { maxTurns: 3, ...extra },
    figures: [
      { id: 'doc', side: 'a', st: 10, dx: 12, iq: 12, talents: ['physicker'], weapons: ['dagger'], at: { q: 2, r: 2 } },
      { id: 'pat', side: 'a', st: 10, dx: 10, iq: 9, wounds: 12, at: { q: 3, r: 2 } },
      { id: 'far', side: 'a', st: 10, dx: 10, iq: 9, wounds: 11, at: { q: 6, r: 6 } },
      { id: 'orc', side: 'b', race: 'orc', st: 10, dx: 9, weapons: ['club'], at: { q: 10, r: 8 } },
    ],
  });
  /** Plays to doc's action of turn 1 (everyone stays put). */
  function toAction(raw: Record<string, unknown>) {
    const state = tftSystem.setup(raw);
    const dice = new ScriptedDice([6, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const apply = (c: TftCommand) => tftSystem.apply(state, c, dice, null);
    apply({ type: 'begin' });
    apply({ type: 'initiative', figure: 'doc', choice: 'first' });
    apply({ type: 'move', figure: 'doc', path: [] });
    apply({ type: 'move', figure: 'orc', path: [] });
    return { state, apply, dice };
  }

  it('R-T3: the medic must be adjacent, may not use a potion he lacks, and the fight must be over to run the 5 minutes', () => {
    const { state, apply } = toAction(small());
    expect(tftSystem.pending(state)?.figures).toEqual(['doc']);
    expect(() => apply({ type: 'stabilize', figure: 'doc', target: 'far' })).toThrow(/adjacent/);
    expect(() => apply({ type: 'stabilize', figure: 'doc', target: 'pat', potion: true })).toThrow(/Healing Potion/);
    expect(() => apply({ type: 'finish-stabilization', figure: 'doc', target: 'pat' })).toThrow(/fight is over/);
    expect(() => apply({ type: 'first-aid', figure: 'doc', target: 'pat' })).toThrow(CommandRejected);
    expect(() => apply({ type: 'stabilize', figure: 'doc', target: 'orc' })).toThrow(/not adjacent|not dying/);
    apply({ type: 'stabilize', figure: 'doc', target: 'pat' });
    expect(bagOf(fig(state, 'pat')).stabilization?.medic).toBe('doc');
  });

  it('R-T3, tft-core 8-hit [82345e2a]: a medic who is down may only stand up: stabilize and first aid are refused, as explain offers neither', () => {
    const raw = small();
    const figs = raw.figures as Record<string, unknown>[];
    // Down (knocked over last turn); a Master Physicker, whose first aid would lift pat to remST 1.
    figs[0] = { ...figs[0], prone: true, iq: 14, talents: ['physicker', 'master-physicker'] };
    const state = tftSystem.setup(raw);
    const dice = new ScriptedDice([6, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const apply = (c: TftCommand) => tftSystem.apply(state, c, dice, null);
    apply({ type: 'begin' });
    apply({ type: 'initiative', figure: 'doc', choice: 'first' });
    apply({ type: 'move', figure: 'orc', path: [] });
    expect(tftSystem.pending(state)?.figures).toEqual(['doc']);
    const offered = tftSystem.explain(state).figures.find((f) => f.id === 'doc')!.options as { command: { type: string } }[];
    expect(offered.map((o) => o.command.type)).toEqual(['stand-up', 'pass']);
    const before = JSON.stringify(state);
    expect(() => apply({ type: 'stabilize', figure: 'doc', target: 'pat' })).toThrow(/command\.figure: .*down: it may only stand up/);
    expect(() => apply({ type: 'first-aid', figure: 'doc', target: 'pat' })).toThrow(/command\.figure: .*down: it may only stand up/);
    expect(JSON.stringify(state)).toBe(before);
    apply({ type: 'stand-up', figure: 'doc' });
    expect(fig(state, 'doc').prone).toBe(false);
  });

  it('R-T3, tft-core [82345e2a]: once the fight is over a medic who is down runs the 5 minutes at once and stands up within them; it is not left down (thread-malken-dying.yaml)', () => {
    const sc = load('thread-malken-dying');
    sc.script = (sc.script as unknown[]).slice(0, 1); // the fight ends after turn 1, Malken dying
    const state = tftSystem.setup(sc);
    const dice = new ScriptedDice(sc.dice);
    while (state.phase !== 'over') tftSystem.apply(state, tftSystem.decide(state), dice, null);
    expect(fig(state, 'malken').state).toBe('dying');
    fig(state, 'doc').prone = true; // knocked down in the fight
    const offered = tftSystem.explain(state).figures.find((f) => f.id === 'doc')!.options as { command: { type: string } }[];
    expect(offered.map((o) => o.command.type)).toEqual(['finish-stabilization']);
    const events: Ev[] = [];
    tftSystem.apply(state, { type: 'finish-stabilization', figure: 'doc', target: 'malken' } as TftCommand, dice, (e) => events.push(e as Ev));
    expect(events.filter((e) => e.figure === 'doc').map((e) => e.type)).toEqual(['stabilize', 'stand-up', 'stabilize-roll']);
    expect(tftSystem.describe(events.find((e) => e.type === 'stand-up')!)).toMatch(/\] doc stands up\.$/);
    expect([fig(state, 'doc').prone, fig(state, 'malken').state]).toEqual([false, 'unconscious']);
    expect(tftSystem.summary(state).figures.find((f) => f.id === 'doc')!.prone).toBe(false);
  });

  it('R-T3: a carried Healing Potion lowers the roll by one die and is used up', () => {
    const raw = small();
    (raw.figures[0] as Record<string, unknown>).house = { thread: { potions: 1 } };
    const { state, apply } = toAction(raw);
    const opts = tftSystem.explain(state).figures.find((f) => f.id === 'doc')!.options as { command: { type: string; potion?: boolean }; stabilize?: { exact: string } }[];
    const withPotion = opts.find((o) => o.command.type === 'stabilize' && o.command.potion);
    expect(withPotion?.stabilize?.exact).toBe(pAtMost(3, 12).toString());
    apply({ type: 'stabilize', figure: 'doc', target: 'pat', potion: true });
    expect(bagOf(fig(state, 'doc')).potions).toBe(0);
    expect(bagOf(fig(state, 'pat')).stabilization?.potion).toBe(true);
  });

  it('Malken (ST 8, 6 fatigue) through the engine: 7 wounds unconscious and stable, 9 dying; stabilized he keeps the fatigue [82345e2a fatigue]', () => {
    const raw = small();
    const figs = raw.figures as Record<string, unknown>[];
    figs[1] = { id: 'pat', name: 'Malken', side: 'a', st: 8, dx: 10, iq: 12, wounds: 9, fatigue: 6, at: { q: 3, r: 2 } };
    figs[2] = { id: 'far', side: 'a', st: 8, dx: 10, iq: 12, wounds: 7, fatigue: 6, at: { q: 6, r: 6 } };
    figs[3] = { ...(figs[3] as object), wounds: 30 }; // the orc is down: the fight is over
    const state = tftSystem.setup(raw);
    expect(fig(state, 'far').state).toBe('unconscious');
    expect(fig(state, 'pat').state).toBe('dying');
    const dice = new ScriptedDice([2, 2, 2, 2]);
    tftSystem.apply(state, { type: 'finish-stabilization', figure: 'doc', target: 'pat' }, dice, null);
    const m = fig(state, 'pat');
    expect([m.state, m.wounds, m.fatigue, m.st - m.wounds, m.st - m.wounds - m.fatigue]).toEqual(['unconscious', 7, 6, 1, -5]);
    expect(dice.remaining).toBe(0);
    // with the fatigue rules off (threadFatigue: combined) the same Malken at 7 wounds is dying
    const combined = tftSystem.setup({ ...raw, options: { ...(raw.options as object), threadFatigue: 'combined' } });
    expect(fig(combined, 'far').state).toBe('dying');
  });

  it("R-T1 without the fatigue rules (threadFatigue combined): a state's ledger says dyST equals remST, not ST - wounds [82345e2a fatigue]", () => {
    const raw = small({ threadFatigue: 'combined' });
    (raw.figures as Record<string, unknown>[])[2] = { id: 'far', name: 'Malken', side: 'a', st: 8, dx: 10, iq: 12, wounds: 7, fatigue: 6, at: { q: 6, r: 6 } };
    const sources = (s: TftState) =>
      (tftSystem.explain(s).figures.find((f) => f.id === 'far')!.stateLedger as { source: string }[]).map((l) => l.source).filter((x) => x.startsWith('remST'));
    expect(sources(tftSystem.setup(raw))).toEqual(['remST -5; dyST -5 (equal to remST: fatigue rules off)']);
    expect(sources(tftSystem.setup(small()))).toEqual(['remST -1; dyST -1 (ST - wounds)']);
  });

  it('R-T3, R-T2: once the fight is over explain offers the medic only the 5 minutes run at once, and the thread choice is gone and refused (no more thread rolls)', () => {
    const raw = small();
    const figs = raw.figures as Record<string, unknown>[];
    figs[3] = { ...(figs[3] as object), wounds: 30 }; // the orc is down
    const state = tftSystem.setup(raw);
    const dice = new SeededDice(seedRng(5));
    // doc does nothing in the fight (the AI would start on pat at once)
    for (let i = 0; i < 50 && state.phase !== 'over'; i++) {
      const p = tftSystem.pending(state);
      const mine = p?.kind === 'action' && p.figures.includes('doc');
      tftSystem.apply(state, mine ? { type: 'pass', figure: 'doc' } : tftSystem.decide(state), dice, null);
    }
    expect(state.phase).toBe('over');
    expect(fig(state, 'pat').state).toBe('dying');
    const ex = tftSystem.explain(state);
    const doc = ex.figures.find((f) => f.id === 'doc')!.options as { command: { type: string; target?: string } }[];
    expect(doc.map((o) => `${o.command.type} ${o.command.target}`)).toEqual(['finish-stabilization pat']);
    const pat = (ex.figures.find((f) => f.id === 'pat')!.house as { thread: { choices: unknown[] } }).thread;
    expect(pat.choices).toEqual([]);
    expect(() => tftSystem.apply(state, { type: 'thread-attribute', figure: 'pat', attribute: 'iq' } as TftCommand, dice, null)).toThrow(/fight is over/);
    tftSystem.apply(state, { type: 'finish-stabilization', figure: 'doc', target: 'pat' }, dice, null);
    expect(['stable', 'unconscious', 'dying', 'dead']).toContain(fig(state, 'pat').state);
  });

  it('R-T2: the player chooses ST or IQ for the thread rolls at any moment, even while the figure lies dying', () => {
    const { state, dice } = toAction(small());
    type Choice = { command: TftCommand & { attribute: string }; label: string };
    const thread = () =>
      (tftSystem.explain(state).figures.find((f) => f.id === 'pat')!.house as { thread: { against: { total: number }; choices: Choice[] } }).thread;
    // pat: ST 10, IQ 9; by default the higher, ST 10
    expect(fig(state, 'pat').state).toBe('dying');
    expect(thread().against.total).toBe(10);
    expect(thread().choices.map((c) => c.command.attribute)).toEqual(['st', 'iq']);
    expect(() => tftSystem.parseCommand({ type: 'thread-attribute', figure: 'pat', attribute: 'dx' })).toThrow(/command\.attribute/);
    const events: Ev[] = [];
    tftSystem.apply(state, tftSystem.parseCommand({ type: 'thread-attribute', figure: 'pat', attribute: 'iq' }), dice, (e) => events.push(e as Ev));
    expect(events.map((e) => [e.type, e.figure, e.choice, e.target.total])).toEqual([['thread-attribute', 'pat', 'iq', 9]]);
    expect(tftSystem.describe(events[0])).toMatch(/pat's thread rolls will be made against IQ 9, the player chose it \(R-T2\)\.$/);
    expect(tftSystem.describe(events[0], new Map([['pat', 'Pat']]))).toMatch(/\] Pat's thread rolls will be made against IQ 9, the player chose it \(R-T2\)\.$/);
    expect(thread().against.total).toBe(9);
    // It took no time: it is still doc's action. The end-of-turn roll is made against IQ 9.
    expect(tftSystem.pending(state)).toEqual({ figures: ['doc'], kind: 'action' });
    const rest: Ev[] = [];
    const more = new ScriptedDice([2, 5, 3, 4]); // thread rolls (pat, far), then the next turn's initiative
    for (const c of [{ type: 'pass', figure: 'doc' }, { type: 'pass', figure: 'orc' }] as TftCommand[]) tftSystem.apply(state, c, more, (e) => rest.push(e as Ev));
    expect(threadRolls(rest, 'pat').map((e) => [e.attribute, e.target.total, e.total, e.survived])).toEqual([['iq', 9, 2, true]]);
  });

  it('R-T2: a dead figure has no choice left (dead is final, R-T1); the command changes nothing', () => {
    const raw = small();
    (raw.figures[1] as Record<string, unknown>).wounds = 21; // dyST -11 < -ST: dead
    const { state } = toAction(raw);
    const before = JSON.stringify(state);
    expect(() => tftSystem.apply(state, tftSystem.parseCommand({ type: 'thread-attribute', figure: 'pat', attribute: 'iq' }), new ScriptedDice([]), null)).toThrow(
      /command\.figure: .*dead is final/,
    );
    expect(JSON.stringify(state)).toBe(before);
  });

  it('rejects a bad per-figure setting naming the field', () => {
    const raw = small();
    (raw.figures[1] as Record<string, unknown>).house = { thread: { attribute: 'dx' } };
    expect(() => tftSystem.setup(raw)).toThrow(/figures\[1\]\.house\.thread\.attribute/);
  });

  it('R-T1 option thread off: the same fight follows standard TFT (dyST -2 is dead at once, no thread roll)', () => {
    const sc = example();
    const off = { ...sc, options: { thread: 'off', maxTurns: 1 } };
    const { state, events } = play({ ...off, dice: sc.dice.slice(0, 21) });
    expect(state.modules).not.toContain('thread');
    expect(fig(state, 'claudio').state).toBe('dead');
    expect(of(events, 'thread-roll')).toEqual([]);
    // and on: the same first turn leaves him dying
    const on = play({ ...sc, options: { maxTurns: 1 }, dice: sc.dice.slice(0, 22) });
    expect(fig(on.state, 'claudio').state).toBe('dying');
  });

  it('R-T1 option thread off: ST 1 unconscious, 0 or less dead (standard TFT), where thread would say dying', () => {
    const raw = small({ thread: false });
    const s = tftSystem.setup(raw);
    expect(fig(s, 'pat').state).toBe('dead'); // ST 10, 12 wounds
    const on = tftSystem.setup(small());
    expect(fig(on, 'pat').state).toBe('dying');
    expect(fig(on, 'far').state).toBe('dying');
  });
});

describe('R-T3 "out of combat": the 5 minutes run at once and the fight [82345e2a]', () => {
  const malkenDying = () => load('thread-malken-dying');
  /** `fray run <example> --seed N --json`, as the GM's table plays it with server dice and the AI: the events and the summary. */
  async function runJson(name: string, seed: number) {
    const lines: string[] = [];
    const code = await main(['node', 'fray', 'run', new URL(`../../../../../examples/tft/${name}.yaml`, import.meta.url).pathname, '--seed', String(seed), '--json'], {
      out: (t) => lines.push(...t.split('\n').filter(Boolean)),
      err: (t) => lines.push(`ERR ${t}`),
      readFile: (p) => readFileSync(p, 'utf8'),
    });
    expect(lines.filter((l) => l.startsWith('ERR'))).toEqual([]);
    expect(code).toBe(0);
    const all = lines.map((l) => JSON.parse(l) as Ev);
    return { events: all.slice(0, -1), summary: all.at(-1)! };
  }

  it('R-T3 out of combat [82345e2a]: after the 5 minutes run at once with nothing left to do the fight ends in that turn: no movement or action phase of turn 2 follows (thread-malken-dying.yaml)', () => {
    const { state, events, dice } = play(malkenDying());
    expect(events.filter((e) => e.turn === 2).map((e) => e.type)).toEqual(['turn-start', 'stabilize', 'thread-time', 'stabilize-roll', 'state', 'turn-end', 'over']);
    expect([state.phase, state.winner, state.endReason]).toEqual(['over', 'party', 'one side left standing']);
    expect(dice.remaining).toBe(0);
  });

  it('R-T3 out of combat [82345e2a]: with server dice and the AI (seed 6) Doc runs the 5 minutes at turn 2 and the fight ends there; Doc neither moves nor acts again in the turn his work began (thread-malken-dying.yaml)', async () => {
    const { events, summary } = await runJson('thread-malken-dying', 6);
    const time = events.findIndex((e) => e.type === 'thread-time');
    expect([events[time].turn, events[time].turns]).toEqual([2, 59]);
    expect(events.slice(time + 1).map((e) => e.type)).toEqual(['stabilize-roll', 'state', 'turn-end', 'over']);
    expect([summary.winner, summary.turns]).toEqual(['party', 2]);
  });

  it('R-T3 out of combat [82345e2a]: the AI medic of a fight with no script ends it with its 5 minutes at once, in the same turn (the lab and the table without a script)', () => {
    const sc = malkenDying();
    const figs = (sc.figures as Record<string, unknown>[]).map((f) => (f.id === 'malken' ? { ...f, wounds: 9 } : f.id === 'brigand' ? { ...f, wounds: 11 } : f));
    const state = tftSystem.setup({ ...sc, figures: figs, script: undefined, dice: undefined });
    const events: Ev[] = [];
    runToEnd(tftSystem, state, new SeededDice(seedRng(1)), (e) => events.push(e as Ev));
    const time = events.findIndex((e) => e.type === 'thread-time');
    expect(time).toBeGreaterThan(0);
    // Doc's 4 dice fail on these dice: Malken's thread rolls resume with the turn's end (R-T3), and the fight is over.
    expect(events.slice(time + 1).map((e) => e.type)).toEqual(['stabilize-roll', 'thread-roll', 'turn-end', 'over']);
    expect(state.turn).toBe(1);
  });

  it('R-T3 out of combat, reading 7 [82345e2a]: every per-turn countdown sees the turns run at once: Bjorn\'s heavy crossbow fired in turn 1 is loaded, and a classic 5-hit -2 owed for the next turn is spent (thread-malken-dying.yaml)', () => {
    const sc = malkenDying();
    const state = tftSystem.setup({ ...sc, options: { ...(sc.options as object), ruleset: 'classic' } });
    const dice = new ScriptedDice(sc.dice);
    while (state.turn < 2) tftSystem.apply(state, tftSystem.decide(state), dice, null);
    const bjorn = fig(state, 'bjorn');
    // A heavy crossbow fires every third turn (tft-core reload): 2 turns to go at the start of turn 2.
    expect(bjorn.weapons[0].reloadLeft).toBe(2);
    tftSystem.apply(state, { type: 'adjust', figure: 'bjorn', damage: 5, reason: 'a falling beam' }, dice, null);
    expect(bjorn.dxPenalty).toEqual({ amount: -2, turnsLeft: 2, actionsLeft: 0 }); // classic: owed through turn 3
    tftSystem.apply(state, tftSystem.decide(state), dice, null); // Doc's 5 minutes at once
    expect(state.phase).toBe('over');
    expect(bjorn.weapons[0].reloadLeft).toBe(0);
    expect(bjorn.dxPenalty).toEqual({ amount: 0, turnsLeft: 0, actionsLeft: 0 });
  });

  it('R-T3 out of combat [82345e2a]: the 5 minutes are not turns of the fight: the turn count stays (events, `fray run` summary), and a maxTurns no higher than it does not turn the won fight into a draw', () => {
    const { state, events } = play({ ...malkenDying(), options: { ...(malkenDying().options as object), maxTurns: 2 } });
    const time = events.findIndex((e) => e.type === 'thread-time');
    expect(events.slice(time).every((e) => e.turn === 2)).toBe(true);
    const s = tftSystem.summary(state);
    expect([s.turns, s.winner, state.endReason]).toEqual([2, 'party', 'one side left standing']);
  });

  it("R-T3 'doing nothing else', R-T5 [82345e2a]: the 5 minutes fill Eragin's turn 8, which plays on with nothing of his; he moves to Lenny and gives first aid in turn 9, then the fight ends", () => {
    const { events, state } = play(example());
    const time = events.findIndex((e) => e.type === 'thread-time');
    expect(events[time].turn).toBe(8);
    expect(events.slice(time + 1).map((e) => `${e.turn} ${e.type}`)).toEqual([
      ...['stabilize-roll', 'state', 'action-order', 'turn-end'].map((t) => `8 ${t}`),
      ...['turn-start', 'move-step', 'move', 'action-order', 'first-aid', 'state', 'turn-end', 'over'].map((t) => `9 ${t}`),
    ]);
    expect(of(events, 'script-skipped')).toEqual([]);
    expect(state.turn).toBe(9);
  });

  it("R-T3 'doing nothing else', R-T5 [82345e2a]: the action order of Eragin's turn 8, which the 5 minutes filled, marks him as having acted (he is never asked), as it marks a figure that took a defend stance with its move (James, seed turns 5-7); the others are not marked", () => {
    const { events } = play(example());
    const orders = of(events, 'action-order');
    const acted = orders.map((e) => [e.turn, e.order.filter((o: { acted?: boolean }) => o.acted).map((o: { figure: string }) => o.figure)]);
    expect(acted.filter(([, ids]) => ids.length > 0)).toEqual([[2, ['james']], [3, ['james']], [4, ['james']], [8, ['eragin']]]);
    const t8 = orders.find((e) => e.turn === 8)!;
    expect(tftSystem.describe(t8)).toBe('[turn 8] Action order: eragin (adjDX 12, already acted this turn).');
    // Never asked: the turn ends right after the order.
    expect(events[events.indexOf(t8) + 1].type).toBe('turn-end');
  });

  it("R-T3 out of combat, 'doing nothing else' [82345e2a]: entries of the medic for the turn its work filled are nothing left to do: with no other, the turn ends at once after the time (R-T5 scripted with the first aid in turn 8)", () => {
    const sc = example();
    const script = sc.script as { turn: number; commands: unknown[] }[];
    const [t8, t9] = script.slice(-2);
    const sameTurn = { ...sc, script: [...script.slice(0, -2), { turn: 8, commands: [...t8.commands, ...t9.commands] }] };
    const { events, state } = play(sameTurn);
    const time = events.findIndex((e) => e.type === 'thread-time');
    expect(events.slice(time + 1).map((e) => `${e.turn} ${e.type}`)).toEqual(['stabilize-roll', 'state', 'turn-end', 'over'].map((t) => `8 ${t}`));
    expect(of(events, 'first-aid')).toEqual([]);
    expect([state.phase, state.turn]).toEqual(['over', 8]);
  });

  it("R-T3 'doing nothing else' [82345e2a]: a medic who runs the 5 minutes at once while the script holds more of that turn neither moves nor acts again in it; its entries are not played, a command of it is refused", () => {
    const raw = {
      system: 'tft',
      name: 'a medic whose turn the 5 minutes fill',
      options: { thread: 'on' },
      figures: [
        { id: 'doc', side: 'a', st: 10, dx: 12, iq: 12, talents: ['physicker'], weapons: ['dagger'], at: { q: 2, r: 2 } },
        { id: 'pat', side: 'a', st: 10, dx: 10, iq: 9, wounds: 12, at: { q: 3, r: 2 } },
        { id: 'sore', side: 'a', st: 10, dx: 10, iq: 9, wounds: 9, at: { q: 1, r: 2 } },
        { id: 'nurse', side: 'a', st: 10, dx: 10, iq: 9, weapons: ['dagger'], at: { q: 2, r: 5 } },
        { id: 'orc', side: 'b', race: 'orc', st: 10, dx: 9, wounds: 9, weapons: ['club'], at: { q: 10, r: 8 } },
      ],
      script: [
        {
          turn: 1,
          commands: [
            { type: 'finish-stabilization', figure: 'doc', target: 'pat' },
            { type: 'move', figure: 'doc', path: [] },
            { type: 'first-aid', figure: 'doc', target: 'sore' },
            { type: 'move', figure: 'nurse', path: [{ q: 2, r: 4 }] },
          ],
        },
      ],
    };
    const state = tftSystem.setup(raw);
    const dice = new ScriptedDice([1, 1, 1, 1]); // Doc's 4 dice: 4 against IQ 12, stabilized
    const events: Ev[] = [];
    const step = () => tftSystem.apply(state, tftSystem.decide(state), dice, (e) => events.push(e as Ev));
    step(); // begin
    step(); // Doc's 5 minutes at once
    expect(of(events, 'stabilize-roll', 'doc').map((e) => e.success)).toEqual([true]);
    // The nurse's move is still to come this turn; Doc's turn is spent.
    expect([state.phase, tftSystem.pending(state)?.figures]).toEqual(['move', ['nurse']]);
    const before = JSON.stringify(state);
    expect(() => tftSystem.apply(state, { type: 'move', figure: 'doc', path: [] }, dice, null)).toThrow(/doc.*already moved/i);
    expect(JSON.stringify(state)).toBe(before);
    while (tftSystem.pending(state)) step();
    expect(of(events, 'move', 'nurse')).toHaveLength(1);
    expect(of(events, 'move', 'doc')).toEqual([]);
    expect(of(events, 'first-aid')).toEqual([]);
    expect(fig(state, 'sore').wounds).toBe(9);
    expect([state.phase, state.turn, state.winner]).toEqual(['over', 1, 'a']);
  });
  /** Ann (acts first) beside dying Pip, Bob beside dying Pat, the only foe down; `turns`: Ann's and Bob's commands, a turn each. */
  function twoMedics(turns: TftCommand[][]) {
    const raw = {
      system: 'tft',
      name: 'two medics at work',
      options: { thread: 'on' },
      figures: [
        { id: 'ann', side: 'a', st: 10, dx: 12, iq: 12, talents: ['physicker'], weapons: ['dagger'], at: { q: 2, r: 2 } },
        { id: 'pip', side: 'a', st: 10, dx: 10, iq: 9, wounds: 12, at: { q: 3, r: 2 } },
        { id: 'bob', side: 'a', st: 10, dx: 11, iq: 12, talents: ['physicker'], weapons: ['dagger'], at: { q: 2, r: 6 } },
        { id: 'pat', side: 'a', st: 10, dx: 10, iq: 9, wounds: 12, at: { q: 3, r: 6 } },
        { id: 'orc', side: 'b', race: 'orc', st: 10, dx: 9, wounds: 9, weapons: ['club'], at: { q: 10, r: 8 } },
      ],
      script: [{ turn: 3, commands: [{ type: 'pass', figure: 'ann' }] }], // keeps the fight in play
    };
    const state = tftSystem.setup(raw);
    const dice = new ScriptedDice(Array(20).fill(1));
    const events: Ev[] = [];
    const apply = (c: TftCommand) => tftSystem.apply(state, c, dice, (e) => events.push(e as Ev));
    apply({ type: 'begin' }); // the orc is down: no initiative
    for (const cmds of turns) {
      apply({ type: 'move', figure: 'ann', path: [] });
      apply({ type: 'move', figure: 'bob', path: [] });
      for (const c of cmds) apply(c);
    }
    return { state, events };
  }

  it("R-T3 out of combat [82345e2a]: a turn is counted once for an attempt worked in it: Ann starts on Pip in turn 2, then Bob (at work on Pat since turn 1) runs the 5 minutes at once; Bob's 60 turns end the time, Ann's attempt has 59 and one to go", () => {
    const { state, events } = twoMedics([
      [{ type: 'pass', figure: 'ann' }, { type: 'stabilize', figure: 'bob', target: 'pat' }],
      [{ type: 'stabilize', figure: 'ann', target: 'pip' }, { type: 'finish-stabilization', figure: 'bob', target: 'pat' }],
    ]);
    // Bob: turns 1 and 2, then 58 run at once; Ann: turn 2 and the same 58.
    expect(of(events, 'thread-time').map((e) => [e.turn, e.turns])).toEqual([[2, 58]]);
    expect(of(events, 'stabilize-roll').map((e) => [e.figure, e.success])).toEqual([['bob', true]]);
    expect(bagOf(fig(state, 'pip')).stabilization?.turnsDone).toBe(59);
  });

  it("R-T3 out of combat [82345e2a]: a medic who works through the time run at once has that turn, which it fills, counted: Bob (at work on Pat since turn 1, not yet asked in turn 2) reaches his 60 turns one turn before Ann, who starts on Pip and runs the 5 minutes in turn 2", () => {
    const { events } = twoMedics([
      [{ type: 'pass', figure: 'ann' }, { type: 'stabilize', figure: 'bob', target: 'pat' }],
      [{ type: 'finish-stabilization', figure: 'ann', target: 'pip' }],
    ]);
    expect(of(events, 'stabilize').filter((e) => e.turn === 2).map((e) => [e.figure, e.phase, e.turnsDone])).toEqual([['ann', 'start', 1], ['bob', 'continue', 2]]);
    expect(of(events, 'thread-time').map((e) => [e.turn, e.turns])).toEqual([[2, 59]]);
    expect(of(events, 'stabilize-roll').map((e) => [e.figure, e.success])).toEqual([['bob', true], ['ann', true]]);
  });

});

describe('the aftermath of the fight: option threadAftermath [82345e2a]', () => {
  /** Malken's fight without the GM's 5 minutes: it ends at turn 1 with Malken dying. */
  const ended = (options: Record<string, unknown> = {}) => {
    const sc = load('thread-malken-dying');
    const script = (sc.script as { turn: number }[]).filter((t) => t.turn === 1);
    return { ...sc, script, options: { ...(sc.options as object), ...options } };
  };

  it('off (the default): the dying are left dying at the end, as before; no time runs, no die more is rolled', () => {
    const sc = ended();
    const { state, events, dice } = play({ ...sc, dice: sc.dice.slice(0, -4) });
    expect([state.phase, state.turn, fig(state, 'malken').state]).toEqual(['over', 1, 'dying']);
    expect(of(events, 'thread-time')).toEqual([]);
    expect(dice.remaining).toBe(0);
    expect(tftSystem.setup(sc).options.threadAftermath).toBe('off');
  });

  it('R-T2, R-T3 on: after the fight Doc tends Malken: 60 turns out of combat, no thread roll meanwhile, 4d6 = 12 against IQ 12: stabilized, with each step in the log after the end', () => {
    const { state, events, dice } = play(ended({ threadAftermath: 'on' }));
    const over = events.findIndex((e) => e.type === 'over');
    expect(events.slice(over).map((e) => e.type)).toEqual(['over', 'thread-time', 'stabilize', 'stabilize-roll', 'state']);
    expect(events.slice(over).every((e) => e.turn === 1)).toBe(true);
    expect(events[over + 1]).toMatchObject({ turns: 60, reason: expect.stringMatching(/threadAftermath/) });
    expect(of(events, 'stabilize-roll').map((e) => [e.figure, e.dice.total, e.total, e.success])).toEqual([['doc', 4, 12, true]]);
    const s = tftSystem.summary(state);
    expect([s.turns, s.winner]).toEqual([1, 'party']);
    expect(Object.fromEntries(s.figures.map((f) => [f.id, f.state]))).toEqual({ malken: 'unconscious', doc: 'healthy', bjorn: 'healthy', brigand: 'unconscious' });
    expect(dice.remaining).toBe(0);
    // The lab plays without events: the same end, the same dice.
    const quiet = tftSystem.setup(ended({ threadAftermath: 'on' }));
    runToEnd(tftSystem, quiet, new ScriptedDice(ended().dice), null);
    expect(JSON.stringify(quiet.figures)).toBe(JSON.stringify(state.figures));
  });

  it('R-T2 on: a dying figure with no living friend (the brigand, bolted to dying) rolls until it dies; the narration says the time out of combat', () => {
    const sc = ended({ threadAftermath: 'on' });
    // Bjorn's bolt does 3 + 4 + 6 = 13 to the brigand (ST 12, IQ 8): dyST -1, dying. Its thread
    // rolls against ST 12, the higher (R-T2): 1 die 3 at the turn's end; after the fight 2 dice
    // 6 + 5 = 11, then 3 dice 18: dead. Doc stabilizes Malken meanwhile (his 4 dice at the end).
    const dice = [...sc.dice.slice(0, 10), 3, 4, 6, 3, 3, 6, 5, 6, 6, 6, 3, 3, 3, 3];
    const { state, events } = play({ ...sc, dice });
    expect(fig(state, 'brigand').state).toBe('dead');
    expect(threadRolls(events, 'brigand').map((e) => [e.dice.total, e.total, e.survived])).toEqual([
      [1, 3, true],
      [2, 11, true],
      [3, 18, false],
    ]);
    expect(fig(state, 'malken').state).toBe('unconscious');
    const time = of(events, 'thread-time')[0];
    expect(tftSystem.describe(time as TftEvent)).toMatch(/60 turns pass at once, out of combat: after the fight .*R-T2, R-T3.*turn count stays at 1/);
  });
});
