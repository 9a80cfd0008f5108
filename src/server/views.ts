// The ONE place that decides what each role may see. Every state, event, summary, explain
// report and settings object the server sends to a client passes through here (log entries,
// their narration and the Markdown report are built from what passed).
//
// The GM sees everything. Players and spectators lose:
// - figures the GM marked hidden (settings.hiddenFigures), except a player's own figures:
//   deep, whatever the system's shapes are, any object in an array with a field naming a
//   hidden figure (its `id`, or `figure`, `target`, `from`...), any string in an array equal to
//   a hidden id, any field whose value or key is a hidden id, are dropped; an event that names a
//   hidden figure anywhere is dropped whole, but for its lists of many figures (visibility.ts
//   EVENTS, lists: AD&D's `begin`), which lose the hidden figures' entries, and for a blow by a
//   hidden figure on one the viewer sees, or the reverse (EVENTS, unseen: an attack, its damage;
//   an AD&D declaration or spell aimed at a hidden figure), shown with that figure "an unseen
//   figure" and without what would tell who it is (a hidden striker's to-hit roll, a hidden
//   target's armour class, the numbers of its saving throw and which of its weapons a hit to
//   disarm went for);
// - with settings.hideEnemyStats, for figures not on their side (spectators have no side: every
//   figure; those that left the fight, `state.gone`, as those in it), all but what
//   visibility.ts lists as visible: a figure record (state, summary, explain) keeps only its
//   listed fields and shows no options; an event reporting on such a figure keeps its listed
//   fields; the AD&D explain's `text` (a rendering of everything) goes;
// - the GM's bookkeeping events (visibility.ts EVENTS, gmOnly: a stale script entry skipped);
// - the scenario's scripts (the GM's plan), but for the commands a player could send itself of
//   its own figures (withViewerScripts);
// - hidden notes, and the list of hidden ids itself;
// - a log entry's command when it names a hidden figure, and the entry's dice (every face of
//   the step) when its command or any of its events is hidden or cut (viewCommandEntry);
// - in the texts of what is left (events, commands, a refusal's reason: viewRefusal; the sides'
//   names, state.sideNames and a winner's: viewSideName), the ids and names of hidden figures,
//   read "an unseen figure" (the encounter's title excepted: unseenScrubber);
// - the uids of hidden figures' weapons ("bjorn.broadsword", one dropped in state.items or
//   picked up by another figure), everywhere, read as an alias ("unseen-1.broadsword":
//   uidAliases), mapped back when the viewer sends it in a command, where the real uid names
//   nothing (commandFromViewer); a refusal quotes what the viewer sent as it sent it.
// Players see the options (explain) of their own figures only, and only their own figures' part of
// the pending decision (TFT explain's `decision`); spectators none of it.
import { quote } from '../core/issues.ts';
import { ApiError } from './errors.ts';
import type { EncounterSettings, Role } from './protocol.ts';
import { TARGET_STAT_FIELDS, eventSubject, figureLists, gmOnlyEvent, pickAllowed, recordAllow, restrictEvent, rollOffOf, unseenRule, type Allow } from './visibility.ts';

export interface Viewer {
  role: Role;
  /** The figures a player's token is bound to (empty for spectators). */
  figures: readonly string[];
}

interface Rules {
  hidden: Set<string>;
  /** A text with the hidden figures it names read "an unseen figure" (null: none to scrub). */
  unseen: ((text: string) => string) | null;
  /** The uids of the hidden figures' weapons and their aliases for this viewer (uidAliases). */
  aliases: ReadonlyMap<string, string>;
  /** A text or value with those uids read as their aliases (null: none to alias). */
  uids: ((text: string) => string) | null;
  /** Figures whose stats are hidden from this viewer. */
  statHidden: (figureId: string) => boolean;
  /** Whether any figure's stats are hidden from this viewer. */
  anyStatHidden: boolean;
  /** The whitelist of a stat-hidden figure's record in this system. */
  record: Allow;
}

/**
 * The figures of a state (every system keeps `figures`, a list or a map by id): those in the
 * fight, then those the GM took out of it (`gone`; missing in states stored before the GM's
 * leave). What this filter hides of one it hides of the other.
 */
export function figureList(state: unknown): unknown[] {
  const s = state as { figures?: unknown; gone?: unknown } | null | undefined;
  const figs = s?.figures;
  const inFight = Array.isArray(figs) ? figs : figs && typeof figs === 'object' ? Object.values(figs) : [];
  return Array.isArray(s?.gone) ? [...inFight, ...s.gone] : inFight;
}

/** The ids of figureList(state). */
export function figureIds(state: unknown): string[] {
  return figureList(state).map((f) => (f as { id?: unknown })?.id).filter((id): id is string => typeof id === 'string');
}

