// TFT status: turn and phase, initiative, movement and action order; each figure's wound
// state with what else a GM needs at a glance (prone, stance, 5-hit penalty, no weapon in hand:
// model/conditions.ts), ST, wounds, fatigue, remST and dyST (Hanging by a Thread, R-T1), thread rolls and
// the chance to survive the coming turns, stabilization progress (R-T3); HiTech ammunition
// (R-H10) under each figure's row; the GM's notes this viewer may read; for the GM, each living
// figure's Adjust form (panels/Adjust.tsx) and "Leaves…" (panels/Leave.tsx), and "End the
// fight…" (panels/EndFight.tsx). The figures the GM took out of the fight stand last, under
// "Left the fight", with their last state and why. Numbers come from the state and from
// explain(): nothing is computed here but percentages.
import { Fragment, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { EncounterSettings, LogEntryView } from '../api/client.ts';
import { adndConditions, tftConditions } from '../model/conditions.ts';
import type { ClockView, FigureView, Obj } from '../model/view.ts';
import { explainedById, isObj, leftWords, sideName, toLedger } from '../model/view.ts';
import { AdjustForm, type AdjustResult } from './Adjust.tsx';
import { EndFight } from './EndFight.tsx';
import { LeaveForm } from './Leave.tsx';
import { Ammo } from './Ammo.tsx';
import { LedgerView, RuleId } from './LedgerView.tsx';
import { Reason } from './Reason.tsx';
import { declaredWords } from './Segments.tsx';
import { pct } from '../model/options.ts';
import { afterFightWords, rollWords, threadViews } from '../model/thread.ts';
import { isFallen, moveOrderView } from '../model/turn.ts';

export interface StatusProps {
  system: string;
  clock: ClockView;
  state: Obj;
  figures: FigureView[];
  report: Obj | null;
  /** The log: why a figure's hand is empty (its weapon dropped or broke). */
  entries?: readonly LogEntryView[];
  sideColors: Record<string, string>;
  selected: string | null;
  onSelect(id: string): void;
  /** Figures this viewer may command (its seat's, or all for the GM). */
  mine?: ReadonlySet<string>;
  /** Sends a command (the thread-roll attribute choice, R-T2); absent for spectators. */
  onCommand?(command: Obj): void;
  /** The GM's notes this viewer may read (the server leaves hidden ones out for players). */
  notes?: EncounterSettings['notes'];
  /** Sends the GM's adjustment of a figure; given to the GM only, while the fight goes on (each row gets its Adjust form). */
  onAdjust?(command: Obj): Promise<AdjustResult>;
  /** Sends the GM's end of the fight; given to the GM only, while the fight goes on ("End the fight…"). */
  onEnd?(command: Obj): Promise<AdjustResult>;
  /** Sends the GM's leave of a figure; given to the GM only, while the fight goes on (each row in the fight gets "Leaves…"). */
  onLeave?(command: Obj): Promise<AdjustResult>;
  /** The GM asked for a figure's Adjust form with a reason (a special critical, panels/Special.tsx): a new `stamp` opens it. */
  ask?: { figure: string; reason: string; stamp: number };
}

/** The fight's sides in the scenario's order (TFT's state.sides; else as the figures have them), by the names the table shows. */
export function sidesOf(state: Obj, figures: readonly FigureView[]): { id: string; name: string }[] {
  const ids = Array.isArray(state.sides) ? state.sides.filter((x): x is string => typeof x === 'string') : [];
  for (const f of figures) if (!ids.includes(f.side)) ids.push(f.side);
  return ids.map((id) => ({ id, name: sideName(state, id) }));
}

/** The GM's "End the fight…" button and, while open, its form (panels/EndFight.tsx). */
function EndFightControl({ state, figures, onEnd }: { state: Obj; figures: readonly FigureView[]; onEnd(command: Obj): Promise<AdjustResult> }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const formId = `${useId()}-end`;
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <div className="end-fight">
      <button ref={button} type="button" className="small ghost" aria-expanded={open} aria-controls={open ? formId : undefined} onClick={() => setOpen(!open)} data-testid="end-open">
        End the fight…
      </button>
      {open && <EndFight id={formId} sides={sidesOf(state, figures)} onEnd={onEnd} onClose={close} />}
    </div>
  );
}

