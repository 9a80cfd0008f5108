// Helpers for the AD&D tests: dice steered per die size.
import type { DiceSource } from '../../core/dice/source.ts';

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
