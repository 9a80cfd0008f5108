// AD&D 1e on the segmental clock as a GameSystem (seed 3380eb42; RULINGS R-A1..R-A11).
//
// The clock: every figure declares an action when it is free; the action lands `duration`
// segments later (weapon speed factor, draw 1, launcher ready time, missile SF, casting time,
// parry delay, haste/slow), and the figure holds that landing segment (R-A1). Each segment:
//   1. round start (segment 1 of a round): extra-attack rolls (R-A5), dying figures bleed;
//   2. `extra`: figures whose extra attack falls here pick a target;
//   3. `react`: every figure about to be struck may parry one attacker (declared before the roll, R-A8);
//   4. everything landing here resolves together (R-A1 ties are simultaneous: a figure felled,
//      entangled, held, drained or disarmed this segment still delivers its own blows, with the
//      weapon, level and strength it had at the segment's start, and every blow and spell of the
//      segment strikes a target standing at its start, even one an earlier blow felled); what ends
//      a parry, takes a weapon from a hand, entangles, drains or cures applies once every blow is
//      struck (settle), so the figure order never matters; the log tells a figure's change of
//      state there too, once, after the blows that still struck it and its own;
//   5. `declare`: figures now free declare their next action.
//
// With `emit` null (the lab) the same steps run on numbers only: no ledger, no string, no
// closure or temporary array; the same dice are drawn in the same order, so a fight comes out
// the same with or without a log (tested). Ledgers are built only for events and explain.
import { rollDice, rollSum, rollTotal } from '../../core/dice/roll.ts';
import type { DiceSource } from '../../core/dice/source.ts';
import { CommandRejected } from '../../core/errors.ts';
import { type LedgerEntry, ledger } from '../../core/ledger.ts';
import type { Emit, FigureState, GameSystem, Pending, Summary } from '../../engine/types.ts';
import { z } from 'zod';
import { GM_COMMANDS, adjustFigure, checkAt } from './adjust.ts';
import { aiDeclare, aiExtra, aiReact, bestTarget, firstAttackWeapon, parryAcInto, parryDelayLedger, parryKeepsAttack, parryWeapon } from './ai.ts';
import { ev, roundOf, segmentLabel, segmentOfRound, surpriseSegments } from './clock.ts';
import { cloneState } from './clone.ts';
import { actsIn, canFight, disarmTarget, extraChanceInto, figureState, heal, hurt, saves, savingThrow, swing, type SwingResult } from './combat.ts';
import { describeEvent } from './describe.ts';
import { checkEnd } from './end.ts';
import { explainState } from './explain.ts';
import { checkLeave, goneOf } from './leave.ts';
import type { AdndEvent, AdndState, Command, Declared, Figure, FreeReason, GoneFigure, WeaponItem } from './model.ts';
import { AIM_WITHOUT_DISARM, declareAt, fig } from './plan.ts';
import { parseCommand, scenarioSchema, setupScenario } from './scenario.ts';
import { dropScriptedAdjust, dropScriptedLeaves, sameCommand, scriptPick, scriptedGm } from './script.ts';
import { casterLevel, missileCount, spellDice } from './spells.ts';
import { CLASSES, SPELLS } from './tables.ts';
import { timingLedger } from './timing.ts';
import { singleBlowRole, weaponById } from './tohit.ts';

type E = Emit<AdndEvent>;

export { fig } from './plan.ts';


/** May declare at the end of this segment (its last surprised or held segment included, R-A3). */
function awake(f: Figure, now: number): boolean {
  return canFight(f) && now >= f.surprised && now >= f.heldUntil;
}

/** May parry now: free in this segment (actsIn), not entangled, a hand weapon ready. */
function canReact(f: Figure, now: number): boolean {
  return actsIn(f, now) && !f.entangled && parryWeapon(f) !== null;
}

/** May take an extra attack due now: free in this segment (actsIn, as for a parry), not entangled, a weapon ready. */
function canTakeExtra(f: Figure, now: number): boolean {
  return actsIn(f, now) && !f.entangled && firstAttackWeapon(f) !== undefined;
}

/** Why canTakeExtra says no, for the log. */
function extraBlocked(f: Figure, now: number): string {
  if (now <= f.surprised) return `surprised through ${segmentLabel(f.surprised)}: no blow before ${segmentLabel(f.surprised + 1)} (3380eb42, R-A3)`;
  if (now <= f.heldUntil) return `held through ${segmentLabel(f.heldUntil)}`;
  if (f.entangled) return 'entangled: it can only struggle free (R-A9)';
  return 'no weapon ready (R-A2)';
}

/** Refills the queue in place with the figures free to declare now (figure order). */
function declareQueue(s: AdndState): void {
  s.queue.length = 0;
  for (const f of s.figures) if (f.declared === null && awake(f, s.now) && f.freeAt <= s.now) s.queue.push(f.id);
}

// ---------------------------------------------------------------- declaring actions

function spellPause(s: AdndState, f: Figure): number {
  const p = s.options.spellPause;
  return (f.cls !== null ? p[f.cls] : undefined) ?? p.default ?? 10;
}

function declare(s: AdndState, f: Figure, c: Command, emit: E): void {
  declareAt(s, f, c, s.now);
  if (emit) {
    const t = timingLedger(s, f)!;
    emit(ev(s, 'declare', { figure: f.id, action: f.declared, lands: f.next, landsRound: roundOf(f.next), landsSegment: segmentOfRound(f.next), timing: t }));
  }
}

// ---------------------------------------------------------------- the segment loop

