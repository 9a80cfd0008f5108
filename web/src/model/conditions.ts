// What a GM needs at a glance beside a TFT figure's wound state, read from the state the table
// already has: down (prone, or knocked down by 8 hits), the stance taken this turn, the 5-hit
// DX penalty still owed, HiTech overwatch waiting to fire (R-H7), no weapon in hand (and, from
// the log, whether it was dropped or broke: a broken weapon leaves the state). Nothing for a
// figure that cannot act: its state says it all. Pure and unit-tested.
import { PENALTY_NEXT_TURN, PENALTY_THIS_TURN } from '../../../src/rules/tft/core.ts';
import { type OverwatchTrigger, triggerText } from '../../../src/rules/tft/house/hitech/overwatch.ts';
import type { LogEntryView } from '../../../src/server/protocol.ts';
import { effectiveLine } from './log.ts';
import { type Obj, isObj } from './view.ts';

export interface Condition {
  label: string;
  /** The rule behind it, in words: what the condition's pill opens under it and says as its description (panels/Reason.tsx). */
  title: string;
}

/** Able to act: the engine's woundFx where the viewer has it, else the state word (hidden enemy stats). */
const able = (f: Obj): boolean => (isObj(f.woundFx) ? f.woundFx.canAct !== false : f.state === 'healthy' || f.state === 'reeling');

/** Why `figure` holds no weapon, from its last weapon event on the line of play (null if none says). */
function emptyHandWhy(figure: string, log: readonly LogEntryView[]): Condition | null {
  let why: Condition | null = null;
  for (const entry of effectiveLine(log)) {
    for (const e of entry.events ?? []) {
      if (e.figure !== figure) continue;
      const name = typeof e.name === 'string' ? e.name : 'weapon';
      if (e.type === 'weapon-dropped') why = { label: `dropped ${name}`, title: `no weapon ready: its ${name} lies on the ground (tft-core: a roll of 17)` };
      else if (e.type === 'weapon-broken') why = { label: `${name} broken`, title: `no weapon ready: its ${name} broke (tft-core: a roll of 18)` };
      else if (e.type === 'ready' || e.type === 'pick-up') why = null;
    }
  }
  return why;
}

export function tftConditions(f: Obj, log: readonly LogEntryView[] = []): Condition[] {
  if (!able(f)) return [];
  const out: Condition[] = [];
  const turn = isObj(f.turn) ? f.turn : {};
  if (f.prone === true) {
    out.push(
      turn.knockedDown === true
        ? { label: 'knocked down', title: '8+ hits this turn: down, its action lost if not taken (tft-core 8-hit); it may only stand up' }
        : { label: 'prone', title: 'down: it may only stand up, in the action phase (tft-core)' },
    );
  }
  if (turn.stance === 'defend') out.push({ label: 'defending', title: 'this turn melee attackers roll 4d6 (tft-core defend)' });
  if (turn.stance === 'dodge') out.push({ label: 'dodging', title: 'this turn missile and thrown attackers roll 4d6 (tft-core dodge)' });
  // The 5-hit penalty, as the core keeps it: one action (Legacy), or this and/or next turn (classic).
  const p = isObj(f.dxPenalty) ? f.dxPenalty : {};
  if (typeof p.amount === 'number' && p.amount !== 0) {
    const left = typeof p.turnsLeft === 'number' ? p.turnsLeft : 0;
    const when = typeof p.actionsLeft === 'number' && p.actionsLeft > 0 ? 'next action' : left & PENALTY_THIS_TURN ? 'this turn' : left & PENALTY_NEXT_TURN ? 'next turn' : null;
    if (when) out.push({ label: `${p.amount} DX ${when}`, title: '5+ hits in one turn (tft-core 5-hit)' });
  }
  // HiTech overwatch declared and not yet fired (the map's marker said it; the roster did not).
  const hitech = isObj(f.house) && isObj(f.house.hitech) ? f.house.hitech : {};
  if (isObj(hitech.overwatch)) {
    const trigger = isObj(hitech.overwatch.trigger) ? (hitech.overwatch.trigger as Partial<OverwatchTrigger>) : {};
    out.push({ label: 'overwatch', title: `on overwatch: it ${triggerText(trigger)}; an overwatcher that moves gives it up (R-H7)` });
  }
  if (f.ready === null) out.push(emptyHandWhy(String(f.id), log) ?? { label: 'no weapon ready', title: 'empty-handed' });
  return out;
}

/**
 * What a GM and its player need at a glance beside an AD&D figure's state, read from the figure's
 * record: entangled (it can only struggle free), each weapon knocked away by a hit to disarm or
 * dropped (it lies on the floor until drawn again), and no weapon in hand (R-A2, R-A9). The
 * roster said none of these: after a disarm nothing told which weapon was gone.
 */
export function adndConditions(f: Obj): Condition[] {
  const out: Condition[] = [];
  if (f.entangled === true) out.push({ label: 'entangled', title: 'it can only struggle free: a save vs petrification each try (R-A9)' });
  const weapons = Array.isArray(f.weapons) ? f.weapons.filter(isObj) : [];
  for (const w of weapons) {
    if (w.dropped !== true) continue;
    const name = typeof w.name === 'string' ? w.name : typeof w.id === 'string' ? w.id : 'weapon';
    const back = w.kind === 'launcher' ? 'readied again, its speed factor in segments' : 'drawn again, 1 segment';
    out.push({ label: `${name} on the floor`, title: `knocked away by a hit to disarm, or dropped: out of hand until ${back} (R-A2, R-A9)` });
  }
  // A monster's natural attacks are never out of hand; a figure with no weapon at all has none to hold.
  if (Array.isArray(f.hands) && f.hands.length === 0 && weapons.length > 0 && weapons.every((w) => w.kind !== 'natural')) {
    out.push({ label: 'no weapon in hand', title: 'it must draw a weapon (1 segment) or ready a launcher before it attacks (R-A2)' });
  }
  return out;
}