function figureSides(state: unknown): Map<string, string> {
  const sides = new Map<string, string>();
  for (const f of figureList(state)) {
    const fig = f as { id?: unknown; side?: unknown };
    if (typeof fig?.id === 'string' && typeof fig.side === 'string') sides.set(fig.id, fig.side);
  }
  return sides;
}

function rulesFor(state: unknown, settings: EncounterSettings, viewer: Viewer): Rules | null {
  if (viewer.role === 'gm') return null;
  const own = new Set(viewer.figures);
  const hidden = new Set(settings.hiddenFigures.filter((id) => !own.has(id)));
  const record = recordAllow((state as { system?: unknown })?.system);
  const unseen = unseenScrubber(state, hidden);
  const aliases = uidAliases(state, hidden);
  const uids = wordReplacer([...aliases.keys()], (uid) => aliases.get(uid) as string);
  if (!settings.hideEnemyStats) return { hidden, unseen, aliases, uids, statHidden: () => false, anyStatHidden: false, record };
  const sides = figureSides(state);
  const mySides = new Set(viewer.figures.map((f) => sides.get(f)).filter((s): s is string => s !== undefined));
  const statHidden = (id: string) => sides.has(id) && !own.has(id) && !mySides.has(sides.get(id) as string);
  return { hidden, unseen, aliases, uids, statHidden, anyStatHidden: [...sides.keys()].some(statHidden), record };
}

/** What a text, or an event's field naming a figure (unseenFigure), says instead of a figure hidden from its reader. */
const UNSEEN_FIGURE = 'an unseen figure';
/** An English article before UNSEEN_FIGURE, which brings its own. */
const ARTICLE_BEFORE = new RegExp(`(?<![\\p{L}\\p{N}_-])([Aa]|[Aa]n|[Tt]he) ${UNSEEN_FIGURE}`, 'gu');
/** English words of one letter: never taken for a figure's id or name in a text. */
const ONE_LETTER_WORDS = new Set(['a', 'A', 'I']);

/**
 * A function replacing the whole-word occurrences of `words` in a text (longest first, so a name
 * holding an id goes whole; "g2", not the "g2" in "g20") by `by(word)`; null when there are no
 * words. Letters, digits and the characters of `joins` join words (as in ids: "orc-2" is no "orc").
 */