function startRound(s: AdndState, dice: DiceSource, emit: E): void {
  if (emit) emit(ev(s, 'round', {}));
  for (const f of s.figures) {
    f.extraAt = 0;
    // Dying figures (deathAt -10 option) lose 1 hp a round.
    if (s.options.deathAt === -10 && f.hp < 0 && f.hp > -10) hurt(s, f, 1, 'bleeding', emit);
  }
  for (const f of s.figures) {
    if (f.cls === null || !CLASSES[f.cls].fighterSubclass || !canFight(f)) continue;
    // R-A5: 5% per level, +5% for a true fighter (flat, or per level as an option).
    const why: LedgerEntry[] | null = emit ? [] : null;
    const chance = extraChanceInto(f, s.options, why);
    const roll = dice.face(100);
    let at = 0;
    let d10: number | null = null;
    if (roll <= chance) {
      d10 = dice.face(10);
      at = s.now + d10 - 1;
      f.extraAt = at;
    }
    if (emit) emit(ev(s, 'extra-roll', { figure: f.id, roll, chance: ledger(why ?? []), d10, at, atSegment: at ? segmentOfRound(at) : null }));
  }
}

/** Why an encounter ended, in its 'end' event beside the winner and rounds: none (one side left standing), stalled, or the GM's end. */
type EndWhy = { stalled: true } | { gm: true; reason: string } | null;
const STALLED: EndWhy = Object.freeze({ stalled: true });

/** Ends the encounter: nobody decides any more, every figure stays as it is; the 'end' event. */
function finish(s: AdndState, winner: string | null, why: EndWhy, emit: E): void {
  s.phase = 'over';
  s.queue.length = 0;
  s.winner = winner;
  if (emit) emit(ev(s, 'end', { winner, rounds: roundOf(s.now), ...why }));
}

function checkOver(s: AdndState, emit: E): boolean {
  let side: string | null = null;
  for (const f of s.figures) {
    if (!canFight(f)) continue;
    if (side === null) side = f.side;
    else if (f.side !== side) return false;
  }
  finish(s, side, null, emit);
  return true;
}

function nextSegment(s: AdndState, dice: DiceSource, emit: E): void {
  s.now += 1;
  s.landing.length = 0;
  if (segmentOfRound(s.now) === 1) {
    if (roundOf(s.now) > s.options.maxRounds) {
      s.now -= 1;
      s.stalled = true;
      finish(s, null, STALLED, emit);
      return;
    }
    startRound(s, dice, emit);
  }
  for (const f of s.figures) {
    if (f.heldUntil === s.now && canFight(f) && emit) emit(ev(s, 'status', { figure: f.id, status: 'hold ends' }));
  }
  s.phase = 'extra';
  s.queue.length = 0;
  for (const f of s.figures) {
    if (f.extraAt !== s.now || !canFight(f)) continue;
    // An extra attack only in a segment the figure is free in (3380eb42: surprised four segments, first blow in 9).
    if (canTakeExtra(f, s.now)) s.queue.push(f.id);
    else if (emit) attackLost(s, f, true, extraBlocked(f, s.now), emit);
  }
}

function indexOf(s: AdndState, id: string): number {
  for (let i = 0; i < s.figures.length; i++) if (s.figures[i].id === id) return i;
  return -1;
}

/** Landing attacks this segment and who may parry them. */
function buildReact(s: AdndState, emit: E): void {
  for (const f of s.figures) {
    const d = f.declared;
    if (!d || f.next !== s.now || d.kind !== 'attack' || !canFight(f)) continue;
    let target = d.target;
    let retarget: 'unnamed' | 'fell' | null = null;
    if (d.mode === 'normal' && (target === null || !canFight(fig(s, target)))) {
      const t = bestTarget(s, f, weaponById(f, d.weapon));
      retarget = target === null ? 'unnamed' : 'fell';
      target = t ? t.id : null;
    }
    s.landing.push({ attacker: f.id, target, extra: false, retarget, fallen: retarget === 'fell' ? d.target : null });
  }
  // Order: figure order, extras after the regular blows of the same figure (a stable insertion sort, in place).
  const L = s.landing;
  for (let i = 1; i < L.length; i++) {
    const x = L[i];
    const kx = indexOf(s, x.attacker) * 2 + (x.extra ? 1 : 0);
    let j = i - 1;
    while (j >= 0 && indexOf(s, L[j].attacker) * 2 + (L[j].extra ? 1 : 0) > kx) {
      L[j + 1] = L[j];
      j--;
    }
    L[j + 1] = x;
  }
  if (emit) {
    const acting = s.figures.filter((f) => (f.declared && f.next === s.now && canFight(f)) || s.landing.some((l) => l.attacker === f.id && l.extra));
    if (acting.length > 0) {
      emit(
        ev(s, 'segment', {
          actors: acting.map((f) => ({
            figure: f.id,
            action: f.declared && f.next === s.now ? f.declared.kind : 'extra attack',
            why: f.declared && f.next === s.now ? timingLedger(s, f) : ledger([{ source: 'extra attack in the segment its d10 gave', delta: s.now, rule: 'R-A5' }]),
          })),
        }),
      );
    }
  }
  s.queue.length = 0;
  for (const f of s.figures) {
    if (!canReact(f, s.now)) continue;
    for (const l of L) {
      if (l.target === f.id) {
        s.queue.push(f.id);
        break;
      }
    }
  }
}