/** The GM's forms of a roster row: Adjust (panels/Adjust.tsx) and "Leaves…" (panels/Leave.tsx). */
type RowForm = 'adjust' | 'leave';

/** The GM's controls of each row: which figure's form is open (one at a time), its buttons and its form row. */
function useRowForms(p: StatusProps) {
  const [open, setOpen] = useState<{ figure: string; form: RowForm } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const key = useId();
  // A figure id may hold anything: the form's id is made from its place in the roster.
  const formId = (f: FigureView, form: RowForm) => `${key}-${form}-${p.figures.indexOf(f)}`;
  const handler = (form: RowForm) => (form === 'adjust' ? p.onAdjust : p.onLeave);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each ask opens the form once
  useEffect(() => {
    if (p.ask) setOpen({ figure: p.ask.figure, form: 'adjust' });
  }, [p.ask?.stamp]);
  // Neither for the dead (dead is final) nor for a figure out of the fight.
  const offers = (f: FigureView, form: RowForm) => !!handler(form) && f.state !== 'dead' && !f.left;
  const close = (f: FigureView, form: RowForm) => {
    setOpen(null);
    buttons.current.get(`${form}:${f.id}`)?.focus();
  };
  // A figure that left takes its row's buttons along: the cursor goes to its "left: …" mark
  // under "Left the fight" once the server's step draws it (else it would fall to the page).
  const roster = useRef<HTMLDivElement | null>(null);
  const [leftFocus, setLeftFocus] = useState<string | null>(null);
  const leftDrawn = leftFocus !== null && p.figures.some((f) => f.id === leftFocus && f.left);
  useEffect(() => {
    if (!leftDrawn) return;
    const mark = [...(roster.current?.querySelectorAll<HTMLElement>('[data-left]') ?? [])].find((el) => el.dataset.left === leftFocus);
    mark?.focus();
    setLeftFocus(null);
  }, [leftFocus, leftDrawn]);
  const button = (f: FigureView, form: RowForm, label: string, text: string, data: Record<`data-${string}`, string>) => {
    if (!offers(f, form)) return null;
    const isOpen = open?.figure === f.id && open.form === form;
    return (
      <button
        type="button"
        className={`small ghost ${form}`}
        aria-expanded={isOpen}
        aria-controls={isOpen ? formId(f, form) : undefined}
        aria-label={label}
        {...data}
        ref={(el) => {
          if (el) buttons.current.set(`${form}:${f.id}`, el);
          else buttons.current.delete(`${form}:${f.id}`);
        }}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(isOpen ? null : { figure: f.id, form });
        }}
      >
        {text}
      </button>
    );
  };
  return {
    /** The panel: where a figure that left is found again (its mark). */
    root: roster,
    /** Together, so that they wrap under the name as one. */
    buttons(f: FigureView) {
      const adjust = button(f, 'adjust', `Adjust ${f.name}`, 'Adjust', { 'data-adjust': f.id });
      const leave = button(f, 'leave', `${f.name} leaves…`, 'Leaves…', { 'data-leave': f.id });
      if (!adjust && !leave) return null;
      return (
        <span className="row-tools">
          {adjust}
          {leave}
        </span>
      );
    },
    /** The row under the figure's holding its open form, across the roster's `columns`. */
    row(f: FigureView, columns: number) {
      const form = open?.figure === f.id ? open.form : null;
      const send = form && offers(f, form) ? handler(form) : undefined;
      if (!form || !send) return null;
      const onClose = () => close(f, form);
      const asked = form === 'adjust' && p.ask?.figure === f.id;
      return (
        <tr className="adjust-row">
          <td colSpan={columns}>
            {form === 'adjust' ? (
              <AdjustForm
                key={asked ? p.ask?.stamp : 0}
                id={formId(f, form)}
                system={p.system}
                figure={f}
                onApply={send}
                onClose={onClose}
                initial={asked ? { reason: p.ask?.reason } : undefined}
              />
            ) : (
              <LeaveForm
                id={formId(f, form)}
                figure={f}
                onLeave={send}
                onClose={onClose}
                onLeft={() => {
                  setOpen(null);
                  setLeftFocus(f.id);
                }}
              />
            )}
          </td>
        </tr>
      );
    },
  };
}

