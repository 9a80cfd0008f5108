// Every legal action-phase option of a figure from where it stands now, with its ledger and
// exact odds (explain) or only what the AI needs (cheap). Core options plus house modules'.
import { distance, neighbors } from '../../core/hex/coords.ts';
import type { LedgerEntry } from '../../core/ledger.ts';
import { type DisplayNames, nameOf } from '../../engine/names.ts';
import { actsPastHalfMA, attackDX, core, defaultArmorStops, defenseDice, engagedSinceStart, figure, isEngaged, poleSetAgainstCharge, readyWeapon, requirementST, shieldStops, withinHalfMA } from './core.ts';
import { attackBar, attackMode, blockedHex } from './flow.ts';
import type { ActionOption, AttackMode, OptionsContext } from './hooks.ts';
import type { Figure, GroundItem, TftState } from './model.ts';
import { attackOdds, blowValue, blowWorth, damageToDown, expectedDamageCached } from './odds.ts';
import { hooksOf } from './registry.ts';

/**
 * The name a label shows for figure `f`: its entry in explain's `names` (engine/names.ts
 * displayNames: "Orc (orc2)" where two share a name) when names are given, else its own name,
 * so labels read as they always did without names (the AI, `explain(state)` alone).
 */
export function labelName(names: DisplayNames | undefined, f: Figure): string {
  return names === undefined ? f.name : nameOf(names, f.id);
}

/** What the target's armor stops from each die of an attack of this mode, when it stops per die (a module's armorPerDie, R-H8). */
function armorPerDie(state: TftState, t: Figure, mode: AttackMode | string): number | undefined {
  const hs = hooksOf(state).armorPerDie;
  for (let i = 0; i < hs.length; i++) {
    const p = hs[i](state, t, mode);
    if (p !== undefined) return p;
  }
  return undefined;
}

/**
 * The options of the house actions a figure may take at any moment, not as its move or action
 * (ActionSpec phase 'any': the Thread's 5 minutes run at once, R-T3); for a figure that cannot
 * act, only the standing choices a module keeps open to it (ActionSpec whileDown: R-T2).
 */
export function anyMomentOptions(state: TftState, fig: Figure, mode: 'explain' | 'ai', names?: DisplayNames): ActionOption[] {
  const out: ActionOption[] = [];
  const able = fig.woundFx.canAct;
  for (const { spec } of hooksOf(state).actions.values()) {
    if (spec.phase === 'any' && (able || spec.whileDown === true)) out.push(...spec.options({ state, core, mode, names }, fig));
  }
  return out;
}

/** `names`: the names labels show for figures (labelName); explain only. */
export function attackOptions(state: TftState, fig: Figure, mode: 'explain' | 'ai', names?: DisplayNames): ActionOption[] {
  const out: ActionOption[] = [];
  const w = readyWeapon(fig);
  if (!w || fig.prone) return out;
  for (const v of hooksOf(state).vetoAction) if (v(state, fig, 'attack')) return out; // a module's weapon (HiTech firearm) attacks its own way
  for (const t of state.figures) {
    if (t === fig || t.state === 'dead') continue;
    if (mode === 'ai' && (t.side === fig.side || !t.woundFx.canAct)) continue;
    // The code, not the message: no text is built for the targets ruled out (the AI's hot loop).
    if (attackBar(state, fig, t) !== null) continue;
    const am = attackMode(fig, w, t) as AttackMode;
    const entries: LedgerEntry[] | null = mode === 'explain' ? [] : null;
    const adj = attackDX(state, fig, t, w, am, entries);
    const dice = defenseDice(t, am);
    // The armor as armorStops meets the hit: per die (a module's, R-H8) and then a ready shield
    // once, or armor and shield once (tft-core).
    const perDie = armorPerDie(state, t, am);
    const armor = perDie ?? defaultArmorStops(state, t);
    const shieldAfter = perDie === undefined ? 0 : shieldStops(state, t);
    const command = { type: 'attack' as const, figure: fig.id, target: t.id };
    // tft-core pole: double damage against a charger (after the critical multiplier).
    const pole = poleSetAgainstCharge(fig, t, w, am);
    const armorPerDieHit = perDie !== undefined;
    if (mode === 'ai') {
      // The score is the damage that counts (blowValue: none past what downs the target, and a
      // weight on downing it); expectedDamage stays the plain expectation.
      const ruleset = state.options.ruleset;
      const downAt = damageToDown(t);
      let ed: number;
      let score: number;
      if (armorPerDieHit) {
        const o = attackOdds({ adjDX: adj, dice, damage: w.dmg, armor, armorPerDie: true, shieldAfter, ruleset, pole, downAt });
        ed = o.expected;
        score = blowWorth(o);
      } else {
        ed = pole ? attackOdds({ adjDX: adj, dice, damage: w.dmg, armor, ruleset, pole }).expected : expectedDamageCached(adj, dice, w.dmg, armor, ruleset);
        score = blowValue(adj, dice, w.dmg, armor, ruleset, downAt, false, pole);
      }
      out.push({ command, label: `attack ${labelName(names, t)}`, adjDX: adj, dice, expectedDamage: ed, score, target: t.id });
      continue;
    }
    const odds = attackOdds({ adjDX: adj, dice, damage: w.dmg, armor, armorPerDie: armorPerDieHit, shieldAfter, ruleset: state.options.ruleset, pole, downAt: t.woundFx.canAct ? damageToDown(t) : undefined });
    out.push({
      command,
      label: `${am} attack on ${labelName(names, t)} with ${w.def.name}${t.side === fig.side ? ' (a friend!)' : ''}`,
      mode: am,
      adjDX: adj,
      ledger: entries ?? [],
      dice,
      hit: odds.hit,
      hitExact: odds.hitExact,
      expectedDamage: odds.expected,
      expectedDamageExact: odds.expectedExact,
      downChance: odds.downChance,
      damage: w.dmg.text,
      armor,
      ...(armorPerDieHit ? { armorPerDie: true } : {}),
      target: t.id,
    });
  }
  return out;
}