// Effects held until every blow of the segment is struck (R-A1: what lands together resolves
// from the state at the segment's start, whatever the figure order): parries ended by the
// parrier's own action or by what befell it, weapons knocked from a hand, entanglements, drains
// and cures. Module scratch lists, reused (no allocation), filled and emptied within one
// resolveSegment.
const ending: Figure[] = [];
const endingWhy: string[] = [];
const losing: Figure[] = [];
const losingTo: Figure[] = [];
const losingWeapon: string[] = [];
const entangling: Figure[] = [];
const draining: Figure[] = [];
const drainKind: ('level' | 'strength')[] = [];
const drainAmount: number[] = [];
const healing: Figure[] = [];
const healAmount: number[] = [];
/** The cure's events, built when it lands and told when it takes effect (with the log only). */
const healEvent: (AdndEvent | null)[] = [];
// Who stood (could fight) and who was dead when the segment began: every blow and spell of the
// segment strikes the figures as they stood then (R-A1), so a target felled by the first of two
// blows landing together still takes the second, whatever the figure order.
const stood: Figure[] = [];
const deadBefore: Figure[] = [];
// With the log only: who a blow or spell of this segment hurt, its state at the segment's start
// and the cause of its last change. The change is told once, after the segment's last blow
// (settle): told at the blow that felled it, the log went on to show the other blows of the
// segment striking a dead figure, or the dead striking (R-A1: they do, as it stood then).
const struck: Figure[] = [];
const struckFrom: FigureState[] = [];
const struckWhy: (string | null)[] = [];
const ACTED = 'its next action landed (R-A8)';
const EXTRA = 'its extra attack (R-A8)';

/** `f`'s parry ends at the end of this segment; its own action or extra attack also breaks the run of consecutive parries. */
function endParry(f: Figure, why: string): void {
  ending.push(f);
  endingWhy.push(why);
}

/** `hurt` for what lands in a segment: the hp go at once, the change of state is told in settle (see `struck`). */
function wound(s: AdndState, t: Figure, amount: number, why: string | null, emit: E): void {
  if (!emit) {
    hurt(s, t, amount, why, null);
    return;
  }
  const before = figureState(t, s.options);
  let k = struck.indexOf(t);
  if (k < 0) {
    k = struck.push(t) - 1;
    struckFrom.push(before);
    struckWhy.push(null);
  }
  hurt(s, t, amount, why, null);
  if (figureState(t, s.options) !== before) struckWhy[k] = why;
}

/** Tells the held changes of state (see `struck`), then applies the held effects (see `ending`), then forgets them. */
function settle(s: AdndState, emit: E): void {
  // Filled with the log only (wound).
  for (let i = 0; i < struck.length && emit; i++) {
    const t = struck[i];
    const to = figureState(t, s.options);
    if (to !== struckFrom[i]) emit(ev(s, 'state', { figure: t.id, from: struckFrom[i], to, hp: t.hp, why: struckWhy[i] }));
  }
  struck.length = struckFrom.length = struckWhy.length = 0;
  for (let i = 0; i < losing.length; i++) loseWeapon(s, losing[i], losingTo[i], losingWeapon[i], emit);
  // R-A9: an entangling hit takes hold now, after any struggle of this segment freed the figure
  // from an earlier entanglement (R-A1: the order of the figures never matters).
  for (let i = 0; i < entangling.length; i++) {
    entangling[i].entangled = true;
    interrupt(s, entangling[i], 'entangled');
  }
  entangling.length = 0;
  // R-A10: drains take hold now (never multiplied by a critical); the drained figure's own blows
  // of this segment were struck at its level and strength of the segment's start (R-A1).
  for (let i = 0; i < draining.length; i++) {
    const t = draining[i];
    const n = drainAmount[i];
    if (drainKind[i] === 'level') {
      t.drained.level += n;
      if (!t.monster) t.level = Math.max(0, t.level - n);
    } else {
      t.drained.strength += n;
      t.str = { score: Math.max(3, t.str.score - n), pct: 0 };
    }
  }
  draining.length = drainKind.length = drainAmount.length = 0;
  // R-A7: a cure takes effect after every blow of its segment; one dead by then stays dead.
  for (let i = 0; i < healing.length; i++) {
    const t = healing[i];
    if (figureState(t, s.options) === 'dead') {
      if (emit) emit(ev(s, 'status', { figure: t.id, status: `${(healEvent[i] as AdndEvent).spellName}: no effect, ${t.name} is dead` }));
      continue;
    }
    if (emit) emit(healEvent[i] as AdndEvent);
    heal(s, t, healAmount[i], 'healed', emit);
  }
  healing.length = healAmount.length = healEvent.length = 0;
  for (let i = 0; i < ending.length; i++) {
    const f = ending[i];
    const why = endingWhy[i];
    if (why === ACTED || why === EXTRA) f.parries = 0;
    if (f.parry !== null && canFight(f)) {
      if (emit) emit(ev(s, 'parry-end', { figure: f.id, against: f.parry.against, why, consecutive: f.parries }));
      f.parry = null;
    }
  }
  ending.length = endingWhy.length = 0;
  losing.length = losingTo.length = losingWeapon.length = 0;
  for (const f of s.figures) {
    if (canFight(f)) continue;
    f.declared = null;
    f.parry = null;
  }
}

