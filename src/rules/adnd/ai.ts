// The AD&D policy for figures without a script: sensible, deterministic, cheap.
// Declare: get free of a net, heal a badly hurt friend, throw the best offensive spell, ready a
// weapon when empty-handed, else strike the enemy where the expected damage is highest (ties:
// the weakest). React: parry a blow that could kill, when the parry improves AC. Extra attack:
// strike the best target.
import type { AdndState, Command, Figure, WeaponItem } from './model.ts';
import { canFight, meanDamage, maxDamage } from './combat.ts';
import { SPELLS, WEAPONS } from './tables.ts';
import { armourClass, attackBonus, hitChance, needLedger } from './tohit.ts';

export function enemies(s: AdndState, f: Figure): Figure[] {
  return s.figures.filter((o) => o.side !== f.side && canFight(o));
}

/** The weapon an attack would use now: the primary in hand, a ready launcher, or a natural form. */
export function attackWeapons(f: Figure): WeaponItem[] {
  const out: WeaponItem[] = [];
  for (const h of f.hands) {
    const w = f.weapons.find((x) => x.id === h);
    if (w?.ready && !w.dropped && (w.kind !== 'launcher' || w.ammo > 0)) out.push(w);
  }
  for (const w of f.weapons) if (w.kind === 'natural') out.push(w);
  return out;
}

/** Expected damage of one swing of `w` at `t` (alone), for target choice. */
export function swingValue(a: Figure, t: Figure, w: WeaponItem, naturals: boolean): number {
  const bonus = attackBonus(a, w, 'alone').total;
  const need = needLedger(a, armourClass(t, a.id).total).total;
  return hitChance(bonus, need, naturals) * meanDamage(a, w, t.size);
}

export function bestTarget(s: AdndState, f: Figure, w: WeaponItem | undefined): Figure | null {
  let best: Figure | null = null;
  let bestScore = -1;
  for (const t of enemies(s, f)) {
    const v = w ? Math.min(swingValue(f, t, w, s.options.naturalRolls), t.hp) : 0;
    if (v > bestScore + 1e-9 || (Math.abs(v - bestScore) <= 1e-9 && best !== null && t.hp < best.hp)) {
      best = t;
      bestScore = v;
    }
  }
  return best;
}

/** The weapon `f` parries with and the AC it gains (R-A8): proficiencies + to-hit magic (+ parry bonus). */
export function parryWith(f: Figure): { weapon: WeaponItem; ac: number; keepsAttack: boolean } | null {
  const held = f.hands.map((h) => f.weapons.find((w) => w.id === h)).filter((w): w is WeaponItem => !!w && w.kind === 'melee' && !w.dropped);
  if (held.length === 0) return null;
  // A parrying weapon (main gauche) beside an attacking weapon parries without forgoing the attack.
  const pw = held.length === 2 ? held.find((w) => w.weapon && WEAPONS[w.weapon].parryingWeapon) : undefined;
  const w = pw ?? held[0];
  const row = w.weapon ? WEAPONS[w.weapon] : undefined;
  const ac = (w.weapon ? (f.proficiencies[w.weapon] ?? 0) : 0) + w.magicHit + (row?.parryBonus ?? 0);
  return { weapon: w, ac, keepsAttack: pw !== undefined };
}

function bestMelee(f: Figure): WeaponItem | undefined {
  let best: WeaponItem | undefined;
  let v = -1;
  for (const w of f.weapons) {
    if (w.kind !== 'melee' || w.hands > 2) continue;
    const m = meanDamage(f, w, 'M') / Math.max(1, w.sf);
    if (m > v) {
      v = m;
      best = w;
    }
  }
  return best;
}

export function aiDeclare(s: AdndState, f: Figure): Command {
  if (f.entangled) return { type: 'struggle', figure: f.id };
  const foes = enemies(s, f);
  if (s.now >= f.spellLockUntil) {
    const has = (id: string) => f.spells.some((x) => x.spell === id && x.left > 0);
    const hurt = s.figures.filter((o) => o.side === f.side && canFight(o) && o.hp * 2 <= o.maxHp).sort((a, b) => a.hp - b.hp)[0];
    if (hurt && has('cure-light-wounds')) return { type: 'cast', figure: f.id, spell: 'cure-light-wounds', target: hurt.id };
    const strongest = [...foes].sort((a, b) => b.hp - a.hp)[0];
    if (strongest) {
      for (const id of ['fireball', 'lightning-bolt', 'magic-missile', 'hold-person', 'slow']) {
        if (has(id)) return { type: 'cast', figure: f.id, spell: id, target: strongest.id };
      }
      if (has('haste') && !(f.hastedUntil > 0 && s.now <= f.hastedUntil)) return { type: 'cast', figure: f.id, spell: 'haste', target: f.id };
    }
  }
  const ws = attackWeapons(f);
  if (ws.length === 0) {
    const launcher = f.weapons.find((w) => w.kind === 'launcher' && w.ammo > 0 && !w.dropped);
    if (launcher) return { type: 'ready', figure: f.id, weapon: launcher.id };
    const m = bestMelee(f);
    if (m) return { type: 'draw', figure: f.id, weapons: [m.id] };
    return { type: 'wait', figure: f.id, until: s.now + 1 };
  }
  // Monsters choose their best natural form per segment; characters swing what they hold.
  let weapon = ws[0];
  if (ws.length > 1 && f.hands.length === 0) {
    let v = -1;
    for (const w of ws) {
      const m = meanDamage(f, w, 'M') / Math.max(1, w.sf);
      if (m > v) {
        v = m;
        weapon = w;
      }
    }
  }
  const t = bestTarget(s, f, weapon);
  if (!t) return { type: 'wait', figure: f.id, until: s.now + 1 };
  return { type: 'attack', figure: f.id, target: t.id, weapon: weapon.id };
}

export function aiReact(s: AdndState, f: Figure): Command {
  const p = parryWith(f);
  if (!p || p.ac < 1) return { type: 'pass', figure: f.id };
  let worst: { id: string; max: number } | null = null;
  for (const l of s.landing) {
    if (l.target !== f.id) continue;
    const a = s.figures.find((x) => x.id === l.attacker)!;
    const d = a.declared;
    const w = a.weapons.find((x) => x.id === (d?.kind === 'attack' ? d.weapon : (a.hands[0] ?? '')))
      ?? a.weapons.find((x) => x.kind === 'natural');
    if (!w) continue;
    const max = maxDamage(a, w, f.size).total;
    if (!worst || max > worst.max) worst = { id: a.id, max };
  }
  if (worst && f.hp <= worst.max) return { type: 'parry', figure: f.id, against: worst.id };
  return { type: 'pass', figure: f.id };
}

export function aiExtra(s: AdndState, f: Figure): Command {
  const w = attackWeapons(f)[0];
  const t = bestTarget(s, f, w);
  return t && w ? { type: 'attack', figure: f.id, target: t.id } : { type: 'pass', figure: f.id };
}

export function spellKnown(id: string): boolean {
  return id in SPELLS;
}