/** A weapon on the ground `fig` could pick up (in or next to its hex, whole, not too heavy), movement aside. */
export function canPickUp(state: TftState, fig: Figure, it: GroundItem): boolean {
  return distance(it.pos, fig.pos) <= 1 && !it.weapon.broken && it.weapon.def.minST <= requirementST(fig, state);
}

/** All action-phase options of `fig` now (as if it were its action), core and modules; `names` as for attackOptions. */
export function actionOptions(state: TftState, fig: Figure, mode: 'explain' | 'ai', names?: DisplayNames): ActionOption[] {
  if (!fig.woundFx.canAct) return [];
  // The fight is over: no attack, no stand-up; only what a module keeps legal out of combat
  // (the Thread's 5 minutes run at once, R-T3).
  if (state.phase === 'over') return anyMomentOptions(state, fig, mode, names);
  const out: ActionOption[] = [];
  const id = fig.id;
  const moved = fig.turn.hexes;
  if (!withinHalfMA(fig, state)) {
    // Why no attack, ready... is explain's notNow (not-now.ts): said once, there.
    const pass: ActionOption = { command: { type: 'pass', figure: id }, label: 'do nothing' };
    if (!actsPastHalfMA(state, fig)) return [pass];
    // A module keeps it an action (R-H4 runAndGun): pass, and the module actions it does not veto.
    out.push(pass);
    const vetoes = hooksOf(state).vetoAction;
    for (const { spec } of hooksOf(state).actions.values()) {
      if (spec.phase === 'move' || (spec.phase === 'action' && vetoes.some((v) => v(state, fig, spec.type)))) continue;
      out.push(...spec.options({ state, core, mode, names }, fig));
    }
    return out;
  }
  if (fig.prone) {
    if (moved === 0) out.push({ command: { type: 'stand-up', figure: id }, label: 'stand up' });
    out.push({ command: { type: 'pass', figure: id }, label: 'do nothing' });
    return out;
  }
  // Attacks on foes lead; one on a friend (explain lists it for the GM; the AI's list has none)
  // comes last, before doing nothing, so the first options offered are never a blow at a friend.
  let atFriends: ActionOption[] | null = null;
  for (const o of attackOptions(state, fig, mode, names)) {
    if (mode === 'explain' && figure(state, (o.command as { target: string }).target)?.side === fig.side) {
      if (!atFriends) atFriends = [];
      atFriends.push(o);
    } else out.push(o);
  }
  out.push({ command: { type: 'defend', figure: id }, label: 'defend (attackers roll 4d6 in melee)', rule: 'tft-core' });
  // Dodge and drop are a disengaged figure's options (tft-core options; flow.ts disengagedOnlyProblem).
  if (!engagedSinceStart(state, fig)) {
    out.push({ command: { type: 'dodge', figure: id }, label: 'dodge (missile and thrown attackers roll 4d6)', rule: 'tft-core' });
    out.push({ command: { type: 'drop', figure: id }, label: 'drop to the ground' });
  }
  const engaged = isEngaged(state, fig);
  if (moved <= 1) {
    for (const w of fig.weapons) {
      if (w.uid !== fig.ready && !w.broken) out.push({ command: { type: 'ready', figure: id, weapon: w.uid }, label: `ready ${w.def.name}${engaged ? ' (drops the weapon in hand)' : ''}` });
    }
    for (const it of state.items) {
      if (canPickUp(state, fig, it)) out.push({ command: { type: 'pick-up', figure: id, weapon: it.weapon.uid }, label: `pick up ${it.weapon.def.name}` });
    }
    if (engaged) {
      for (const h of neighbors(fig.pos)) {
        if (!blockedHex(state, fig, h)) out.push({ command: { type: 'disengage', figure: id, to: h }, label: `disengage to ${h.q},${h.r}` });
      }
    }
  }
  if (atFriends) out.push(...atFriends);
  out.push({ command: { type: 'pass', figure: id }, label: 'do nothing' });
  // A core action a module vetoes now is no option (R-H4: after dodging while moving, only fire).
  const vetoes = hooksOf(state).vetoAction;
  for (let i = out.length - 1; i >= 0 && vetoes.length !== 0; i--) if (vetoes.some((v) => v(state, fig, out[i].command.type))) out.splice(i, 1);
  for (const { spec } of hooksOf(state).actions.values()) {
    if (spec.phase === 'move') continue;
    if (spec.phase === 'action' && vetoes.length !== 0 && vetoes.some((v) => v(state, fig, spec.type))) continue;
    const ctx: OptionsContext = { state, core, mode, names };
    out.push(...spec.options(ctx, fig));
  }
  return out;
}
