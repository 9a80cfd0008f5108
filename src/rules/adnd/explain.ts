// `explain` for AD&D: for every figure its AC, its to-hit table for every way it can hold its
// weapons (the seed's Frito/Rocky tables), its options with ledgers and exact odds, and the
// schedule: for every coming segment, who acts there and why (each step of the sum).
import { type Ledger, type LedgerEntry, ledger } from '../../core/ledger.ts';
import { type DisplayNames, displayNames, nameOf } from '../../engine/names.ts';
import type { ExplainReport } from '../../engine/types.ts';
import { attackWeapons, enemies, firstAttackWeapon, parryWith } from './ai.ts';
import { adjustSpeed, inSegment, roundOf, segmentOfRound } from './clock.ts';
import { actsIn, canFight, confirmFaces, criticalRow, criticalThreshold, criticalsOn, disarmSaveInto, disarmTarget, entangleSaveInto, figureState, maxDamage, meanDamage, saveChance } from './combat.ts';
import { spellName, weaponName } from './describe.ts';
import type { AdndState, Command, Figure, WeaponItem } from './model.ts';
import { SPELLS, WEAPONS, saveNeed } from './tables.ts';
import { count } from '../words.ts';
import { explainText } from './text.ts';
import { timingLedger } from './timing.ts';
import { cloneState } from './clone.ts';
import { goneOf } from './leave.ts';
import { declareAt, hasted, plan, slowed } from './plan.ts';
import { spellOdds } from './spells.ts';
import { choiceOf } from './system.ts';
import { type Role, armourClass, attackBonus, hitChance, hits, needLedger, offhandOf, singleBlowRole, weaponById, wieldingTable, wieldings } from './tohit.ts';

export interface SwingOdds {
  weapon: string;
  role: Role;
  bonus: Ledger;
  ac: Ledger;
  need: Ledger;
  /** Exact probability of a hit on one d20. */
  hit: number;
  /** Probability of a confirmed critical. */
  critical: number;
  /** Expected damage of the swing, criticals included. */
  expectedDamage: number;
}

/** Exact odds of one swing (d20 faces counted; criticals R-A10 with their third-roll table). */
export function swingOdds(s: AdndState, a: Figure, t: Figure, w: WeaponItem, role: Role): SwingOdds {
  const bonus = attackBonus(a, w, role);
  const ac = armourClass(t, a.id);
  const need = needLedger(a, ac.total);
  const nat = s.options.naturalRolls;
  const mean = meanDamage(a, w, t.size);
  const max = maxDamage(a, w, t.size).total;
  // R-A10 switch: with criticals off a natural 20 is a normal hit (nothing confirms).
  const pConfirm = criticalsOn(s.options) ? confirmFaces(criticalThreshold(a).value) / 20 : 0;
  const parryMinus = t.parry && t.parry.against === a.id ? 3 : 0;
  let multMean = 0;
  for (let r = 1; r <= 20; r++) multMean += criticalRow(Math.max(1, r - parryMinus), s.options).multiplier / 20;
  let pHit = 0;
  let pCrit = 0;
  let exp = 0;
  for (let f = 1; f <= 20; f++) {
    if (!hits(f, bonus.total, need.total, nat)) continue;
    pHit += 1 / 20;
    if (f === 20) {
      pCrit += pConfirm / 20;
      exp += (pConfirm * multMean * max + (1 - pConfirm) * mean) / 20;
    } else exp += mean / 20;
  }
  return { weapon: w.id, role, bonus, ac, need, hit: pHit, critical: pCrit, expectedDamage: exp };
}

/**
 * Exact odds of a hit to disarm (R-A9, seed 3380eb42): a hit on AC 0 with dexterity and weapon
 * plusses only, then the target fails its save vs petrification (strength, dexterity and the
 * better magic of the weapon aimed at: combat.ts's numbers). Aimed at `aim` (an id in `t`'s
 * hands), else at the first it can disarm; null when `w` cannot disarm that weapon, or any `t` holds.
 */
