// The log as the table shows it: each entry's events with their narration, ledgers, dice faces
// and rule ids; which figures an entry concerns (for the filter); and the effective line of
// play after rewinds (the steps a GM can rewind to).
import type { Ledger } from '../../../src/core/ledger.ts';
import type { LogEntryView } from '../../../src/server/protocol.ts';
import { type Obj, isLedger, isObj, toLedger } from './view.ts';

export interface EventRow {
  type: string;
  text: string;
  ledgers: { name: string; ledger: Ledger }[];
  faces: number[];
  rules: string[];
  figures: string[];
  raw: Obj;
}

const FIGURE_KEYS = ['figure', 'actor', 'attacker', 'target', 'mover', 'medic', 'patient', 'by', 'who', 'defender', 'id'];
const FIGURE_LIST_KEYS = ['targets', 'figures', 'order'];

/** Figure ids an event mentions. */
export function eventFigures(e: Obj, known?: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v === 'string' && (!known || known.has(v))) out.add(v);
    else if (isObj(v) && typeof v.id === 'string' && (!known || known.has(v.id))) out.add(v.id);
  };
  for (const k of FIGURE_KEYS) add(e[k]);
  for (const k of FIGURE_LIST_KEYS) if (Array.isArray(e[k])) for (const x of e[k] as unknown[]) add(x);
  return [...out];
}

/** Every die face an event shows (`faces`, `roll.faces`, `dice`). */
export function eventFaces(e: Obj): number[] {
  const pickFaces = (v: unknown): number[] | null => (Array.isArray(v) && v.every((x) => Number.isInteger(x)) ? (v as number[]) : null);
  const direct = pickFaces(e.faces) ?? pickFaces(e.dice) ?? pickFaces(e.rolled);
  if (direct) return direct;
  for (const k of ['roll', 'attackRoll', 'damageRoll', 'hit', 'damage']) {
    const v = e[k];
    if (isObj(v)) {
      const f = pickFaces(v.faces) ?? pickFaces(v.dice);
      if (f) return f;
    }
  }
  return [];
}

function ledgersOf(e: Obj, prefix = ''): { name: string; ledger: Ledger }[] {
  const out: { name: string; ledger: Ledger }[] = [];
  for (const [k, v] of Object.entries(e)) {
    const l = toLedger(v);
    if (l) out.push({ name: prefix + k, ledger: l });
    else if (isObj(v) && !isLedger(v) && !prefix) out.push(...ledgersOf(v, `${k}.`));
  }
  return out;
}

/** Rule ids in an event: `rule`/`rules` fields and every ledger entry's rule. */
export function eventRules(e: Obj, ledgers = ledgersOf(e)): string[] {
  const out = new Set<string>();
  const add = (v: unknown) => typeof v === 'string' && v && out.add(v);
  add(e.rule);
  if (Array.isArray(e.rules)) e.rules.forEach(add);
  for (const l of ledgers) for (const x of l.ledger.entries) add(x.rule);
  return [...out];
}

export function eventRows(entry: LogEntryView, known?: ReadonlySet<string>): EventRow[] {
  const events = entry.events ?? [];
  return events.map((ev, i) => {
    const e = ev as Obj;
    const ledgers = ledgersOf(e);
    return {
      type: typeof e.type === 'string' ? e.type : 'event',
      text: entry.descriptions?.[i] ?? (typeof e.type === 'string' ? e.type : JSON.stringify(e)),
      ledgers,
      faces: eventFaces(e),
      rules: eventRules(e, ledgers),
      figures: eventFigures(e, known),
      raw: e,
    };
  });
}

/** Whether `entry` concerns figure `id` (its command or any of its events mention it). */
export function entryMentions(entry: LogEntryView, id: string): boolean {
  if (isObj(entry.command) && eventFigures(entry.command).includes(id)) return true;
  return (entry.events ?? []).some((e) => eventFigures(e as Obj).includes(id));
}

/**
 * The entries still in effect after rewinds: a rewind to `to` drops every command entry after
 * `to` from the line of play. Returns the entries in order (rewinds themselves excluded).
 */
export function effectiveLine(entries: readonly LogEntryView[]): LogEntryView[] {
  const line: LogEntryView[] = [];
  for (const e of entries) {
    if (e.kind === 'rewind') {
      const to = e.to ?? 0;
      while (line.length > 0 && line[line.length - 1].seq > to) line.pop();
      // A rewind to an entry that itself came after an earlier rewind keeps that entry.
    } else line.push(e);
  }
  return line;
}

