// Where a declared action lands and why (R-A1, R-A2, R-A3, R-A6, R-A7, R-A8): one function
// sums the steps, from the facts the state keeps as numbers (when the figure became free and
// why, when it declared, haste or slow then, consecutive parries) and the declared action.
// Handed an array it also writes each step as a ledger entry (explain, the log); handed null it
// only adds (the lab). Entries always add up to the landing segment.
import { type Ledger, type LedgerEntry, ledger } from '../../core/ledger.ts';
import { inSegment, parryDelayInto, segmentLabel } from './clock.ts';
import type { AdndState, Figure, FreeReason } from './model.ts';
import { SPELLS, WEAPONS } from './tables.ts';
import { weaponById } from './tohit.ts';

/** What ended when the figure became free, for the first step's words ("attack landed in round 2 segment 2"). */
const ENDED: Record<Exclude<FreeReason, 'start' | 'held' | 'parried' | 'disarmed' | 'entangled' | 'target left'>, string> = {
  attack: 'attack landed',
  draw: 'weapon drawn',
  ready: 'launcher readied',
  cast: 'spell cast',
  wait: 'wait ended',
  struggle: 'struggle ended',
};

/**
 * The first steps: the segment the figure became free and why (sum = freeAt). Segments read as
 * the GM counts them, "round 2 segment 2" (the entry's delta keeps the running count, 12).
 */
export function freeInto(f: Figure, out: LedgerEntry[] | null): number {
  if (out) {
    const r = f.freeReason;
    if (r === 'start') {
      out.push({ source: 'start of the encounter', delta: 0, rule: 'R-A1' });
      if (f.freeAt > 0) out.push({ source: `surprised ${f.freeAt} segments (d100 ${f.surpriseRoll} <= ${f.surpriseChance}%)`, delta: f.freeAt, rule: 'R-A3' });
    } else if (r === 'held') out.push({ source: `held until ${segmentLabel(f.freeAt)}`, delta: f.freeAt, rule: 'R-A1' });
    else if (r === 'parried' || r === 'disarmed' || r === 'entangled' || r === 'target left') out.push({ source: `${r} ${inSegment(f.freeAt)}`, delta: f.freeAt, rule: 'R-A1' });
    else out.push({ source: `${ENDED[r]} ${inSegment(f.freeAt)}`, delta: f.freeAt, rule: 'R-A1' });
  }
  return f.freeAt;
}

/** R-A6: haste halves a speed factor rounding up (5 -> 3); slow doubles it (3 -> 6). */
function speedInto(sf: number, what: string | null, haste: -1 | 0 | 1, out: LedgerEntry[] | null): number {
  const adj = haste === 1 ? Math.ceil(sf / 2) : haste === -1 ? sf * 2 : sf;
  if (out) {
    out.push({ source: `${what} speed factor ${sf}`, delta: sf, rule: 'R-A2' });
    if (haste === 1) out.push({ source: `haste: speed factor ${sf} -> ${adj}`, delta: adj - sf, rule: 'R-A6' });
    if (haste === -1) out.push({ source: `slow: speed factor ${sf} -> ${adj}`, delta: adj - sf, rule: 'R-A6' });
  }
  return adj;
}

/** The segments the declared action itself takes (speed factor, draw, casting time...). */
function durationInto(s: AdndState, f: Figure, out: LedgerEntry[] | null): number {
  const d = f.declared!;
  const h = f.declSpeed;
  switch (d.kind) {
    case 'attack': {
      const w = weaponById(f, d.weapon)!;
      if (w.kind === 'launcher') {
        const m = WEAPONS[w.missile!];
        if (w.nocked) {
          if (out) out.push({ source: `${m.name} already nocked: fires next segment`, delta: 1, rule: '3380eb42' });
          return 1;
        }
        return speedInto(m.sf, out && m.name, h, out);
      }
      if (d.offhand !== null) {
        const o = weaponById(f, d.offhand)!;
        return speedInto(Math.max(w.sf, o.sf), out && `two weapons (slower of ${w.name} ${w.sf} / ${o.name} ${o.sf})`, h, out);
      }
      return speedInto(w.sf, out && w.name, h, out);
    }
    case 'draw':
      if (out) {
        for (const id of d.weapons) {
          const w = weaponById(f, id)!;
          out.push({ source: `${w.dropped ? 'pick up' : 'draw'} ${w.name}`, delta: 1, rule: 'R-A2' });
        }
      }
      return d.weapons.length;
    case 'ready': {
      const w = weaponById(f, d.weapon)!;
      return speedInto(w.sf, out && `ready ${w.name} (launcher)`, h, out);
    }
    case 'cast': {
      const sp = SPELLS[d.spell];
      if (out) out.push({ source: `${sp.name} casting time ${sp.castingTime}`, delta: sp.castingTime, rule: 'R-A7' });
      return sp.castingTime;
    }
    case 'wait':
      if (out) out.push({ source: `waits until ${segmentLabel(d.until)}`, delta: d.until - f.declaredAt, rule: 'R-A1' });
      return d.until - f.declaredAt;
    case 'struggle':
      if (out) out.push({ source: 'struggle free of the entangling weapon', delta: s.options.struggleSegments, rule: 'R-A9' });
      return s.options.struggleSegments;
  }
}

/**
 * The segment `f`'s declared action lands on: free segment, the wait until it declared, the
 * action's duration, the parry delay (R-A8: 2 per consecutive parry, at most 10; not on a wait).
 */
export function timingInto(s: AdndState, f: Figure, out: LedgerEntry[] | null): number {
  let t = freeInto(f, out);
  if (f.declaredAt !== t) {
    if (out) out.push({ source: `until it declares ${inSegment(f.declaredAt)}`, delta: f.declaredAt - t, rule: 'R-A1' });
    t = f.declaredAt;
  }
  t += durationInto(s, f, out);
  if (f.declParries > 0 && f.declared!.kind !== 'wait') {
    t += parryDelayInto(f.declParries, out);
  }
  return t;
}

/** The timing ledger of the declared action (null while free). */
export function timingLedger(s: AdndState, f: Figure): Ledger | null {
  if (f.declared === null) return null;
  const e: LedgerEntry[] = [];
  timingInto(s, f, e);
  return ledger(e);
}
