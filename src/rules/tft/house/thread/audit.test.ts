// An adversarial audit of Hanging by a Thread [82345e2a] (R-T1..R-T4): random situations built
// directly (figures at every remaining ST from above ST down past -ST, fatigue, ST or IQ for the
// thread rolls, medics of every talent with and without Healing Potions, several medics and
// patients, interrupted attempts, first aid before and after stabilization, time run at once out
// of combat, new wounds to stabilized and unconscious figures) checked against a restatement of
// the seed and rulings written here, independently of the module's code. The engine-level
// properties check that explain's thread options are exactly what apply accepts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DiceSource } from '../../../../core/dice/source.ts';
import { CommandRejected } from '../../../../core/errors.ts';
import { displayNames } from '../../../../engine/names.ts';
import { commandProblem } from '../../flow.ts';
import type { TftCommand, TftState } from '../../model.ts';
import { tftSystem } from '../../system.ts';
import {
  type MedicView,
  type ThreadEvent,
  type ThreadSubject,
  bagOf,
  endOfTurnFor,
  firstAid,
  nextThreadDice,
  observe,
  passTurnsOutOfCombat,
  pureEnv,
  stabilizeTurn,
  stateOf,
  statusOf,
} from './tracker.ts';

// ---------------------------------------------------------------------------------------------
// The restatement (the seed and R-T1..R-T4), written without the module's code
// ---------------------------------------------------------------------------------------------

type State = 'healthy' | 'reeling' | 'unconscious' | 'dying' | 'dead';

/** R-T1: the bands by remST and dyST; fatigue counts toward unconsciousness only (when separate). */
function band(st: number, wounds: number, fatigue: number, separate: boolean): State {
  const rem = st - wounds - fatigue;
  const dy = separate ? st - wounds : rem;
  if (dy < -st) return 'dead';
  if (dy <= 0) return 'dying';
  if (rem <= 1) return 'unconscious';
  if (rem <= 3) return 'reeling';
  return 'healthy';
}

type Talent = 'master-physicker' | 'physicker' | 'veterinarian' | 'scholar' | 'none';
/** R-T3: Master Physicker 3, Physicker 4, Veterinarian or Scholar 5, anyone else 7. */
const DICE: Record<Talent, number> = { 'master-physicker': 3, physicker: 4, veterinarian: 5, scholar: 5, none: 7 };
/** R-T4: Physicker 2, Master Physicker 3 (the seed's example). */
const AID: Record<Talent, number> = { 'master-physicker': 3, physicker: 2, veterinarian: 0, scholar: 0, none: 0 };
/** How a scenario may spell the talents (the best one counts). */
const TALENT_LISTS: Record<Talent, string[][]> = {
  'master-physicker': [['physicker', 'master-physicker'], ['Master Physicker'], ['scholar', 'masterPhysicker']],
  physicker: [['physicker'], ['Physicker', 'veterinarian'], ['scholar', 'physicker']],
  veterinarian: [['veterinarian'], ['Veterinarian']],
  scholar: [['scholar'], ['Scholar', 'veterinarian']],
  none: [[], ['sword'], ['multiple-swing']],
};

interface MPatient {
  st: number;
  iq: number;
  wounds: number;
  fatigue: number;
  choice: 'st' | 'iq' | 'best';
  dead: boolean;
  /** Dice of the next thread roll while dying (R-T2), and of the last one made (R-T3). */
  next: number | null;
  last: number | null;
  stab: { medic: string; done: number; potion: boolean; worked: boolean } | null;
  failed: Set<string>;
  treated: boolean;
}
interface MMedic {
  talent: Talent;
  iq: number;
  potions: number;
}

/** Faces from a fixed cycle: the engine and the model read the same sequence in the same order. */
class Cycle implements DiceSource {
  i = 0;
  constructor(readonly faces: number[]) {}
  face(): number {
    return this.faces[this.i++ % this.faces.length];
  }
}