/** R-A9: the disarmed weapon leaves the hand after the segment of the hit; a blow of that segment was struck with it. */
function loseWeapon(s: AdndState, t: Figure, by: Figure, id: string, emit: E): void {
  const k = t.hands.indexOf(id);
  if (k < 0) return; // already knocked away this segment
  for (let j = k; j < t.hands.length - 1; j++) t.hands[j] = t.hands[j + 1];
  t.hands.length -= 1;
  const w = weaponById(t, id)!;
  w.ready = false;
  w.dropped = true;
  if (emit) emit(ev(s, 'disarm', { figure: t.id, by: by.id, weapon: w.id, why: 'knocked away by the hit to disarm; out of hand from the next segment (R-A1, R-A9)' }));
  if (!canFight(t)) return;
  const d = t.declared;
  if (d && d.kind === 'attack' && (d.weapon === w.id || d.offhand === w.id)) interrupt(s, t, 'disarmed');
  if (t.parry !== null) {
    if (emit) emit(ev(s, 'parry-end', { figure: t.id, against: t.parry.against, why: 'disarmed (R-A9)', consecutive: t.parries }));
    t.parry = null;
  }
}

/** Frees `f` (its pending action lost): disarmed, entangled, held, parrying. */
function interrupt(s: AdndState, f: Figure, why: FreeReason, at = s.now): void {
  f.declared = null;
  f.freeAt = at;
  f.freeReason = why;
}

/**
 * A swing's result applied. `aimed`: the weapon a hit to disarm is aimed at (R-A9), knocked away
 * if the save fails; `aim`: its id where the declaration named it, added to the event (absent
 * otherwise, so an older game's events stay as they were).
 */
function applySwing(s: AdndState, a: Figure, t: Figure, r: SwingResult, aimed: WeaponItem | null, aim: string | null, emit: E): void {
  if (emit) emit(ev(s, 'attack', aim === null ? { ...r } : { ...r, aim }));
  if (r.hit && r.mode === 'normal') wound(s, t, r.dealt, emit ? `${a.name}'s ${r.weapon}` : null, emit);
  if (r.drain) {
    // R-A10: drains are never multiplied by a critical; they take hold at the segment's end (settle).
    draining.push(t);
    drainKind.push(r.drain.kind);
    drainAmount.push(r.drain.amount);
    if (emit) emit(ev(s, 'drain', { figure: t.id, by: a.id, kind: r.drain.kind, amount: r.drain.amount }));
  }
  // R-A1: the weapon the hit was aimed at (R-A9) goes at the segment's end (settle).
  if (r.disarmed && aimed) {
    losing.push(t);
    losingTo.push(a);
    losingWeapon.push(aimed.id);
  }
  if (r.entangled && canFight(t)) {
    // Held until every blow of the segment is struck (settle): a struggle landing now frees the
    // figure from the entanglement it was in, not from this one.
    entangling.push(t);
    endParry(t, 'entangled (R-A9)');
    if (emit) emit(ev(s, 'entangle', { figure: t.id, by: a.id }));
  }
}

function attackLost(s: AdndState, a: Figure, extra: boolean, why: string, emit: E): void {
  if (emit) emit(ev(s, 'attack-lost', { figure: a.id, extra, why }));
}

function resolveAttack(s: AdndState, a: Figure, d: Extract<Declared, { kind: 'attack' }> | null, extra: boolean, dice: DiceSource, emit: E): void {
  let l: (typeof s.landing)[number] | undefined;
  for (const x of s.landing) if (x.attacker === a.id && x.extra === extra) l = x;
  const t = l?.target ? fig(s, l.target) : null;
  if (!t) {
    attackLost(s, a, extra, 'no standing enemy to strike', emit);
    return;
  }
  if (!stood.includes(t)) {
    attackLost(s, a, extra, emit ? `${t.name} is down` : '', emit);
    return;
  }
  if (l?.retarget && emit) {
    const why = l.retarget === 'unnamed' ? 'target chosen as the blow lands' : `${fig(s, l.fallen!).name} is down; the blow turns to another enemy`;
    emit(ev(s, 'retarget', { figure: a.id, target: t.id, why }));
  }
  const w = d ? weaponById(a, d.weapon) : firstAttackWeapon(a);
  if (!w || (w.kind !== 'natural' && !a.hands.includes(w.id))) {
    attackLost(s, a, extra, 'its weapon is no longer in hand', emit);
    return;
  }
  if (w.kind === 'launcher') {
    if (w.ammo <= 0) {
    attackLost(s, a, extra, emit ? `no ${w.missile} left` : '', emit);
    return;
  }
    w.ammo -= 1;
    w.nocked = false;
  }
  let aimed: WeaponItem | null = null;
  if (d?.mode === 'disarm') {
    // R-A9: the weapon aimed at, as it stands now; gone from the target's hands (knocked away, dropped), the blow is lost.
    aimed = disarmTarget(w, t, d.aim)?.weapon ?? null;
    if (!aimed) {
      attackLost(s, a, extra, emit ? (d.aim === undefined ? `${t.name} holds nothing ${w.name} can disarm` : `${t.name} no longer holds the ${weaponById(t, d.aim)?.name ?? d.aim} the hit to disarm was aimed at (R-A9)`) : '', emit);
      return;
    }
  }
  const offId = d ? d.offhand : null;
  const off = offId !== null && a.hands.includes(offId) ? weaponById(a, offId) : undefined;
  const role = off ? 'primary' : singleBlowRole(a, w);
  const detail = emit !== null;
  applySwing(s, a, t, swing(a, t, w, role, aimed, s.options, dice, detail), aimed, d?.aim ?? null, emit);
  // The off-hand blow strikes too, even at a target the first one felled (R-A1: it stood when the segment began).
  if (off) applySwing(s, a, t, swing(a, t, off, 'secondary', null, s.options, dice, detail), null, null, emit);
}