function wordReplacer(words: readonly string[], by: (word: string) => string, joins = '_-'): ((text: string) => string) | null {
  if (words.length === 0) return null;
  const sorted = [...words].sort((a, b) => b.length - a.length);
  const word = `[\\p{L}\\p{N}${joins.replace(/[\]\\^-]/g, '\\$&')}]`;
  const pattern = new RegExp(`(?<!${word})(?:${sorted.map(escapeRe).join('|')})(?!${word})`, 'gu');
  return (text) => text.replace(pattern, by);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces, in a text, the ids and names of the `hidden` figures with "an unseen figure" (it read
 * "a figure you cannot see", and "a figure you cannot see's claw" is no English): the rules' own
 * words (a refusal's "hex 3,4 is occupied by Ghost", an AD&D blow's "Ghost's dagger", "Ghost is
 * down") name figures by name, which no field filter catches. That something is there such a text
 * cannot help saying; who is the GM's secret. A word that a figure the viewer sees also has (its
 * id or name), or a one-letter word ("a"), is left as it is.
 *
 * The encounter's title (state.name) is left as it is inside a text: it is the GM's text for the
 * whole table, shown as it is in the lobby and the heading (the GM names the fight), and the
 * rules quote it (AD&D's "The vampire's touch: the fight begins"). With the `vampire` hidden,
 * that line read "The an unseen figure's touch: the fight begins", hiding nothing the title did
 * not already show. Only the text around a title is scrubbed.
 */
function unseenScrubber(state: unknown, hidden: Set<string>): ((text: string) => string) | null {
  if (hidden.size === 0) return null;
  const seen = new Set<string>();
  const words: string[] = [];
  for (const f of figureList(state) as { id?: unknown; name?: unknown }[]) {
    if (typeof f?.id !== 'string') continue;
    for (const w of [f.id, f.name]) {
      if (typeof w !== 'string' || w === '') continue;
      if (hidden.has(f.id)) words.push(w);
      else seen.add(w);
    }
  }
  const replace = wordReplacer(
    words.filter((w) => !ONE_LETTER_WORDS.has(w) && !seen.has(w)),
    () => UNSEEN_FIGURE,
  );
  if (replace === null) return null;
  // An article before a common noun's id takes the place of its own ("A brigand", a side's
  // name, reads "An unseen figure", not "A an unseen figure").
  const scrub = (text: string) => replace(text).replace(ARTICLE_BEFORE, (_, article: string) => (article[0] === 'a' || article[0] === 't' ? UNSEEN_FIGURE : `A${UNSEEN_FIGURE.slice(1)}`));
  const title = (state as { name?: unknown } | null)?.name;
  if (typeof title !== 'string' || title === '') return scrub;
  return (text) => text.split(title).map(scrub).join(title);
}

/**
 * The uids of the hidden figures' weapons, each with the alias a viewer from whom they are hidden
 * reads instead. A TFT weapon's uid names its owner ("bjorn.broadsword": `${figure}.${weapon}`
 * where the scenario gives none); dropped, it lies in state.items and in a pick-up option under
 * that uid, and keeps it in the hands of whoever picks it up. The alias says nothing of the owner
 * but which hidden figure of the viewer's it is, by its place among them, sorted:
 * "unseen-1.broadsword" (the kind of weapon shows anyway: its name is in the item). A uid the
 * scenario gave that names a hidden figure as a word of it ("bjorn-blade") is aliased the same
 * way ("unseen-1-blade"); any other uid (a visible figure's weapon, "axe") stays as it is. Stable for
 * as long as the hidden figures are (uids never change), and one to one: a room maps an alias a
 * viewer sends back to the weapon (commandFromViewer).
 */
function uidAliases(state: unknown, hidden: Set<string>): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  if (hidden.size === 0) return out;
  const order = [...hidden].sort();
  const tag = (id: string) => `unseen-${order.indexOf(id) + 1}`;
  // Any character but a letter or digit parts the words of a uid: "bjorn-blade" names bjorn.
  const hiddenWords = wordReplacer(order, tag, '');
  const ids = figureIds(state).sort((a, b) => b.length - a.length);
  const uids = [...uidsIn(state)].sort();
  const taken = new Set(uids);
  for (const uid of uids) {
    const owner = ids.find((id) => uid.startsWith(`${id}.`));
    const head = owner === undefined ? '' : hidden.has(owner) ? tag(owner) : owner;
    const rest = uid.slice(owner?.length ?? 0);
    let alias = head + (hiddenWords ? hiddenWords(rest) : rest);
    if (alias === uid) continue;
    while (taken.has(alias)) alias += '~';
    taken.add(alias);
    out.set(uid, alias);
  }
  return out;
}

/** Every string `uid` field inside `v` (weapons carried, or lying in state.items). */
function uidsIn(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) uidsIn(x, out);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (k === 'uid' && typeof x === 'string') out.add(x);
      else uidsIn(x, out);
    }
  }
  return out;
}

/** Every text inside `v` scrubbed (object keys, and an event's `type`, are names of fields, not words). */
function scrubTexts(v: unknown, scrub: (text: string) => string): unknown {
  if (typeof v === 'string') return scrub(v);
  if (Array.isArray(v)) return v.map((x) => scrubTexts(x, scrub));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'type' ? x : scrubTexts(x, scrub)]));
  return v;
}

/** Does this object refer to a hidden figure: a property (any key) naming it, or a list of them? */
function refersToHidden(o: Record<string, unknown>, hidden: Set<string>): boolean {
  if (hidden.size === 0) return false;
  for (const v of Object.values(o)) {
    if (typeof v === 'string' && hidden.has(v)) return true;
    if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && hidden.has(x))) return true;
  }
  return false;
}

/** Does anything inside `v`, at any depth, name a hidden figure? */
function mentionsHidden(v: unknown, hidden: Set<string>): boolean {
  if (typeof v === 'string') return hidden.has(v);
  if (Array.isArray(v)) return v.some((x) => mentionsHidden(x, hidden));
  if (v && typeof v === 'object') return Object.entries(v).some(([k, x]) => hidden.has(k) || mentionsHidden(x, hidden));
  return false;
}