export function disarmOdds(s: AdndState, a: Figure, t: Figure, w: WeaponItem, aim?: string) {
  const aimed = disarmTarget(w, t, aim);
  if (!aimed) return null;
  const bonus = attackBonus(a, w, singleBlowRole(a, w), true);
  const need = needLedger(a, 0, true);
  const hit = hitChance(bonus.total, need.total, s.options.naturalRolls);
  const mods: LedgerEntry[] = [];
  const saves = saveChance(t, 'petrification', disarmSaveInto(t, aimed.weapon, mods));
  return { aimedAt: aimed.weapon, method: aimed.method, bonus, need, saveNeed: saveNeed(t, 'petrification').value, saveMods: ledger(mods), hit, saveChance: saves, disarmChance: hit * (1 - saves) };
}

/**
 * Exact odds that an attack entangles `t` (R-A9, seed 3380eb42): each swing of an entangling
 * weapon (a whip, a net) hits and `t` fails its save vs petrification; with two such swings,
 * either one. Null when no swing's weapon entangles.
 */
export function entangleOdds(a: Figure, t: Figure, swings: SwingOdds[]) {
  const tangling = swings.filter((x) => {
    const id = weaponById(a, x.weapon)?.weapon;
    return id ? WEAPONS[id]?.entangles === true : false;
  });
  if (tangling.length === 0) return null;
  const mods: LedgerEntry[] = [];
  const saves = saveChance(t, 'petrification', entangleSaveInto(t, mods));
  const free = tangling.reduce((p, x) => p * (1 - x.hit * (1 - saves)), 1);
  return { saveNeed: saveNeed(t, 'petrification').value, saveMods: ledger(mods), saveChance: saves, entangleChance: 1 - free };
}

// ---------------------------------------------------------------- options
//
// The options of a figure the game waits for (in s.queue) are exactly commands apply takes in
// the current phase, each with its `command`: declaring (attack, draw, ready, cast, wait,
// struggle, drop), an extra attack (attack a standing enemy with the weapon in hand, or pass),
// a blow about to land (parry one attacker, or pass). Every other figure's options are what it
// could declare when next free, marked `preview: true` (planning; not legal now).

const pct = (p: number) => `${(p * 100).toFixed(0)}%`;
const num = (x: number) => (Number.isInteger(x) ? String(x) : x.toFixed(1));

/** The name of `f`'s weapon `id` for people: the item's own ("long sword", a scenario's "Frostbrand"), else the table's. */
const itemName = (f: Figure, id: string): string => weaponById(f, id)?.name ?? weaponName(id);

const signed = (n: number) => `${n >= 0 ? '+' : '-'} ${Math.abs(n)}`;
const swingText = (f: Figure, x: SwingOdds) => `${itemName(f, x.weapon)} d20 ${signed(x.bonus.total)} vs ${x.need.total} (${pct(x.hit)})`;

/** Whether `c` is a declaration `f` may make now (plan.ts throws the reason otherwise). */
function declarable(s: AdndState, f: Figure, c: Command): boolean {
  try {
    plan(s, f, c);
    return true;
  } catch {
    return false;
  }
}