/** A saving throw: with its ledger for the log, or a plain yes/no from the same d20. */
function save(f: Figure, kind: string, dice: DiceSource, emit: E): { saved: boolean; detail: ReturnType<typeof savingThrow> | null } {
  if (emit) {
    const sv = savingThrow(f, kind, [], dice);
    return { saved: sv.saved, detail: sv };
  }
  return saves(f, kind, 0, dice) ? SAVED : FAILED;
}
const SAVED = { saved: true, detail: null };
const FAILED = { saved: false, detail: null };
/** A spell that allows no saving throw: no d20 is rolled. */
const NO_SAVE = FAILED;

function castSpell(s: AdndState, f: Figure, d: Extract<Declared, { kind: 'cast' }>, dice: DiceSource, emit: E): void {
  const sp = SPELLS[d.spell];
  for (const x of f.spells) if (x.spell === d.spell) x.left -= 1;
  const t = fig(s, d.target);
  const level = casterLevel(f);
  const pause = sp.offensive ? spellPause(s, f) : 0;
  if (sp.offensive) f.spellLockUntil = s.now + pause;
  if (emit) emit(ev(s, 'cast', { figure: f.id, spell: sp.id, target: t.id, offensive: sp.offensive, pauseUntil: sp.offensive ? f.spellLockUntil : null, pause }));
  const e = sp.effect;
  switch (e.kind) {
    case 'missiles': {
      const n = missileCount(level, e);
      // At a target standing when the segment began: every missile strikes it (R-A1), even once it falls.
      if (!stood.includes(t)) break;
      for (let i = 0; i < n; i++) {
        if (emit) {
          const r = rollDice(e.damage!, dice);
          emit(ev(s, 'spell-damage', { figure: t.id, caster: f.id, spell: sp.id, damage: ledger([{ source: `missile ${i + 1}: ${e.damage} [${r.faces.join(', ')}]`, delta: r.total, rule: 'adnd-phb' }]) }));
          wound(s, t, r.total, sp.name, emit);
        } else wound(s, t, rollTotal(e.damage!, dice), null, emit);
      }
      break;
    }
    case 'damage': {
      const { n, sides } = spellDice(level, e);
      if (n <= 0) {
        // A die per caster level: at level 0 (hit dice 1-1, or drained) there are none.
        if (emit) emit(ev(s, 'status', { figure: t.id, status: `${sp.name}: no effect (caster level ${level}: no dice)` }));
        break;
      }
      const r = emit ? rollDice(`${n}d${sides}`, dice) : null;
      const total = r ? r.total : rollSum(dice, n, sides);
      // 'side': everyone on the target's side (Fray's no-map fireball); never the figures dead
      // before this segment (R-A1: one felled earlier in it is struck as it stood).
      for (const v of s.figures) {
        if (e.area === 'side' ? v.side !== t.side : v !== t) continue;
        if (deadBefore.includes(v)) continue;
        const sv = save(v, e.save ?? 'spell', dice, emit);
        const dmg = sv.saved ? Math.floor(total / 2) : total;
        if (emit) {
          emit(
            ev(s, 'spell-damage', {
              figure: v.id,
              caster: f.id,
              spell: sp.id,
              save: sv.detail,
              damage: ledger([
                { source: `rolled ${n}d${sides} [${r!.faces.join(', ')}]`, delta: total, rule: 'adnd-phb' },
                ...(sv.saved ? [{ source: 'saved: half', delta: dmg - total, rule: 'adnd-phb' }] : []),
              ]),
            }),
          );
        }
        wound(s, v, dmg, sp.name, emit);
      }
      break;
    }
    case 'haste':
      t.hastedUntil = s.now + ((e.baseRounds ?? 3) + level) * 10;
      if (emit) emit(ev(s, 'status', { figure: t.id, status: 'hasted', until: t.hastedUntil }));
      break;
    case 'slow':
    case 'hold': {
      // A save only where the spell's data names one (1e PHB: hold person, a save vs spell
      // negates; slow has no saving throw).
      const sv = e.save !== undefined ? save(t, e.save, dice, emit) : NO_SAVE;
      if (sv.saved) {
        if (emit) emit(ev(s, 'status', { figure: t.id, status: `resists ${sp.name}`, save: sv.detail }));
        break;
      }
      const until = s.now + ((e.baseRounds ?? 3) + level) * 10;
      if (e.kind === 'slow') t.slowedUntil = until;
      else {
        t.heldUntil = until;
        endParry(t, 'held (hold person)');
        interrupt(s, t, 'held', until);
      }
      if (emit) emit(ev(s, 'status', { figure: t.id, status: e.kind === 'slow' ? 'slowed' : 'held', until, save: sv.detail }));
      break;
    }
    case 'heal': {
      // Dead stays dead: a cure on a figure dead before this segment does nothing; otherwise it
      // takes effect at the end of the segment, after its blows (settle, R-A1).
      if (deadBefore.includes(t)) {
        if (emit) emit(ev(s, 'status', { figure: t.id, status: `${sp.name}: no effect, ${t.name} is dead` }));
        break;
      }
      healing.push(t);
      if (emit) {
        const r = rollDice(e.damage!, dice);
        healAmount.push(r.total);
        healEvent.push(ev(s, 'heal', { figure: t.id, spell: sp.id, spellName: sp.name, amount: r.total, faces: r.faces }));
      } else {
        healAmount.push(rollTotal(e.damage!, dice));
        healEvent.push(null);
      }
      break;
    }
    default:
      if (emit) emit(ev(s, 'status', { figure: t.id, status: `${sp.name} (effect left to the GM)` }));
  }
}

// The segment's snapshot of who acts (R-A1), reused from segment to segment (no allocation).
const acting: Figure[] = [];
const actingWhat: Declared[] = [];

