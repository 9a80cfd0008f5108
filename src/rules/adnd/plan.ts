// Declarations: whether a command is legal now and what the figure then holds (R-A1, R-A2,
// R-A4, R-A7, R-A9); timing.ts says when it lands. Used by the system and by explain's
// projections ("if it declared now").
import { quote } from '../../core/issues.ts';
import { CommandRejected } from '../../core/errors.ts';
import { firstAttackWeapon } from './ai.ts';
import { canFight, disarmTarget, figureState } from './combat.ts';
import type { AdndState, Command, Declared, Figure, WeaponItem } from './model.ts';
import { SPELLS, WEAPONS } from './tables.ts';
import { timingInto } from './timing.ts';
import { offhandOf, twoWeaponRowIndex, weaponById } from './tohit.ts';

export function fig(s: AdndState, id: string, path = 'figure'): Figure {
  for (const f of s.figures) if (f.id === id) return f;
  throw new CommandRejected(path, `no figure ${quote(String(id))}`);
}

export const hasted = (f: Figure, now: number) => f.hastedUntil > 0 && now <= f.hastedUntil;
export const slowed = (f: Figure, now: number) => f.slowedUntil > 0 && now <= f.slowedUntil;

function readyWeapon(f: Figure, id: string, path: string): WeaponItem {
  const w = weaponById(f, id);
  if (!w) throw new CommandRejected(path, `${f.name} has no weapon '${id}'`);
  if (w.kind !== 'natural' && !(w.ready && f.hands.includes(w.id))) {
    throw new CommandRejected(path, `${f.name}'s ${w.name} is not in hand; draw or ready it first (R-A2)`);
  }
  return w;
}

/**
 * R-A7 (3380eb42): after an offensive spell the caster "must pause ten segments before undertaking
 * any other activity except for physically attacking, defending, retreating, or using the spell's
 * effects". Drawing or readying a weapon is such an activity: refused until the pause ends.
 * (Attacking, waiting, dropping and struggling free of an entanglement, read as defending /
 * retreating, stay allowed; another spell is refused by `cast` with its own message.)
 */
export function pauseRefusal(s: AdndState, f: Figure, what: string): string | null {
  if (s.now >= f.spellLockUntil) return null;
  return `${f.name} is pausing after an offensive spell until segment ${f.spellLockUntil}: no ${what} before then, only attacking, defending, retreating or directing the spell (R-A7)`;
}

/** An attack's `aim` names the weapon a hit to disarm is aimed at: with any other mode it means nothing (R-A9). */
export const AIM_WITHOUT_DISARM = "aim names the weapon a hit to disarm is aimed at: give it with mode 'disarm' only (R-A9)";

/**
 * Why a hit to disarm with `w` at `t` is refused (R-A9, seed 3380eb42: the attacker's weapon must be
 * "capable of disarming" and the opponent "holding/using a weapon appropriate to that method"):
 * the field at fault and the reason, naming the weapon, its methods and every weapon the target
 * holds, or the one `aim` names. Null when it may be declared.
 */
export function disarmRefusal(w: WeaponItem, t: Figure, aim?: string): { path: string; reason: string } | null {
  if (disarmTarget(w, t, aim)) return null;
  const methods = w.weapon ? WEAPONS[w.weapon].disarms : [];
  if (methods.length === 0) return { path: 'command.mode', reason: `${w.name} cannot disarm: it has no disarming method in the weapon capabilities table (R-A9)` };
  const held: string[] = [];
  if (aim !== undefined) {
    const x = weaponById(t, aim);
    if (!x || x.kind === 'natural') return { path: 'command.aim', reason: `${t.name} carries no weapon ${quote(aim)}` };
    if (!t.hands.includes(aim)) return { path: 'command.aim', reason: `${t.name} does not hold ${x.name}: a hit to disarm aims at a weapon in hand (R-A9)` };
    held.push(x.name);
  } else {
    for (const h of t.hands) {
      const x = weaponById(t, h);
      if (x?.weapon) held.push(x.name);
    }
  }
  if (held.length === 0) return { path: 'command.mode', reason: `${t.name} holds no weapon for ${w.name} to disarm (R-A9)` };
  return { path: aim === undefined ? 'command.mode' : 'command.aim', reason: `${w.name} disarms by ${methods.join(' or ')}; ${t.name}'s ${held.join(' and ')} cannot be disarmed that way (weapon capabilities, R-A9)` };
}

