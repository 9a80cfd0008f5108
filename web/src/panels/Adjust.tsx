// The GM's adjustment of a figure (the `adjust` command): damage or healing the rules do not
// model (a Fireball, a fall, a potion), TFT's fatigue, and why. Opened from the figure's row in
// the Status panel, for the GM only. A refusal shows the server's reason here, by the form.
// The pieces of every GM form (useGmSend, ReasonField, GmFormFoot) are here, for EndFight and
// Leave too.
import { type FormEvent, type InputHTMLAttributes, type Ref, useEffect, useId, useRef, useState } from 'react';
import { type AdjustForm as Form, type AdjustProblem, EMPTY_ADJUST, REASON_MAX, adjustCommand } from '../model/adjust.ts';
import type { Obj } from '../model/view.ts';
import { RefusalText } from './Refusal.tsx';

/** The server's refusal: its message and field issues (shown as RefusalText shows them). */
export interface AdjustRefusal {
  text: string;
  issues: { path: string; message: string }[];
}

/** What became of a command sent: taken, refused (with the reason) or given up (a dice prompt cancelled). */
export type AdjustResult = { ok: true } | { ok: false; refusal?: AdjustRefusal };

/**
 * A GM form's sending (Adjust, EndFight, Leave): one command at a time, the server's refusal
 * kept to show by the form, the form closed once the command is taken.
 */
export function useGmSend(onSend: (command: Obj) => Promise<AdjustResult>, onClose: () => void) {
  const [refusal, setRefusal] = useState<AdjustRefusal | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    busy,
    refusal,
    /** An edit makes the last refusal stale. */
    clearRefusal: () => setRefusal(null),
    async send(command: Obj) {
      setBusy(true);
      setRefusal(null);
      const result = await onSend(command);
      setBusy(false);
      if (result.ok) onClose();
      else if (result.refusal) setRefusal(result.refusal);
    },
  };
}

/** A GM form's foot: its submit button and Cancel, the problem it found itself (`problemId`), the server's refusal. */
export function GmFormFoot(p: {
  submit: string;
  /** data-testid of the submit button and of the refusal: `${testId}-${submitTestId}`, `${testId}-refused`. */
  testId: string;
  submitTestId: string;
  busy: boolean;
  onClose(): void;
  problem: string | null;
  problemId: string;
  refusal: AdjustRefusal | null;
}) {
  return (
    <>
      <div className="adjust-buttons">
        <button type="submit" className="small" disabled={p.busy} data-testid={`${p.testId}-${p.submitTestId}`}>
          {p.submit}
        </button>
        <button type="button" className="small ghost" onClick={p.onClose}>
          Cancel
        </button>
      </div>
      {p.problem !== null && (
        <p id={p.problemId} className="adjust-problem" role="alert">
          {p.problem}
        </p>
      )}
      {p.refusal && (
        <div className="error adjust-refused" role="alert" data-testid={`${p.testId}-refused`}>
          <RefusalText text={p.refusal.text} issues={p.refusal.issues} />
        </div>
      )}
    </>
  );
}

/** A GM form's required "Why" (end, leave): REASON_MAX characters at most, its problem as its description; `data`: the form's own data- attribute. */
export function ReasonField(p: {
  inputRef: Ref<HTMLInputElement>;
  value: string;
  placeholder: string;
  onChange(value: string): void;
  /** The id of the problem shown, when it is this field's. */
  problemId: string | null;
  data: Record<`data-${string}`, string>;
}) {
  return (
    <label className="adjust-field adjust-reason">
      Why
      <input
        ref={p.inputRef}
        name="reason"
        className="adjust-input wide"
        autoComplete="off"
        placeholder={p.placeholder}
        maxLength={REASON_MAX}
        aria-required="true"
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        {...(p.problemId !== null ? { 'aria-invalid': true, 'aria-describedby': p.problemId } : {})}
        {...p.data}
      />
    </label>
  );
}

export interface AdjustProps {
  system: string;
  figure: { id: string; name: string };
  /** `id` of the form (the Adjust button's aria-controls). */
  id: string;
  onApply(command: Obj): Promise<AdjustResult>;
  onClose(): void;
  /** What the form opens with (a special critical's reason, panels/Special.tsx). */
  initial?: Partial<Form>;
}

