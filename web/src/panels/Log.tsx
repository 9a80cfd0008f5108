// The log: every entry with each event's narration, and on demand its ledgers, dice faces and
// rule ids; filter by figure; the GM rewinds to any step (asked first when that undoes more than
// one: the steps undone are not to be had back); export as JSON or a Markdown report.
import { useEffect, useMemo, useRef, useState } from 'react';
import { weaponName } from '../../../src/rules/adnd/describe.ts';
import type { LogEntryView } from '../../../src/server/protocol.ts';
import { effectiveLine, entryMentions, eventRows } from '../model/log.ts';
import type { FigureView } from '../model/view.ts';
import { Faces, LedgerView, RuleId } from './LedgerView.tsx';

export interface LogProps {
  entries: LogEntryView[];
  figures: FigureView[];
  isGm: boolean;
  /** `seen`: the latest step the GM saw when choosing (the rewind is refused if another came since). */
  onRewind(to: number, seen: number): void;
  onExport(format: 'json' | 'markdown'): void;
}

export function Log(p: LogProps) {
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<Set<number>>(new Set());
  const known = useMemo(() => new Set(p.figures.map((f) => f.id)), [p.figures]);
  const live = useMemo(() => new Set(effectiveLine(p.entries).map((e) => e.seq)), [p.entries]);
  const shown = filter ? p.entries.filter((e) => e.kind === 'command' && entryMentions(e, filter)) : p.entries;
  const end = useRef<HTMLDivElement>(null);
  // New entries bring the log's end into view only while the reader is at it: one reading an
  // earlier step (scrolled up) was pulled to the end at every step (on a phone, the whole page).
  const following = useRef(true);
  // Whether the end is on the screen (within the panel, which scrolls on a wide screen).
  const atEnd = (el: HTMLElement) => el.getBoundingClientRect().top <= Math.min(innerHeight, el.closest('.tab-body')?.getBoundingClientRect().bottom ?? innerHeight) + 48;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one listener while the panel is open
  useEffect(() => {
    const onScroll = () => {
      if (end.current) following.current = atEnd(end.current);
    };
    // Capturing: the page scrolls on a phone, the panel on a wide screen (scroll events do not bubble).
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => document.removeEventListener('scroll', onScroll, { capture: true });
  }, []);
  const opened = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when entries arrive
  useEffect(() => {
    const el = end.current;
    if (!el) return;
    if (opened.current) {
      if (following.current) el.scrollIntoView?.({ block: 'nearest' });
      return;
    }
    // Opened: the panel's own scroll (a wide screen) goes to the end; the page is not scrolled (on
    // a phone it pushed the tab bar up under the header). The reader follows once at the end.
    opened.current = true;
    const body = el.closest('.tab-body');
    if (body instanceof HTMLElement && getComputedStyle(body).overflowY !== 'visible') body.scrollTop = body.scrollHeight;
    following.current = atEnd(el);
  }, [p.entries.length]);
  const name = (id: string) => p.figures.find((f) => f.id === id)?.name ?? id;
  // The rewind asked about (its step), and the steps it would undo (those after it on the line of play).
  // Asked with the latest step then shown: a step that comes while the GM reads the question is
  // not undone by the answer (the server refuses the rewind as stale).
  const [asking, setAsking] = useState<{ to: number; seen: number } | null>(null);
  const undoes = (to: number) => [...live].filter((seq) => seq > to).length;
  const root = useRef<HTMLDivElement>(null);
  const head = p.entries.reduce((m, e) => Math.max(m, e.seq), 0);
  const askRewind = (to: number) => (undoes(to) > 1 ? setAsking({ to, seen: head }) : p.onRewind(to, head));
  const cancel = (to: number) => {
    setAsking(null);
    // Back to the button that asked (the confirmation it opened is gone).
    requestAnimationFrame(() => root.current?.querySelector<HTMLElement>(`[data-rewind="${to}"]`)?.focus());
  };
  const rewindButton = (to: number, testId?: string) => (
    <button type="button" className="ghost small rewind" data-testid={testId} data-rewind={to} aria-expanded={asking?.to === to} onClick={() => askRewind(to)}>
      rewind here
    </button>
  );
  const confirm = (to: number) =>
    asking?.to === to && (
      <RewindConfirm
        to={to}
        steps={undoes(to)}
        onRewind={() => {
          setAsking(null);
          p.onRewind(to, asking.seen);
        }}
        onCancel={() => cancel(to)}
      />
    );

  return (
    <div className="log" data-testid="log" ref={root}>
      <div className="log-tools">
        <label>
          Figure{' '}
          <select value={filter} onChange={(e) => setFilter(e.target.value)} aria-label="Filter the log by figure">
            <option value="">all</option>
            {p.figures.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <span className="spacer" />
        {p.isGm && (
          <button type="button" className="small" onClick={() => p.onExport('json')}>
            Export JSON
          </button>
        )}
        <button type="button" className="small" onClick={() => p.onExport('markdown')}>
          Fight report (.md)
        </button>
      </div>
      <ol className="entries">
        <li className="entry start">
          <span className="seq">0</span> start of the encounter
          {p.isGm && p.entries.length > 0 && rewindButton(0)}
          {confirm(0)}
        </li>
        {shown.map((e) => {
          const rows = eventRows(e, known);
          const isOpen = open.has(e.seq);
          const undone = e.kind === 'command' && !live.has(e.seq);
          const line = entryTitle(e, name);
          return (
            <li key={e.seq} className={`entry ${e.kind}${undone ? ' undone' : ''}`} data-seq={e.seq}>
              <div className="entry-head">
                <span className="seq">{e.seq}</span>
                {e.kind === 'rewind' ? (
                  <span className="rewind-note entry-title">GM rewound to step {e.to}</span>
                ) : (
                  <button
                    type="button"
                    className="linkish entry-title"
                    title={line}
                    aria-expanded={isOpen}
                    onClick={() => {
                      const n = new Set(open);
                      if (isOpen) n.delete(e.seq);
                      else n.add(e.seq);
                      setOpen(n);
                    }}
                  >
                    {line}
                  </button>
                )}
                <span className="by">{e.by.role}</span>
                {e.entered && <span className="pill">physical dice</span>}
                {p.isGm && e.kind === 'command' && !undone && rewindButton(e.seq, `rewind-${e.seq}`)}
              </div>
              {confirm(e.seq)}
              {e.kind === 'command' && (
                <ul className="events">
                  {rows.map((r, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: events of one entry never reorder
                    <li key={i} className={`ev ev-${r.type}`}>
                      <span className="ev-text">{r.text}</span>
                      {r.faces.length > 0 && <Faces faces={r.faces} />}
                      {isOpen && (
                        <div className="ev-detail">
                          {r.ledgers.map((l) => (
                            <LedgerView key={l.name} name={l.name} ledger={l.ledger} />
                          ))}
                          {r.rules.length > 0 && (
                            <p className="rules">
                              rules:{' '}
                              {r.rules.map((x) => (
                                <RuleId key={x} id={x} />
                              ))}
                            </p>
                          )}
                        </div>
                      )}
                    </li>
                  ))}
                  {isOpen && e.faces && e.faces.length > 0 && (
                    <li className="ev all-faces">
                      all dice of this step: <Faces faces={e.faces} />
                    </li>
                  )}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      <div ref={end} />
    </div>
  );
}

/** "Rewind to step 4? It undoes 6 steps, for good": the rewind, or not (its button, Escape). */
function RewindConfirm({ to, steps, onRewind, onCancel }: { to: number; steps: number; onRewind(): void; onCancel(): void }) {
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => ok.current?.focus(), []);
  return (
    // Escape from either button cancels.
    <fieldset
      className="rewind-confirm"
      aria-label={`Rewind to step ${to}`}
      data-testid="rewind-confirm"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onCancel();
      }}
    >
      <span>
        Rewind to {to === 0 ? 'the start' : `step ${to}`}? It undoes {steps} steps, for good.
      </span>
      <button type="button" className="small" ref={ok} onClick={onRewind}>
        Rewind {steps} steps
      </button>
      <button type="button" className="ghost small" onClick={onCancel}>
        Cancel
      </button>
    </fieldset>
  );
}

/**
 * An entry's heading: its command in one line; where the server keeps the command from this
 * viewer (it names a figure hidden from it, src/server/views.ts), what is left to say: the step
 * of someone it cannot see, or a step it sees only part of. It was an empty button, named nothing.
 */
export function entryTitle(e: LogEntryView, name: (id: string) => string): string {
  if (e.kind !== 'command' || 'command' in e) return commandLine(e.command, name);
  return (e.events ?? []).length > 0 ? 'a step you see in part' : 'a step you cannot see';
}

/** One line for a command: "attack: Ann → Bob", "hit to disarm: Ann → Bob", "hit to disarm: Ann → Bob's main gauche", "move: Ann (3 hexes)", "first aid: Ann → Bob"; in words, not the command's id ("first-aid", "move … (0 hexes)"). */
export function commandLine(cmd: unknown, name: (id: string) => string): string {
  if (typeof cmd !== 'object' || cmd === null) return String(cmd ?? '');
  if (Array.isArray(cmd)) return 'command';
  const c = cmd as Record<string, unknown>;
  // An AD&D hit to disarm (R-A9) is an attack command with its mode: "attack" alone said a blow for damage.
  const type = c.mode === 'disarm' ? 'hit to disarm' : typeof c.type === 'string' ? c.type : typeof c.kind === 'string' ? c.kind : 'command';
  const who = typeof c.figure === 'string' ? name(c.figure) : '';
  // The weapon a hit to disarm is aimed at (R-A9 `aim`): "hit to disarm: Ann → Bob's main gauche", as the narration says it.
  const aim = c.mode === 'disarm' && typeof c.aim === 'string' ? `'s ${weaponName(c.aim)}` : '';
  const target = typeof c.target === 'string' ? ` → ${name(c.target)}${aim}` : Array.isArray(c.targets) ? ` → ${c.targets.map((t) => (typeof t === 'string' ? name(t) : '?')).join(', ')}` : '';
  const path = Array.isArray(c.path) ? (c.path.length === 0 ? ' (stays)' : ` (${c.path.length} hex${c.path.length === 1 ? '' : 'es'})`) : '';
  return `${type.replaceAll('-', ' ')}${who ? `: ${who}` : ''}${target}${path}`;
}
