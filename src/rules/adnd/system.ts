// AD&D 1e on the segmental clock as a GameSystem (seed 3380eb42; RULINGS R-A1..R-A11).
//
// The clock: every figure declares an action when it is free; the action lands `duration`
// segments later (weapon speed factor, draw 1, launcher ready time, missile SF, casting time,
// parry delay, haste/slow), and the figure holds that landing segment (R-A1). Each segment:
//   1. round start (segment 1 of a round): extra-attack rolls (R-A5), dying figures bleed;
//   2. `extra`: figures whose extra attack falls here pick a target;
//   3. `react`: every figure about to be struck may parry one attacker (declared before the roll, R-A8);
//   4. everything landing here resolves together (R-A1 ties are simultaneous: a figure felled
//      this segment still delivers its own blow);
//   5. `declare`: figures now free declare their next action.
import type { DiceSource } from '../../core/dice/source.ts';
import { CommandRejected } from '../../core/errors.ts';
import type { LedgerEntry } from '../../core/ledger.ts';
import { ledger } from '../../core/ledger.ts';
import type { Emit, GameSystem, Pending, Summary } from '../../engine/types.ts';
import { aiDeclare, aiExtra, aiReact, attackWeapons, bestTarget, parryWith } from './ai.ts';
import { adjustSpeed, parryDelay, roundOf, segmentOfRound, surpriseSegments } from './clock.ts';
import { canFight, disarmMethod, figureState, savingThrow, swing, type SwingResult } from './combat.ts';
import { describeEvent } from './describe.ts';
import { explainState } from './explain.ts';
import type { AdndEvent, AdndState, Command, Declared, Figure, WeaponItem } from './model.ts';
import { z } from 'zod';
import { parseCommand, scenarioSchema, setupScenario } from './scenario.ts';
import { CLASSES, SPELLS, WEAPONS, rollDice, spec } from './tables.ts';
import { twoWeaponDex } from './tohit.ts';

type E = Emit<AdndEvent>;

function ev(s: AdndState, type: string, fields: Record<string, unknown>): AdndEvent {
  s.seq += 1;
  return { type, turn: roundOf(s.now), segment: s.now, round: roundOf(s.now), segmentOfRound: segmentOfRound(s.now), ...fields };
}

export function fig(s: AdndState, id: string, path = 'figure'): Figure {
  const f = s.figures.find((x) => x.id === id);
  if (!f) throw new CommandRejected(path, `no figure '${id}'`);
  return f;
}

const hasted = (f: Figure, now: number) => f.hastedUntil > 0 && now <= f.hastedUntil;
const slowed = (f: Figure, now: number) => f.slowedUntil > 0 && now <= f.slowedUntil;

function awake(f: Figure, now: number): boolean {
  return canFight(f) && now >= f.surprised && now >= f.heldUntil;
}

/** May parry now: standing, not surprised or held this segment, not entangled, a hand weapon ready. */
function canReact(f: Figure, now: number): boolean {
  return canFight(f) && now > f.surprised && now > f.heldUntil && !f.entangled && parryWith(f) !== null;
}

function declareQueue(s: AdndState): string[] {
  return s.figures.filter((f) => f.declared === null && awake(f, s.now) && f.freeAt <= s.now).map((f) => f.id);
}

// ---------------------------------------------------------------- declaring actions

interface Plan {
  declared: Declared;
  steps: LedgerEntry[];
  /** No parry delay (explicit wait). */
  noDelay?: boolean;
}

function spellPause(s: AdndState, f: Figure): number {
  const p = s.options.spellPause;
  return (f.cls !== null ? p[f.cls] : undefined) ?? p.default ?? 10;
}

function speed(f: Figure, now: number, sf: number, what: string): LedgerEntry[] {
  const adj = adjustSpeed(sf, hasted(f, now), slowed(f, now));
  return [{ source: `${what} speed factor ${sf}`, delta: sf, rule: 'R-A2' }, ...adj.entries];
}

function readyWeapon(f: Figure, id: string, path: string): WeaponItem {
  const w = f.weapons.find((x) => x.id === id);
  if (!w) throw new CommandRejected(path, `${f.name} has no weapon '${id}'`);
  if (w.kind !== 'natural' && !(w.ready && f.hands.includes(w.id))) {
    throw new CommandRejected(path, `${f.name}'s ${w.name} is not in hand; draw or ready it first (R-A2)`);
  }
  return w;
}