function attackOptions(s: AdndState, f: Figure, names: DisplayNames): unknown[] {
  const out: unknown[] = [];
  const ws = attackWeapons(f);
  for (const t of enemies(s, f)) {
    for (const w of ws) {
      const command: Command = { type: 'attack', figure: f.id, target: t.id, weapon: w.id };
      if (!declarable(s, f, command)) continue;
      const ow = offhandOf(f, w);
      const two = ow !== undefined;
      const swings = ow ? [swingOdds(s, f, t, w, 'primary'), swingOdds(s, f, t, ow, 'secondary')] : [swingOdds(s, f, t, w, 'alone')];
      // R-A9: an entangling weapon's hit entangles unless the target saves; its chance and the save's ledger.
      const e = entangleOdds(f, t, swings);
      const tangle = e ? `, then its save vs petrification d20 ${signed(e.saveMods.total)} vs ${e.saveNeed} (${pct(e.saveChance)}): entangled ${pct(e.entangleChance)}` : '';
      out.push({
        kind: 'attack',
        label: `attack ${nameOf(names, t.id)} with ${swings.map((x) => swingText(f, x)).join(', ')}${tangle}`,
        command,
        target: t.id,
        weapon: w.id,
        twoWeapons: two,
        swings,
        expectedDamage: swings.reduce((x, y) => x + y.expectedDamage, 0),
        ...(e ? { saveChance: e.saveChance, entangleChance: e.entangleChance, ledgers: { entangleSave: e.saveMods }, rule: 'R-A9' } : {}),
      });
      // R-A9: a hit to disarm at each weapon the target holds that this one can disarm: the attacker
      // picks (the save counts the aimed weapon's magic); the command names it.
      for (const aim of t.hands) {
        const disarm: Command = { ...command, mode: 'disarm', aim };
        const d = disarmOdds(s, f, t, w, aim);
        if (!d || !declarable(s, f, disarm)) continue;
        const sv = d.saveMods.total;
        out.push({
          kind: 'attack',
          label: `hit to disarm ${nameOf(names, t.id)}'s ${d.aimedAt.name} with ${itemName(f, w.id)} (${d.method}): d20 ${signed(d.bonus.total)} vs ${d.need.total} (${pct(d.hit)}), then its save vs petrification d20 ${signed(sv)} vs ${d.saveNeed} (${pct(d.saveChance)}): disarmed ${pct(d.disarmChance)}`,
          command: disarm,
          target: t.id,
          weapon: w.id,
          mode: 'disarm',
          aimedAt: d.aimedAt.id,
          hit: d.hit,
          saveChance: d.saveChance,
          disarmChance: d.disarmChance,
          ledgers: { disarmBonus: d.bonus, disarmNeed: d.need, disarmSave: d.saveMods },
          rule: 'R-A9',
        });
      }
    }
  }
  return out;
}

/** Everything `f` may declare now (or, for a figure not asked now, could declare when free). */
function declareOptions(s: AdndState, f: Figure, names: DisplayNames): unknown[] {
  if (!canFight(f)) return [];
  const out: unknown[] = [];
  if (f.entangled) {
    out.push({ kind: 'struggle', label: 'struggle free (save vs petrification)', command: { type: 'struggle', figure: f.id }, rule: 'R-A9' });
  }
  out.push(...attackOptions(s, f, names));
  for (const w of f.weapons) {
    if (w.kind === 'melee' && !f.hands.includes(w.id)) {
      const command: Command = { type: 'draw', figure: f.id, weapons: [w.id] };
      if (declarable(s, f, command)) out.push({ kind: 'draw', label: `draw ${w.name} (1 segment)`, command, weapon: w.id, segments: 1, rule: 'R-A2' });
    }
    if (w.kind === 'launcher' && !f.hands.includes(w.id)) {
      const command: Command = { type: 'ready', figure: f.id, weapon: w.id };
      if (!declarable(s, f, command)) continue;
      // R-A6: haste or slow changes both speed factors, the launcher's and the missile's.
      const h = hasted(f, s.now);
      const sl = slowed(f, s.now);
      const adj = adjustSpeed(w.sf, h, sl);
      const every = adjustSpeed(WEAPONS[w.missile!].sf, h, sl).sf;
      out.push({ kind: 'ready', label: `ready ${w.name} (${count(adj.sf, 'segment')}, then a shot every ${every})`, command, weapon: w.id, segments: adj.sf, thenEvery: every, rule: 'R-A2' });
    }
  }
  for (const sl of f.spells) {
    if (sl.left <= 0) continue;
    const sp = SPELLS[sl.spell];
    const pool = sp.offensive ? enemies(s, f) : s.figures.filter((o) => o.side === f.side);
    for (const t of pool) {
      const command: Command = { type: 'cast', figure: f.id, spell: sp.id, target: t.id };
      if (!declarable(s, f, command)) continue;
      // Damage spells: the exact expected damage with its ledger (spells.ts, the numbers castSpell rolls).
      const odds = spellOdds(s, f, sp, t);
      out.push({
        kind: 'cast',
        label: `cast ${sp.name} at ${nameOf(names, t.id)} (casting time ${sp.castingTime}${sp.offensive ? ', offensive' : ''}; ${sl.left} left)${odds ? `: expected damage ${num(odds.expectedDamage)}` : ''}`,
        command,
        spell: sp.id,
        target: t.id,
        castingTime: sp.castingTime,
        offensive: sp.offensive,
        left: sl.left,
        ...odds,
        rule: 'R-A7',
      });
    }
  }
  out.push({ kind: 'wait', label: 'wait: declare again next segment', command: { type: 'wait', figure: f.id }, rule: 'R-A1' });
  for (const h of f.hands) {
    const w = weaponById(f, h);
    if (w) out.push({ kind: 'drop', label: `drop ${w.name} (no time; then declare)`, command: { type: 'drop', figure: f.id, weapon: w.id }, weapon: w.id, rule: 'R-A2' });
  }
  return out;
}