class Model {
  turn = 1;
  readonly dice: Cycle;
  constructor(
    readonly patients: MPatient[],
    readonly medics: MMedic[],
    faces: number[],
    readonly separate: boolean,
  ) {
    this.dice = new Cycle(faces);
    for (const p of patients) this.settle(p);
  }
  roll(n: number): number {
    let t = 0;
    for (let i = 0; i < n; i++) t += this.dice.face();
    return t;
  }
  state(p: MPatient): State {
    return p.dead ? 'dead' : band(p.st, p.wounds, p.fatigue, this.separate);
  }
  /** After any change of wounds: dead is final; dying starts at 1 die (R-T2); leaving dying ends it all. */
  settle(p: MPatient): void {
    const s = this.state(p);
    if (s === 'dead') p.dead = true;
    if (s === 'dying' && p.next === null) {
      p.next = 1;
      p.last = null;
    }
    if (s !== 'dying') {
      p.next = null;
      p.last = null;
      p.stab = null;
    }
  }
  /** R-T3: the thread rolls resume at half the last roll's dice, rounded up (none made: unchanged). */
  resume(p: MPatient): void {
    if (p.last !== null) p.next = Math.ceil(p.last / 2);
  }
  threadRoll(p: MPatient): void {
    const n = p.next as number;
    const against = p.choice === 'st' ? p.st : p.choice === 'iq' ? p.iq : Math.max(p.st, p.iq);
    const ok = this.roll(n) <= against;
    p.last = n;
    p.next = n + 1;
    if (!ok) {
      p.dead = true;
      this.settle(p);
    }
  }
  endTurn(): void {
    for (const p of this.patients) {
      if (this.state(p) !== 'dying') continue;
      if (p.stab?.worked) {
        p.stab.worked = false;
        continue; // no thread roll while a medic works (R-T3)
      }
      if (p.stab) {
        p.stab = null;
        this.resume(p);
      }
      this.threadRoll(p);
    }
    this.turn += 1;
  }
  stabilizeProblem(m: number, p: MPatient, potion: boolean): boolean {
    if (this.state(p) !== 'dying') return true;
    if (p.failed.has(`m${m}`)) return true;
    if (p.stab && p.stab.medic !== `m${m}`) return true;
    if (p.stab?.worked) return true;
    if (potion && !p.stab && this.medics[m].potions < 1) return true;
    if (potion && p.stab && !p.stab.potion) return true;
    return false;
  }
  work(m: number, p: MPatient): void {
    const s = p.stab!;
    s.done += 1;
    if (s.done < 60) return;
    const med = this.medics[m];
    const ok = this.roll(DICE[med.talent] - (s.potion ? 1 : 0)) <= med.iq;
    p.stab = null;
    if (ok) {
      // at ST 1: dyST 1 (R-T3); fatigue kept. Without the fatigue rules dyST is remST.
      p.wounds = this.separate ? p.st - 1 : Math.max(0, p.st - 1 - p.fatigue);
      p.treated = true;
      this.settle(p);
    } else {
      p.failed.add(`m${m}`);
      this.resume(p);
    }
  }
  stabilize(m: number, p: MPatient, potion: boolean): void {
    if (!p.stab) {
      if (potion) this.medics[m].potions -= 1;
      p.stab = { medic: `m${m}`, done: 0, potion, worked: false };
    }
    p.stab.worked = true;
    this.work(m, p);
  }
  firstAidProblem(m: number, p: MPatient): boolean {
    const heal = AID[this.medics[m].talent];
    if (!heal) return true;
    const s = this.state(p);
    if (s === 'dead' || p.wounds === 0 || p.treated) return true;
    if (s === 'dying' && p.st - Math.max(0, p.wounds - heal) - p.fatigue < 1) return true;
    return false;
  }
  firstAid(m: number, p: MPatient): void {
    p.wounds = Math.max(0, p.wounds - AID[this.medics[m].talent]);
    p.treated = true;
    this.settle(p);
  }
  /** Time run at once: the medics present keep working, every other dying figure rolls each turn. */
  pass(turns: number, present: Set<string>): void {
    for (const p of this.patients) {
      if (p.stab && !present.has(p.stab.medic)) {
        p.stab = null;
        this.resume(p);
      }
    }
    for (let i = 0; i < turns; i++) {
      let any = false;
      for (const p of this.patients) {
        if (this.state(p) !== 'dying') continue;
        any = true;
        if (p.stab) {
          // The medic works through the time: its last turn is this turn's work (so the turn's end
          // does not count the attempt as interrupted; R-T3 "substantially uninterrupted").
          p.stab.worked = true;
          this.work(Number(p.stab.medic.slice(1)), p);
        } else this.threadRoll(p);
      }
      if (!any) break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Random situations
// ---------------------------------------------------------------------------------------------

const talentArb = fc.constantFrom<Talent>('master-physicker', 'physicker', 'veterinarian', 'scholar', 'none');

/** A patient at any remaining ST, from above ST down past -ST (and some fatigue). */
const patientArb = fc
  .record({
    st: fc.integer({ min: 1, max: 20 }),
    iq: fc.integer({ min: 1, max: 20 }),
    over: fc.integer({ min: -3, max: 3 }),
    frac: fc.double({ min: 0, max: 1, noNaN: true }),
    fatigue: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10 })),
    choice: fc.constantFrom<'st' | 'iq' | 'best'>('st', 'iq', 'best', 'best'),
  })
  .map(({ st, iq, over, frac, fatigue, choice }) => ({
    st,
    iq,
    // wounds from 0 to 2 ST + a few: every dyST from ST down past -ST
    wounds: Math.max(0, Math.floor(frac * (2 * st + 2)) + over),
    fatigue,
    choice,
  }));