/** Checks a declaration and works out what it is and how long it takes (nothing changed yet). */
function plan(s: AdndState, f: Figure, c: Command): Plan {
  switch (c.type) {
    case 'attack': {
      if (f.entangled) throw new CommandRejected('command.type', `${f.name} is entangled and can only struggle free`);
      const ws = attackWeapons(f);
      if (ws.length === 0) throw new CommandRejected('command.weapon', `${f.name} has no weapon ready (draw or ready one, R-A2)`);
      const w = c.weapon !== undefined ? readyWeapon(f, c.weapon, 'command.weapon') : ws[0];
      if (w.kind === 'launcher' && w.ammo <= 0) throw new CommandRejected('command.weapon', `${f.name} has no ${w.missile} left`);
      let target: string | null = null;
      if (c.target !== undefined) {
        const t = fig(s, c.target, 'command.target');
        if (t.side === f.side) throw new CommandRejected('command.target', `${t.name} is on ${f.name}'s side`);
        if (!canFight(t)) throw new CommandRejected('command.target', `${t.name} is down`);
        target = t.id;
      }
      const mode = c.mode ?? 'normal';
      if (mode === 'disarm') {
        if (target === null) throw new CommandRejected('command.target', 'a hit to disarm needs a target');
        if (!disarmMethod(w, fig(s, target))) {
          throw new CommandRejected('command.mode', `${w.name} cannot disarm what ${fig(s, target).name} holds (weapon capabilities, R-A9)`);
        }
      }
      // Two one-handed hand weapons in hand: both swing (R-A4 two-weapon columns).
      const other = f.hands.find((h) => h !== w.id);
      const ow = other ? f.weapons.find((x) => x.id === other) : undefined;
      const two = w.kind === 'melee' && w.hands === 1 && ow !== undefined && ow.kind === 'melee' && ow.hands === 1 && mode === 'normal';
      if (two && !twoWeaponDex(f)) throw new CommandRejected('command.weapon', `${f.name}'s dexterity does not allow two weapons (R-A4)`);
      let steps: LedgerEntry[];
      if (w.kind === 'launcher') {
        const m = WEAPONS[w.missile!];
        steps = w.nocked
          ? [{ source: `${m.name} already nocked: fires next segment`, delta: 1, rule: '3380eb42' }]
          : speed(f, s.now, m.sf, m.name);
      } else if (two) {
        const sf = Math.max(w.sf, ow!.sf);
        steps = speed(f, s.now, sf, `two weapons (slower of ${w.name} ${w.sf} / ${ow!.name} ${ow!.sf})`);
      } else steps = speed(f, s.now, w.sf, w.name);
      return { declared: { kind: 'attack', target, mode, twoWeapons: two, weapon: w.id, offhand: two ? ow!.id : null }, steps };
    }
    case 'draw': {
      const ids = c.weapons;
      if (new Set(ids).size !== ids.length) throw new CommandRejected('command.weapons', 'the same weapon twice');
      let hands = 0;
      const steps: LedgerEntry[] = [];
      ids.forEach((id, k) => {
        const w = f.weapons.find((x) => x.id === id);
        if (!w || w.kind === 'natural') throw new CommandRejected(`command.weapons[${k}]`, `${f.name} carries no weapon '${id}'`);
        if (w.kind === 'launcher') throw new CommandRejected(`command.weapons[${k}]`, `a launcher is readied with 'ready' (R-A2)`);
        hands += Math.max(1, w.hands);
        steps.push({ source: `${w.dropped ? 'pick up' : 'draw'} ${w.name}`, delta: 1, rule: 'R-A2' });
      });
      if (hands > 2) throw new CommandRejected('command.weapons', 'more than two hands of weapons');
      if (ids.length === 2 && !twoWeaponDex(f)) throw new CommandRejected('command.weapons', `${f.name}'s dexterity does not allow two weapons (R-A4)`);
      return { declared: { kind: 'draw', weapons: [...ids] }, steps };
    }
    case 'ready': {
      const w = f.weapons.find((x) => x.id === c.weapon);
      if (w?.kind !== 'launcher') throw new CommandRejected('command.weapon', `${f.name} has no launcher '${c.weapon}'`);
      if (w.ammo <= 0) throw new CommandRejected('command.weapon', `no ${w.missile} left for ${w.name}`);
      return { declared: { kind: 'ready', weapon: w.id }, steps: speed(f, s.now, w.sf, `ready ${w.name} (launcher)`) };
    }
    case 'cast': {
      const slot = f.spells.find((x) => x.spell === c.spell);
      if (!slot || slot.left <= 0) throw new CommandRejected('command.spell', `${f.name} has no '${c.spell}' left to cast`);
      if (s.now < f.spellLockUntil) {
        throw new CommandRejected('command.spell', `${f.name} is pausing after an offensive spell until segment ${f.spellLockUntil} (R-A7)`);
      }
      if (f.entangled) throw new CommandRejected('command.type', `${f.name} is entangled and can only struggle free`);
      const t = fig(s, c.target, 'command.target');
      const sp = SPELLS[c.spell];
      if (sp.effect.kind !== 'heal' && sp.effect.kind !== 'haste' && !canFight(t)) throw new CommandRejected('command.target', `${t.name} is down`);
      return { declared: { kind: 'cast', spell: c.spell, target: t.id }, steps: [{ source: `${sp.name} casting time ${sp.castingTime}`, delta: sp.castingTime, rule: 'R-A7' }] };
    }
    case 'wait': {
      const until = c.until ?? s.now + 1;
      if (until <= s.now) throw new CommandRejected('command.until', `segment ${until} is not after now (${s.now})`);
      return { declared: { kind: 'wait' }, steps: [{ source: `waits until segment ${until}`, delta: until - s.now, rule: 'R-A1' }], noDelay: true };
    }
    case 'struggle': {
      if (!f.entangled) throw new CommandRejected('command.type', `${f.name} is not entangled`);
      return { declared: { kind: 'struggle' }, steps: [{ source: 'struggle free of the entangling weapon', delta: s.options.struggleSegments, rule: 'R-A9' }] };
    }
    default:
      throw new CommandRejected('command.type', `'${c.type}' is not a declaration`);
  }
}