/** The seq a GM's "undo one step" goes back to: the entry before the last effective one. */
export function undoTarget(entries: readonly LogEntryView[]): number | null {
  const line = effectiveLine(entries);
  if (line.length === 0) return null;
  return line.length >= 2 ? line[line.length - 2].seq : 0;
}

/**
 * Why a GM's rewind was refused as stale (the server's 'conflict': it was pinned to `seen`, the
 * step the GM decided at, and the encounter is at `now`), in words: nothing was undone, and the
 * steps that came meanwhile are on the table now.
 */
export function rewindConflictText(seen: number, now: number): string {
  const came = now - seen > 1 ? `steps ${seen + 1} to ${now} were taken` : `step ${Math.max(now, seen + 1)} was taken`;
  return `Not rewound: ${came} (in another window or by a player) after you chose to rewind. Nothing was undone; the table shows the new state now. Rewind again if you still want to.`;
}

/**
 * A log entry as the server sent it, read defensively (the page must draw whatever arrives): an
 * object with an integer `seq`, else null; its events only objects, its narration, faces and
 * positions only of the right type (a wrong one is left out), `to` only an integer.
 */
export function logEntry(v: unknown): LogEntryView | null {
  if (!isObj(v) || !Number.isInteger(v.seq)) return null;
  const ints = (x: unknown) => (Array.isArray(x) ? x.filter((f): f is number => Number.isInteger(f)) : undefined);
  const by = isObj(v.by) ? v.by : {};
  const e: LogEntryView = {
    seq: v.seq as number,
    kind: v.kind === 'rewind' ? 'rewind' : 'command',
    at: typeof v.at === 'string' ? v.at : '',
    by: { role: by.role === 'gm' || by.role === 'player' || by.role === 'spectator' ? by.role : 'spectator', tokenId: typeof by.tokenId === 'string' ? by.tokenId : null },
  };
  if ('command' in v) e.command = v.command;
  const faces = ints(v.faces);
  if (faces) e.faces = faces;
  if (typeof v.entered === 'boolean') e.entered = v.entered;
  const enteredAt = ints(v.enteredAt);
  if (enteredAt) e.enteredAt = enteredAt;
  if (Array.isArray(v.events)) {
    // Narration pairs with the events by position: both kept for the events that are objects;
    // a line that is not a string is the event's type.
    const said = Array.isArray(v.descriptions) ? v.descriptions : null;
    const kept = v.events.map((ev, i) => ({ ev, d: said?.[i] })).filter((x): x is { ev: Obj; d: unknown } => isObj(x.ev));
    e.events = kept.map((x) => x.ev);
    if (said) e.descriptions = kept.map((x) => (typeof x.d === 'string' ? x.d : typeof x.ev.type === 'string' ? x.ev.type : 'event'));
  }
  if (Number.isInteger(v.to)) e.to = v.to as number;
  return e;
}

/** Merges new entries (as the server sent them: logEntry reads each) into a log by seq (a reconnect may resend some). */
export function mergeEntries(log: readonly LogEntryView[], more: unknown): LogEntryView[] {
  const fresh = Array.isArray(more) ? more.map(logEntry).filter((e): e is LogEntryView => e !== null) : [];
  if (fresh.length === 0) return log as LogEntryView[];
  const by = new Map<number, LogEntryView>();
  for (const e of log) by.set(e.seq, e);
  for (const e of fresh) by.set(e.seq, e);
  return [...by.values()].sort((a, b) => a.seq - b.seq);
}

/** All faces an entry's dice showed, for the dice tray. */
export function entryFaces(entry: LogEntryView): number[] {
  if (entry.faces && entry.faces.length > 0) return entry.faces;
  return (entry.events ?? []).flatMap((e) => eventFaces(e as Obj));
}

/** What the dice tray shows of a step's rolls. */
export interface TrayGroup {
  /** What the roll is ("attack", "to-hit d20", "roll-off", "north initiative"). */
  label: string;
  faces: number[];
  /** Whether the faces are one roll (3d6, 2d+1...), so their sum means something. */
  summed: boolean;
  /** The figure whose roll this is: the table names it before the label (trayLabel). */
  figure?: string;
  /** The figure a damage roll hurts: the table names it after the label (a grenade's blast rolls one per victim). */
  target?: string;
}

/**
 * A tray group's label as the table shows and says it: whose roll, by the figure's name in the
 * possessive, then what the roll is ("Doc's attack"), and whom a damage roll hurts ("Doc's
 * damage to Orc"). A map token beside the verb read as a word ("Do attack"), and a roll-off
 * showed tokens alone.
 */