const medicArb = fc.record({
  talent: talentArb,
  spelling: fc.nat(2),
  iq: fc.integer({ min: 6, max: 18 }),
  potions: fc.nat(2),
});

const opArb = fc.oneof(
  { weight: 4, arbitrary: fc.record({ k: fc.constant('stabilize' as const), m: fc.nat(3), p: fc.nat(3), potion: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('aid' as const), m: fc.nat(3), p: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('wound' as const), p: fc.nat(3), amount: fc.integer({ min: 1, max: 12 }) }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant('end' as const) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('pass' as const), turns: fc.integer({ min: 1, max: 70 }), drop: fc.nat(3) }) },
);

const worldArb = fc.record({
  patients: fc.array(patientArb, { minLength: 1, maxLength: 3 }),
  medics: fc.array(medicArb, { minLength: 1, maxLength: 3 }),
  faces: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 7, maxLength: 40 }),
  separate: fc.boolean(),
  ops: fc.array(opArb, { minLength: 1, maxLength: 60 }),
  // long stabilizations: many turns of work are needed to reach a roll
  work: fc.integer({ min: 0, max: 59 }),
});

/** Runs a random world through the tracker and the model side by side; returns the first mismatch. */
function audit(w: typeof worldArb extends fc.Arbitrary<infer T> ? T : never): void {
  const opts = { separateFatigue: w.separate };
  const model = new Model(
    w.patients.map((p) => ({ ...p, dead: false, next: null, last: null, stab: null, failed: new Set<string>(), treated: false })),
    w.medics.map((m) => ({ talent: m.talent, iq: m.iq, potions: m.potions })),
    w.faces,
    w.separate,
  );
  const events: ThreadEvent[] = [];
  const env = pureEnv(1, opts, new Cycle(w.faces), (e) => events.push(e));
  const figs: ThreadSubject[] = w.patients.map((p, i) => ({
    id: `p${i}`,
    name: `P${i}`,
    st: p.st,
    iq: p.iq,
    wounds: p.wounds,
    fatigue: p.fatigue,
    talents: [],
    house: { thread: undefined as unknown },
  }));
  const medics: MedicView[] = w.medics.map((m, i) => {
    const lists = TALENT_LISTS[m.talent];
    return { id: `m${i}`, iq: m.iq, talents: lists[m.spelling % lists.length], house: {} };
  });
  for (const [i, f] of figs.entries()) {
    delete f.house.thread;
    bagOf(f).attribute = w.patients[i].choice;
    observe(f, 1, opts, env.emit, 'setup');
  }
  for (const [i, m] of medics.entries()) bagOf(m).potions = w.medics[i].potions;
  const acted = new Set<number>();
  const where = (i: number, what: string) => `op ${i} (${what}), turn ${model.turn}`;
  const check = (at: string) => {
    for (const [i, f] of figs.entries()) {
      const p = model.patients[i];
      const want = model.state(p);
      expect(stateOf(f, opts), `${at}: p${i} state`).toBe(want);
      const s = statusOf(f, opts);
      expect(s.state, `${at}: p${i} status`).toBe(want);
      expect([s.canAct, s.maFactor, s.dx.reduce((t, e) => t + e.delta, 0)], `${at}: p${i} effects`).toEqual(
        want === 'healthy' ? [true, 1, 0] : want === 'reeling' ? [true, 0.5, -3] : [false, 0, 0],
      );
      expect(f.wounds, `${at}: p${i} wounds`).toBe(p.wounds);
      const b = bagOf(f);
      expect(b.dead, `${at}: p${i} dead`).toBe(p.dead);
      expect(b.dying === null ? null : nextThreadDice(b.dying).total, `${at}: p${i} next thread dice`).toBe(p.next);
      expect(b.stabilization && [b.stabilization.medic, b.stabilization.turnsDone, b.stabilization.potion], `${at}: p${i} attempt`).toEqual(
        p.stab && [p.stab.medic, p.stab.done, p.stab.potion],
      );
      expect([...b.failedMedics].sort(), `${at}: p${i} barred medics`).toEqual([...p.failed].sort());
    }
    for (const [i, m] of medics.entries()) expect(bagOf(m).potions, `${at}: m${i} potions`).toBe(model.medics[i].potions);
  };
  check('setup');
  // Start a long attempt part-way through: `work` turns already done by medic 0 on patient 0
  // (as though the fight had gone on that long), so the random ops reach the roll.
  const p0 = model.patients[0];
  if (model.state(p0) === 'dying' && w.work > 0) {
    stabilizeTurn(env, medics[0], figs[0]);
    model.stabilize(0, p0, false);
    bagOf(figs[0]).stabilization!.turnsDone += w.work;
    if (p0.stab) p0.stab.done += w.work;
    acted.add(0);
    check('long attempt');
  }
  for (const [i, op] of w.ops.entries()) {
    const before = events.length;
    if (op.k === 'end') {
      env.turn = model.turn;
      for (const f of figs) endOfTurnFor(env, f);
      model.endTurn();
      acted.clear();
      const rolls = events.slice(before).filter((e) => e.type === 'thread-roll');
      expect(new Set(rolls.map((e) => e.figure)).size, where(i, 'one thread roll a turn')).toBe(rolls.length);
    } else if (op.k === 'wound') {
      const f = figs[op.p % figs.length];
      f.wounds += op.amount;
      model.patients[op.p % figs.length].wounds += op.amount;
      observe(f, model.turn, opts, env.emit, 'damage');
      model.settle(model.patients[op.p % figs.length]);
    } else if (op.k === 'pass') {
      const present = new Set(medics.map((m) => m.id).filter((_id, j) => j !== op.drop));
      const map = new Map(medics.filter((m) => present.has(m.id)).map((m) => [m.id, m]));
      passTurnsOutOfCombat(env, figs, map, op.turns, 'audit');
      model.pass(op.turns, present);
    } else {
      const mi = op.m % medics.length;
      if (acted.has(mi)) continue; // one action a turn (the engine's rule, not the tracker's)
      const f = figs[op.p % figs.length];
      const p = model.patients[op.p % figs.length];
      const refused = op.k === 'stabilize' ? model.stabilizeProblem(mi, p, op.potion) : model.firstAidProblem(mi, p);
      let threw: unknown = null;
      try {
        if (op.k === 'stabilize') stabilizeTurn(env, medics[mi], f, op.potion);
        else firstAid(env, medics[mi], f);
      } catch (e) {
        threw = e;
      }
      if (refused) {
        expect(threw, `${where(i, op.k)}: refused`).toBeInstanceOf(CommandRejected);
        expect((threw as Error).message.length, where(i, 'a reason')).toBeGreaterThan(10);
        continue;
      }
      expect(threw, `${where(i, op.k)}: accepted`).toBeNull();
      acted.add(mi);
      if (op.k === 'stabilize') model.stabilize(mi, p, op.potion);
      else model.firstAid(mi, p);
    }
    check(where(i, op.k));
    // Every thread roll: the dice the model expects were rolled against the right attribute.
    for (const e of events.slice(before)) {
      if (e.type === 'thread-roll') {
        expect(e.faces.length).toBe(e.dice.total);
        expect(e.survived).toBe(e.total <= e.target.total);
      }
      if (e.type === 'stabilize-roll') {
        const med = w.medics[Number(e.figure.slice(1))];
        expect(e.dice.total, `${where(i, op.k)}: stabilization dice`).toBe(DICE[med.talent] - (e.dice.entries.length > 1 ? 1 : 0));
        expect(e.success).toBe(e.total <= med.iq);
      }
    }
  }
}

