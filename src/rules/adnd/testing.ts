// Helpers for the AD&D tests: dice steered per die size, and a fight played to a segment.
import type { DiceSource } from '../../core/dice/source.ts';
import { InputError } from '../../core/errors.ts';
import { startEncounter, submit } from '../../engine/encounter.ts';
import type { AdndEvent, AdndState } from './model.ts';
import { adndSystem } from './system.ts';

/** Dice with queued faces per die size, then a default face per size (for steering a fight). */
export class QueueDice implements DiceSource {
  constructor(
    private readonly queues: Record<number, number[]>,
    private readonly dflt: Record<number, number> = {},
  ) {}
  face(sides: number): number {
    const q = this.queues[sides];
    if (q && q.length > 0) return q.shift()!;
    return this.dflt[sides] ?? 1;
  }
}

/** Defaults that keep a fight quiet: every d20 a 2 (misses), no extra attacks, low damage. */
export const QUIET: Record<number, number> = { 20: 2, 100: 100, 10: 1, 8: 1, 6: 1, 4: 1, 12: 1, 2: 1 };

/**
 * Sets `raw` up and lets the system decide (script, else AI) until the clock passes
 * `untilSegment`; returns the state and the events up to that segment.
 */
export function playUntil(raw: unknown, dice: DiceSource, untilSegment: number): { s: AdndState; events: AdndEvent[] } {
  const s = adndSystem.setup(raw);
  const events: AdndEvent[] = [];
  for (let i = 0; i < 10_000 && adndSystem.pending(s) && s.now <= untilSegment; i++) adndSystem.apply(s, adndSystem.decide(s), dice, (e) => events.push(e));
  return { s, events: events.filter((e) => e.segment <= untilSegment) };
}

/** The InputError `f` throws (a parse or setup refusal); fails the test when it throws none. */
export function refusal(f: () => unknown): InputError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e;
    throw e;
  }
  throw new Error('not refused');
}

/** A level-1 fighter with a long sword (proficient), 30 hp, AC 5, named from its id; `extra` sets any field. */
export const fighter = (id: string, side: string, extra: object = {}) => ({
  id,
  name: id[0].toUpperCase() + id.slice(1),
  side,
  class: 'fighter',
  level: 1,
  hp: 30,
  ac: 5,
  proficiencies: { longsword: 1 },
  weapons: [{ weapon: 'longsword' }],
  ...extra,
});

/**
 * An encounter played command by command as the server keeps it (engine/encounter.ts): `step`
 * submits a command, keeping the record, the state and every event, to replay them against.
 */
export function recording(scenario: unknown, seed: number) {
  let { encounter, state } = startEncounter(adndSystem, scenario, seed);
  const events: AdndEvent[] = [];
  return {
    get encounter() {
      return encounter;
    },
    get state() {
      return state;
    },
    events,
    step(c: unknown) {
      const out = submit(adndSystem, encounter, state, c);
      ({ encounter, state } = out);
      events.push(...out.events);
      return out;
    },
  };
}