/** The roster's figures: those in the fight, then those that left it (shown under "Left the fight"). */
function byPresence(figures: readonly FigureView[]): { present: FigureView[]; gone: FigureView[] } {
  return { present: figures.filter((f) => !f.left), gone: figures.filter((f) => f.left) };
}

/** The heading row of the figures that left the fight, across the roster's `columns`. */
function GoneHead({ columns }: { columns: number }) {
  return (
    <tr className="gone-head">
      <th colSpan={columns} scope="colgroup">
        Left the fight
      </th>
    </tr>
  );
}

/** A figure out of the fight: "left: flees", when opened the turn or segment it left in. */
function LeftMark({ f, system }: { f: FigureView; system: string }) {
  const l = f.left;
  if (!l) return null;
  const when = system === 'adnd' ? (l.segment !== undefined ? ` in segment ${l.segment}` : '') : l.turn !== undefined ? ` in turn ${l.turn}` : '';
  return <Reason label={leftWords(l)} why={`the GM took ${f.name} out of the fight${when}: off the map, no more turns; its last state stays`} data={{ 'data-left': f.id }} />;
}


/** A roster row: highlighted when selected, selects its figure on a click. */
function rowProps(p: { selected: string | null; onSelect(id: string): void }, f: FigureView) {
  return { className: f.id === p.selected ? 'sel' : '', onClick: () => p.onSelect(f.id), 'data-roster': f.id };
}

/** The figure's name: a button that selects it (the row's click, by keyboard too). */
function NameCell({ f, color, selected, onSelect, children }: { f: FigureView; color: string | undefined; selected: boolean; onSelect(id: string): void; children?: ReactNode }) {
  return (
    <td>
      {/* The side's dot stays on the name's first line: a long name wrapped under it, the dot left alone above. */}
      <span className="who">
        <span className="dot" style={{ background: color }} />
        <button type="button" className="linkish" aria-pressed={selected} onClick={() => onSelect(f.id)}>
          {f.name}
        </button>
      </span>
      {/* The GM's roster says which figures players do not see (the map marks them; AD&D has no map). */}
      {f.markers.includes('hidden') && (
        <span className="pill gm-only" data-hidden-mark={f.id}>
          hidden from players
        </span>
      )}
      {children}
    </td>
  );
}