/** An extra attack due now (R-A5): at a standing enemy with the weapon in hand, or pass. */
function extraOptions(s: AdndState, f: Figure, names: DisplayNames): unknown[] {
  const out: unknown[] = [];
  const w = firstAttackWeapon(f);
  if (w) {
    const role = singleBlowRole(f, w);
    for (const t of enemies(s, f)) {
      const sw = swingOdds(s, f, t, w, role);
      out.push({ kind: 'attack', label: `extra attack on ${nameOf(names, t.id)} with ${swingText(f, sw)}`, command: { type: 'attack', figure: f.id, target: t.id }, target: t.id, weapon: w.id, swings: [sw], expectedDamage: sw.expectedDamage, rule: 'R-A5' });
    }
  }
  out.push({ kind: 'pass', label: 'let the extra attack go', command: { type: 'pass', figure: f.id }, rule: 'R-A5' });
  return out;
}

/** A parry's numbers (R-A8): the AC gained and the next action's delay, each with its ledger (parryWith's). */
function parryNumbers(p: NonNullable<ReturnType<typeof parryWith>>) {
  return {
    weapon: p.weapon.id,
    acImprovement: p.ac.total,
    keepsAttack: p.keepsAttack,
    nextDelay: p.delay.total,
    ledgers: { acImprovement: p.ac, nextDelay: p.delay },
    rule: 'R-A8',
  };
}

/** Blows about to land on `f` (R-A8): parry one attacker, or take them. */
function reactOptions(s: AdndState, f: Figure, names: DisplayNames): unknown[] {
  const out: unknown[] = [];
  const p = parryWith(f);
  const seen = new Set<string>();
  for (const l of s.landing) {
    if (l.target !== f.id || seen.has(l.attacker) || !p) continue;
    seen.add(l.attacker);
    out.push({
      kind: 'parry',
      label: `parry ${nameOf(names, l.attacker)}${l.extra ? ' (extra attack)' : ''} with ${p.weapon.name}: AC ${p.ac.total} better against it${p.keepsAttack ? '' : `, next action +${p.delay.total} segments`}`,
      command: { type: 'parry', figure: f.id, against: l.attacker },
      against: l.attacker,
      ...parryNumbers(p),
    });
  }
  out.push({ kind: 'pass', label: 'take the blows without parrying', command: { type: 'pass', figure: f.id }, rule: 'R-A8' });
  return out;
}

/** The options of `f` now (see the note above); figures in the labels by `names` (displayNames). */
export function optionsOf(s: AdndState, f: Figure, names: DisplayNames = displayNames(s.figures)): unknown[] {
  if (s.queue.includes(f.id)) {
    if (s.phase === 'react') return reactOptions(s, f, names);
    if (s.phase === 'extra') return extraOptions(s, f, names);
    if (s.phase === 'declare') return declareOptions(s, f, names);
  }
  return declareOptions(s, f, names).map((o) => ({ ...(o as object), preview: true }));
}