/** The value at a path of fields ("action.target": an AD&D declaration's target), if there is one. */
function valueAt(o: Record<string, unknown>, path: string): unknown {
  let v: unknown = o;
  for (const k of path.split('.')) v = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

/** `o` with the value at a path of fields replaced, the objects along the path copied (the engine's event is left as it is). */
function withValueAt(o: Record<string, unknown>, [k, ...rest]: string[], value: unknown): Record<string, unknown> {
  return { ...o, [k]: rest.length === 0 ? value : withValueAt(o[k] as Record<string, unknown>, rest, value) };
}

/** `o` without the value at a path of fields (the objects along it copied); `o` itself where there is none. */
function withoutAt(o: Record<string, unknown>, [k, ...rest]: string[]): Record<string, unknown> {
  if (!Object.hasOwn(o, k)) return o;
  if (rest.length === 0) {
    const { [k]: _, ...kept } = o;
    return kept;
  }
  const inner = o[k];
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? { ...o, [k]: withoutAt(inner as Record<string, unknown>, rest) } : o;
}

/**
 * The event with the one figure of it hidden from the viewer shown as "an unseen figure"
 * (visibility.ts EventRule.unseen: a blow by a hidden figure on one the viewer sees, or the
 * reverse; the viewer's figure declaring or casting at a hidden one), `unseen` naming the field
 * or its path ("action.target"), without what would tell who it is; the event itself when
 * its rule has none, or no figure of it, or more than one, is hidden (then it goes whole).
 */
function unseenFigure(e: Record<string, unknown>, hidden: Set<string>): Record<string, unknown> {
  const rule = unseenRule(e) ?? {};
  const masked = Object.keys(rule).filter((k) => {
    const v = valueAt(e, k);
    return typeof v === 'string' && hidden.has(v);
  });
  if (masked.length !== 1) return e;
  const [field] = masked;
  let out: Record<string, unknown> = { ...withValueAt(e, field.split('.'), UNSEEN_FIGURE), unseen: [field] };
  for (const k of rule[field].drop ?? []) out = withoutAt(out, k.split('.'));
  for (const k of rule[field].totals ?? []) {
    const l = out[k] as { total?: unknown } | null | undefined;
    if (l && typeof l === 'object' && 'total' in l) out[k] = { entries: [], total: l.total };
  }
  for (const [k, mine] of Object.entries(rule[field].own ?? {})) {
    const l = valueAt(out, k) as { entries?: unknown } | null | undefined;
    if (l && typeof l === 'object' && Array.isArray(l.entries)) out = withValueAt(out, k.split('.'), { entries: l.entries.filter(mine), total: '?' });
  }
  for (const [k, allow] of Object.entries(rule[field].only ?? {})) {
    const v = valueAt(out, k);
    if (v && typeof v === 'object') out = withValueAt(out, k.split('.'), pickAllowed(v, allow));
  }
  return out;
}

/**
 * The event as far as it may reach a viewer from whom `hidden` figures are hidden: its one
 * unseen figure masked (unseenFigure), its lists of figures (visibility.ts EventRule.lists: AD&D's
 * `begin` lists every figure) without the entries naming one; null when it names one anywhere
 * else (a blow between two hidden figures too), or a list is left empty (it was about hidden
 * figures only). The event itself when nothing was left out.
 */
function withoutHidden(e: Record<string, unknown>, hidden: Set<string>): Record<string, unknown> | null {
  let out = hidden.size > 0 ? unseenFigure(e, hidden) : e;
  for (const k of figureLists(e)) {
    const list = e[k];
    if (!Array.isArray(list)) continue;
    const kept = list.filter((x) => !mentionsHidden(x, hidden));
    if (kept.length === 0 && list.length > 0) return null;
    if (kept.length < list.length) {
      const how = rollOffOf(e, k);
      out = { ...out, [k]: how ? visibleRollOff(list, kept, how) : kept };
    }
  }
  return mentionsHidden(out, hidden) ? null : out;
}

/**
 * The `kept` entries of a rolled-off `list` (TFT's action order: ties on adjDX rolled off a die a
 * round) as a roll-off among them alone would read: in a tie that held a cut (hidden) entry, each
 * keeps the rounds until it parts from every other kept entry of its tie (the first round their
 * dice differ; none when it is the only one left). Two entries roll the same rounds until they
 * part, so what is kept is a roll-off that could have happened, in the order that did; one left
 * rolling with no visible partner would tell that a hidden figure tied with it.
 */
function visibleRollOff(list: unknown[], kept: unknown[], { tie, rolls }: { tie: string; rolls: string }): unknown[] {
  const field = (x: unknown, f: string) => (x as Record<string, unknown>)[f];
  const cutTies = new Set(list.filter((x) => !kept.includes(x)).map((x) => field(x, tie)));
  const diceOf = (x: unknown) => (Array.isArray(field(x, rolls)) ? (field(x, rolls) as unknown[]) : []);
  const parts = (a: unknown[], b: unknown[]) => {
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    return i + 1;
  };
  return kept.map((x) => {
    if (!cutTies.has(field(x, tie))) return x;
    const mine = diceOf(x);
    let rounds = 0;
    for (const y of kept) if (y !== x && field(y, tie) === field(x, tie)) rounds = Math.max(rounds, parts(mine, diceOf(y)));
    return rounds === mine.length ? x : { ...(x as Record<string, unknown>), [rolls]: mine.slice(0, rounds) };
  });
}

/** A figure record: the figure's `id` with its `side` (state, summary and explain figures). */
function isRecord(o: Record<string, unknown>, r: Rules): boolean {
  return typeof o.id === 'string' && typeof o.side === 'string' && r.statHidden(o.id);
}

function redact(value: unknown, r: Rules): unknown {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const x of value) {
      if (typeof x === 'string' && r.hidden.has(x)) continue;
      if (x && typeof x === 'object' && !Array.isArray(x) && refersToHidden(x as Record<string, unknown>, r.hidden)) continue;
      out.push(redact(x, r));
    }
    return out;
  }
  if (value && typeof value === 'object') {
    let o = value as Record<string, unknown>;
    // A stat-hidden figure's record: only what visibility.ts lists, and no options.
    if (isRecord(o, r)) {
      const options = 'options' in o;
      o = pickAllowed(o, r.record) as Record<string, unknown>;
      if (options) o.options = [];
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) {
      // A map keyed by figure id (per-figure records in a system's state), or a field naming one.
      if (r.hidden.has(k) || (typeof v === 'string' && r.hidden.has(v))) continue;
      // The sides' names (TFT state.sideNames) are the GM's text and may name a hidden figure
      // ("Jemmueb and Bobjo"): read as the narration reads them (events carry them too).
      out[k] = k === 'sideNames' && r.unseen ? scrubTexts(redact(v, r), r.unseen) : redact(v, r);
    }
    return out;
  }
  return value;
}

