// Test helpers: a real TFT state from a scenario (hitech on) and a context with scripted dice,
// so module tests drive the real core pieces (attack roll, damage pipeline, stepping).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ScriptedDice } from '../../../../core/dice/source.ts';
import { runToEnd } from '../../../../engine/run.ts';
import { core } from '../../core.ts';
import type { TftContext } from '../../hooks.ts';
import type { Figure, HouseCommand, TftEvent, TftState } from '../../model.ts';
import { setupTft } from '../../scenario.ts';
import { tftSystem } from '../../system.ts';
import { hitechModule } from './module.ts';

export function scenario(figures: unknown[], options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): TftState {
  return setupTft({ system: 'tft', options: { hitech: true, ...options }, figures, ...extra });
}

export function context(state: TftState, faces: number[]): { ctx: TftContext; events: TftEvent[]; dice: ScriptedDice } {
  const events: TftEvent[] = [];
  const dice = new ScriptedDice(faces);
  return { ctx: { state, dice, emit: (e) => events.push(e), core }, events, dice };
}

export function fig(state: TftState, id: string): Figure {
  const f = state.figures.find((x) => x.id === id);
  if (!f) throw new Error(`no figure ${id}`);
  return f;
}

export function spec(type: string) {
  const s = hitechModule.actions?.find((a) => a.type === type);
  if (!s) throw new Error(`no action ${type}`);
  return s;
}

/** Validates then resolves a module action, as the core does. */
export function act(ctx: TftContext, cmd: Record<string, unknown>): void {
  const s = spec(cmd.type as string);
  const parsed = s.schema.parse(cmd) as HouseCommand;
  const f = fig(ctx.state, parsed.figure);
  s.validate(ctx, parsed, f);
  s.resolve(ctx, parsed, f);
}

/** Puts the state in the action phase of `turn`. */
export function actionPhase(state: TftState, turn = 1): void {
  state.turn = turn;
  state.phase = 'action';
}

/** examples/tft/`name`.yaml played to its end on its own scripted dice, with every event. */
export function playExample(name: string) {
  const raw = parse(readFileSync(new URL(`../../../../../examples/tft/${name}.yaml`, import.meta.url), 'utf8')) as { dice: number[] };
  const state = tftSystem.setup(raw) as TftState;
  const dice = new ScriptedDice(raw.dice);
  const events: TftEvent[] = [];
  const r = runToEnd(tftSystem, state, dice, (e) => events.push(e));
  return { state, events, dice, r };
}
