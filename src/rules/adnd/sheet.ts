// Each figure's swings at the start of a fight, hand by hand: the to-hit bonus with its ledger
// (strength, the seed's dexterity column, proficiency, magic: 3380eb42, R-A4), the d20 needed
// against each foe (R-A11), the critical threshold (R-A10) and a fighter's extra-attack chance (R-A5). The lab prints it under a
// simulation, so what a changed score moves is read, not guessed: at level 4, dexterity 12 to
// 15 share one two-weapon row and one AC adjustment, and only the critical threshold moves
// (8, 8.5, 9, 9.5: confirmed on 8, 8, 9, 9 faces).
import { type Ledger, type LedgerEntry, formatLedger, ledger } from '../../core/ledger.ts';
import { type DisplayNames, displayNames, nameOf } from '../../engine/names.ts';
import { firstAttackWeapon, parryWith } from './ai.ts';
import { CRITICALS_OFF, canFight, extraChanceInto } from './combat.ts';
import { segmentLabel, surpriseSegments } from './clock.ts';
import { bonusText, needText, timingText } from './describe.ts';
import { criticalOf, schedule } from './explain.ts';
import type { AdndState, Figure, WeaponItem } from './model.ts';
import { type Role, armourClass, attackBonus, hitChance, needLedger, offhandOf, twoWeaponRowIndex } from './tohit.ts';

export interface HandSheet {
  weapon: string;
  name: string;
  role: Role;
  bonus: Ledger;
}

export interface FoeSheet {
  target: string;
  /** The d20 needed (R-A11), the target's armour class opened into its parts. */
  need: Ledger;
  ac: Ledger;
  /** P(hit) of each hand, in `hands` order (naturals as the options say). */
  hit: number[];
}

export interface AttackSheet {
  figure: string;
  hands: HandSheet[];
  foes: FoeSheet[];
  /** R-A10: the threshold's sum and the confirmation d20's faces that make a critical; null with criticals off (explain's own). */
  critical: { threshold: Ledger; faces: number } | null;
  /** R-A5: a fighter subclass's chance in 100 of an extra attack each round, as a sum; null for others. */
  extra: Ledger | null;
  /** Where its first action lands and why (explain's schedule: start, speed factor R-A2, haste or slow R-A6), before any surprise. */
  first: { action: string; segment: number; why: Ledger } | null;
  /** R-A3: its side rolls one d100 at the start (`roll`: the scenario's own); surprised on `chance` or less. */
  surprise: { chance: number; roll: number | null } | null;
  /** R-A8: a parry with the weapon in hand: the AC gained against one attacker and the delay of a first parry. */
  parry: { weapon: string; ac: Ledger; delay: Ledger; keepsAttack: boolean } | null;
}

/**
 * The weapons `f` swings: those in hand as the AI swings them (the first, with the off-hand
 * weapon beside it: R-A4 primary and secondary); empty-handed, each weapon it could draw or use.
 */
function handsOf(f: Figure): { w: WeaponItem; role: Role }[] {
  const w = firstAttackWeapon(f);
  if (w && f.hands.includes(w.id)) {
    const off = offhandOf(f, w);
    return off && twoWeaponRowIndex(f) >= 0 ? [{ w, role: 'primary' }, { w: off, role: 'secondary' }] : [{ w, role: 'alone' }];
  }
  return f.weapons.filter((x) => !x.dropped).map((x) => ({ w: x, role: 'alone' as const }));
}

/** Every standing figure's sheet (see the note above). */
export function attackSheets(s: AdndState, names: DisplayNames = displayNames(s.figures)): AttackSheet[] {
  const out: AttackSheet[] = [];
  const steps = schedule(s, 20, names);
  for (const f of s.figures) {
    if (!canFight(f)) continue;
    const hands = handsOf(f).map(({ w, role }) => ({ weapon: w.id, name: w.name, role, bonus: attackBonus(f, w, role) }));
    const foes: FoeSheet[] = [];
    for (const t of s.figures) {
      if (t.side === f.side || !canFight(t)) continue;
      const ac = armourClass(t, f.id);
      const need = needLedger(f, ac.total);
      foes.push({ target: t.id, need, ac, hit: hands.map((h) => hitChance(h.bonus.total, need.total, s.options.naturalRolls)) });
    }
    const extra: LedgerEntry[] = [];
    extraChanceInto(f, s.options, extra);
    const step = steps.find((x) => x.figure === f.id && x.action !== 'extra attack');
    const first = step ? { action: step.action, segment: step.segment, why: ledger(step.why) } : null;
    const roll = s.surprise.find((x) => x.side === f.side);
    const surprise = roll ? { chance: f.surpriseChance, roll: roll.roll } : null;
    const p = parryWith(f);
    const parry = p && p.ac.total > 0 ? { weapon: p.weapon.name, ac: p.ac, delay: p.delay, keepsAttack: p.keepsAttack } : null;
    out.push({ figure: f.id, hands, foes, critical: criticalOf(s, f), extra: extra.length > 0 ? ledger(extra) : null, first, surprise, parry });
  }
  return out;
}

