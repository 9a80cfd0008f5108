// The registry of game systems, by the `system` field of a scenario. Add a system with one line.
import { InputError } from '../core/errors.ts';
import type { GameSystem } from '../engine/types.ts';
import { adndSystem } from './adnd/system.ts';
import { tftSystem } from './tft/system.ts';

// Frozen: the library exports it, and a caller must not swap a system under the others.
// biome-ignore lint/suspicious/noExplicitAny: systems differ in state, command and event types
export const systems: Readonly<Record<string, GameSystem<any, any, any>>> = Object.freeze({
  tft: tftSystem,
  adnd: adndSystem,
});

/** The system for a scenario's `system` field; InputError naming the field when unknown. */
// biome-ignore lint/suspicious/noExplicitAny: see above
export function getSystem(id: unknown): GameSystem<any, any, any> {
  const known = Object.keys(systems).join(', ');
  // A scenario with no `system:` said "unknown system undefined".
  if (id === undefined || id === null) throw new InputError([{ path: 'system', message: `required: the game system, one of ${known}` }], 'scenario');
  if (typeof id !== 'string' || !Object.hasOwn(systems, id)) {
    throw new InputError([
      { path: 'system', message: `unknown system ${JSON.stringify(id)}; known: ${known}` },
    ], 'scenario');
  }
  return systems[id];
}
