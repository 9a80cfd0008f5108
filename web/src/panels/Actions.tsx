// The action panel for the figure whose turn it is: every option explain() lists, with its
// ledgers and exact odds, nested choices (bursts, ammunition, sweep arcs, targets), options that
// need a hex picked on the map (grenades, movement), and the movement card with MA used and
// what stays open after the move; under the options, a secondary "Not now" list: what the
// figure would expect to do but cannot now, each with the engine's reason (explain's notNow).
// Above them (TFT), the initiative winner's choice to move first or last, with its keys.
import { type ReactNode, useId, useState } from 'react';
import type { Reach } from '../model/move.ts';
import { type OddsItem, type OptionView, formatOdds } from '../model/options.ts';
import { type FigureView, isObj } from '../model/view.ts';
import { isFallen } from '../model/turn.ts';
import { Ammo } from './Ammo.tsx';
import { DIRECTION_NAMES, DIRECTION_WORDS } from '../../../src/core/hex/coords.ts';
import { Key } from './Key.tsx';
import { LedgerView } from './LedgerView.tsx';
import { Reason } from './Reason.tsx';
import { declaredWords } from './Segments.tsx';

const DIR_ARROWS = ['→', '↘', '↙', '←', '↖', '↗'];

/** A "Not now" entry of the explain report (TFT: src/rules/tft/hooks.ts NotNow) as the panel shows it. */
export interface NotNowView {
  key: string;
  /** The command type ('fire', 'sweep'...). */
  action: string;
  label: string;
  reason: string;
  rule?: string;
}

/** Figure `id`'s "Not now" entries in an explain report; entries without a reason or a name in words are left out. */
export function notNowOf(report: unknown, id: string | null | undefined): NotNowView[] {
  if (!isObj(report) || !Array.isArray(report.figures) || typeof id !== 'string') return [];
  const f = report.figures.find((x) => isObj(x) && x.id === id);
  if (!isObj(f) || !Array.isArray(f.notNow)) return [];
  const out: NotNowView[] = [];
  f.notNow.forEach((n, i) => {
    if (!isObj(n) || typeof n.reason !== 'string' || n.reason.trim() === '') return;
    const action = typeof n.action === 'string' ? n.action : '';
    const label = typeof n.label === 'string' && n.label.trim() !== '' ? n.label : action;
    if (label.trim() === '') return;
    out.push({ key: `${i}:${label}`, action, label, reason: n.reason, ...(typeof n.rule === 'string' && n.rule.trim() !== '' ? { rule: n.rule } : {}) });
  });
  return out;
}

/** What figure `id` has declared, in words, from an AD&D explain report (declaredWords); null when nothing. */
export function declaredOf(report: unknown, id: string | null | undefined): string | null {
  if (!isObj(report) || !Array.isArray(report.figures) || typeof id !== 'string') return null;
  return declaredWords(report.figures.find((x) => isObj(x) && x.id === id));
}

/**
 * The "Not now" list: secondary to the options (muted, after them), each line the choice and
 * the reason in words, so a screen reader reads "fire assault rifle: ... reload first"; the
 * heading and the marker say it is not an option, not only the colour.
 */