/** An event as this viewer may see it (already known not to mention a hidden figure by id). */
function redactEvent(e: Record<string, unknown>, r: Rules): Record<string, unknown> {
  const subject = eventSubject(e);
  const shown = subject !== null && r.statHidden(subject) ? restrictEvent(e) : e;
  return redactWords(shown, r) as Record<string, unknown>;
}

/** `redact`, then the hidden figures' weapons' uids aliased (uidAliases) and their names taken out of the texts that are left (events, commands). */
function redactWords(value: unknown, r: Rules): unknown {
  const text = prose(r);
  const out = redact(value, r);
  return text ? scrubTexts(out, text) : out;
}

/** A text as this viewer reads it: the hidden figures' weapons' uids aliased, then their names "an unseen figure" (null: nothing to change). */
function prose({ uids, unseen }: Rules): ((text: string) => string) | null {
  return uids && unseen ? (t) => unseen(uids(t)) : (uids ?? unseen);
}

/** `redact`, with the hidden figures' weapons' uids aliased (uidAliases): for data, not prose (the state, a summary). */
function redactData(value: unknown, r: Rules): unknown {
  const out = redact(value, r);
  return r.uids ? scrubTexts(out, r.uids) : out;
}

/**
 * The state with only the scripts this viewer may read. A scenario's script is the GM's plan
 * (what the enemies will do, the trap it springs), behind the screen: a player reads the entries
 * it could send itself (its own figures' commands, none of the system's `gmCommands`), a
 * spectator none. TFT keeps one list for the encounter (`script`, `scriptUsed` beside it), AD&D
 * one per figure (`script`): the lists are cut, not removed, as the table runs engine code on a
 * player's state (web/src/model/move.ts clones a TFT state). Explain is built from this state
 * (an AD&D schedule projects a free figure's next action from its script), then viewExplain.
 */
export function withViewerScripts(state: unknown, viewer: Viewer, gmCommands: readonly string[]): unknown {
  if (viewer.role === 'gm' || !state || typeof state !== 'object') return state;
  const own = new Set(viewer.figures);
  const readable = (c: unknown) => {
    const x = c as { type?: unknown; figure?: unknown } | null;
    return typeof x?.figure === 'string' && own.has(x.figure) && !gmCommands.includes(String(x.type));
  };
  const cut = (f: unknown) => {
    const fig = f as { script?: unknown } | null;
    return fig && typeof fig === 'object' && Array.isArray(fig.script) ? { ...fig, script: fig.script.filter(readable) } : f;
  };
  const s = { ...(state as Record<string, unknown>) };
  const { script, scriptUsed } = s;
  if (Array.isArray(script)) {
    const keep = script.flatMap((e, i) => (readable((e as { command?: unknown } | null)?.command) ? [i] : []));
    s.script = keep.map((i) => script[i]);
    if (Array.isArray(scriptUsed)) s.scriptUsed = keep.map((i) => scriptUsed[i]);
  }
  if (Array.isArray(s.figures)) s.figures = s.figures.map(cut);
  else if (s.figures && typeof s.figures === 'object') s.figures = Object.fromEntries(Object.entries(s.figures).map(([k, f]) => [k, cut(f)]));
  if (Array.isArray(s.gone)) s.gone = s.gone.map(cut);
  return s;
}