function declare(s: AdndState, f: Figure, c: Command, emit: E): void {
  const p = plan(s, f, c);
  const entries: LedgerEntry[] = f.freeWhy.length > 0 ? [...f.freeWhy] : [{ source: 'free', delta: s.now, rule: 'R-A1' }];
  // freeWhy sums to freeAt; a figure deciding later than that (held, surprised) starts from now.
  const base = entries.reduce((t, e) => t + e.delta, 0);
  if (base !== s.now) entries.push({ source: `decides in segment ${s.now}`, delta: s.now - base, rule: 'R-A1' });
  entries.push(...p.steps);
  if (f.parries > 0 && !p.noDelay) {
    entries.push({ source: `parry delay: ${f.parries} consecutive parr${f.parries === 1 ? 'y' : 'ies'}`, delta: parryDelay(f.parries), rule: 'R-A8' });
  }
  const t = ledger(entries);
  f.declared = p.declared;
  f.next = t.total;
  f.timing = t;
  if (emit) emit(ev(s, 'declare', { figure: f.id, action: p.declared, lands: f.next, landsRound: roundOf(f.next), landsSegment: segmentOfRound(f.next), timing: t }));
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
    const tf = CLASSES[f.cls].trueFighter ? (s.options.trueFighterBonus === 'per-level' ? 5 * f.level : 5) : 0;
    const chance = 5 * f.level + tf;
    const roll = dice.face(100);
    let at = 0;
    let d10: number | null = null;
    if (roll <= chance) {
      d10 = dice.face(10);
      at = s.now + d10 - 1;
      f.extraAt = at;
    }
    if (emit) {
      const why = ledger([
        { source: `5% x level ${f.level}`, delta: 5 * f.level, rule: 'R-A5' },
        ...(tf ? [{ source: `true fighter${s.options.trueFighterBonus === 'per-level' ? ' (5% x level, option)' : ''}`, delta: tf, rule: 'R-A5' }] : []),
      ]);
      emit(ev(s, 'extra-roll', { figure: f.id, roll, chance: why, d10, at, atSegment: at ? segmentOfRound(at) : null }));
    }
  }
}

function checkOver(s: AdndState, emit: E): boolean {
  const standing = new Set(s.figures.filter(canFight).map((f) => f.side));
  if (standing.size > 1) return false;
  s.phase = 'over';
  s.queue = [];
  s.winner = standing.size === 1 ? [...standing][0] : null;
  if (emit) emit(ev(s, 'end', { winner: s.winner, rounds: roundOf(s.now) }));
  return true;
}