function resolveSegment(s: AdndState, dice: DiceSource, emit: E): void {
  // Snapshot: everyone whose action lands now acts, even if struck down in this same segment (R-A1).
  ending.length = endingWhy.length = losing.length = losingTo.length = losingWeapon.length = entangling.length = 0;
  draining.length = drainKind.length = drainAmount.length = healing.length = healAmount.length = healEvent.length = 0;
  stood.length = deadBefore.length = struck.length = struckFrom.length = struckWhy.length = 0;
  for (const f of s.figures) {
    if (canFight(f)) stood.push(f);
    else if (figureState(f, s.options) === 'dead') deadBefore.push(f);
  }
  acting.length = 0;
  actingWhat.length = 0;
  for (const f of s.figures) {
    if (f.declared !== null && f.next === s.now && canFight(f)) {
      acting.push(f);
      actingWhat.push(f.declared);
    }
  }
  let hasExtras = false;
  for (const l of s.landing) if (l.extra) hasExtras = true;
  for (const f of s.figures) {
    const k = acting.indexOf(f);
    if (k >= 0) {
      const d = actingWhat[k];
      if (d.kind === 'attack') resolveAttack(s, f, d, false, dice, emit);
      else if (d.kind === 'draw') {
        for (const h of f.hands) {
          const w = weaponById(f, h);
          if (w) w.ready = false;
        }
        f.hands.length = 0;
        for (const id of d.weapons) {
          const w = weaponById(f, id)!;
          f.hands.push(id);
          w.ready = true;
          w.dropped = false;
        }
        if (emit) emit(ev(s, 'draw', { figure: f.id, weapons: d.weapons }));
      } else if (d.kind === 'ready') {
        const w = weaponById(f, d.weapon)!;
        for (const h of f.hands) {
          const o = weaponById(f, h);
          if (o) o.ready = false;
        }
        f.hands.length = 0;
        f.hands.push(w.id);
        w.ready = true;
        w.dropped = false;
        // Readied, not fully readied: the first missile takes its own speed factor ("two segments to
        // ready the bow for use and three more to pick an arrow, nock it and aim", 3380eb42, R-A2).
        w.nocked = false;
        if (emit) emit(ev(s, 'ready', { figure: f.id, weapon: w.id }));
      } else if (d.kind === 'cast') castSpell(s, f, d, dice, emit);
      else if (d.kind === 'struggle') {
        const sv = save(f, 'petrification', dice, emit);
        if (sv.saved) f.entangled = false;
        if (emit) emit(ev(s, 'struggle', { figure: f.id, save: sv.detail, free: sv.saved }));
      }
      // The action has landed: the figure is free again. A parry lasts until the next action
      // (R-A8); a wait is none: the parry and the count of consecutive parries go on, so the
      // delay falls on the next real action.
      if (f.declared === d) {
        f.declared = null;
        f.freeAt = s.now;
        f.freeReason = d.kind;
      }
      if (d.kind !== 'wait') endParry(f, ACTED);
    }
    if (hasExtras) {
      let extra = false;
      for (const l of s.landing) if (l.extra && l.attacker === f.id) extra = true;
      if (extra) {
        const p = f.parry;
        if (p !== null && p.at === s.now && !p.keepsAttack) {
          // 3380eb42: no parrying with one weapon and attacking with another (parrying weapons
          // excepted); the parrier "may only defend during that segment".
          attackLost(s, f, true, emit ? `${f.name} parried this segment and may only defend in it (3380eb42, R-A8)` : '', emit);
        } else {
          resolveAttack(s, f, null, true, dice, emit);
          endParry(f, EXTRA);
        }
      }
    }
  }
  settle(s, emit);
}

function advance(s: AdndState, dice: DiceSource, emit: E): void {
  for (;;) {
    if (s.phase === 'over' || s.phase === 'begin' || s.queue.length > 0) return;
    if (s.phase === 'extra') {
      buildReact(s, emit);
      s.phase = 'react';
    } else if (s.phase === 'react') {
      resolveSegment(s, dice, emit);
      if (checkOver(s, emit)) return;
      s.phase = 'declare';
      declareQueue(s);
    } else {
      if (checkOver(s, emit)) return;
      nextSegment(s, dice, emit);
    }
  }
}

// ---------------------------------------------------------------- commands

function begin(s: AdndState, dice: DiceSource, emit: E): void {
  if (emit) emit(ev(s, 'begin', { name: s.name, figures: s.figures.map((f) => f.id) }));
  for (const f of s.figures) f.freeReason = 'start';
  for (const sp of s.surprise) {
    const roll = sp.roll ?? dice.face(100);
    for (const f of s.figures) {
      if (f.side !== sp.side) continue;
      const segs = surpriseSegments(f.surpriseChance, roll);
      f.surprised = segs;
      f.freeAt = segs;
      f.surpriseRoll = segs > 0 ? roll : 0;
    }
    if (emit) {
      const results = s.figures.filter((f) => f.side === sp.side).map((f) => ({ figure: f.id, chance: f.surpriseChance, segments: f.surprised }));
      emit(ev(s, 'surprise', { side: sp.side, roll, rolled: sp.roll === null, results }));
    }
  }
  s.phase = 'declare';
  declareQueue(s);
}

export { scriptPick } from './script.ts';

/** The decision is made: the script entry it follows is used up and the figure leaves the queue. */
function decided(s: AdndState, f: Figure, pick: { command: Command; index: number } | null, c: Command): void {
  if (pick && pick.index >= 0 && sameCommand(pick.command, c)) f.script.splice(pick.index, 1);
  s.queue.splice(s.queue.indexOf(f.id), 1);
}