describe('Hanging by a Thread audit [82345e2a] (properties)', () => {
  it('R-T1..R-T4 [82345e2a]: random patients, medics, wounds, interruptions, first aid and time run at once follow the restated rules (property)', () => {
    fc.assert(fc.property(worldArb, audit), { numRuns: Number(process.env.AUDIT_RUNS ?? 400) });
  });
});

// ---------------------------------------------------------------------------------------------
// Through the engine: explain's thread options and what apply accepts
// ---------------------------------------------------------------------------------------------

const THREAD_TYPES = ['stabilize', 'first-aid', 'finish-stabilization'] as const;

const engineArb = fc.record({
  figs: fc.array(
    fc.record({
      st: fc.integer({ min: 8, max: 14 }),
      iq: fc.integer({ min: 8, max: 16 }),
      frac: fc.double({ min: 0, max: 1, noNaN: true }),
      fatigue: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 6 })),
      talent: talentArb,
      potions: fc.nat(1),
      enemy: fc.boolean(),
      /** Down (knocked over): a medic who is down may only stand up (tft-core). */
      prone: fc.constantFrom(false, false, false, true),
    }),
    { minLength: 2, maxLength: 5 },
  ),
  /** The foe: able to act (the fight goes on) or dead (the fight is over). */
  foeAble: fc.boolean(),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