function nextSegment(s: AdndState, dice: DiceSource, emit: E): void {
  s.now += 1;
  s.landing = [];
  if (segmentOfRound(s.now) === 1) {
    if (roundOf(s.now) > s.options.maxRounds) {
      s.now -= 1;
      s.phase = 'over';
      s.stalled = true;
      s.queue = [];
      if (emit) emit(ev(s, 'end', { winner: null, rounds: roundOf(s.now), stalled: true }));
      return;
    }
    startRound(s, dice, emit);
  }
  for (const f of s.figures) {
    if (f.heldUntil === s.now && canFight(f) && emit) emit(ev(s, 'status', { figure: f.id, status: 'hold ends' }));
  }
  s.phase = 'extra';
  s.queue = s.figures.filter((f) => f.extraAt === s.now && awake(f, s.now) && !f.entangled && attackWeapons(f).length > 0).map((f) => f.id);
}

/** Landing attacks this segment and who may parry them. */
function buildReact(s: AdndState, emit: E): void {
  for (const f of s.figures) {
    const d = f.declared;
    if (!d || f.next !== s.now || d.kind !== 'attack' || !canFight(f)) continue;
    let target = d.target;
    let retarget: string | null = null;
    if (d.mode === 'normal' && (target === null || !canFight(fig(s, target)))) {
      const w = f.weapons.find((x) => x.id === d.weapon);
      const t = bestTarget(s, f, w);
      retarget = target === null ? 'target chosen as the blow lands' : `${fig(s, target).name} is down; the blow turns to another enemy`;
      target = t ? t.id : null;
    }
    s.landing.push({ attacker: f.id, target, extra: false, retarget });
  }
  // Order: figure order, extras after the regular blows of the same figure.
  const order = new Map(s.figures.map((f, i) => [f.id, i]));
  s.landing.sort((a, b) => order.get(a.attacker)! - order.get(b.attacker)! || Number(a.extra) - Number(b.extra));
  if (emit) {
    const acting = s.figures.filter((f) => (f.declared && f.next === s.now && canFight(f)) || s.landing.some((l) => l.attacker === f.id && l.extra));
    if (acting.length > 0) {
      emit(
        ev(s, 'segment', {
          actors: acting.map((f) => ({
            figure: f.id,
            action: f.declared && f.next === s.now ? f.declared.kind : 'extra attack',
            why: f.declared && f.next === s.now ? f.timing : ledger([{ source: 'extra attack segment (d10)', delta: s.now, rule: 'R-A5' }]),
          })),
        }),
      );
    }
  }
  const targets = new Set(s.landing.map((l) => l.target).filter((t): t is string => t !== null));
  s.queue = s.figures.filter((f) => targets.has(f.id) && canReact(f, s.now)).map((f) => f.id);
}

function hurt(s: AdndState, t: Figure, amount: number, why: string, emit: E): void {
  const before = figureState(t, s.options);
  t.hp -= amount;
  const after = figureState(t, s.options);
  if (after !== before) {
    if (!canFight(t)) {
      t.parry = null;
      t.extraAt = 0;
    }
    if (emit) emit(ev(s, 'state', { figure: t.id, from: before, to: after, hp: t.hp, why }));
  }
}

function heal(s: AdndState, t: Figure, amount: number, emit: E): void {
  const before = figureState(t, s.options);
  t.hp = Math.min(t.maxHp, t.hp + amount);
  const after = figureState(t, s.options);
  if (after !== before && emit) emit(ev(s, 'state', { figure: t.id, from: before, to: after, hp: t.hp, why: 'healed' }));
}

/** Frees `f` now (its pending action lost): disarmed, entangled, held, parrying. */
function interrupt(s: AdndState, f: Figure, why: string, at = s.now): void {
  f.declared = null;
  f.timing = null;
  f.freeAt = at;
  f.freeWhy = [{ source: why, delta: at, rule: 'R-A1' }];
}

function applySwing(s: AdndState, a: Figure, t: Figure, r: SwingResult, emit: E): void {
  if (emit) emit(ev(s, 'attack', { ...r }));
  if (r.damage) hurt(s, t, r.damage.total, `${a.name}'s ${r.weapon}`, emit);
  if (r.drain) {
    // R-A10: drains are never multiplied by a critical.
    if (r.drain.kind === 'level') {
      t.drained.level += r.drain.amount;
      if (!t.monster) t.level = Math.max(0, t.level - r.drain.amount);
    } else {
      t.drained.strength += r.drain.amount;
      t.str = { score: Math.max(3, t.str.score - r.drain.amount), pct: 0 };
    }
    if (emit) emit(ev(s, 'drain', { figure: t.id, by: a.id, kind: r.drain.kind, amount: r.drain.amount }));
  }
  if (r.disarmed && t.hands.length > 0) {
    const w = t.weapons.find((x) => x.id === t.hands[0])!;
    w.ready = false;
    w.dropped = true;
    t.hands = t.hands.slice(1);
    if (emit) emit(ev(s, 'disarm', { figure: t.id, by: a.id, weapon: w.id }));
    const d = t.declared;
    if (d && d.kind === 'attack' && (d.weapon === w.id || d.offhand === w.id) && canFight(t)) interrupt(s, t, `disarmed in segment ${s.now}`);
    if (t.parry) t.parry = null;
  }
  if (r.entangled && canFight(t)) {
    t.entangled = true;
    t.parry = null;
    if (emit) emit(ev(s, 'entangle', { figure: t.id, by: a.id }));
    interrupt(s, t, `entangled in segment ${s.now}`);
  }
}