/** R-A10: the confirmation of `f`'s criticals: the threshold as a sum and the d20's faces that confirm; null with criticals off. */
export function criticalOf(s: AdndState, f: Figure): { threshold: Ledger; faces: number } | null {
  if (!criticalsOn(s.options)) return null;
  const th = criticalThreshold(f);
  return { threshold: th.ledger, faces: confirmFaces(th.value) };
}

/** How `f` would parry now (R-A8), for planning: the weapon, the AC gained, the delay it costs. */
function parryInfo(f: Figure): unknown {
  const p = parryWith(f);
  return p && parryNumbers(p);
}

/** What `f` has declared, for people: "attack Orc (orc2) with long sword", "cast magic missile at Ogre". */
function describeDeclared(s: AdndState, f: Figure, names: DisplayNames): string {
  const d = f.declared;
  if (!d) return 'free';
  switch (d.kind) {
    case 'attack': {
      const t = d.target ? nameOf(names, d.target) : 'the best target';
      // R-A9: the weapon a hit to disarm is aimed at, where the declaration names it.
      const tf = s.figures.find((o) => o.id === d.target);
      const aimed = d.aim === undefined ? '' : `'s ${tf ? itemName(tf, d.aim) : weaponName(d.aim)}`;
      return `${d.mode === 'disarm' ? 'hit to disarm' : 'attack'} ${t}${aimed} with ${itemName(f, d.weapon)}${d.offhand ? ` and ${itemName(f, d.offhand)}` : ''}`;
    }
    case 'draw':
      return `draw ${d.weapons.map((w) => itemName(f, w)).join(' and ')}`;
    case 'ready':
      return `ready ${itemName(f, d.weapon)}`;
    case 'cast':
      return `cast ${spellName(d.spell)} at ${nameOf(names, d.target)}`;
    default:
      return d.kind;
  }
}

export interface ScheduleStep {
  segment: number;
  round: number;
  segmentOfRound: number;
  figure: string;
  action: string;
  why: LedgerEntry[];
  projected: boolean;
}

/** Projected blows after a declared attack: every speed factor, if the figure keeps attacking. */
function repeats(f: Figure, action: string, until: number, out: ScheduleStep[]): void {
  const d = f.declared;
  if (d?.kind !== 'attack') return;
  const w = weaponById(f, d.weapon)!;
  const off = d.offhand ? weaponById(f, d.offhand) : undefined;
  const sfBase = w.kind === 'launcher' ? WEAPONS[w.missile!].sf : off ? Math.max(w.sf, off.sf) : w.sf;
  let at = f.next;
  for (;;) {
    const adj = adjustSpeed(sfBase, hasted(f, at), slowed(f, at));
    at += adj.sf;
    if (at > until) break;
    out.push({
      segment: at,
      round: roundOf(at),
      segmentOfRound: segmentOfRound(at),
      figure: f.id,
      action: `${action} (if it keeps attacking)`,
      why: [{ source: `previous attack ${inSegment(at - adj.sf)}`, delta: at - adj.sf, rule: 'R-A2' }, { source: `speed factor ${sfBase}`, delta: sfBase, rule: 'R-A2' }, ...adj.entries],
      projected: true,
    });
  }
}

/**
 * What a free figure would declare (decide()'s choice: its script's entry, unless the fight has
 * overtaken it, else the AI) and where that would land, on a copy of the state where it
 * declares when free: the schedule shows it as projected, with its timing ledger.
 */
function projection(s: AdndState, i: number): { f: Figure; copy: AdndState } | null {
  const f = s.figures[i];
  if (f.declared !== null || !canFight(f) || s.phase === 'over') return null;
  const copy = cloneState(s);
  const g = copy.figures[i];
  if (s.phase === 'begin') g.freeReason = 'start';
  const at = Math.max(s.now, g.freeAt, g.heldUntil);
  copy.now = at;
  const c = choiceOf({ ...copy, phase: 'declare', queue: [g.id] }, g);
  try {
    declareAt(copy, g, c, at);
  } catch {
    return null;
  }
  return { f: g, copy };
}

