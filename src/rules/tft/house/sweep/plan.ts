// The arc of a sweeping blow (R-S4, R-S5, R-S6): which hexes it passes through, in the order
// the attacks are rolled, and who stands in each (a target, a friend, or nobody).
import { quote } from '../../../../core/issues.ts';
import { type Spin, sweepArc } from '../../../../core/hex/arcs.ts';
import { type Hex, hexEquals, hexKey, neighbor } from '../../../../core/hex/coords.ts';
import { frontDirections } from '../../../../core/hex/facing.ts';
import { CommandRejected, InputError } from '../../../../core/errors.ts';
import { CLASSIC_MAX_ARC, type SweepVariant } from './rules.ts';

export interface ArcFigure {
  id: string;
  /** The name the table shows; refusals name the figure by it (the id when absent). */
  name?: string;
  side: string;
  pos: Hex;
  /** A body (cannot act): a figure standing in its hex is the one the blade meets (tft-core body). */
  down?: boolean;
}

export interface Sweeper extends ArcFigure {
  facing: number;
  /** Front hexes: 3 for humans, 6 with Eyes Behind, race data for others. */
  frontHexes: number;
}

export type SweepStep =
  | { kind: 'target'; hex: Hex; figure: string }
  | { kind: 'friend'; hex: Hex; figure: string }
  | { kind: 'empty'; hex: Hex };

export interface SweepPlan {
  spin: Spin;
  /** Every hex of the arc in order, first target to last (R-S4). */
  steps: SweepStep[];
  /** Enemy targets in arc order. */
  targets: string[];
  /** Friends the arc passes through, in arc order (R-S5). */
  friends: string[];
}

/** How a refusal names a figure: as the table shows it (its name), else its id. */
const shownName = (f: ArcFigure): string => f.name ?? f.id;

/**
 * Plans a sweep by `attacker` at the enemies `targetIds` turning `spin` (R-S4): the arc runs
 * from targetIds[0] to the last listed target through front hexes only; the targets between
 * them are rolled in arc order whatever order they are listed in. Fewer than 2 targets is not a
 * sweep (R-S2). `figures` are the figures that occupy hexes (the caller leaves out the dead).
 * A friend in the arc is not a target (R-S5). An enemy in the arc must be one of the targets
 * (the blade cannot skip it: choose a shorter arc or the other way round); the classic rule
 * reaches at most 3 hexes (R-S6). The blade meets one figure in each hex (metByHex): a target
 * that is not the one met in its hex (a body under a standing figure, the second body of a
 * hex) is refused, so every target listed is one attack rolled (R-S2 counts them). Throws
 * CommandRejected naming `targets[i]` or `spin`.
 */
export function planSweep(
  attacker: Sweeper,
  figures: readonly ArcFigure[],
  targetIds: readonly string[],
  spin: Spin,
  variant: SweepVariant,
): SweepPlan {
  if (targetIds.length < 2) {
    throw new CommandRejected('targets', `a sweeping blow needs at least 2 enemy targets, got ${targetIds.length} (R-S2: one target is an ordinary attack)`);
  }
  if (spin !== 'cw' && spin !== 'ccw') throw new CommandRejected('spin', `must be 'cw' or 'ccw', got ${String(spin)}`);
  const seen = new Set<string>();
  const targets = targetIds.map((id, i) => {
    const f = figures.find((x) => x.id === id);
    if (!f) throw new CommandRejected(`targets[${i}]`, `no figure ${quote(String(id))} able to be attacked`);
    if (f.id === attacker.id) throw new CommandRejected(`targets[${i}]`, 'a figure cannot sweep at itself');
    if (f.side === attacker.side) throw new CommandRejected(`targets[${i}]`, `${shownName(f)} is a friend: friends in the arc are not targets (R-S5)`);
    if (seen.has(id)) throw new CommandRejected(`targets[${i}]`, `${shownName(f)} is listed twice`);
    seen.add(id);
    return f;
  });
  let hexes: Hex[];
  try {
    hexes = sweepArc(attacker.pos, attacker.facing, attacker.frontHexes, targets[0].pos, targets[targets.length - 1].pos, spin);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const issue = e.issues[0];
    const path = issue.path === 'first' ? 'targets[0]' : issue.path === 'last' ? `targets[${targets.length - 1}]` : 'spin';
    throw new CommandRejected(path, `${issue.message} (R-S4)`);
  }
  if (variant === 'classic' && hexes.length > CLASSIC_MAX_ARC) {
    throw new CommandRejected('targets', `the classic rule sweeps at most ${CLASSIC_MAX_ARC} adjacent front hexes; this arc has ${hexes.length} (R-S6)`);
  }
  targets.forEach((t, i) => {
    if (!hexes.some((h) => hexEquals(h, t.pos))) {
      throw new CommandRejected(`targets[${i}]`, `${shownName(t)} is not in the arc from ${shownName(targets[0])} to ${shownName(targets[targets.length - 1])} going ${spin} (R-S4)`);
    }
  });
  const byHex = metByHex(attacker, figures);
  targets.forEach((t, i) => {
    const met = byHex.get(hexKey(t.pos))!;
    if (met === t) return;
    const how = t.down && !met.down ? `lies under ${shownName(met)}, who stands` : `shares its hex with ${shownName(met)}`;
    throw new CommandRejected(
      `targets[${i}]`,
      `${shownName(t)} ${how} in hex ${t.pos.q},${t.pos.r}: the blade meets one figure in each hex of its arc (R-S4), so ${shownName(t)} cannot be a target of this sweep`,
    );
  });
  const steps: SweepStep[] = hexes.map((h) => {
    const f = byHex.get(hexKey(h));
    if (!f) return { kind: 'empty', hex: h };
    if (f.side === attacker.side) return { kind: 'friend', hex: h, figure: f.id };
    if (!seen.has(f.id)) {
      throw new CommandRejected('targets', `enemy ${shownName(f)} stands in the arc: include it as a target or sweep a shorter arc (R-S4)`);
    }
    return { kind: 'target', hex: h, figure: f.id };
  });
  return {
    spin,
    steps,
    targets: steps.flatMap((s) => (s.kind === 'target' ? [s.figure] : [])),
    friends: steps.flatMap((s) => (s.kind === 'friend' ? [s.figure] : [])),
  };
}