function resolveAttack(s: AdndState, a: Figure, d: Extract<Declared, { kind: 'attack' }> | null, extra: boolean, dice: DiceSource, emit: E): void {
  const l = s.landing.find((x) => x.attacker === a.id && x.extra === extra);
  const t = l?.target ? fig(s, l.target) : null;
  const lost = (why: string) => {
    if (emit) emit(ev(s, 'attack-lost', { figure: a.id, extra, why }));
  };
  if (!t) {
    lost('no standing enemy to strike');
    return;
  }
  if (!canFight(t)) {
    lost(`${t.name} already fell this segment`);
    return;
  }
  if (l?.retarget && emit) emit(ev(s, 'retarget', { figure: a.id, target: t.id, why: l.retarget }));
  const ws = attackWeapons(a);
  const w = d ? a.weapons.find((x) => x.id === d.weapon) : ws[0];
  if (!w || (w.kind !== 'natural' && !a.hands.includes(w.id))) {
    lost('its weapon is no longer in hand');
    return;
  }
  if (w.kind === 'launcher') {
    if (w.ammo <= 0) {
    lost(`no ${w.missile} left`);
    return;
  }
    w.ammo -= 1;
    w.nocked = false;
  }
  const mode = d?.mode ?? 'normal';
  if (mode === 'disarm' && !disarmMethod(w, t)) {
    lost(`${t.name} holds nothing ${w.name} can disarm`);
    return;
  }
  const offId = d ? d.offhand : null;
  const off = offId && a.hands.includes(offId) ? a.weapons.find((x) => x.id === offId) : undefined;
  const twoInHand = a.hands.length === 2 && a.hands.every((h) => a.weapons.find((x) => x.id === h)?.hands === 1);
  const role = off ? 'primary' : twoInHand && w.kind === 'melee' ? 'primary' : 'alone';
  applySwing(s, a, t, swing(a, t, w, role, mode, s.options, dice), emit);
  if (off && canFight(t)) applySwing(s, a, t, swing(a, t, off, 'secondary', 'normal', s.options, dice), emit);
}