const signed = (n: number) => `${n < 0 ? '-' : '+'} ${Math.abs(n)}`;
const pct = (p: number) => `${(p * 100).toFixed(0)}%`;

const handName = (h: HandSheet) => `${h.name}${h.role === 'alone' ? '' : ` (${h.role})`}`;

/**
 * Each figure's numbers in short, by its name: the hands' to-hit, the needs, the critical
 * confirmation. The lab compares them from one point of a grid to the next, to say what a varied
 * value changed (dexterity 13 after 12: the threshold alone, on the same faces).
 */
export function sheetFacts(sheets: readonly AttackSheet[], names: DisplayNames): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const x of sheets) {
    out[nameOf(names, x.figure)] = [
      ...x.hands.map((h) => `${handName(h)} d20 ${signed(h.bonus.total)}`),
      ...x.foes.map((f) => `needs ${f.need.total} against ${nameOf(names, f.target)}`),
      x.critical ? `critical d20 <= ${x.critical.faces} (threshold ${x.critical.threshold.total})` : 'no critical hits',
      ...(x.extra ? [`extra attack on d100 <= ${x.extra.total} a round`] : []),
      ...(x.first ? [`first action in ${segmentLabel(x.first.segment)}`] : []),
      ...(x.surprise ? [`surprised on d100 <= ${x.surprise.chance}`] : []),
    ];
  }
  return out;
}

/** The sheets as text lines, figures by `names` (the lab's, engine/names.ts displayNames). */
export function sheetText(sheets: readonly AttackSheet[], names: DisplayNames): string[] {
  const out: string[] = [];
  for (const x of sheets) {
    const hand = handName;
    out.push(`  ${nameOf(names, x.figure)}: ${x.hands.length === 0 ? 'no weapon' : x.hands.map((h) => `${hand(h)} d20 ${signed(h.bonus.total)} [${bonusText(h.bonus)}]`).join('; ')}`);
    // Foes alike (the same need from the same parts: four gnolls of AC 5) share one line.
    const lines = new Map<string, string[]>();
    for (const f of x.foes) {
      const odds = x.hands.map((h, i) => `${x.hands.length > 1 ? `${hand(h)} ` : ''}${pct(f.hit[i])}`).join(', ');
      const rest = `needs ${f.need.total} [${needText(f.need, f.ac)}]${odds ? `: hits ${odds}` : ''}`;
      lines.set(rest, [...(lines.get(rest) ?? []), nameOf(names, f.target)]);
    }
    for (const [rest, who] of lines) out.push(`    against ${who.join(', ')}: ${rest}`);
    const c = x.critical;
    out.push(`    critical: ${c ? `a natural 20 that hits, then d20 <= ${c.faces} (threshold ${formatLedger(c.threshold)})` : CRITICALS_OFF}`);
    if (x.extra) out.push(`    extra attack: d100 <= ${x.extra.total} at the start of each round, a d10 for its segment (${formatLedger(x.extra)})`);
    if (x.first) out.push(`    first: ${x.first.action}: ${timingText(x.first.why)}`);
    const p = x.parry;
    if (p) out.push(`    parry: with ${p.weapon}, AC ${p.ac.total} better against one attacker (${formatLedger(p.ac)})${p.keepsAttack ? ', keeping its attack' : `, next action ${p.delay.total} segments later`}; the AI parries a blow that could kill it`);
    const sp = x.surprise;
    if (sp) {
      const fixed = sp.roll === null ? '' : `; the scenario's roll ${sp.roll}: ${sp.roll <= sp.chance ? `surprised ${surpriseSegments(sp.chance, sp.roll)} segments` : 'not surprised'}`;
      const rule = sp.chance > 0 ? `surprised on ${sp.chance} or less, for 2 segments + 1 per full 5 under, which delay the first action` : 'surprise chance 0: never surprised';
      out.push(`    surprise: its side rolls one d100 at the start; ${rule} (R-A3)${fixed}`);
    }
  }
  return out;
}