/**
 * The coming segments: who acts, in order, each with the steps that put it there. Declared
 * actions are firm; a free figure's next action (script or AI, "if declared now") and repeated
 * blows are projected.
 */
export function schedule(s: AdndState, horizon = 20, names: DisplayNames = displayNames(s.figures)): ScheduleStep[] {
  const out: ScheduleStep[] = [];
  const until = s.now + horizon;
  s.figures.forEach((f, i) => {
    if (f.hp <= 0) return;
    if (f.declared) {
      const timing = timingLedger(s, f)!;
      const action = describeDeclared(s, f, names);
      out.push({ segment: f.next, round: roundOf(f.next), segmentOfRound: segmentOfRound(f.next), figure: f.id, action, why: timing.entries, projected: false });
      repeats(f, action, until, out);
    } else {
      const p = projection(s, i);
      if (p && p.f.next <= until) {
        const action = `${describeDeclared(s, p.f, names)} (if declared ${inSegment(p.f.declaredAt)})`;
        out.push({ segment: p.f.next, round: roundOf(p.f.next), segmentOfRound: segmentOfRound(p.f.next), figure: f.id, action, why: timingLedger(p.copy, p.f)!.entries, projected: true });
        repeats(p.f, describeDeclared(s, p.f, names), until, out);
      }
    }
    // An extra attack falling in a surprised or held segment is lost (as in the system: actsIn).
    if (f.extraAt > 0 && actsIn(f, f.extraAt) && (f.extraAt > s.now || (f.extraAt === s.now && s.phase !== 'declare'))) {
      out.push({
        segment: f.extraAt,
        round: roundOf(f.extraAt),
        segmentOfRound: segmentOfRound(f.extraAt),
        figure: f.id,
        action: 'extra attack',
        why: [{ source: 'extra attack rolled at the start of the round (d10 gives the segment)', delta: f.extraAt, rule: 'R-A5' }],
        projected: false,
      });
    }
  });
  const order = new Map(s.figures.map((f, i) => [f.id, i]));
  return out.sort((a, b) => a.segment - b.segment || order.get(a.figure)! - order.get(b.figure)! || Number(a.projected) - Number(b.projected));
}

/**
 * The explain report: JSON data (figures with AC and to-hit ledgers, options with exact odds,
 * the schedule) and `text`, the same report as terminal lines (`fray explain` without --json).
 */
export function explainState(s: AdndState, names: DisplayNames = displayNames([...s.figures, ...goneOf(s)])): ExplainReport {
  const pend = s.phase === 'over' ? null : s.phase === 'begin' ? { figures: [], kind: 'begin' } : { figures: [...s.queue], kind: s.phase === 'extra' ? 'extra-attack' : s.phase === 'react' ? 'parry' : 'action' };
  const report: ExplainReport & { schedule: ScheduleStep[] } = {
    system: 'adnd',
    name: s.name,
    turn: roundOf(s.now),
    pending: pend,
    segment: s.now,
    round: roundOf(s.now),
    segmentOfRound: segmentOfRound(s.now),
    schedule: schedule(s, 20, names),
    figures: s.figures.map((f) => ({
      id: f.id,
      name: f.name,
      side: f.side,
      who: f.cls ? `${f.cls} ${f.level}` : `monster ${f.hdLabel} HD`,
      state: figureState(f, s.options),
      hp: f.hp,
      maxHp: f.maxHp,
      ac: armourClass(f, null),
      surprised: f.surprised,
      next: f.declared ? f.next : null,
      declared: f.declared ? describeDeclared(s, f, names) : null,
      timing: timingLedger(s, f),
      parry: f.parry,
      consecutiveParries: f.parries,
      extraAt: f.extraAt || null,
      toHit: wieldings(f).map((w) => ({ primary: w.primary, secondary: w.secondary, rows: wieldingTable(f, w.primary, w.secondary) })),
      critical: criticalOf(s, f),
      parryWith: parryInfo(f),
      // Once the fight is over nothing can be chosen: no options, not even previews.
      options: pend === null ? [] : optionsOf(s, f, names),
    })),
  };
  report.text = explainText(report, names);
  return report;
}