function castSpell(s: AdndState, f: Figure, d: Extract<Declared, { kind: 'cast' }>, dice: DiceSource, emit: E): void {
  const sp = SPELLS[d.spell];
  const slot = f.spells.find((x) => x.spell === d.spell)!;
  slot.left -= 1;
  const t = fig(s, d.target);
  const level = f.monster ? Math.floor(f.hd) : f.level;
  const pause = sp.offensive ? spellPause(s, f) : 0;
  if (sp.offensive) f.spellLockUntil = s.now + pause;
  if (emit) emit(ev(s, 'cast', { figure: f.id, spell: sp.id, target: t.id, offensive: sp.offensive, pauseUntil: sp.offensive ? f.spellLockUntil : null, pause }));
  const e = sp.effect;
  switch (e.kind) {
    case 'missiles': {
      const n = Math.max(1, Math.ceil(level / (e.levelsPerMissile ?? 2)));
      if (!canFight(t)) break;
      for (let i = 0; i < n; i++) {
        const r = rollDice(spec(e.damage!), dice);
        if (emit) emit(ev(s, 'spell-damage', { figure: t.id, spell: sp.id, damage: ledger([{ source: `missile ${i + 1}: ${e.damage} [${r.faces.join(', ')}]`, delta: r.total, rule: 'adnd-phb' }]) }));
        hurt(s, t, r.total, sp.name, emit);
      }
      break;
    }
    case 'damage': {
      const n = Math.min(level, e.maxDice ?? level);
      const r = rollDice({ n, sides: e.diePerLevel ?? 6, plus: 0 }, dice);
      const victims = e.area === 'side' ? s.figures.filter((x) => x.side === t.side && x.hp > -10) : [t];
      for (const v of victims) {
        const sv = savingThrow(v, e.save ?? 'spell', [], dice);
        const dmg = sv.saved ? Math.floor(r.total / 2) : r.total;
        if (emit) {
          emit(
            ev(s, 'spell-damage', {
              figure: v.id,
              spell: sp.id,
              save: sv,
              damage: ledger([
                { source: `${n}d${e.diePerLevel} [${r.faces.join(', ')}]`, delta: r.total, rule: 'adnd-phb' },
                ...(sv.saved ? [{ source: 'saved: half', delta: dmg - r.total, rule: 'adnd-phb' }] : []),
              ]),
            }),
          );
        }
        hurt(s, v, dmg, sp.name, emit);
      }
      break;
    }
    case 'haste':
      t.hastedUntil = s.now + ((e.baseRounds ?? 3) + level) * 10;
      if (emit) emit(ev(s, 'status', { figure: t.id, status: 'hasted', until: t.hastedUntil }));
      break;
    case 'slow':
    case 'hold': {
      const sv = savingThrow(t, e.save ?? 'spell', [], dice);
      if (sv.saved) {
        if (emit) emit(ev(s, 'status', { figure: t.id, status: `resists ${sp.name}`, save: sv }));
        break;
      }
      const until = s.now + ((e.baseRounds ?? 3) + level) * 10;
      if (e.kind === 'slow') t.slowedUntil = until;
      else {
        t.heldUntil = until;
        t.parry = null;
        interrupt(s, t, `held until segment ${until}`, until);
      }
      if (emit) emit(ev(s, 'status', { figure: t.id, status: e.kind === 'slow' ? 'slowed' : 'held', until, save: sv }));
      break;
    }
    case 'heal': {
      const r = rollDice(spec(e.damage!), dice);
      if (emit) emit(ev(s, 'heal', { figure: t.id, spell: sp.id, amount: r.total, faces: r.faces }));
      heal(s, t, r.total, emit);
      break;
    }
    default:
      if (emit) emit(ev(s, 'status', { figure: t.id, status: `${sp.name} (effect left to the GM)` }));
  }
}

function resolveSegment(s: AdndState, dice: DiceSource, emit: E): void {
  // Snapshot: everyone whose action lands now acts, even if struck down in this same segment (R-A1).
  const acts = s.figures
    .filter((f) => f.declared !== null && f.next === s.now && canFight(f))
    .map((f) => ({ f, d: f.declared! }));
  const extras = s.landing.filter((l) => l.extra).map((l) => fig(s, l.attacker));
  for (const f of s.figures) {
    const a = acts.find((x) => x.f === f);
    if (a) {
      const d = a.d;
      if (d.kind === 'attack') resolveAttack(s, f, d, false, dice, emit);
      else if (d.kind === 'draw') {
        for (const h of f.hands) {
          const w = f.weapons.find((x) => x.id === h);
          if (w) w.ready = false;
        }
        f.hands = [...d.weapons];
        for (const id of d.weapons) {
          const w = f.weapons.find((x) => x.id === id)!;
          w.ready = true;
          w.dropped = false;
        }
        if (emit) emit(ev(s, 'draw', { figure: f.id, weapons: d.weapons }));
      } else if (d.kind === 'ready') {
        const w = f.weapons.find((x) => x.id === d.weapon)!;
        for (const h of f.hands) {
          const o = f.weapons.find((x) => x.id === h);
          if (o) o.ready = false;
        }
        f.hands = [w.id];
        w.ready = true;
        w.dropped = false;
        if (emit) emit(ev(s, 'ready', { figure: f.id, weapon: w.id }));
      } else if (d.kind === 'cast') castSpell(s, f, d, dice, emit);
      else if (d.kind === 'struggle') {
        const sv = savingThrow(f, 'petrification', [], dice);
        if (sv.saved) f.entangled = false;
        if (emit) emit(ev(s, 'struggle', { figure: f.id, save: sv, free: sv.saved }));
      }
      // The action has landed: the figure is free again; a parry ends with its next action (R-A8).
      if (f.declared === d) {
        f.declared = null;
        f.timing = null;
        f.freeAt = s.now;
        f.freeWhy = [{ source: `${d.kind === 'wait' ? 'waited' : d.kind} landed in segment ${s.now}`, delta: s.now, rule: 'R-A1' }];
      }
      f.parries = 0;
      f.parry = null;
    }
    if (extras.includes(f)) {
      resolveAttack(s, f, null, true, dice, emit);
      f.parries = 0;
      f.parry = null;
    }
  }
  for (const f of s.figures) {
    if (!canFight(f)) {
      f.declared = null;
      f.timing = null;
    }
  }
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
      s.queue = declareQueue(s);
    } else {
      if (checkOver(s, emit)) return;
      nextSegment(s, dice, emit);
    }
  }
}