/** Hexes around (5,5) and the centre: every figure is next to several others. */
const SPOTS: [number, number][] = [
  [5, 5],
  [6, 5],
  [5, 6],
  [4, 6],
  [4, 5],
  [5, 4],
];

function engineScenario(e: typeof engineArb extends fc.Arbitrary<infer T> ? T : never): Record<string, unknown> {
  const talents: Record<Talent, string[]> = {
    'master-physicker': ['physicker', 'master-physicker'],
    physicker: ['physicker'],
    veterinarian: ['veterinarian'],
    scholar: ['scholar'],
    none: [],
  };
  const figures = e.figs.map((f, i) => ({
    id: `f${i}`,
    name: i % 2 ? 'Medic' : `Figure ${i}`,
    side: f.enemy && i > 1 ? 'orcs' : 'heroes',
    st: f.st,
    dx: 12,
    iq: Math.max(f.iq, f.talent === 'master-physicker' ? 14 : f.talent === 'scholar' ? 13 : f.talent === 'physicker' ? 11 : 10),
    talents: talents[f.talent],
    wounds: Math.floor(f.frac * (2 * f.st + 1)),
    fatigue: f.fatigue,
    weapons: ['dagger'],
    prone: f.prone,
    at: SPOTS[i],
    house: { thread: { potions: f.potions } },
  }));
  figures.push({
    id: 'foe',
    name: 'Foe',
    side: 'orcs',
    st: 10,
    dx: 10,
    iq: 8,
    talents: [],
    wounds: e.foeAble ? 0 : 25,
    fatigue: 0,
    weapons: ['dagger'],
    prone: false,
    at: [12, 1],
    house: { thread: { potions: 0 } },
  });
  return { system: 'tft', name: 'audit', map: { width: 14, height: 10 }, options: { thread: 'on', sweep: 'off' }, figures };
}