/**
 * The figure the blade meets in each hex (by hexKey): the one standing there, else a body lying
 * there (a body under a standing figure is not reached; tft-core body: only one figure stands
 * in a hex). Between two bodies, the first listed.
 */
function metByHex(attacker: ArcFigure, figures: readonly ArcFigure[]): Map<string, ArcFigure> {
  const byHex = new Map<string, ArcFigure>();
  for (const f of figures) {
    if (f.id === attacker.id) continue;
    const k = hexKey(f.pos);
    const o = byHex.get(k);
    if (o === undefined || (o.down === true && f.down !== true)) byHex.set(k, f);
  }
  return byHex;
}

/**
 * Every sweep open to `attacker` (for explain and the AI): each contiguous arc of its front
 * hexes that starts and ends on an enemy and holds 2+ enemies (all of them targets), once per
 * set of swept hexes (an arc and its reverse sweep the same hexes: the clockwise one is kept).
 * Fewest targets first; among as many targets, fewest friends in the arc first, so that the AI
 * (which takes the first of equal scores) sweeps past no friend when an arc of equal value does
 * (R-S5). No exceptions on the way: the AI calls this at every decision.
 */
export function possibleSweeps(attacker: Sweeper, figures: readonly ArcFigure[], variant: SweepVariant): SweepPlan[] {
  if (variant === 'off') return [];
  const front = frontDirections(attacker.facing, attacker.frontHexes);
  const n = front.length;
  const wraps = n === 6;
  const maxLen = variant === 'classic' ? Math.min(CLASSIC_MAX_ARC, n) : n;
  const byHex = metByHex(attacker, figures);
  const cells = front.map((d) => {
    const hex = neighbor(attacker.pos, d);
    return { hex, fig: byHex.get(hexKey(hex)) };
  });
  const isEnemy = (i: number) => cells[i].fig !== undefined && cells[i].fig!.side !== attacker.side;
  const out: SweepPlan[] = [];
  // The set of swept hexes as a bit mask of front cells (at most 6).
  const seen = new Set<number>();
  for (let start = 0; start < n; start++) {
    if (!isEnemy(start)) continue;
    for (let len = 2; len <= maxLen; len++) {
      if (!wraps && start + len > n) break;
      const last = (start + len - 1) % n;
      if (!isEnemy(last)) continue;
      let mask = 0;
      for (let k = 0; k < len; k++) mask |= 1 << ((start + k) % n);
      if (seen.has(mask)) continue;
      seen.add(mask);
      const steps: SweepStep[] = [];
      const targets: string[] = [];
      const friends: string[] = [];
      for (let k = 0; k < len; k++) {
        const { hex, fig } = cells[(start + k) % n];
        if (!fig) steps.push({ kind: 'empty', hex });
        else if (fig.side === attacker.side) {
          steps.push({ kind: 'friend', hex, figure: fig.id });
          friends.push(fig.id);
        } else {
          steps.push({ kind: 'target', hex, figure: fig.id });
          targets.push(fig.id);
        }
      }
      out.push({ spin: 'cw', steps, targets, friends });
    }
  }
  return out.sort((a, b) => a.targets.length - b.targets.length || a.friends.length - b.friends.length);
}
