// AD&D segment timeline (seed 3380eb42, R-A1): 10 columns per round, one row per combatant;
// each action placed in its segment with the reason it is there (the event's narration, or
// the declared action's timing ledger for what is still to come); surprise, parries and delays.
import { useMemo, useState } from 'react';
import type { LogEntryView } from '../../../src/server/protocol.ts';
import { toLedger } from '../model/view.ts';
import { effectiveLine } from '../model/log.ts';
import { type FigureView, type Obj, isObj } from '../model/view.ts';

export interface Cell {
  figure: string;
  round: number;
  segment: number;
  kind: string;
  text: string;
  future?: boolean;
  projected?: boolean;
}

const SEGS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** An absolute segment as the grid reads it: 13 is "round 2 segment 3" (the grid's columns are 1-10). */
export const segmentWords = (abs: number): string => `round ${Math.ceil(abs / 10)} segment ${((abs - 1) % 10) + 1}`;

/**
 * What a figure has declared and when it lands, from its entry of the AD&D explain report
 * ("attack Orc sergeant with battle axe, lands in round 2 segment 4"); null when it has not
 * declared. The roster said "@14", a segment count no table uses.
 */
export function declaredWords(e: unknown): string | null {
  if (!isObj(e) || typeof e.declared !== 'string' || e.declared.trim() === '') return null;
  return typeof e.next === 'number' ? `${e.declared}, lands in ${segmentWords(e.next)}` : e.declared;
}

/**
 * A timeline list line: the log's narration without its "[r1 s2]" (the line's number and the
 * round's heading say it), after its figure's name unless the narration names it ("Frito: [r1 s2]
 * Frito strikes" said the name twice). A line may be filed under the figure it befalls: a spell's
 * damage event names only its target ("Ogre brute: magic missile hits Ogre brute"), a drain its
 * victim. `names` (the table's) keeps a name from being found inside a longer one ("Ogre" in
 * "Ogre brute").
 */
export function legendWords(name: string, text: string, names: readonly string[] = []): string {
  const said = text.replace(/^\[r\d+ s\d+\]\s*/, '');
  return namesFigure(said, name, names) ? said : `${name}: ${said}`;
}

/** Whether `text` says `name` as a whole name: not within a word, nor the start of a longer name of `names`. */
function namesFigure(text: string, name: string, names: readonly string[]): boolean {
  const longer = names.filter((n) => n.length > name.length && n.startsWith(name));
  const wordChar = /[\p{L}\p{N}]/u;
  for (let i = text.indexOf(name); i >= 0 && name; i = text.indexOf(name, i + 1)) {
    const end = i + name.length;
    if ((i > 0 && wordChar.test(text[i - 1])) || (end < text.length && wordChar.test(text[end]))) continue;
    if (!longer.some((n) => text.startsWith(n, i))) return true;
  }
  return false;
}
/** " [R-A1]" after a ledger entry's words; nothing where the entry names no rule. */
const ruleTag = (rule: string): string => (rule ? ` [${rule}]` : '');
const QUIET = new Set(['round-start', 'segment', 'turn-start', 'begin', 'over', 'summary']);

/** The figure whose row an event's cell sits in: the one that acts, or the one it befalls where the actor is unseen (a blow by a figure hidden from the viewer: it has no row). */
function rowOf(x: Obj): string | null {
  const unseen = Array.isArray(x.unseen) ? x.unseen : [];
  for (const k of ['figure', 'attacker', 'actor']) if (typeof x[k] === 'string' && !unseen.includes(k)) return x[k] as string;
  return unseen.length > 0 && typeof x.target === 'string' ? x.target : null;
}

/**
 * Where each event and each coming action sits on the clock (pure; unit-tested). Coming actions
 * come from explain()'s `schedule` (each with the ledger of why it lands there) when the system
 * gives one, else from each figure's declared action and timing ledger.
 */
export function timelineCells(entries: readonly LogEntryView[], figures: readonly Obj[], now: number, schedule?: unknown): Cell[] {
  const cells: Cell[] = [];
  for (const e of effectiveLine(entries)) {
    (e.events ?? []).forEach((ev, i) => {
      const x = ev as Obj;
      const seg = typeof x.segment === 'number' ? x.segment : null;
      const type = typeof x.type === 'string' ? x.type : 'event';
      const who = rowOf(x);
      if (seg === null || seg < 1 || !who || QUIET.has(type)) return;
      cells.push({ figure: who, round: Math.ceil(seg / 10), segment: ((seg - 1) % 10) + 1, kind: type, text: e.descriptions?.[i] ?? type });
    });
  }
  if (Array.isArray(schedule)) {
    for (const x of schedule) {
      if (!isObj(x) || typeof x.segment !== 'number' || typeof x.figure !== 'string') continue;
      const why = toLedger(x.why);
      const reason = why ? why.entries.map((t) => `${t.source}${ruleTag(t.rule)}`).join('; ') : '';
      const action = typeof x.action === 'string' && x.action ? x.action : 'action';
      cells.push({
        figure: x.figure,
        round: Math.ceil(x.segment / 10),
        segment: ((x.segment - 1) % 10) + 1,
        kind: action.split(' ')[0],
        text: `${action} in ${segmentWords(x.segment)}${reason ? ` (${reason})` : ''}`,
        future: true,
        projected: x.projected === true,
      });
    }
    return cells;
  }
  for (const f of figures) {
    const next = typeof f.next === 'number' ? f.next : null;
    const d = isObj(f.declared) ? f.declared : null;
    if (next === null || next < Math.max(1, now) || !d || typeof f.id !== 'string') continue;
    const kind = typeof d.kind === 'string' && d.kind ? d.kind : 'action';
    const timing = toLedger(f.timing);
    const why = timing ? timing.entries.map((t) => `${t.source} ${t.delta >= 0 ? '+' : ''}${t.delta}${ruleTag(t.rule)}`).join(', ') : '';
    cells.push({
      figure: f.id,
      round: Math.ceil(next / 10),
      segment: ((next - 1) % 10) + 1,
      kind,
      // The timing ledger comes with the step's report (explain); the state a player sees may hide
      // the stats it sums (hideEnemyStats), so the page does not work it out: it says it follows.
      text: `${kind} declared, lands in ${segmentWords(next)}${why ? `: ${why}` : ' (its timing follows)'}`,
      future: true,
    });
  }
  return cells;
}

/**
 * A combatant's row in words, for a screen reader (the grid draws it for the eye, its glyphs and
 * hatching say nothing aloud): name, state, surprise in the round shown, a parry in force.
 */
export function rowWords(f: FigureView, figures: readonly FigureView[], round: number): string {
  const surprised = typeof f.raw.surprised === 'number' ? f.raw.surprised : 0;
  const parry = isObj(f.raw.parry) ? f.raw.parry : null;
  const bits = [f.state];
  if (round === 1 && surprised > 0) bits.push(`surprised, segments 1 to ${surprised} [R-A3]`);
  if (parry) bits.push(parryWords(parry, figures));
  return `${f.name}: ${bits.join(', ')}`;
}

/**
 * A parry in force in words: "parrying Rocky"; "parrying" alone where the view does not name
 * whom (the server drops a field naming a figure hidden from this viewer).
 */
export function parryWords(parry: Obj, figures: readonly FigureView[]): string {
  const against = typeof parry.against === 'string' ? parry.against : null;
  return against === null ? 'parrying' : `parrying ${figures.find((x) => x.id === against)?.name ?? against}`;
}

export interface SegmentsProps {
  state: Obj;
  figures: FigureView[];
  entries: LogEntryView[];
  schedule?: unknown;
  /** The figure the action panel shows, and picking another by its row's name (as a token on the TFT map). */
  selected?: string | null;
  onSelect?(id: string): void;
}

export function Segments({ state, figures, entries, schedule, selected, onSelect }: SegmentsProps) {
  const now = typeof state.now === 'number' ? state.now : 0;
  const current = Math.max(1, Math.ceil(now / 10));
  const [round, setRound] = useState<number | null>(null);
  const shown = round ?? current;
  const raw = figures.map((f) => f.raw);
  const cells = useMemo(() => timelineCells(entries, raw, now, schedule), [entries, raw, now, schedule]);
  const lastRound = Math.max(current, ...cells.map((c) => c.round));
  const inRound = cells.filter((c) => c.round === shown).sort((a, b) => a.segment - b.segment);
  const projected = inRound.filter((c) => c.projected);
  // The hatching's meaning on the page (the cells' tooltips reach neither keyboard nor touch).
  const surprisedNames = shown === 1 ? figures.filter((f) => typeof f.raw.surprised === 'number' && f.raw.surprised > 0) : [];
  const nameOf = (id: string) => figures.find((f) => f.id === id)?.name ?? id;
  const names = figures.map((f) => f.name);
  return (
    <div className="segments" data-testid="segments">
      <div className="row spread">
        <button type="button" className="small" disabled={shown <= 1} onClick={() => setRound(shown - 1)} aria-label="Previous round">
          ◀
        </button>
        <strong>
          Round {shown}
          {shown === current && now > 0 ? ` · segment ${((now - 1) % 10) + 1}` : ''}
        </strong>
        <button type="button" className="small" disabled={shown >= lastRound} onClick={() => setRound(shown + 1)} aria-label="Next round">
          ▶
        </button>
      </div>
      {/* The grid is for the eye; the lists say the same in words (each row, then each action of the round). */}
      <ul className="sr-only" aria-label={`Combatants, round ${shown}`}>
        {figures.map((f) => (
          <li key={f.id}>{rowWords(f, figures, shown)}</li>
        ))}
      </ul>
      <div className="seg-grid" aria-hidden="true" style={{ gridTemplateColumns: `minmax(5.5em, 9em) repeat(10, minmax(1.6em, 1fr))` }}>
        <div className="seg-h" />
        {SEGS.map((seg) => (
          <div key={`h${seg}`} className={`seg-h${shown === current && ((now - 1) % 10) + 1 === seg ? ' now' : ''}`}>
            {seg}
          </div>
        ))}
        {figures.map((f) => {
          const surprised = typeof f.raw.surprised === 'number' ? f.raw.surprised : 0;
          const parry = isObj(f.raw.parry) ? f.raw.parry : null;
          return [
            <div key={`${f.id}:n`} className={`seg-name st-${f.state}${f.id === selected ? ' sel' : ''}`} title={f.state}>
              {onSelect ? (
                // Out of the tab order, as the grid is out of the accessibility tree: the keyboard picks by n / Shift+N or the Combatants tab.
                <button type="button" className="linkish" tabIndex={-1} data-pick={f.id} onClick={() => onSelect(f.id)}>
                  {f.name}
                </button>
              ) : (
                f.name
              )}
              {/* The state in a word, not by the name's colour alone. */}
              {f.state !== 'healthy' && <span className="pill small">{f.state}</span>}
              {parry && <span className="pill small">{parryWords(parry, figures)}</span>}
            </div>,
            ...SEGS.map((seg) => {
              const here = cells.filter((c) => c.figure === f.id && c.round === shown && c.segment === seg);
              const isSurprised = shown === 1 && seg <= surprised;
              return (
                <div key={`${f.id}:${seg}`} className={`seg-cell${isSurprised ? ' surprised' : ''}`} data-seg={`${f.id}:${seg}`} title={isSurprised ? `surprised (${surprised} segments, R-A3)` : undefined}>
                  {here.map((c, k) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: several actions may share a segment
                    <span key={k} className={`seg-act k-${c.kind}${c.future ? ' future' : ''}${c.projected ? ' projected' : ''}`} title={c.text}>
                      {abbrev(c.kind)}
                    </span>
                  ))}
                </div>
              );
            }),
          ];
        })}
      </div>
      {inRound.length > 0 && (
        // For the eye, as the grid is (the lists below say each action in words).
        <p className="seg-key small-note muted" aria-hidden="true" data-testid="seg-glyphs">
          {[glyphKey(inRound), inRound.some((c) => c.future && !c.projected) && 'dashed: declared, to come', projected.length > 0 && 'dotted: projected'].filter(Boolean).join('; ')}
        </p>
      )}
      {surprisedNames.length > 0 && (
        <p className="seg-key small-note" data-testid="seg-surprise">
          <span className="seg-cell surprised seg-swatch" aria-hidden="true" /> surprised, no action in its first segments (R-A3):{' '}
          {surprisedNames.map((f) => `${f.name} 1–${f.raw.surprised}`).join(', ')}
        </p>
      )}
      <ul className="seg-legend" aria-label={`Actions, round ${shown}`}>
        {inRound
          .filter((c) => !c.projected)
          .map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: order is by segment, stable per render
            <li key={i} className={c.future ? 'future' : ''}>
              <span className="seg-no">{c.segment}</span> {legendWords(nameOf(c.figure), c.text, names)}
            </li>
          ))}
      </ul>
      {/* The projected blows and declarations (drawn faint in the grid), each with its reason: closed at first, the list stays short. */}
      {projected.length > 0 && (
        <details className="seg-projected" data-testid="seg-projected">
          <summary>
            {projected.length} projected (if each keeps attacking, or declares now)
          </summary>
          <ul className="seg-proj" aria-label={`Projected actions, round ${shown}`}>
            {projected.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: order is by segment, stable per render
              <li key={i} className="future projected">
                <span className="seg-no">{c.segment}</span> {legendWords(nameOf(c.figure), c.text, names)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/**
 * The grid's glyphs in a round in words ("ex extra roll", "⚔ attack"): the cells' tooltips reach
 * neither keyboard nor touch, and "ex" or "de" meant nothing on the page.
 */
export function glyphKey(cells: readonly Cell[]): string {
  // One entry a glyph: an attack's "hit" is drawn as an attack, said once.
  const said = new Map<string, string>();
  for (const c of cells) if (!said.has(abbrev(c.kind))) said.set(abbrev(c.kind), c.kind.replace(/-/g, ' '));
  return [...said].map(([g, k]) => `${g} ${k}`).join(' · ');
}

function abbrev(kind: string): string {
  // The extra attack's d100 and the extra attack itself were both "ex"; a spell's damage "sp".
  const m: Record<string, string> = { attack: '⚔', parry: 'P', draw: 'D', ready: 'R', cast: '✦', wait: '…', struggle: 'S', surprise: '!', damage: '✶', 'spell-damage': '✶', miss: '·', hit: '⚔', 'extra-roll': '%', 'extra-attack': '+' };
  return Object.hasOwn(m, kind) ? m[kind] : kind.slice(0, 2);
}
