// The GM takes one figure out of the fight (the `leave` command of both systems): it flees,
// surrenders or is carried off while the others fight on. Opened from the figure's row in the
// Status panel ("Leaves…", beside Adjust), for the GM only, while the fight lasts. A form of its
// own, not an Adjust kind: it sends another command, with no amount, and ends the figure's part
// in the fight rather than changing its numbers. Only why (the log shows it); a refusal shows the
// server's reason here, by the form.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { reasonProblem } from '../model/adjust.ts';
import type { Obj } from '../model/view.ts';
import { type AdjustResult, GmFormFoot, ReasonField, useGmSend } from './Adjust.tsx';

/** The `leave` command for `figure` from the reason typed, or the problem to fix first. */
export function leaveCommand(figure: string, reason: string): { command: Obj } | { problem: string } {
  const why = reasonProblem(reason, 'flees, surrenders, carried off');
  return why !== null ? { problem: why } : { command: { type: 'leave', figure, reason: reason.trim() } };
}

export interface LeaveProps {
  figure: { id: string; name: string };
  /** `id` of the form (the "Leaves…" button's aria-controls). */
  id: string;
  onLeave(command: Obj): Promise<AdjustResult>;
  /** Cancel or Escape. */
  onClose(): void;
  /** The figure has left (the server took it): its row's buttons go with it. Default: onClose. */
  onLeft?(): void;
}

export function LeaveForm(p: LeaveProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const sending = useGmSend(p.onLeave, p.onLeft ?? p.onClose);
  const problemId = `${useId()}-problem`;
  const reasonRef = useRef<HTMLInputElement>(null);
  // Opened by its button: the reason takes the typing at once; Escape closes.
  useEffect(() => reasonRef.current?.focus(), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending.busy) return;
    const r = leaveCommand(p.figure.id, reason);
    if ('problem' in r) {
      setProblem(r.problem);
      reasonRef.current?.focus();
      return;
    }
    await sending.send(r.command);
  }

  return (
    <form
      id={p.id}
      className="adjust-form leave-form"
      data-leave-form={p.figure.id}
      aria-label={`${p.figure.name} leaves the fight`}
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') p.onClose();
      }}
      onClick={(e) => e.stopPropagation()}
    >
      <p className="leave-title">
        <strong>{p.figure.name}</strong> leaves the fight <span className="muted small-note">off the map, no more turns; it keeps its wounds and weapons</span>
      </p>
      <ReasonField
        inputRef={reasonRef}
        value={reason}
        placeholder="flees"
        onChange={(v) => {
          setReason(v);
          setProblem(null);
          sending.clearRefusal();
        }}
        problemId={problem !== null ? problemId : null}
        data={{ 'data-leave-field': 'reason' }}
      />
      <GmFormFoot submit="Leaves the fight" testId="leave" submitTestId="submit" busy={sending.busy} onClose={p.onClose} problem={problem} problemId={problemId} refusal={sending.refusal} />
    </form>
  );
}