export function trayLabel(g: TrayGroup, name: (id: string) => string): string {
  const what = g.target === undefined ? g.label : `${g.label} to ${name(g.target)}`;
  return g.figure === undefined ? what : `${name(g.figure)}'s ${what}`;
}

const isFace = (v: unknown): v is number => Number.isInteger(v);

/** Die faces a ledger entry's text lists ("long sword 1d12 rolled [2]", "3d6 [1, 4, 6]"), with the dice named ("d12", "3d6"). */
function ledgerRolls(v: unknown): { source: string; dice: string; faces: number[] }[] {
  const l = toLedger(v);
  if (!l) return [];
  const out: { source: string; dice: string; faces: number[] }[] = [];
  for (const x of l.entries) {
    const m = /(?:(\d*)d(\d+)\S*\s+)?(?:rolled\s+)?\[(\d+(?:,\s*\d+)*)\]/.exec(x.source);
    if (!m) continue;
    const n = m[1] && m[1] !== '1' ? m[1] : '';
    out.push({ source: x.source, dice: m[2] ? `${n}d${m[2]}` : '', faces: m[3].split(',').map((f) => Number(f.trim())) });
  }
  return out;
}

/**
 * AD&D events report a roll's result, not a list of faces: the d20 to hit (`roll`), a critical's
 * confirming and table d20s, the damage dice its ledger lists, a saving throw's d20, the d100 and
 * d10 of an extra attack (R-A5), a side's surprise d100. Each is labelled with what it is and,
 * where it is a figure's, whose. `seen`: the spell damage rolls already shown for this cast (a
 * fireball's one roll is reported, in the same words, on every figure it strikes).
 */
function adndGroups(e: Obj, seen: Set<string>): TrayGroup[] {
  const out: TrayGroup[] = [];
  const who = (k: string) => (typeof e[k] === 'string' ? { figure: e[k] as string } : {});
  const one = (label: string, face: unknown, by: { figure?: string }) => {
    if (isFace(face)) out.push({ label, faces: [face], summed: false, ...by });
  };
  const save = (v: unknown, by: { figure?: string }) => {
    if (isObj(v)) one(`save${typeof v.kind === 'string' ? ` vs ${v.kind}` : ''} d20`, v.roll, by);
  };
  const damage = (v: unknown, label: string, by: { figure?: string }) => {
    for (const r of ledgerRolls(v)) {
      const key = `${label}:${r.source}`;
      if (label === 'spell damage' && seen.has(key)) continue;
      seen.add(key);
      out.push({ label: `${label}${r.dice ? ` ${r.dice}` : ''}`, faces: r.faces, summed: true, ...by });
    }
  };
  switch (e.type) {
    case 'attack': {
      const by = who('attacker');
      one('to-hit d20', e.roll, by);
      if (isObj(e.critical)) {
        one('critical confirm d20', e.critical.confirm, by);
        one('critical d20', e.critical.third, by);
      }
      damage(e.damage, 'damage', by);
      save(e.save, who('target'));
      break;
    }
    case 'extra-roll':
      one('extra attack d100', e.roll, who('figure'));
      one('extra attack segment d10', e.d10, who('figure'));
      break;
    case 'surprise':
      if (e.rolled !== false) one(`${typeof e.side === 'string' ? `${e.side} ` : ''}surprise d100`, e.roll, {});
      break;
    case 'spell-damage':
      damage(e.damage, 'spell damage', {});
      save(e.save, who('figure'));
      break;
    case 'status':
    case 'struggle':
      save(e.save, who('figure'));
      break;
  }
  return out;
}

const rollerOf = (e: Obj): { figure?: string } => {
  // The GM's adjustment rolls the GM's dice, not the figure's it names.
  const who = e.type === 'damage' ? e.from : e.type === 'adjust' ? null : e.figure;
  return typeof who === 'string' ? { figure: who } : {};
};

/** Whom a damage roll hurts (its event's figure): five "Grenadier's damage" in a row named no victim. */
const victimOf = (e: Obj): { target?: string } => (e.type === 'damage' && typeof e.figure === 'string' ? { target: e.figure } : {});

/**
 * The dice tray's groups for a new log entry: one per event that rolled (an event's faces are
 * one roll, summed), or per roll an AD&D event reports (each named: to-hit d20, damage d8...);
 * an entry whose faces no event claims shows them unsummed (a d20, a d8 and a d6 of different
 * rolls add up to nothing). A rewind clears the tray (empty list).
 */