/**
 * A figure the GM's adjustment felled between two decisions (adjust.ts), or took out of the
 * fight (leave.ts), is out of the segment before its blows land: it holds no action and no
 * parry, its blows of this segment (an extra attack already taken) do not land, it leaves the
 * decision, and so does a figure no other blow strikes now; then the fight may be over (the end
 * test, as after any blow), or the decision made.
 */
function outOfSegment(s: AdndState, f: Figure, dice: DiceSource, emit: E): void {
  f.declared = null;
  f.parry = null;
  let n = 0;
  for (const l of s.landing) if (l.attacker !== f.id) s.landing[n++] = l;
  s.landing.length = n;
  n = 0;
  for (const id of s.queue) if (id !== f.id && (s.phase !== 'react' || s.landing.some((l) => l.target === id))) s.queue[n++] = id;
  s.queue.length = n;
  if (!checkOver(s, emit)) advance(s, dice, emit);
}

/**
 * `f` leaves the fight (leave.ts): into s.gone, off every list the rules walk. Every blow or spell
 * aimed at it is void: one landing now does not land, and a figure that declared one is free
 * again now, as after a parry (its action lost), so it declares anew in this segment.
 */
function leaveFight(s: AdndState, f: Figure, reason: string, dice: DiceSource, emit: E): void {
  dropScriptedLeaves(s, f.id);
  s.figures.splice(s.figures.indexOf(f), 1);
  const gone = f as GoneFigure;
  gone.left = { segment: s.now, reason };
  if (s.gone) s.gone.push(gone);
  else s.gone = [gone];
  if (emit) emit(ev(s, 'leave', { figure: f.id, reason }));
  let n = 0;
  for (const l of s.landing) if (l.target !== f.id) s.landing[n++] = l;
  s.landing.length = n;
  for (const o of s.figures) {
    const d = o.declared;
    if (d && (d.kind === 'attack' || d.kind === 'cast') && d.target === f.id) interrupt(s, o, 'target left');
  }
  if (s.phase === 'declare') declareQueue(s);
  outOfSegment(s, f, dice, emit);
}

function apply(s: AdndState, c: Command, dice: DiceSource, emit: E): void {
  if (c.type === 'adjust') {
    // The GM's, at any decision; the same decision stays pending unless the figure falls.
    const stood = s.figures.some((x) => x.id === c.figure && canFight(x));
    const f = adjustFigure(s, c, dice, emit);
    dropScriptedAdjust(s, c);
    if (stood && !canFight(f)) outOfSegment(s, f, dice, emit);
    return;
  }
  if (c.type === 'leave') {
    // The GM's (leave.ts), at any decision once begun; the same decision stays pending unless it was the figure's.
    leaveFight(s, checkLeave(s, c), c.reason.trim(), dice, emit);
    return;
  }
  if (c.type === 'end') {
    // The GM's (end.ts), at any decision once begun: the fight is over as it stands.
    checkEnd(s, c);
    finish(s, c.winner, { gm: true, reason: c.reason.trim() }, emit);
    return;
  }
  if (s.phase === 'over') throw new CommandRejected('command', 'the encounter is over');
  if (c.type === 'begin') {
    if (s.phase !== 'begin') throw new CommandRejected('command.type', 'the encounter has already begun');
    begin(s, dice, emit);
    advance(s, dice, emit);
    return;
  }
  if (s.phase === 'begin') throw new CommandRejected('command.type', `the encounter has not begun; send {type: 'begin'} first`);
  const f = fig(s, c.figure, 'command.figure');
  if (!s.queue.includes(f.id)) {
    throw new CommandRejected('command.figure', `${f.name} has no decision to make now (waiting for ${s.queue.join(', ')})`);
  }
  checkAt(s, (c as { at?: number }).at);
  const pick = f.script.length > 0 ? scriptPick(s, f) : null;
  if (s.phase === 'extra') {
    if (c.type === 'pass') {
      f.extraAt = 0;
      decided(s, f, pick, c);
    } else if (c.type === 'attack') {
      let target: string | null = null;
      if (c.target !== undefined) {
        const t = fig(s, c.target, 'command.target');
        if (t.side === f.side || !canFight(t)) throw new CommandRejected('command.target', `${t.name} is not a standing enemy`);
        target = t.id;
      } else target = bestTarget(s, f, firstAttackWeapon(f))?.id ?? null;
      if (c.weapon !== undefined || c.mode === 'disarm') throw new CommandRejected('command.weapon', 'an extra attack strikes with the weapon in hand (R-A5)');
      if (c.aim !== undefined) throw new CommandRejected('command.aim', AIM_WITHOUT_DISARM);
      s.landing.push({ attacker: f.id, target, extra: true, retarget: null, fallen: null });
      if (emit) emit(ev(s, 'extra-attack', { figure: f.id, target }));
      decided(s, f, pick, c);
    } else throw new CommandRejected('command.type', `an extra attack is taken with 'attack' or declined with 'pass', not '${c.type}'`);
  } else if (s.phase === 'react') {
    if (c.type === 'pass') decided(s, f, pick, c);
    else if (c.type === 'parry') {
      let struck = false;
      for (const l of s.landing) if (l.target === f.id && l.attacker === c.against) struck = true;
      if (!struck) {
        const attackers = s.landing.filter((l) => l.target === f.id).map((l) => l.attacker);
        throw new CommandRejected('command.against', `${c.against} is not striking ${f.name} this segment (attackers: ${attackers.join(', ')})`);
      }
      const w = parryWeapon(f)!;
      const keepsAttack = parryKeepsAttack(f, w);
      const acWhy: LedgerEntry[] | null = emit ? [] : null;
      f.parry = { against: c.against, ac: parryAcInto(f, w, acWhy), at: s.now, keepsAttack };
      if (!keepsAttack) {
        // R-A8: the parry replaces the figure's action; its next action comes SF + 2 per consecutive parry later.
        f.parries += 1;
        interrupt(s, f, 'parried');
      }
      if (emit) {
        const delay = parryDelayLedger(keepsAttack, f.parries);
        emit(
          ev(s, 'parry', {
            figure: f.id,
            against: c.against,
            weapon: w.id,
            ac: ledger(acWhy!),
            consecutive: f.parries,
            delay: delay.total,
            delayLedger: delay,
            keepsAttack,
          }),
        );
      }
      decided(s, f, pick, c);
    } else throw new CommandRejected('command.type', `now ${f.name} may only 'parry' or 'pass'`);
  } else {
    if (c.type === 'drop') {
      const w = weaponById(f, c.weapon);
      if (!w || !f.hands.includes(w.id)) throw new CommandRejected('command.weapon', `${f.name} holds no '${c.weapon}'`);
      // Dropping takes no time (R-A2): the figure still declares this segment.
      f.hands.splice(f.hands.indexOf(w.id), 1);
      w.ready = false;
      w.dropped = true;
      if (emit) emit(ev(s, 'drop', { figure: f.id, weapon: w.id }));
      if (pick && pick.index >= 0 && sameCommand(pick.command, c)) f.script.splice(pick.index, 1);
      return;
    }
    if (c.type === 'parry' || c.type === 'pass') throw new CommandRejected('command.type', `'${c.type}' answers a blow; now ${f.name} declares an action`);
    declare(s, f, c, emit);
    decided(s, f, pick, c);
  }
  advance(s, dice, emit);
}

