// Helpers for tests (of the core and of house modules): a quick scenario, and running commands
// with scripted dice while collecting events.
import { ScriptedDice } from '../../core/dice/source.ts';
import { InputError } from '../../core/errors.ts';
import type { NotNow } from './hooks.ts';
import type { Figure, TftCommand, TftEvent, TftState } from './model.ts';
import { explainTft, tftSystem } from './system.ts';

export interface FigureSpec {
  id: string;
  side: string;
  st?: number;
  dx?: number;
  iq?: number;
  at: [number, number];
  facing?: number;
  weapons?: unknown[];
  armor?: string;
  shield?: string;
  [k: string]: unknown;
}

/** A scenario with standard-TFT options (thread off, sweep off) unless `options` says otherwise. */
export function scenario(figures: FigureSpec[], options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    system: 'tft',
    name: 'test',
    map: { width: 16, height: 12 },
    options: { thread: 'off', sweep: 'off', ...options },
    figures: figures.map((f) => ({ st: 12, dx: 12, weapons: ['broadsword'], ...f })),
    ...extra,
  };
}

export function setup(figures: FigureSpec[], options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): TftState {
  return tftSystem.setup(scenario(figures, options, extra));
}

/** Apply commands (raw objects are parsed) with these dice; returns the events. */
export function play(state: TftState, commands: unknown[], faces: number[] = []): TftEvent[] {
  const dice = new ScriptedDice(faces);
  const events: TftEvent[] = [];
  for (const c of commands) tftSystem.apply(state, tftSystem.parseCommand(c) as TftCommand, dice, (e) => events.push(e));
  return events;
}

export function fig(state: TftState, id: string): Figure {
  const f = state.figures.find((x) => x.id === id);
  if (!f) throw new Error(`no figure ${id}`);
  return f;
}

/**
 * Begin and get to the movement phase with side `first` moving first: initiative dice 6 (for
 * the first side in the scenario) and 1, then the winner's choice.
 */
export function beginTurn(state: TftState, firstSide: string): TftEvent[] {
  const sides = state.sides;
  const winner = sides[0];
  const faces = sides.map((_s, i) => (i === 0 ? 6 : 1));
  const w = state.figures.find((f) => f.side === winner && f.woundFx.canAct) as Figure;
  const cmds: unknown[] = state.phase === 'begin' ? [{ type: 'begin' }] : [];
  const ev = play(state, cmds, state.phase === 'begin' ? faces : []);
  if (state.phase === 'initiative') ev.push(...play(state, [{ type: 'initiative', figure: w.id, choice: winner === firstSide ? 'first' : 'last' }]));
  return ev;
}

/**
 * The tft-core "To hit" table restated independently of core.ts, as the oracle of the odds tests
 * (brute force against it): 3d6 3 x3, 4 x2, 5 automatic hit, 16+ miss; otherwise roll <= adjDX.
 */
export function oracleMultiplier3d6(roll: number, adj: number): number {
  if (roll === 3) return 3;
  if (roll === 4) return 2;
  if (roll === 5) return 1;
  if (roll >= 16) return 0;
  return roll <= adj ? 1 : 0;
}

/** The same for Legacy 4d6 (the target defends): 4 x2, 5 hit, 20+ miss. */
export function oracleMultiplier4d6(roll: number, adj: number): number {
  if (roll === 4) return 2;
  if (roll === 5) return 1;
  if (roll >= 20) return 0;
  return roll <= adj ? 1 : 0;
}

/** `id` acts now (the action phase of turn 1), having moved `hexes` hexes: a state to ask about its action. */
export function acting(state: TftState, id: string, hexes = 0): void {
  state.phase = 'action';
  state.turn = 1;
  state.actionOrder = [id];
  state.actionIndex = 0;
  const f = fig(state, id);
  f.turn.moved = true;
  f.turn.hexes = hexes;
}

/** Explain's "Not now" list of `id`, for the viewer who sees `names` (every figure without). */
export function notNowOf(state: TftState, id: string, names?: ReadonlyMap<string, string>): NotNow[] {
  return (explainTft(state, names).figures.find((f) => f.id === id)?.notNow as NotNow[] | undefined) ?? [];
}

/** The reason apply refuses `cmd` with now (as given: no parsing), or 'accepted' (then it is applied in place). */
export function refusal(state: TftState, cmd: unknown): string {
  try {
    tftSystem.apply(state, cmd as TftCommand, new ScriptedDice([]), null);
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
}

/** The issues parseCommand reports for `raw`, as "path: message" (none when it parses). */
export function commandIssues(raw: unknown): string[] {
  try {
    tftSystem.parseCommand(raw);
  } catch (e) {
    if (e instanceof InputError) return e.issues.map((i) => `${i.path}: ${i.message}`);
    throw e;
  }
  return [];
}