export function Status(p: StatusProps) {
  const s = p.state;
  const name = (id: string) => p.figures.find((f) => f.id === id)?.name ?? id;
  const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const moveOrder = ids(s.moveOrder);
  const actionOrder = ids(s.actionOrder);
  const actionIndex = typeof s.actionIndex === 'number' ? s.actionIndex : -1;
  const key = useId();
  const forms = useRowForms(p);
  const { present, gone } = byPresence(p.figures);
  const explained = explainedById(p.report);

  // Hanging by a Thread off (standard TFT): no dyST, which only the Thread's states read (R-T1).
  const thread = !Array.isArray(p.state.modules) || p.state.modules.includes('thread');
  const columns = thread ? 7 : 6;
  /** A TFT roster row (and its ammunition and GM form rows); one out of the fight says why, with its last state. */
  const tftRow = (f: FigureView) => {
    const remST = f.remST ?? (f.st !== undefined && f.wounds !== undefined ? f.st - f.wounds - (f.fatigue ?? 0) : undefined);
    const dyST = f.dyST ?? (f.st !== undefined && f.wounds !== undefined ? f.st - f.wounds : undefined);
    return (
      <Fragment key={f.id}>
        <tr {...rowProps(p, f)}>
          <NameCell f={f} color={p.sideColors[f.side]} selected={f.id === p.selected} onSelect={p.onSelect}>
            {forms.buttons(f)}
          </NameCell>
          <td data-conditions={f.id}>
            <span className={`state st-${f.state}`}>{f.state}</span>
            {f.left ? <LeftMark f={f} system={p.system} /> : tftConditions(f.raw, p.entries).map((c) => <Reason key={c.label} label={c.label} why={c.title} />)}
          </td>
          <td>{f.st ?? f.hp ?? '–'}</td>
          <td>{f.wounds ?? '–'}</td>
          <td>{f.fatigue ?? '–'}</td>
          <td>{remST ?? '–'}</td>
          {thread && <td>{dyST ?? '–'}</td>}
        </tr>
        {f.firearms.length > 0 && (
          <tr {...rowProps(p, f)} className={`ammo-row${f.id === p.selected ? ' sel' : ''}`}>
            <td colSpan={columns}>
              <Ammo f={f} />
            </td>
          </tr>
        )}
        {forms.row(f, columns)}
      </Fragment>
    );
  };
  return (
    <div className="status" data-testid="status" ref={forms.root}>
      <div className="clock">
        {/* AD&D counts rounds of ten segments, as the header says (a "Turn 1" here disagreed with it). */}
        <div>
          <span className="muted">{p.system === 'adnd' ? 'Round' : 'Turn'}</span> <strong data-testid="turn">{p.clock.turn}</strong>
        </div>
        {p.system === 'adnd' && p.clock.segment ? (
          <div>
            <span className="muted">Segment</span> <strong data-testid="segment">{p.clock.segment}</strong>
          </div>
        ) : null}
        {p.clock.phase && (
          <div>
            <span className="muted">Phase</span> <strong>{p.clock.phase}</strong>
          </div>
        )}
        {typeof s.initiativeWinner === 'string' && (
          <div>
            {/* The side's colour as a dot: as the text's colour it read 3.4 to 3.9:1 on the panel. */}
            <span className="muted">Initiative</span> <span className="dot" style={{ background: p.sideColors[s.initiativeWinner] }} />
            <strong>{sideName(s, s.initiativeWinner)}</strong>
          </div>
        )}
        {p.clock.over && <div className="pill over">over{typeof s.winner === 'string' ? `: ${sideName(s, s.winner)} won` : ''}</div>}
      </div>
      {p.onEnd && <EndFightControl state={s} figures={p.figures} onEnd={p.onEnd} />}
      {moveOrder.length > 0 && (
        <div className="order" data-testid="move-order">
          <span className="muted">Moves:</span>
          {moveOrderView(s, p.clock.phase).map((c) => (
            <span key={c.side} className={`chip${c.now ? ' now' : ''}`} style={{ borderColor: p.sideColors[c.side] }}>
              {sideName(s, c.side)}
              {c.note ? ` (${c.note})` : ''}
            </span>
          ))}
        </div>
      )}
      {actionOrder.length > 0 && (
        <div className="order">
          <span className="muted">Actions:</span>
          {actionOrder.map((id, i) => (
            <span key={id} className={`chip${p.clock.phase === 'action' && i === actionIndex ? ' now' : ''}${i < actionIndex ? ' done' : ''}`}>
              {name(id)}
            </span>
          ))}
        </div>
      )}
      {p.system === 'adnd' ? (
        <AdndRoster {...p} explained={explained} forms={forms} />
      ) : (
      <table className="roster">
        <thead>
          <tr>
            <th>Figure</th>
            <th>State</th>
            <th aria-describedby={`${key}-st`}>ST</th>
            <th>Wounds</th>
            <th>Fat.</th>
            <th aria-describedby={`${key}-rem`}>remST</th>
            {thread && <th aria-describedby={`${key}-dy`}>dyST</th>}
          </tr>
        </thead>
        <tbody>{present.map(tftRow)}</tbody>
        {gone.length > 0 && (
          <tbody className="gone" data-testid="gone">
            <GoneHead columns={columns} />
            {gone.map(tftRow)}
          </tbody>
        )}
      </table>
      )}
      {p.system !== 'adnd' && (
        // The columns' meaning in words on the page (a header's tooltip reached neither keyboard nor touch).
        <p className="roster-key small-note muted">
          <span id={`${key}-st`}>ST: basic ST</span> · <span id={`${key}-rem`}>remST = ST − wounds − fatigue</span>
          {thread && (
            <>
              {' · '}
              <span id={`${key}-dy`}>dyST = ST − wounds</span> <RuleId id="R-T1" />
            </>
          )}
        </p>
      )}
      {/* Once the fight is over there is nothing left to choose (the ST/IQ buttons stayed, for the dying at the end). */}
      {/* No thread rolls for a figure out of the fight. */}
      <ThreadCards figures={present} explained={explained} mine={p.mine} over={p.clock.over} onCommand={p.clock.over ? undefined : p.onCommand} />
      {p.notes && p.notes.length > 0 && (
        <section className="status-notes">
          <h4>Notes</h4>
          <NoteList notes={p.notes} figures={p.figures} />
        </section>
      )}
    </div>
  );
}

