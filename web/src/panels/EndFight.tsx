// The GM ends the fight (the `end` command of both systems): a rout, a surrender, both sides
// parting. Opened from the Status panel's "End the fight…" button, for the GM only, while the
// fight lasts. Who won (a side, or no one) and why (the log shows it); a refusal shows the
// server's reason here, by the form, as the Adjust form does.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { LogEntryView } from '../api/client.ts';
import type { Obj } from '../model/view.ts';
import { reasonProblem } from '../model/adjust.ts';
import { type AdjustResult, GmFormFoot, ReasonField, useGmSend } from './Adjust.tsx';

/** What the form holds: the winner (a side id, null for no one, undefined not chosen yet) and why. */
export interface EndFightForm {
  winner: string | null | undefined;
  reason: string;
}

/** A problem the form shows beside its field (named as the command names it). */
export interface EndProblem {
  field: 'winner' | 'reason';
  message: string;
}

/** The `end` command from the form, or the problem to fix first; `sides`: the fight's side ids. */
export function endCommand(form: EndFightForm, sides: readonly string[]): { command: Obj } | { problem: EndProblem } {
  const reason = form.reason.trim();
  if (form.winner === undefined) return { problem: { field: 'winner', message: 'choose who won, or No one' } };
  if (form.winner !== null && !sides.includes(form.winner)) return { problem: { field: 'winner', message: `'${form.winner}' is not a side of this fight` } };
  const why = reasonProblem(reason, 'the orcs flee');
  if (why !== null) return { problem: { field: 'reason', message: why } };
  return { command: { type: 'end', winner: form.winner, reason } };
}

/**
 * The GM's reason when the GM ended the fight: the last end of the log (TFT's 'over' event,
 * AD&D's 'end') when it was the GM's; null when the fight ended by the rules or goes on.
 */
export function gmEndReason(entries: readonly LogEntryView[]): string | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const events = entries[i].events ?? [];
    for (let k = events.length - 1; k >= 0; k--) {
      const e = events[k];
      if (e.type !== 'over' && e.type !== 'end') continue;
      return e.gm === true && typeof e.reason === 'string' ? e.reason : null;
    }
  }
  return null;
}

export interface EndFightProps {
  /** `id` of the form (the button's aria-controls). */
  id: string;
  /** The fight's sides, by the names the table shows. */
  sides: readonly { id: string; name: string }[];
  onEnd(command: Obj): Promise<AdjustResult>;
  onClose(): void;
}

/** The select's value for a winner: side ids may hold anything, so options go by their place. */
const NO_ONE = 'none';
const optionOf = (sides: EndFightProps['sides'], w: string | null | undefined) => (w === undefined ? '' : w === null ? NO_ONE : `side-${sides.findIndex((s) => s.id === w)}`);

export function EndFight(p: EndFightProps) {
  const [form, setForm] = useState<EndFightForm>({ winner: undefined, reason: '' });
  const [problem, setProblem] = useState<EndProblem | null>(null);
  const sending = useGmSend(p.onEnd, p.onClose);
  const key = useId();
  const winnerRef = useRef<HTMLSelectElement>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  // Opened by its button: the choice of winner takes the keys at once; Escape closes.
  useEffect(() => winnerRef.current?.focus(), []);
  const set = (patch: Partial<EndFightForm>) => {
    setForm({ ...form, ...patch });
    setProblem(null);
    sending.clearRefusal();
  };
  const problemId = `${key}-problem`;
  const described = (field: EndProblem['field']) => (problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': problemId } : {});

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending.busy) return;
    const r = endCommand(
      form,
      p.sides.map((s) => s.id),
    );
    if ('problem' in r) {
      setProblem(r.problem);
      (r.problem.field === 'winner' ? winnerRef : reasonRef).current?.focus();
      return;
    }
    await sending.send(r.command);
  }

  return (
    <form
      id={p.id}
      className="adjust-form end-form"
      data-testid="end-form"
      aria-label="End the fight"
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') p.onClose();
      }}
    >
      <p className="end-title">
        <strong>End the fight</strong> <span className="muted small-note">a rout, a surrender: the figures stay as they are</span>
      </p>
      <label className="adjust-field">
        Who won
        <select
          ref={winnerRef}
          name="winner"
          value={optionOf(p.sides, form.winner)}
          onChange={(e) => {
            const v = e.target.value;
            set({ winner: v === '' ? undefined : v === NO_ONE ? null : p.sides[Number(v.slice(5))]?.id });
          }}
          {...described('winner')}
          data-end-field="winner"
        >
          <option value="">choose…</option>
          {p.sides.map((s, i) => (
            <option key={s.id} value={`side-${i}`}>
              {s.name}
            </option>
          ))}
          <option value={NO_ONE}>No one</option>
        </select>
      </label>
      <ReasonField
        inputRef={reasonRef}
        value={form.reason}
        placeholder="the orcs flee"
        onChange={(reason) => set({ reason })}
        problemId={problem?.field === 'reason' ? problemId : null}
        data={{ 'data-end-field': 'reason' }}
      />
      <GmFormFoot
        submit="End the fight"
        testId="end"
        submitTestId="submit"
        busy={sending.busy}
        onClose={p.onClose}
        problem={problem?.message ?? null}
        problemId={problemId}
        refusal={sending.refusal}
      />
    </form>
  );
}