/** To the first action of turn 1 (no one moves), or null when no one can act. */
function toAction(state: TftState): boolean {
  const dice = new Cycle([6, 1, 3, 4, 2, 5]);
  for (let guard = 0; guard < 40; guard++) {
    const p = tftSystem.pending(state);
    if (!p) return false;
    if (p.kind === 'action') return true;
    const cmd: unknown =
      p.kind === 'begin'
        ? { type: 'begin' }
        : p.kind === 'initiative'
          ? { type: 'initiative', figure: p.figures[0], choice: 'first' }
          : { type: 'move', figure: p.figures[0], path: [] };
    tftSystem.apply(state, tftSystem.parseCommand(cmd) as TftCommand, dice, null);
  }
  return false;
}

describe('Hanging by a Thread audit through the engine [82345e2a]', () => {
  it("R-T3/R-T4 [82345e2a]: explain's stabilize, first-aid and finish options are exactly the thread commands apply accepts, and a refusal says why (property)", () => {
    fc.assert(
      fc.property(engineArb, (e) => {
        const state = tftSystem.setup(engineScenario(e));
        if (!toAction(state)) return;
        const report = tftSystem.explain(state);
        const acting = new Set(tftSystem.pending(state)?.figures ?? []);
        const listed = new Set<string>();
        for (const f of report.figures) {
          for (const o of (f as { options: { command: Record<string, unknown> }[] }).options) {
            const c = o.command;
            if (!(THREAD_TYPES as readonly string[]).includes(c.type as string)) continue;
            if (c.type !== 'finish-stabilization' && !acting.has(c.figure as string)) continue; // not its action now
            listed.add(JSON.stringify([c.type, c.figure, c.target, c.potion === true]));
            expect(commandProblem(state, c as TftCommand), `listed ${JSON.stringify(c)}`).toBeNull();
            const copy = tftSystem.clone(state);
            expect(() => tftSystem.apply(copy, c as TftCommand, new Cycle([1, 2, 3, 4, 5, 6]), null)).not.toThrow();
          }
        }
        // Every thread command by an acting figure (or finish by anyone) on anyone: refused
        // with a reason unless listed.
        for (const m of state.figures) {
          for (const p of state.figures) {
            for (const type of THREAD_TYPES) {
              if (type !== 'finish-stabilization' && !acting.has(m.id)) continue;
              for (const potion of type === 'first-aid' ? [false] : [false, true]) {
                const key = JSON.stringify([type, m.id, p.id, potion]);
                if (listed.has(key)) continue;
                const cmd = { type, figure: m.id, target: p.id, ...(potion ? { potion } : {}) } as unknown as TftCommand;
                const why = commandProblem(state, cmd);
                expect(why, `not listed but accepted: ${key}`).not.toBeNull();
                expect((why as string).length).toBeGreaterThan(10);
              }
            }
          }
        }
      }),
      { numRuns: Number(process.env.AUDIT_RUNS ?? 150) / 2 },
    );
  });

  it("R-T2/R-T3 [82345e2a]: explain's survival and stabilization odds equal enumeration of the restated rolls (property)", () => {
    fc.assert(
      fc.property(engineArb, (e) => {
        const state = tftSystem.setup(engineScenario(e));
        for (const f of tftSystem.explain(state).figures) {
          const t = (f as { house?: { thread?: Record<string, unknown> } }).house?.thread;
          const fig = state.figures.find((x) => x.id === f.id)!;
          expect(t?.state, `${f.id} state`).toBe(band(fig.st, fig.wounds, fig.fatigue, true));
          if (t?.state !== 'dying') continue;
          // At setup a dying figure rolls 1 die next, against the higher of ST and IQ (R-T2).
          const against = Math.max(fig.st, fig.iq);
          let alive = 1;
          for (const [i, s] of (t.survive as { dice: number; alive: { p: number; exact: string } }[]).entries()) {
            expect(s.dice).toBe(1 + i);
            alive *= enumerate(1 + i, against);
            expect(s.alive.p).toBeCloseTo(alive, 12);
          }
          for (const m of t.medics as { medic: string; dice: { total: number }; iq: number; stabilize: { p: number } }[]) {
            const med = state.figures.find((x) => x.id === m.medic)!;
            const tal: Talent = med.talents.includes('master-physicker')
              ? 'master-physicker'
              : med.talents.includes('physicker')
                ? 'physicker'
                : med.talents.length
                  ? 'scholar'
                  : 'none';
            expect(m.dice.total).toBe(DICE[tal]);
            expect(m.stabilize.p).toBeCloseTo(enumerate(DICE[tal], med.iq), 12);
          }
        }
      }),
      { numRuns: Number(process.env.AUDIT_RUNS ?? 150) / 2 },
    );
  });
});