/** Checks a declaration and says what it is (nothing changed yet); timing.ts says when it lands. */
export function plan(s: AdndState, f: Figure, c: Command): Declared {
  switch (c.type) {
    case 'attack': {
      if (f.entangled) throw new CommandRejected('command.type', `${f.name} is entangled and can only struggle free`);
      const first = firstAttackWeapon(f);
      if (first === undefined) throw new CommandRejected('command.weapon', `${f.name} has no weapon ready (draw or ready one, R-A2)`);
      const w = c.weapon !== undefined ? readyWeapon(f, c.weapon, 'command.weapon') : first;
      if (w.kind === 'launcher' && w.ammo <= 0) throw new CommandRejected('command.weapon', `${f.name} has no ${w.missile} left`);
      let target: string | null = null;
      if (c.target !== undefined) {
        const t = fig(s, c.target, 'command.target');
        if (t.side === f.side) throw new CommandRejected('command.target', `${t.name} is on ${f.name}'s side`);
        if (!canFight(t)) throw new CommandRejected('command.target', `${t.name} is down`);
        target = t.id;
      }
      const mode = c.mode ?? 'normal';
      if (c.aim !== undefined && mode !== 'disarm') throw new CommandRejected('command.aim', AIM_WITHOUT_DISARM);
      if (mode === 'disarm') {
        if (target === null) throw new CommandRejected('command.target', 'a hit to disarm needs a target');
        const no = disarmRefusal(w, fig(s, target), c.aim);
        if (no) throw new CommandRejected(no.path, no.reason);
      }
      // Two one-handed hand weapons in hand: both swing (R-A4 two-weapon columns).
      const ow = mode === 'normal' ? offhandOf(f, w) : undefined;
      if (ow && twoWeaponRowIndex(f) < 0) throw new CommandRejected('command.weapon', `${f.name}'s dexterity does not allow two weapons (R-A4)`);
      const d: Extract<Declared, { kind: 'attack' }> = { kind: 'attack', target, mode, twoWeapons: ow !== undefined, weapon: w.id, offhand: ow ? ow.id : null };
      // The aimed weapon only where the command names it: a declaration without one stays as it always was (saved games replay alike).
      if (c.aim !== undefined) d.aim = c.aim;
      return d;
    }
    case 'draw': {
      const ids = c.weapons;
      const paused = pauseRefusal(s, f, 'drawing a weapon');
      if (paused) throw new CommandRejected('command.type', paused);
      if (f.entangled) throw new CommandRejected('command.type', `${f.name} is entangled and can only struggle free`);
      if (ids.length === 2 && ids[0] === ids[1]) throw new CommandRejected('command.weapons', 'the same weapon twice');
      let hands = 0;
      for (let k = 0; k < ids.length; k++) {
        const w = weaponById(f, ids[k]);
        if (!w || w.kind === 'natural') throw new CommandRejected(`command.weapons[${k}]`, `${f.name} carries no weapon '${ids[k]}'`);
        if (w.kind === 'launcher') throw new CommandRejected(`command.weapons[${k}]`, `a launcher is readied with 'ready' (R-A2)`);
        hands += Math.max(1, w.hands);
      }
      if (hands > 2) throw new CommandRejected('command.weapons', 'more than two hands of weapons');
      if (ids.length === 2 && twoWeaponRowIndex(f) < 0) throw new CommandRejected('command.weapons', `${f.name}'s dexterity does not allow two weapons (R-A4)`);
      return { kind: 'draw', weapons: ids.length === 1 ? [ids[0]] : [ids[0], ids[1]] };
    }
    case 'ready': {
      const w = weaponById(f, c.weapon);
      if (w?.kind !== 'launcher') throw new CommandRejected('command.weapon', `${f.name} has no launcher '${c.weapon}'`);
      const paused = pauseRefusal(s, f, 'readying a launcher');
      if (paused) throw new CommandRejected('command.type', paused);
      if (f.entangled) throw new CommandRejected('command.type', `${f.name} is entangled and can only struggle free`);
      if (w.ammo <= 0) throw new CommandRejected('command.weapon', `no ${w.missile} left for ${w.name}`);
      return { kind: 'ready', weapon: w.id };
    }
    case 'cast': {
      let slot: { spell: string; left: number } | undefined;
      for (const x of f.spells) if (x.spell === c.spell) slot = x;
      if (!slot || slot.left <= 0) throw new CommandRejected('command.spell', `${f.name} has no '${c.spell}' left to cast`);
      if (s.now < f.spellLockUntil) {
        throw new CommandRejected('command.spell', `${f.name} is pausing after an offensive spell until segment ${f.spellLockUntil} (R-A7)`);
      }
      if (f.entangled) throw new CommandRejected('command.type', `${f.name} is entangled and can only struggle free`);
      const t = fig(s, c.target, 'command.target');
      const sp = SPELLS[c.spell];
      if (sp.effect.kind !== 'heal' && sp.effect.kind !== 'haste' && !canFight(t)) throw new CommandRejected('command.target', `${t.name} is down`);
      // A cure may reach the unconscious or dying (deathAt -10 option), never the dead (dead stays dead).
      if (figureState(t, s.options) === 'dead') throw new CommandRejected('command.target', `${t.name} is dead: ${sp.name} cannot help`);
      return { kind: 'cast', spell: c.spell, target: t.id };
    }
    case 'wait': {
      const until = c.until ?? s.now + 1;
      if (until <= s.now) throw new CommandRejected('command.until', `segment ${until} is not after now (${s.now})`);
      return { kind: 'wait', until };
    }
    case 'struggle': {
      if (!f.entangled) throw new CommandRejected('command.type', `${f.name} is not entangled`);
      return { kind: 'struggle' };
    }
    default:
      throw new CommandRejected('command.type', `'${c.type}' is not a declaration`);
  }
}

export const hasteNow = (f: Figure, now: number): -1 | 0 | 1 => {
  const h = hasted(f, now);
  return h === slowed(f, now) ? 0 : h ? 1 : -1;
};

/**
 * Declares `c` for `f` in segment `at` (a real declaration: at = now; a projection for explain:
 * when the figure will next be free) and returns the landing segment.
 */
export function declareAt(s: AdndState, f: Figure, c: Command, at: number): number {
  f.declared = plan(s, f, c);
  f.declaredAt = at;
  f.declSpeed = hasteNow(f, at);
  f.declParries = f.parries;
  f.next = timingInto(s, f, null);
  return f.next;
}