// ---------------------------------------------------------------- commands

function begin(s: AdndState, dice: DiceSource, emit: E): void {
  if (emit) emit(ev(s, 'begin', { name: s.name, figures: s.figures.map((f) => f.id) }));
  for (const f of s.figures) f.freeWhy = [{ source: 'start of the encounter', delta: 0, rule: 'R-A1' }];
  for (const sp of s.surprise) {
    const roll = sp.roll ?? dice.face(100);
    const results = [];
    for (const f of s.figures) {
      if (f.side !== sp.side) continue;
      const segs = surpriseSegments(f.surpriseChance, roll);
      f.surprised = segs;
      f.freeAt = segs;
      if (segs > 0) f.freeWhy.push({ source: `surprised ${segs} segments (d100 ${roll} <= ${f.surpriseChance}%)`, delta: segs, rule: 'R-A3' });
      results.push({ figure: f.id, chance: f.surpriseChance, segments: segs });
    }
    if (emit) emit(ev(s, 'surprise', { side: sp.side, roll, rolled: sp.roll === null, results }));
  }
  s.phase = 'declare';
  s.queue = declareQueue(s);
}

const DECLARATIONS = new Set(['attack', 'draw', 'ready', 'drop', 'cast', 'wait', 'struggle']);

function sameCommand(a: Command, b: Command): boolean {
  const strip = (c: Command) => JSON.stringify(Object.entries(c).filter(([k]) => k !== 'at').sort(([x], [y]) => (x < y ? -1 : 1)));
  return strip(a) === strip(b);
}

/** The figure's scripted command for this decision, with its index in the script (-1: made up). */
export function scriptPick(s: AdndState, f: Figure): { command: Command; index: number } | null {
  if (f.script.length === 0) return null;
  if (s.phase === 'react') {
    const i = f.script.findIndex((c) => (c.type === 'parry' || c.type === 'pass') && c.at === s.now);
    if (i >= 0) return { command: f.script[i], index: i };
    return { command: { type: 'pass', figure: f.id }, index: -1 };
  }
  if (s.phase !== 'declare') return null;
  const i = f.script.findIndex((c) => DECLARATIONS.has(c.type));
  if (i < 0) return null;
  const c = f.script[i] as Command & { at?: number };
  if (c.at !== undefined && c.at > s.now) return { command: { type: 'wait', figure: f.id, until: c.at }, index: -1 };
  const { at: _at, ...rest } = c;
  return { command: rest as Command, index: i };
}