/** The GM's notes: on the encounter or on a figure (named as the table names it); "GM only" on those players never see (`children`: the GM's controls of a note, which say it themselves). */
export function NoteList({ notes, figures, children }: { notes: EncounterSettings['notes']; figures: FigureView[]; children?(n: EncounterSettings['notes'][number]): ReactNode }) {
  if (notes.length === 0) return null;
  return (
    <ul className="notes" data-testid="notes">
      {notes.map((n) => (
        <li key={n.id} data-note={n.id}>
          {n.figure !== undefined && <span className="pill">{figures.find((f) => f.id === n.figure)?.name ?? n.figure}</span>}
          {n.hidden && !children && <span className="pill gm-only">GM only</span>} <span className="note-text">{n.text}</span>
          {children?.(n)}
        </li>
      ))}
    </ul>
  );
}

/** AD&D combatants: hp, armour class (its ledger a click or Enter away), what each has declared and when it lands, surprise and parry. */
function AdndRoster(p: StatusProps & { explained: Map<string, Obj>; forms: ReturnType<typeof useRowForms> }) {
  const nameOf = (id: unknown) => p.figures.find((f) => f.id === id)?.name ?? String(id);
  // The figures whose AC ledger is open (none at first); ids made here: a figure id may hold anything.
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const key = useId();
  const { present, gone } = byPresence(p.figures);
  /** A combatant's row (and its AC ledger and GM form rows); one out of the fight says why, with its last state. */
  const row = (f: FigureView) => {
    const i = p.figures.indexOf(f);
    const e = p.explained.get(f.id) ?? {};
    const ac = toLedger(e.ac) ?? null;
    const isOpen = open.has(f.id);
    const ledgerId = `${key}-ac-${i}`;
    const parry = isObj(e.parry) ? e.parry : null;
    const surprised = typeof e.surprised === 'number' && e.surprised > 0 ? e.surprised : 0;
    // Told apart by the engine already ("attack Gnoll (gnoll2)"): explain names figures as the table does.
    const declared = declaredWords(e);
    return (
      <Fragment key={f.id}>
      <tr {...rowProps(p, f)}>
        <NameCell f={f} color={p.sideColors[f.side]} selected={f.id === p.selected} onSelect={p.onSelect}>
          {p.forms.buttons(f)}
        </NameCell>
        <td data-conditions={f.id}>
          <span className={`state st-${f.state}`}>{f.state}</span>
          <LeftMark f={f} system={p.system} />
          {surprised > 0 && <Reason label={`surprised ${surprised}`} why={`it cannot act in segments 1 to ${surprised} of the first round (R-A3)`} />}
          {/* Entangled, a weapon knocked away, empty hands (R-A2, R-A9): not said of the fallen, whose state says it all. */}
          {!f.left && !isFallen(f.state) && adndConditions(f.raw).map((c) => <Reason key={c.label} label={c.label} why={c.title} />)}
          {parry && <span className="pill small">{typeof parry.against === 'string' ? `parry vs ${nameOf(parry.against)}` : 'parrying'}</span>}
        </td>
        <td>
          {f.hp ?? '–'}/{f.maxHp ?? '–'}
        </td>
        <td>
          {ac ? (
            <button
              type="button"
              className="linkish ac-why"
              aria-expanded={isOpen}
              aria-controls={ledgerId}
              aria-label={`Ledger: ${f.name}'s AC ${ac.total}`}
              data-ac={f.id}
              onClick={(ev) => {
                ev.stopPropagation();
                const next = new Set(open);
                if (isOpen) next.delete(f.id);
                else next.add(f.id);
                setOpen(next);
              }}
            >
              {ac.total}
              <span aria-hidden="true">{isOpen ? ' ▾' : ' ▸'}</span>
            </button>
          ) : (
            '–'
          )}
        </td>
        <td className="muted" data-testid={`next-${f.id}`}>
          {/* A fallen figure is not "free" to declare: it read so beside "dead". */}
          {f.left ? '–' : (declared ?? (isFallen(f.state) ? '–' : 'free'))}
        </td>
      </tr>
      {/* Drawn closed (hidden) too: the button controls a row that is there. */}
      {ac && (
        <tr id={ledgerId} className="ledger-row" hidden={!isOpen} data-ac-ledger={f.id}>
          <td colSpan={5}>
            <LedgerView name={`${f.name}: armour class`} ledger={ac} />
          </td>
        </tr>
      )}
      {p.forms.row(f, 5)}
      </Fragment>
    );
  };
  return (
    <table className="roster">
      <thead>
        <tr>
          <th>Combatant</th>
          <th>State</th>
          <th>hp</th>
          <th>AC</th>
          <th>Next</th>
        </tr>
      </thead>
      <tbody>{present.map(row)}</tbody>
      {gone.length > 0 && (
        <tbody className="gone" data-testid="gone">
          <GoneHead columns={5} />
          {gone.map(row)}
        </tbody>
      )}
    </table>
  );
}