/** The system state as this viewer may see it (its scripts already cut: withViewerScripts). */
export function viewState(state: unknown, settings: EncounterSettings, viewer: Viewer): unknown {
  const r = rulesFor(state, settings, viewer);
  return r ? redactData(state, r) : state;
}

/** The events this viewer may see (events about hidden figures are dropped whole, their lists of figures cut, an unseen striker masked: withoutHidden). */
export function viewEvents<E extends Record<string, unknown>>(
  events: readonly E[],
  state: unknown,
  settings: EncounterSettings,
  viewer: Viewer,
): E[] {
  const r = rulesFor(state, settings, viewer);
  if (!r) return [...events];
  return events.flatMap((e) => {
    const seen = gmOnlyEvent(e) ? null : withoutHidden(e, r.hidden);
    return seen ? [redactEvent(seen, r) as E] : [];
  });
}

/** A command log entry as stored (storage.ts CommandBody): what viewCommandEntry filters. */
export interface CommandEntry {
  command: unknown;
  faces: number[];
  entered: boolean;
  enteredAt?: number[];
  events: Record<string, unknown>[];
}

/** What a viewer receives of a command entry: `command` and the dice only where it may see them. */
export interface CommandEntryView {
  command?: unknown;
  faces?: number[];
  entered?: boolean;
  enteredAt?: number[];
  events: Record<string, unknown>[];
}

/**
 * A command log entry for this viewer. A command that names a hidden figure is not shown, and
 * neither are the entry's dice (`faces`, `entered`, `enteredAt`) when the command is hidden or
 * any event of the step is: the faces are every die of the step in one list, so they would
 * show a hidden figure's rolls (and, by their count, that it acted). The dice of the rolls the
 * viewer may see stay in the events that report them.
 */
export function viewCommandEntry(entry: CommandEntry, state: unknown, settings: EncounterSettings, viewer: Viewer): CommandEntryView {
  const r = rulesFor(state, settings, viewer);
  const dice = { faces: entry.faces, entered: entry.entered, ...(entry.enteredAt ? { enteredAt: entry.enteredAt } : {}) };
  if (!r) return { command: entry.command, ...dice, events: [...entry.events] };
  const commandShown = !mentionsHidden(entry.command, r.hidden);
  // The GM's bookkeeping goes without a trace; it rolls no dice, so the entry's dice stay.
  const play = entry.events.filter((e) => !gmOnlyEvent(e));
  const seen = play.map((e) => withoutHidden(e, r.hidden));
  const events = seen.filter((e) => e !== null).map((e) => redactEvent(e, r));
  // An event cut (its list without a hidden figure's entry, its unseen striker's roll) is not all shown: the faces may hold that figure's dice.
  return {
    ...(commandShown ? { command: redactWords(entry.command, r) } : {}),
    ...(commandShown && seen.every((e, i) => e === play[i]) ? dice : {}),
    events,
  };
}

/**
 * A refusal as this viewer may read it: the rules' reason may name a figure hidden from it (the
 * occupant of a hex it tried to enter, an enemy in a sweep's arc); that figure reads "an unseen
 * figure". The GM reads the reason as the rules gave it.
 */
export function viewRefusal(err: ApiError, state: unknown, settings: EncounterSettings, viewer: Viewer, sent?: ViewerCommand): ApiError {
  const r = rulesFor(state, settings, viewer);
  const scrub = r ? prose(r) : null;
  if (!scrub) return err;
  const echoes = sent ? [...wordsSent(sent.sent)].flatMap((w) => [quote(w), `'${w}'`]) : [];
  const spared = sparing(scrub, [...echoes, ...err.issues.map((i) => i.path)]);
  const text = sent && sent.standIns.size > 0 ? (t: string) => spared(backFromStandIns(t, sent.standIns)) : spared;
  const message = text(err.message);
  const issues = err.issues.map((i) => ({ path: i.path, message: text(i.message) }));
  if (message === err.message && issues.every((i, k) => i.message === err.issues[k].message)) return err;
  return new ApiError(err.code, message, issues);
}

/** Anything else shaped by the system (summary, pending): the same deep filter. */
export function viewValue<T>(value: T, state: unknown, settings: EncounterSettings, viewer: Viewer): T {
  const r = rulesFor(state, settings, viewer);
  return r ? (redactData(value, r) as T) : value;
}

/**
 * A side's name (the GM's text: "Jemmueb and Bobjo") as this viewer may read it, the hidden
 * figures it names "an unseen figure", as in the narration: the lobby's and the encounter's
 * `winnerName` (state.sideNames: redact).
 */
export function viewSideName(name: string | null, state: unknown, settings: EncounterSettings, viewer: Viewer): string | null {
  const unseen = name === null ? null : rulesFor(state, settings, viewer)?.unseen;
  return unseen ? unseen(name as string) : name;
}