function pending(s: AdndState): Pending | null {
  if (s.phase === 'over') return null;
  if (s.phase === 'begin') return { figures: [], kind: 'begin' };
  const kind = s.phase === 'extra' ? 'extra-attack' : s.phase === 'react' ? 'parry' : 'action';
  return { figures: [...s.queue], kind };
}

/** Any face: a dry run only asks whether a command is refused (liveScriptPick). */
const ANY_DICE: DiceSource = { face: () => 1 };

/**
 * The script's pick for `f` (scriptPick), unless the fight has overtaken its entry (the GM took
 * the weapon it names, its target fell...): refused now, it is passed over and the AI decides, as
 * a TFT script passes over a stale entry; it stays in the script, and may come back into play.
 */
function liveScriptPick(s: AdndState, f: Figure): { command: Command; index: number } | null {
  const pick = f.script.length > 0 ? scriptPick(s, f) : null;
  if (!pick || pick.index < 0) return pick;
  try {
    apply(cloneState(s), pick.command, ANY_DICE, null);
    return pick;
  } catch (e) {
    if (e instanceof CommandRejected) return null;
    throw e;
  }
}

/**
 * What `f`, the figure to decide now, chooses: its script's live pick, else the AI. decide()'s
 * choice, and explain's projection of a free figure's next declaration (on a copy where it
 * declares).
 */
export function choiceOf(s: AdndState, f: Figure): Command {
  const pick = liveScriptPick(s, f);
  if (pick) return pick.command;
  if (s.phase === 'react') return aiReact(s, f);
  if (s.phase === 'extra') return aiExtra(s, f);
  return aiDeclare(s, f);
}

function decide(s: AdndState): Command {
  if (s.phase === 'over') throw new CommandRejected('command', 'the encounter is over');
  if (s.phase === 'begin') return { type: 'begin' };
  const gm = scriptedGm(s);
  if (gm) return gm;
  return choiceOf(s, fig(s, s.queue[0]));
}

/** The figures still in the fight, then those gone from it (leave.ts), each with why it left. */
function summary(s: AdndState): Summary {
  const one = (f: Figure) => ({
    id: f.id,
    name: f.name,
    side: f.side,
    state: figureState(f, s.options),
    hp: f.hp,
    maxHp: f.maxHp,
    ...(f.cls ? { class: f.cls, level: f.level } : { hd: f.hdLabel }),
  });
  return {
    type: 'summary',
    winner: s.winner,
    turns: roundOf(s.now),
    figures: [...s.figures.map(one), ...goneOf(s).map((g) => ({ ...one(g), left: g.left.reason }))],
  };
}

/** The pending decision comes from a scenario script (fray explain plays scripts, then stops). */
function scripted(s: AdndState): boolean {
  const p = pending(s);
  if (!p) return false;
  if (p.kind === 'begin') return s.figures.some((f) => f.script.length > 0);
  if (scriptedGm(s)) return true;
  const pick = liveScriptPick(s, fig(s, p.figures[0]));
  return pick !== null && (pick.index >= 0 || pick.command.type === 'wait');
}

export const adndSystem: GameSystem<AdndState, Command, AdndEvent> = {
  id: 'adnd',
  setup: setupScenario,
  parseCommand: (raw) => parseCommand(raw),
  apply,
  pending,
  decide,
  clone: cloneState,
  summary,
  explain: explainState,
  describe: describeEvent,
  scripted,
  scenarioJsonSchema: () => z.toJSONSchema(scenarioSchema, { io: 'input' }),
  // The GM's adjustment of a figure (adjust.ts), end of the fight (end.ts) and a figure's leaving it (leave.ts); the AI never sends them.
  gmCommands: GM_COMMANDS,
};