export function NotNow({ items }: { items: readonly NotNowView[] }) {
  if (items.length === 0) return null;
  return (
    <section className="not-now" aria-label="Not now" data-testid="not-now">
      <h4>
        <span aria-hidden="true">⊘ </span>Not now
      </h4>
      <ul>
        {items.map((n) => (
          <li key={n.key} data-action={n.action}>
            <span className="not-now-label">{n.label}</span>: <span className="not-now-reason">{n.reason}</span>
            {n.rule && !n.reason.includes(n.rule) && <span className="not-now-rule"> [{n.rule}]</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface ActionsProps {
  figure: FigureView | undefined;
  options: OptionView[];
  /** What the figure would expect to do but cannot now, with the engine's reasons (notNowOf the explain report). */
  notNow?: readonly NotNowView[];
  /** Whether this viewer may command the figure now. */
  canAct: boolean;
  /** AD&D: what the figure has declared, in words (declaredOf); said in place of "not its turn". */
  declared?: string | null;
  /** The options of this step are still on their way (the explain report of an earlier step is not shown). */
  loading?: boolean;
  /** A command is on its way (or waits for physical dice): the buttons wait, the figure is still this viewer's. */
  busy?: boolean;
  /** The options are shown for planning only (TFT: the action phase comes after movement). */
  preview?: boolean;
  waitingFor: string[];
  pendingKind?: string;
  armed: string | null;
  /** What the armed option would do at the hovered hex (its odds), if it is one of its hexes. */
  armedHover?: string;
  onChoose(opt: OptionView): void;
  onArm(opt: OptionView | null): void;
  figureName(id: string): string;
  /** Whose turn or step it is, in words (model/turn.ts). */
  turn?: string;
  move?: {
    chosen: Reach | null;
    ma: number;
    /** Engaged (tft-core): only a 1-hex shift that stays next to a foe, or stay (model/move.ts). */
    engaged: boolean;
    /** How many hexes the engine accepts as its move now, its own hex not counted. */
    hexes: number;
    facing: number;
    /** A command is on its way: Move here and Stay wait for it. */
    busy?: boolean;
    after: string[];
    onFacing(d: number): void;
    onConfirm(): void;
    onStay(): void;
    onClear(): void;
  };
}

export function Actions(p: ActionsProps) {
  const turn = p.turn ? (
    <p className="turn-line" data-testid="turn-line">
      {p.turn}
    </p>
  ) : null;
  if (!p.figure) {
    return (
      <div className="actions empty">
        {turn}
        {!turn && <p className="muted">{p.waitingFor.length > 0 ? `Waiting for ${p.waitingFor.map(p.figureName).join(', ')}.` : 'Select a figure on the map.'}</p>}
      </div>
    );
  }
  const f = p.figure;
  return (
    <div className="actions" data-testid="actions">
      {turn}
      <div className="actions-head">
        <h3>{f.name}</h3>
        {p.pendingKind && (p.canAct || (p.preview && p.move)) && <span className="pill now">{p.pendingKind}</span>}
        {!p.canAct && !p.preview && (
          <span className="pill">{f.left ? 'out of the fight' : p.waitingFor.includes(f.id) ? 'not your figure' : p.declared ? 'declared' : 'not its turn'}</span>
        )}
      </div>
      {!p.canAct && !f.left && p.declared && (
        <p className="declared-line" data-testid="declared">
          Declared: {p.declared}.
        </p>
      )}
      {f.firearms.length > 0 && <Ammo f={f} />}
      {p.move && <MoveCard {...p.move} />}
      {p.preview && p.options.length > 0 && <p className="muted small-note">In the action phase ({p.options.length} options, odds as of now):</p>}
      {p.options.length === 0 && !p.move && p.loading && <p className="muted">Working out the options…</p>}
      {p.options.length === 0 && !p.move && !p.loading && (
        <p className="muted">
          {f.left
            ? `${f.name} has left the fight (${f.left.reason}): nothing more for it to do.`
            : p.canAct
              ? 'No options now.'
              : // A fallen figure (a player's own, all of whose figures are down) says why, not only "nothing to do".
                isFallen(f.state)
                ? `${f.name} is ${f.state} and cannot act now.`
                : `Nothing for ${f.name} to do now.`}
        </p>
      )}
      <ol className="options">
        {p.options.map((o, i) => (
          <OptionCard
            key={o.key}
            o={o}
            index={i}
            // The keys 1-9 take an option only when its button could (Table.tsx), and not one of several
            // choices: no "1" shown on a preview, on another's turn, or over a list of bursts.
            keyed={p.canAct && i < 9 && o.choices.length === 0}
            canAct={p.canAct && !p.busy}
            armed={p.armed === o.key}
            hover={p.armed === o.key ? p.armedHover : undefined}
            onChoose={p.onChoose}
            onArm={p.onArm}
            figureName={p.figureName}
          />
        ))}
      </ol>
      {p.notNow && <NotNow items={p.notNow} />}
    </div>
  );
}

/** The initiative choice's keys (Table.tsx): f for first; l is the log's, so w, the winner who waits and moves last. */
export const INITIATIVE_KEYS = { first: 'f', last: 'w' } as const;

/**
 * The initiative winner's choice (tft-core): its side moves first or last, by a button or its
 * key, shown on the button and said with aria-keyshortcuts, as the table's other shortcuts are.
 */
export function InitiativeChoice({ side, busy, onChoose }: { side: string; busy: boolean; onChoose(choice: 'first' | 'last'): void }) {
  return (
    <div className="move-card">
      <strong>{side} won the initiative</strong>
      <div className="row">
        <button type="button" className="primary" disabled={busy} data-testid="initiative-first" onClick={() => onChoose('first')} aria-keyshortcuts={INITIATIVE_KEYS.first}>
          Move first <Key k={INITIATIVE_KEYS.first} />
        </button>
        <button type="button" disabled={busy} data-testid="initiative-last" onClick={() => onChoose('last')} aria-keyshortcuts={INITIATIVE_KEYS.last}>
          Move last <Key k={INITIATIVE_KEYS.last} />
        </button>
      </div>
    </div>
  );
}

/** What the figure may do with its move, as the engine allows it (an engaged one only shifts or stays). */
function moveHint(m: NonNullable<ActionsProps['move']>): string {
  if (m.engaged) {
    return m.hexes > 0
      ? 'Engaged: it may only shift 1 hex to a lit hex still next to a foe, or stay. To break away, disengage in the action phase.'
      : 'Engaged, with no hex to shift to: it may only stay. To break away, disengage in the action phase.';
  }
  return m.hexes > 0 ? 'Drag the figure or click a lit hex. The path and the MA it uses show on the map.' : 'No hex in reach: it may only stay.';
}

function MoveCard(m: NonNullable<ActionsProps['move']>) {
  return (
    <div className="move-card" data-testid="move-card" data-path={m.chosen ? m.chosen.path.map((h) => `${h.q},${h.r}`).join(' ') : ''}>
      <div className="row spread">
        <strong>Move</strong>
        <span className="muted">MA {m.ma}</span>
      </div>
      {m.chosen && m.chosen.maUsed > 0 ? (
        <p>
          To {m.chosen.hex.q},{m.chosen.hex.r}: <strong>{m.chosen.maUsed}</strong> MA used, {m.ma - m.chosen.maUsed} left. Then: {m.after.join(', ')}.
        </p>
      ) : (
        <p className="muted" data-testid="move-hint">
          {moveHint(m)}
        </p>
      )}
      <div className="facing-pick" title="Facing after the move">
        {DIRECTION_NAMES.map((d, i) => (
          <button key={d} type="button" aria-pressed={m.facing === i} aria-label={`Face ${DIRECTION_WORDS[i]}`} className={m.facing === i ? 'on' : ''} title={`Face ${d}`} onClick={() => m.onFacing(i)}>
            {DIR_ARROWS[i]}
          </button>
        ))}
      </div>
      <div className="row">
        {m.chosen && m.chosen.maUsed > 0 ? (
          <>
            <button type="button" className="primary" disabled={m.busy} data-testid="confirm-move" onClick={m.onConfirm} aria-keyshortcuts="Enter">
              Move here <Key k="Enter" />
            </button>
            <button type="button" onClick={m.onClear}>
              Clear
            </button>
          </>
        ) : (
          <button type="button" disabled={m.busy} onClick={m.onStay} data-testid="stay">
            Stay (face {DIRECTION_NAMES[m.facing]})
          </button>
        )}
      </div>
    </div>
  );
}

/** How many secondary chips a card shows before its "+N more" (a sweep's targets have three each). */
export const CHIPS_SHOWN = 4;

/** A card's ledger, opened by a tap on a number its chip cannot explain itself (and the card's ▸). */
interface LedgerToggle {
  open: boolean;
  id: string;
  toggle(): void;
}

function OddsChips({ o, ledger }: { o: OptionView; ledger?: LedgerToggle }) {
  const [all, setAll] = useState(false);
  // A sweep target's reach is a chance, but what its hit and damage already count: not a result.
  const main = o.odds.filter((x) => !x.key.endsWith('reach') && (x.format === 'percent' || /damage|hits|score/.test(x.label)));
  const rest = o.odds.filter((x) => !main.includes(x));
  const hidden = rest.length - CHIPS_SHOWN;
  /**
   * A chip; one whose number its label cannot explain opens its words on a tap or Enter (no
   * tooltip); the others open the card's ledger (a tap on "ac improvement 3" did nothing: the
   * ledger was behind the ▸ alone).
   */
  const chip = (x: OddsItem, cls: string, shown: ReactNode) =>
    x.title ? (
      <Reason key={x.key} label={shown} why={x.title} className={cls} data={{ 'data-odds': x.key }} />
    ) : ledger ? (
      <button key={x.key} type="button" className={`${cls} why`} data-odds={x.key} aria-expanded={ledger.open} aria-controls={ledger.id} onClick={ledger.toggle}>
        {shown}
      </button>
    ) : (
      <span key={x.key} className={cls} data-odds={x.key}>
        {shown}
      </span>
    );
  return (
    <span className="odds">
      {main.map((x) =>
        chip(
          x,
          `chip ${x.format === 'percent' ? 'p' : 'n'}`,
          <>
            {x.label} <strong>{formatOdds(x)}</strong>
          </>,
        ),
      )}
      {/* Every chip, the later ones a tap away: cut at four, a sweep's last targets were not on the card. */}
      {(all || hidden <= 0 ? rest : rest.slice(0, CHIPS_SHOWN)).map((x) => chip(x, 'chip q', `${x.label} ${formatOdds(x)}`))}
      {hidden > 0 && (
        <button type="button" className="chip more" aria-expanded={all} onClick={() => setAll(!all)} data-testid="more-odds">
          {all ? 'fewer' : `+${hidden} more`}
        </button>
      )}
    </span>
  );
}

function OptionCard({
  o,
  index,
  keyed,
  canAct,
  armed,
  hover,
  onChoose,
  onArm,
  figureName,
}: {
  o: OptionView;
  index: number;
  keyed: boolean;
  canAct: boolean;
  armed: boolean;
  hover?: string;
  onChoose(o: OptionView): void;
  onArm(o: OptionView | null): void;
  figureName(id: string): string;
}) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const ledger = o.ledgers.length > 0 ? { open, id: detailId, toggle: () => setOpen(!open) } : undefined;
  const needsHex = o.hexes.length > 0 && !o.command && o.choices.length === 0;
  // A note every choice has (overwatch's paragraph on when it fires) is said once above them, not
  // under each: on a phone it was four screens of the same words.
  const shared = o.choices.length > 1 ? o.choices[0].notes.filter((n) => o.choices.every((c) => c.notes.includes(n))) : [];
  return (
    <li className={`option${armed ? ' armed' : ''}`} data-option={o.kind} data-testid={`option-${index}`}>
      <div className="option-main">
        <button type="button" className="expand" aria-expanded={open} aria-controls={detailId} aria-label={`Ledger: ${o.label}`} onClick={() => setOpen(!open)} title="Show the ledger">
          {open ? '▾' : '▸'}
        </button>
        <div className="option-text">
          <span className="option-label">
            {keyed && <Key k={String(index + 1)} />}{' '}
            {o.label}
          </span>
          {/* What it leaves the target at, said before it is done (first aid, R-T4). */}
          {o.result && (
            <span className="option-result" data-testid="option-result">
              {o.result}
            </span>
          )}
          {o.targets.length > 1 && (
            <Reason label={`arc order: ${o.targets.map(figureName).join(' → ')}`} why="targets in the order the attacks are rolled (R-S4)" className="linkish arc-order" />
          )}
          <OddsChips o={o} ledger={ledger} />
        </div>
        {o.choices.length === 0 && (
          <button
            type="button"
            className={needsHex || !canAct ? '' : 'primary'}
            disabled={!canAct}
            data-testid={`do-${index}`}
            // Named with its option: a screen reader's list of buttons is not a column of "Do it".
            aria-label={`${needsHex ? (armed ? 'Cancel' : 'Pick hex') : 'Do it'}: ${o.label}${o.targets.length > 1 ? ` (${o.targets.map(figureName).join(', ')})` : ''}`}
            aria-keyshortcuts={keyed ? String(index + 1) : undefined}
            onClick={() => (needsHex ? onArm(armed ? null : o) : onChoose(o))}
          >
            {needsHex ? (armed ? 'Cancel' : 'Pick hex') : 'Do it'}
          </button>
        )}
      </div>
      {armed && <p className="hint">{hover ? `This hex: ${hover}. Click or tap to choose it.` : `Click or tap one of the ${o.hexes.length} highlighted hexes on the map.`}</p>}
      {shared.length > 0 && <p className="note shared-note">{shared.join('; ')}</p>}
      {o.choices.length > 0 && (
        <ul className="choices">
          {o.choices.map((c) => (
            <li key={c.key}>
              <span className="choice-label">{c.label}</span>
              {c.notes.some((n) => !shared.includes(n)) && <span className="note">{c.notes.filter((n) => !shared.includes(n)).join('; ')}</span>}
              {c.targets.length > 1 && <span className="arc-order">{c.targets.map(figureName).join(' → ')}</span>}
              <OddsChips o={c} ledger={ledger} />
              <button
                type="button"
                className={canAct ? 'primary small' : 'small'}
                disabled={!canAct}
                aria-label={`Do it: ${o.label}, ${c.label}`}
                // Said whole where the command is said (the physical-dice prompt): "four (4 rounds)" alone named no target.
                onClick={() => onChoose({ ...c, label: `${o.label}, ${c.label}` })}
              >
                Do it
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <div className="option-detail" id={detailId}>
          {o.ledgers.length === 0 && o.notes.length === 0 && <p className="muted">No modifiers.</p>}
          {o.ledgers.map((l) => (
            <LedgerView key={l.name} name={l.name} ledger={l.ledger} />
          ))}
          {o.notes.map((n) => (
            <p key={n} className="note">
              {n}
            </p>
          ))}
        </div>
      )}
    </li>
  );
}