/** P(Nd6 <= x) by counting every outcome (N up to 7). */
function enumerate(n: number, x: number): number {
  let ways = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array(ways.length + 6).fill(0);
    for (let t = 0; t < ways.length; t++) for (let f = 1; f <= 6; f++) next[t + f] += ways[t];
    ways = next;
  }
  let ok = 0;
  for (let t = 0; t < ways.length && t <= x; t++) ok += ways[t];
  return ok / 6 ** n;
}

describe('Hanging by a Thread: time run at once with several attempts [82345e2a]', () => {
  /** A and B (Physickers, IQ 13) beside two dying patients; the only foe is dead: the fight is over. */
  function ward(p1Bag?: Record<string, unknown>) {
    const fig = (id: string, at: [number, number], extra: Record<string, unknown>) => ({
      id,
      name: id.toUpperCase(),
      side: 'heroes',
      st: 10,
      dx: 12,
      iq: 13,
      weapons: ['dagger'],
      at,
      ...extra,
    });
    const state = tftSystem.setup({
      system: 'tft',
      name: 'ward',
      map: { width: 12, height: 10 },
      options: { thread: 'on', sweep: 'off' },
      figures: [
        fig('a', [5, 5], { talents: ['physicker'] }),
        fig('b', [5, 6], { talents: ['physicker'], dx: 13 }), // acts before A
        fig('p1', [6, 5], { wounds: 12, iq: 18, ...(p1Bag ? { house: { thread: p1Bag } } : {}) }),
        fig('p2', [4, 6], { wounds: 12, iq: 18 }),
        { id: 'foe', side: 'orcs', st: 10, dx: 10, weapons: ['dagger'], at: [11, 1], wounds: 25 },
      ],
    });
    expect(toAction(state)).toBe(true);
    return state;
  }
  const run = (state: TftState, cmds: Record<string, unknown>[], faces: number[]) => {
    const events: { type: string; [k: string]: unknown }[] = [];
    const dice = new Cycle(faces);
    for (const c of cmds) tftSystem.apply(state, tftSystem.parseCommand(c) as TftCommand, dice, (e) => events.push(e as never));
    return events;
  };

  it("R-T3 [82345e2a]: a medic still at work while another runs the 5 minutes at once is not interrupted at the turn's end", () => {
    const p1Bag = {
      state: 'dying',
      dying: { since: 0, base: 1, baseSource: 'first turn of dying', baseRule: 'R-T2', steps: 1, lastDice: 1 },
      stabilization: { medic: 'a', started: 0, turnsDone: 30, potion: false, workedThisTurn: false },
      failedMedics: [],
      treated: false,
      dead: false,
      attribute: 'best',
      potions: 0,
    };
    const state = ward(p1Bag);
    // B acts first, then A runs P1's last 30 turns (this one, then 29 at once; B is at P2, 1 turn
    // done), then A's action.
    expect(tftSystem.pending(state)?.figures).toEqual(['b']);
    const events = run(state, [{ type: 'stabilize', figure: 'b', target: 'p2' }], [1]);
    events.push(...run(state, [{ type: 'finish-stabilization', figure: 'a', target: 'p1' }], [1]));
    if (tftSystem.pending(state)?.figures[0] === 'a') events.push(...run(state, [{ type: 'pass', figure: 'a' }], [1]));
    expect(events.some((e) => e.type === 'turn-end')).toBe(true);
    // The turn has ended (every figure acted): B's attempt was never left, so it goes on, with
    // this turn counted once (1 + 29 run at once).
    expect(bagOf(state.figures[3]).stabilization?.turnsDone).toBe(30);
    expect(events.filter((e) => e.type === 'stabilize-interrupted')).toEqual([]);
    expect(events.filter((e) => e.type === 'thread-roll' && e.figure === 'p2')).toEqual([]);
  });

  it('R-T3 [82345e2a]: a medic stabilizes one patient at a time: running the 5 minutes for a second patient interrupts the first', () => {
    const state = ward();
    const events: { type: string; [k: string]: unknown }[] = [];
    // Whoever acts first: A starts on P1, then (the 'any' phase) runs 5 minutes at once on P2.
    while (tftSystem.pending(state)?.kind === 'action' && tftSystem.pending(state)?.figures[0] !== 'a') {
      events.push(...run(state, [{ type: 'pass', figure: tftSystem.pending(state)!.figures[0] }], [1]));
    }
    events.push(...run(state, [{ type: 'stabilize', figure: 'a', target: 'p1' }], [1]));
    events.push(...run(state, [{ type: 'finish-stabilization', figure: 'a', target: 'p2' }], [1]));
    const rolls = events.filter((e) => e.type === 'stabilize-roll');
    expect(rolls.map((e) => e.patient)).toEqual(['p2']);
    expect(events.some((e) => e.type === 'stabilize-interrupted' && e.patient === 'p1')).toBe(true);
  });
});