function apply(s: AdndState, c: Command, dice: DiceSource, emit: E): void {
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
  const at = (c as { at?: number }).at;
  if (at !== undefined && at !== s.now) throw new CommandRejected('command.at', `this command is for segment ${at}; it is segment ${s.now}`);
  const pick = scriptPick(s, f);
  const done = () => {
    if (pick && pick.index >= 0 && sameCommand(pick.command, c)) f.script.splice(pick.index, 1);
    s.queue = s.queue.filter((id) => id !== f.id);
  };
  if (s.phase === 'extra') {
    if (c.type === 'pass') {
      f.extraAt = 0;
      done();
    } else if (c.type === 'attack') {
      let target: string | null = null;
      if (c.target !== undefined) {
        const t = fig(s, c.target, 'command.target');
        if (t.side === f.side || !canFight(t)) throw new CommandRejected('command.target', `${t.name} is not a standing enemy`);
        target = t.id;
      } else target = bestTarget(s, f, attackWeapons(f)[0])?.id ?? null;
      if (c.weapon !== undefined || c.mode === 'disarm') throw new CommandRejected('command.weapon', 'an extra attack strikes with the weapon in hand (R-A5)');
      s.landing.push({ attacker: f.id, target, extra: true, retarget: null });
      if (emit) emit(ev(s, 'extra-attack', { figure: f.id, target }));
      done();
    } else throw new CommandRejected('command.type', `an extra attack is taken with 'attack' or declined with 'pass', not '${c.type}'`);
  } else if (s.phase === 'react') {
    if (c.type === 'pass') done();
    else if (c.type === 'parry') {
      const attackers = s.landing.filter((l) => l.target === f.id).map((l) => l.attacker);
      if (!attackers.includes(c.against)) {
        throw new CommandRejected('command.against', `${c.against} is not striking ${f.name} this segment (attackers: ${attackers.join(', ')})`);
      }
      const p = parryWith(f)!;
      f.parry = { against: c.against, ac: p.ac };
      if (!p.keepsAttack) {
        // R-A8: the parry replaces the figure's action; its next action comes SF + 2 per consecutive parry later.
        f.parries += 1;
        interrupt(s, f, `parried in segment ${s.now}`);
      }
      if (emit) {
        emit(
          ev(s, 'parry', {
            figure: f.id,
            against: c.against,
            weapon: p.weapon.id,
            ac: ledger([
              { source: `proficiencies in ${p.weapon.name}`, delta: p.weapon.weapon ? (f.proficiencies[p.weapon.weapon] ?? 0) : 0, rule: 'R-A8' },
              { source: `${p.weapon.name} to-hit magic`, delta: p.weapon.magicHit, rule: 'R-A8' },
              ...(p.weapon.weapon && WEAPONS[p.weapon.weapon].parryBonus ? [{ source: 'parrying weapon bonus', delta: WEAPONS[p.weapon.weapon].parryBonus, rule: 'R-A9' }] : []),
            ]),
            consecutive: f.parries,
            delay: p.keepsAttack ? 0 : parryDelay(f.parries),
            keepsAttack: p.keepsAttack,
          }),
        );
      }
      done();
    } else throw new CommandRejected('command.type', `now ${f.name} may only 'parry' or 'pass'`);
  } else {
    if (c.type === 'drop') {
      const w = f.weapons.find((x) => x.id === c.weapon);
      if (!w || !f.hands.includes(w.id)) throw new CommandRejected('command.weapon', `${f.name} holds no '${c.weapon}'`);
      // Dropping takes no time (R-A2): the figure still declares this segment.
      f.hands = f.hands.filter((h) => h !== w.id);
      w.ready = false;
      w.dropped = true;
      if (emit) emit(ev(s, 'drop', { figure: f.id, weapon: w.id }));
      if (pick && pick.index >= 0 && sameCommand(pick.command, c)) f.script.splice(pick.index, 1);
      return;
    }
    if (c.type === 'parry' || c.type === 'pass') throw new CommandRejected('command.type', `'${c.type}' answers a blow; now ${f.name} declares an action`);
    declare(s, f, c, emit);
    done();
  }
  advance(s, dice, emit);
}

function pending(s: AdndState): Pending | null {
  if (s.phase === 'over') return null;
  if (s.phase === 'begin') return { figures: [], kind: 'begin' };
  const kind = s.phase === 'extra' ? 'extra-attack' : s.phase === 'react' ? 'parry' : 'action';
  return { figures: [...s.queue], kind };
}

function decide(s: AdndState): Command {
  const p = pending(s);
  if (!p) throw new CommandRejected('command', 'the encounter is over');
  if (p.kind === 'begin') return { type: 'begin' };
  const f = fig(s, p.figures[0]);
  const pick = scriptPick(s, f);
  if (pick) return pick.command;
  if (s.phase === 'react') return aiReact(s, f);
  if (s.phase === 'extra') return aiExtra(s, f);
  return aiDeclare(s, f);
}

function summary(s: AdndState): Summary {
  return {
    type: 'summary',
    winner: s.winner,
    turns: roundOf(s.now),
    figures: s.figures.map((f) => ({
      id: f.id,
      name: f.name,
      side: f.side,
      state: figureState(f, s.options),
      hp: f.hp,
      maxHp: f.maxHp,
      ...(f.cls ? { class: f.cls, level: f.level } : { hd: f.hdLabel }),
    })),
  };
}

/** The pending decision comes from a scenario script (fray explain plays scripts, then stops). */
function scripted(s: AdndState): boolean {
  const p = pending(s);
  if (!p) return false;
  if (p.kind === 'begin') return s.figures.some((f) => f.script.length > 0);
  const pick = scriptPick(s, fig(s, p.figures[0]));
  return pick !== null && (pick.index >= 0 || pick.command.type === 'wait');
}

export const adndSystem: GameSystem<AdndState, Command, AdndEvent> = {
  id: 'adnd',
  setup: setupScenario,
  parseCommand: (raw) => parseCommand(raw),
  apply,
  pending,
  decide,
  clone: (s) => structuredClone(s),
  summary,
  explain: explainState,
  describe: describeEvent,
  scripted,
  scenarioJsonSchema: () => z.toJSONSchema(scenarioSchema, { io: 'input' }),
};