const THREAD_CHOICES = ['st', 'iq', 'best'];

/**
 * A dying figure's thread-roll choices (R-T2) as the card's buttons, in the order ST, IQ, the
 * higher: explain's `choices` are the two not in force, and the one in force is added, pressed
 * (the card said which only in its text line). `figure`: the figure's state (its ST and IQ).
 */
export function threadChoices(choices: readonly Obj[], figure: Obj): { attribute: string; label: string; command: Obj | null; pressed: boolean }[] {
  const offered = choices.map((c) => {
    const attribute = String((c.command as Obj).attribute);
    const label = typeof c.label === 'string' ? c.label : `thread rolls against ${attribute}`;
    return { attribute, label: label.replace(/^thread rolls against /, 'roll against ').replace(/ \[R-T2\]$/, ''), command: c.command as Obj, pressed: false };
  });
  const inForce = THREAD_CHOICES.filter((a) => !offered.some((c) => c.attribute === a));
  if (offered.length !== 2 || inForce.length !== 1) return offered;
  const [a] = inForce;
  const value = figure[a];
  const label = a === 'best' ? 'roll against the higher of ST and IQ' : `roll against ${a.toUpperCase()}${typeof value === 'number' ? ` ${value}` : ''}`;
  return [...offered, { attribute: a, label, command: null, pressed: true }].sort((x, y) => THREAD_CHOICES.indexOf(x.attribute) - THREAD_CHOICES.indexOf(y.attribute));
}