export function trayGroups(entry: LogEntryView): TrayGroup[] {
  if (entry.kind === 'rewind') return [];
  const groups: TrayGroup[] = [];
  const seen = new Set<string>();
  for (const r of eventRows(entry)) {
    // An event's type in words: "Grenadier's throw-grenade" read as code.
    const what = r.type.replace(/-/g, ' ');
    if (r.type === 'cast') seen.clear();
    // The GM's damage (TFT) shows the dice its adjust event already showed.
    if (r.type === 'damage' && r.raw.delivery === 'gm') continue;
    // Whose roll: the figure the event names (a damage roll is its attacker's, `from`), as the log says it.
    if (r.faces.length > 0) groups.push({ label: r.type === 'adjust' ? 'GM' : what, faces: r.faces, summed: true, ...rollerOf(r.raw), ...victimOf(r.raw) });
    // A grenade's scatter (R-H12): a d6 for the distance and a d6 for the direction, not one roll.
    else if (Number.isInteger(r.raw.distanceFace) && Number.isInteger(r.raw.directionFace)) {
      groups.push({ label: what, faces: [r.raw.distanceFace as number, r.raw.directionFace as number], summed: false, ...rollerOf(r.raw) });
    }
    // TFT action order: the roll-off of each figure tied on adjDX ({figure, rolls}), a group each.
    else if (Array.isArray(r.raw.order)) {
      for (const x of r.raw.order) {
        if (!isObj(x) || typeof x.figure !== 'string' || !Array.isArray(x.rolls) || x.rolls.length === 0 || !x.rolls.every((f) => Number.isInteger(f))) continue;
        groups.push({ label: 'roll-off', faces: x.rolls as number[], summed: false, figure: x.figure });
      }
    }
    // One roll per side or figure (TFT initiative: rolls [{side, faces}]): a group each, the side
    // by its scenario name as the log says it (the event's sideNames) with what the roll is for
    // ("north initiative": "north: 4" said nothing of it), the figure by its name.
    else if (Array.isArray(r.raw.rolls)) {
      const sideNames = isObj(r.raw.sideNames) ? r.raw.sideNames : {};
      for (const x of r.raw.rolls) {
        if (!isObj(x) || !Array.isArray(x.faces) || !x.faces.every((f) => Number.isInteger(f))) continue;
        // Rerolled ties are successive rolls, not one: the sum would mean nothing.
        const roll = { faces: x.faces as number[], summed: false };
        if (typeof x.side === 'string') {
          const side = typeof sideNames[x.side] === 'string' ? (sideNames[x.side] as string) : x.side;
          groups.push({ label: `${side} ${what}`, ...roll });
        } else groups.push({ label: what, ...roll, ...(typeof x.figure === 'string' ? { figure: x.figure } : {}) });
      }
    }
    // AD&D (its events carry the segment clock): results, not faces (a d20 to hit, the damage dice in the ledger's words...).
    else if (typeof r.raw.segmentOfRound === 'number') groups.push(...adndGroups(r.raw, seen));
  }
  if (groups.length === 0 && entryFaces(entry).length > 0) groups.push({ label: 'dice', faces: entryFaces(entry), summed: false });
  return groups;
}

/**
 * A new step in words, for the table's polite live region (a screen reader hears each step as it
 * comes, whichever tab is open): its narration, or the rewind. Nothing for a step that says nothing.
 */
export function entryWords(entry: LogEntryView): string {
  if (entry.kind === 'rewind') return `Step ${entry.seq}: the GM rewound to step ${entry.to ?? 0}.`;
  const lines = eventRows(entry)
    .map((r) => r.text.trim())
    .filter((t) => t !== '' && !/^=+ .* =+$|^-+ .* -+$/.test(t));
  return lines.length > 0 ? `Step ${entry.seq}: ${lines.join(' ')}` : '';
}

/** The dice tray in words: "Dice: Frito the Fighter's to-hit d20: 20; north initiative: 3." */
export function trayWords(groups: readonly TrayGroup[], name: (id: string) => string): string {
  if (groups.length === 0) return '';
  const said = groups.map((g) => {
    const label = trayLabel(g, name) || 'roll';
    const sum = g.summed && g.faces.length > 1 ? `, total ${g.faces.reduce((a, b) => a + b, 0)}` : '';
    return `${label}: ${g.faces.join(', ')}${sum}`;
  });
  return `Dice: ${said.join('; ')}.`;
}