/** What stands in a command for a hidden weapon's real uid a viewer sent (it reads only aliases): no weapon has it. */
const UNSEEN_UID = '\u2047uid';

/** A command of a player or spectator as the engine reads it (commandFromViewer). */
export interface ViewerCommand {
  /** As the viewer sent it. */
  sent: unknown;
  /** In the engine's words. */
  command: unknown;
  /** The stand-ins in `command` for the hidden weapons' real uids the viewer sent, each with the uid as sent. */
  standIns: ReadonlyMap<string, string>;
}

/**
 * A command as this viewer sent it, in the engine's words: every command of a player or spectator
 * enters the room through here (room.ts prepare). A weapon's alias it read (uidAliases) is read
 * back as the uid. A hidden weapon's real uid ("bjorn.broadsword"), which the viewer never reads,
 * names nothing for it: a stand-in no weapon has takes its place, so the command gets the answer
 * an unknown uid gets (viewRefusal puts the uid as sent back in the text).
 */
export function commandFromViewer(command: unknown, state: unknown, settings: EncounterSettings, viewer: Viewer): ViewerCommand {
  const r = rulesFor(state, settings, viewer);
  const standIns = new Map<string, string>();
  if (!r || r.aliases.size === 0) return { sent: command, command, standIns };
  const back = new Map([...r.aliases].map(([uid, alias]) => [alias, uid]));
  const standIn = new Map<string, string>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (!r.aliases.has(v)) return back.get(v) ?? v;
      let s = standIn.get(v);
      if (s === undefined) {
        s = `${UNSEEN_UID}${standIn.size}`;
        standIn.set(v, s);
        standIns.set(s, v);
      }
      return s;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return { sent: command, command: walk(command), standIns };
}

/**
 * `text` with each stand-in of `standIns` (a stand-in -> what it stands for) back as what it
 * stands for; the longest first ("\u2047uid10" is no "\u2047uid1" followed by a 0).
 */
export function backFromStandIns(text: string, standIns: ReadonlyMap<string, string>): string {
  let t = text;
  for (const [s, was] of [...standIns].sort((a, b) => b[0].length - a[0].length)) t = t.split(s).join(was);
  return t;
}

/** Every field name and text in a command as sent (what a refusal may echo). */
function wordsSent(v: unknown, out = new Set<string>()): Set<string> {
  if (typeof v === 'string') out.add(v);
  else if (Array.isArray(v)) for (const x of v) wordsSent(x, out);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      wordsSent(x, out);
    }
  }
  return out;
}

/**
 * `text`, leaving as they are the `kept` texts in it: what the viewer sent where the refusal
 * quotes it ("Kay carries no 'bjorn'": the echo of a hidden figure's id scrubbed, or of a hidden
 * weapon's uid aliased, would tell the viewer that what it named is there; an unknown id is
 * echoed as sent), and the refusal's paths (a field's name is the viewer's own word).
 */
function sparing(text: (t: string) => string, kept: readonly string[]): (t: string) => string {
  const keep = [...new Set(kept.filter((k) => k !== ''))].sort((a, b) => b.length - a.length);
  if (keep.length === 0) return text;
  // Marks no scrubber takes for a word (no letter or digit), one per kept text.
  const mark = (i: number) => `\u0000${'\u0001'.repeat(i + 1)}\u0000`;
  return (t) => {
    let out = t;
    keep.forEach((k, i) => {
      out = out.split(k).join(mark(i));
    });
    out = text(out);
    for (let i = keep.length - 1; i >= 0; i--) out = out.split(mark(i)).join(keep[i]);
    return out;
  };
}

/** `list` without the options whose command names a hidden figure at any depth (withoutHiddenChoices). */
function seenChoices(list: unknown, hidden: Set<string>): unknown {
  if (!Array.isArray(list)) return list;
  return list.filter((o) => !(o && typeof o === 'object' && mentionsHidden((o as { command?: unknown }).command, hidden)));
}

/**
 * The report without the options whose command names a hidden figure at any depth (a sweep's
 * `targets`): redact alone would take the id out of the list and leave a different command
 * under the old label. A hidden figure is no choice for the viewer. The same for the choices of
 * the pending decision (TFT's `decision`, rules/tft/decisions.ts).
 */
function withoutHiddenChoices(report: Record<string, unknown>, hidden: Set<string>): Record<string, unknown> {
  if (hidden.size === 0 || !Array.isArray(report.figures)) return report;
  const figures = report.figures.map((f) => {
    const fig = f as { options?: unknown };
    return Array.isArray(fig.options) ? { ...fig, options: seenChoices(fig.options, hidden) } : f;
  });
  const out: Record<string, unknown> = { ...report, figures };
  const decision = decisionOf(report);
  if (decision) out.decision = { ...decision, figures: decision.figures.map((d) => ({ ...(d as object), choices: seenChoices((d as { choices?: unknown }).choices, hidden) })) };
  return out;
}