/** Dying and stabilizing figures: thread dice due, survival odds, medics' chances, stabilization progress (R-T2, R-T3). */
function ThreadCards({
  figures,
  explained,
  mine,
  over,
  onCommand,
}: { figures: FigureView[]; explained: Map<string, Obj>; mine?: ReadonlySet<string>; over: boolean; onCommand?(command: Obj): void }) {
  const cards = threadViews(figures, explained).map((t) => {
    const againstWhat = t.against?.what ?? '';
    // The player's choice of ST or IQ for the thread rolls (R-T2), from explain().
    const choices = onCommand && mine?.has(t.id) ? t.choices : [];
    const raw = figures.find((f) => f.id === t.id)?.raw ?? {};
    return (
      <div key={t.id} className="thread-card" data-thread={t.id}>
        <div className="row spread">
          <strong>{t.name}</strong>
          <span className={`state st-${t.state}`}>{t.state}</span>
        </div>
        {/* Once the fight is over the engine makes no more thread rolls (R-T2): no dice nor odds of turns that will not be played. */}
        {over && !t.stab && (
          <p data-after-fight={t.id}>
            {afterFightWords(t.name)} <code className="rule-id">R-T3</code>
          </p>
        )}
        {t.next !== null && !t.stab && !over && (
          <p>
            {/* The engine's words name the rule already ("IQ 14, the higher of ST and IQ (R-T2 default)"): not in parentheses again, nor the rule twice. */}
            Thread roll at the end of the turn: <strong>{t.next}d6</strong>
            {t.against ? ` ≤ ${t.against.total}${againstWhat ? `: ${againstWhat}` : ''}` : ''}
            {!againstWhat.includes('R-T2') && (
              <>
                {' '}
                <code className="rule-id">R-T2</code>
              </>
            )}
          </p>
        )}
        {/* While a medic works there is no thread roll (R-T3): the dice and odds are those if the work stops. */}
        {t.stab && (
          <p data-if-stopped={t.id}>
            {/* One text (the paragraph is a flex row: a part of its own would wrap as a block). */}
            <span>
              {t.stab.work === 'stops' && !over
                ? // The medic has acted otherwise or cannot (R-T3 "doing nothing else"): the end of this turn interrupts the work.
                  `${t.stab.why ?? `${t.stab.medicName ?? 'The medic'} cannot work this turn`}: the work stops at the end of this turn${t.next !== null ? `; then ${rollWords(t)}` : ''}.`
                : `No thread roll while ${t.stab.medicName ?? 'the medic'} works${t.next !== null && !over ? `; if the work stops: ${rollWords(t)} at the end of that turn` : ''}.`}
            </span>
            <code className="rule-id">R-T3</code>
          </p>
        )}
        {choices.length > 0 && (
          <p className="choices">
            {threadChoices(choices, raw).map((c) => (
              <button
                key={c.attribute}
                type="button"
                className="small"
                data-choice={c.attribute}
                aria-pressed={c.pressed}
                onClick={() => c.command && onCommand?.(c.command)}
              >
                {/* In force: a check mark and the pressed look (styles.css), not a colour alone. */}
                {c.pressed && <span aria-hidden="true">✓ </span>}
                {c.label}
              </button>
            ))}{' '}
            <code className="rule-id">R-T2</code>
          </p>
        )}
        {t.survival.length > 0 && !over && (
          <p className="survival">
            {t.stab && t.stab.work !== 'stops' ? 'If the work stops, survives' : 'Survives'}{' '}
            {t.survival.slice(0, 5).map((s) => (
              <span key={s.k} className="chip p">
                {s.k} turn{s.k === 1 ? '' : 's'} <strong>{pct(s.p)}</strong>
              </span>
            ))}
          </p>
        )}
        {t.medics.length > 0 && (
          <p>
            {t.medics.map((m) => (
              <span key={m.id} className="chip p" data-medic={m.id}>
                {m.name} stabilizes {m.p !== null ? <strong>{pct(m.p)}</strong> : '?'}
                {m.dice ? ` (${m.dice}d6${m.iq !== null ? ` ≤ IQ ${m.iq}` : ''})` : ''}
                {/* R-T3: the medic works beside the patient; one away must get there first. */}
                {!m.adjacent && ` · not beside ${t.name}`}
              </span>
            ))}
          </p>
        )}
        {t.stab && (
          <div className="stab">
            Stabilizing{t.stab.medicName ? ` (medic ${t.stab.medicName})` : ''}: {t.stab.done}/{t.stab.needed} turns <code className="rule-id">R-T3</code>
            <progress max={t.stab.needed} value={t.stab.done} />
          </div>
        )}
      </div>
    );
  });
  if (cards.length === 0) return null;
  return <div className="thread">{cards}</div>;
}