describe("thread explain summary names medics as the table does [82345e2a]", () => {
  it("R-T3 [82345e2a]: explain's summary names each medic by explain's display names when given, by id without them", () => {
    const state = tftSystem.setup({
      system: 'tft',
      name: 'names',
      map: { width: 10, height: 8 },
      options: { thread: 'on', sweep: 'off' },
      figures: [
        { id: 'm1', name: 'Medic', side: 'a', st: 10, dx: 12, iq: 12, talents: ['physicker'], weapons: ['dagger'], at: [4, 4] },
        { id: 'm2', name: 'Medic', side: 'a', st: 10, dx: 12, iq: 12, weapons: ['dagger'], at: [5, 3] },
        { id: 'p', name: 'Claudio', side: 'a', st: 8, dx: 12, iq: 14, weapons: ['dagger'], at: [5, 4], wounds: 10 },
        { id: 'orc', side: 'b', st: 10, dx: 10, weapons: ['dagger'], at: [9, 1] },
      ],
    });
    const summary = (names?: ReturnType<typeof displayNames>) =>
      (tftSystem.explain(state, names).figures.find((f) => f.id === 'p') as unknown as { house: { thread: { summary: string } } }).house.thread.summary;
    expect(summary(displayNames(state.figures))).toContain('Medic (m1) stabilizes 33.56% (4d6 <= IQ 12)');
    expect(summary(displayNames(state.figures))).toContain('Medic (m2) stabilizes');
    expect(summary()).toContain('m1 stabilizes 33.56%');
  });
});