export function AdjustForm(p: AdjustProps) {
  const [form, setForm] = useState<Form>({ ...EMPTY_ADJUST, ...p.initial });
  const [problem, setProblem] = useState<AdjustProblem | null>(null);
  const sending = useGmSend(p.onApply, p.onClose);
  const key = useId();
  const fieldRef = useRef<Record<string, HTMLInputElement | null>>({});
  const tft = p.system === 'tft';
  // Opened by its button (a click or Enter): the amount takes the typing at once; Escape closes.
  useEffect(() => fieldRef.current.amount?.focus(), []);
  // An edit makes the last problem or refusal stale: it goes.
  const set = (patch: Partial<Form>) => {
    setForm({ ...form, ...patch });
    setProblem(null);
    sending.clearRefusal();
  };
  const problemId = `${key}-problem`;
  /** A field's own ids: its problem is its description while it has one. */
  const described = (field: AdjustProblem['field'], hint?: string) => {
    const mine = problem?.field === field;
    const ids = [hint, mine ? problemId : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': mine || undefined, 'aria-describedby': ids || undefined };
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending.busy) return;
    const r = adjustCommand(p.system, p.figure.id, form);
    if ('problem' in r) {
      setProblem(r.problem);
      fieldRef.current[r.problem.field]?.focus();
      return;
    }
    await sending.send(r.command);
  }

  /** One of the form's text fields: labelled, its hint and its problem as its description. */
  const textField = (field: AdjustProblem['field'], label: string, extra: InputHTMLAttributes<HTMLInputElement>, hint?: string, className?: string) => (
    <label className={`adjust-field${className ? ` ${className}` : ''}`}>
      {label}
      <input
        ref={(el) => {
          fieldRef.current[field] = el;
        }}
        name={field}
        className={`adjust-input${field === 'reason' ? ' wide' : ''}`}
        autoComplete="off"
        {...extra}
        value={form[field]}
        onChange={(e) => set({ [field]: e.target.value })}
        {...described(field, hint ? `${key}-${field}-hint` : undefined)}
        data-adjust-field={field}
      />
      {hint && (
        <span id={`${key}-${field}-hint`} className="small-note muted">
          {hint}
        </span>
      )}
    </label>
  );

  return (
    <form
      id={p.id}
      className="adjust-form"
      data-adjust-form={p.figure.id}
      aria-label={`Adjust ${p.figure.name}`}
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') p.onClose();
      }}
      onClick={(e) => e.stopPropagation()}
    >
      <fieldset className="adjust-kind">
        <legend>
          Adjust <strong>{p.figure.name}</strong>
        </legend>
        <label>
          <input type="radio" name={`${key}-kind`} value="damage" checked={form.kind === 'damage'} onChange={() => set({ kind: 'damage' })} /> damage
        </label>
        <label>
          <input type="radio" name={`${key}-kind`} value="heal" checked={form.kind === 'heal'} onChange={() => set({ kind: 'heal', armor: false })} /> heal
        </label>
      </fieldset>
      {textField('amount', form.kind === 'damage' ? (tft ? 'Hits' : 'hp lost') : tft ? 'Wounds healed' : 'hp regained', { placeholder: tft ? '7 or 2d+1' : '9 or 3d6' }, 'a number or dice')}
      {tft && (
        <label className="adjust-check">
          <input type="checkbox" checked={form.armor} disabled={form.kind !== 'damage'} onChange={(e) => set({ armor: e.target.checked })} data-adjust-field="armor" /> armor stops it
        </label>
      )}
      {tft && textField('fatigue', 'Fatigue', { inputMode: 'numeric', placeholder: '+2 or -1' }, '+ taken, − recovered')}
      {textField('reason', 'Reason', { placeholder: 'Fireball', maxLength: REASON_MAX, 'aria-required': true }, undefined, 'adjust-reason')}
      <GmFormFoot
        submit="Apply"
        testId="adjust"
        submitTestId="apply"
        busy={sending.busy}
        onClose={p.onClose}
        problem={problem?.message ?? null}
        problemId={problemId}
        refusal={sending.refusal}
      />
    </form>
  );
}