/** A figure's part of the decision without its `moves`. */
function withoutMoves(d: Record<string, unknown>): Record<string, unknown> {
  const { moves: _moves, ...rest } = d;
  return rest;
}

/** The report's pending decision with its figures' choices (TFT explain's `decision`), if it has one. */
function decisionOf(report: Record<string, unknown>): { figures: unknown[] } | null {
  const d = report.decision as { figures?: unknown } | null | undefined;
  return d && typeof d === 'object' && Array.isArray(d.figures) ? (d as { figures: unknown[] }) : null;
}

/**
 * explain(state) for this viewer: players keep only their own figures' options, and only their
 * own figures' part of the pending decision (what each may send now); spectators, who send
 * nothing, none of it.
 */
export function viewExplain(
  report: Record<string, unknown>,
  state: unknown,
  settings: EncounterSettings,
  viewer: Viewer,
): Record<string, unknown> {
  const r = rulesFor(state, settings, viewer);
  if (!r) return report;
  // Its words too: an AD&D schedule's "attack ogre with long sword" names the target by id.
  const out = redactWords(withoutHiddenChoices(report, r.hidden), r) as Record<string, unknown>;
  // A system's rendering of the whole report as text (AD&D) shows everything: not for a filtered view.
  if ((r.hidden.size > 0 || r.anyStatHidden) && 'text' in out) delete out.text;
  const own = new Set(viewer.role === 'player' ? viewer.figures : []);
  if (viewer.role === 'player' && Array.isArray(out.figures)) {
    out.figures = out.figures.map((f) => {
      const fig = f as { id?: unknown; options?: unknown; notNow?: unknown };
      if (typeof fig.id === 'string' && own.has(fig.id)) return r.anyStatHidden && Array.isArray(fig.options) ? { ...fig, options: fig.options.map((o) => withoutTargetStats(o, r)) } : fig;
      // Nor why another figure cannot act ("its magazine is empty"): that is its owner's to know.
      const other: Record<string, unknown> = { ...fig, options: [] };
      delete other.notNow;
      return other;
    });
  }
  const decision = decisionOf(out);
  if (decision) {
    const mine = decision.figures.filter((d) => own.has((d as { figure?: unknown }).figure as string));
    // The hexes a figure may move to would show where the figures hidden from the viewer stand
    // (a hex taken, a move stopped in a front hex): with any hidden, the client builds its moves
    // (the engine refuses one into "an unseen figure", as it does any command).
    const choices = (d: Record<string, unknown>) => (r.anyStatHidden && Array.isArray(d.choices) ? { ...d, choices: d.choices.map((o) => withoutTargetStats(o, r)) } : d);
    out.decision = { ...decision, figures: mine.map((d) => choices(r.hidden.size > 0 ? withoutMoves(d as Record<string, unknown>) : (d as Record<string, unknown>))) };
  }
  return out;
}

/** The viewer's own option without what it tells of a target whose stats are hidden (visibility.ts TARGET_STAT_FIELDS). */
function withoutTargetStats(option: unknown, r: Rules): unknown {
  const o = option as { command?: { target?: unknown; targets?: unknown } } | null;
  const c = o?.command;
  const targets = [c?.target, ...(Array.isArray(c?.targets) ? c.targets : [])];
  if (!targets.some((t) => typeof t === 'string' && r.statHidden(t))) return option;
  const out = { ...(option as Record<string, unknown>) };
  for (const k of TARGET_STAT_FIELDS) delete out[k];
  return out;
}

/** Settings as this viewer may see them: no hidden notes, no list of hidden figures, no handled special criticals (the GM's prompts). */
export function viewSettings(settings: EncounterSettings, viewer: Viewer): EncounterSettings {
  if (viewer.role === 'gm') return settings;
  const own = new Set(viewer.figures);
  const hidden = new Set(settings.hiddenFigures);
  const { handledSpecials: _gms, ...shared } = settings;
  return {
    ...shared,
    hiddenFigures: settings.hiddenFigures.filter((id) => own.has(id)),
    notes: settings.notes.filter((n) => !n.hidden && !(n.figure !== undefined && hidden.has(n.figure) && !own.has(n.figure))),
  };
}

/** A key that is equal for viewers who see exactly the same thing (to share filtered copies). */
export function viewerKey(viewer: Viewer): string {
  return viewer.role === 'gm' ? 'gm' : `${viewer.role}:${[...viewer.figures].sort().join(',')}`;
}
