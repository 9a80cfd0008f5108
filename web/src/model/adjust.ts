// The GM's adjustment of a figure (the `adjust` command of both systems): what the GM's form
// holds, and the command it sends. The engines judge the numbers, the dice and the figure; the
// form says only what it can see itself (a reason is required, something must be given).
import type { Obj } from './view.ts';

export interface AdjustForm {
  /** Hits taken (TFT) / hp lost (AD&D), or wounds removed / hp regained. */
  kind: 'damage' | 'heal';
  /** A number or dice ("2d+1", "3d6", AD&D ranges such as "2-7"); empty for none. */
  amount: string;
  /** TFT only, with damage: the figure's armor and shield stop hits as against a blow. */
  armor: boolean;
  /** TFT only: fatigue taken (+) or recovered (−); empty for none. */
  fatigue: string;
  reason: string;
}

export const EMPTY_ADJUST: AdjustForm = { kind: 'damage', amount: '', armor: false, fatigue: '', reason: '' };

/** A problem the form shows beside its field (named as the command names it). */
export interface AdjustProblem {
  field: 'amount' | 'fatigue' | 'reason';
  message: string;
}

/** The engines' limit on a GM command's reason (adjust, end, leave). */
export const REASON_MAX = 200;

/** What is wrong with a GM command's reason as typed (required, REASON_MAX at most, trimmed), `example` in the hint; null when nothing. */
export function reasonProblem(reason: string, example: string): string | null {
  const r = reason.trim();
  if (r === '') return `say why (e.g. ${example}): the log shows it`;
  if (r.length > REASON_MAX) return `at most ${REASON_MAX} characters (${r.length} now)`;
  return null;
}

/** A whole number as typed ("7", "-2", "−2", "+3"); null for anything else (dice notation). */
function wholeNumber(text: string): number | null {
  const t = text.replace(/^\u2212/, '-');
  return /^[+-]?\d+$/.test(t) ? Number(t) : null;
}

/** The `adjust` command for `figure` in `system` from the form, or the problem to fix first. */
export function adjustCommand(system: string, figure: string, form: AdjustForm): { command: Obj } | { problem: AdjustProblem } {
  const reason = form.reason.trim();
  const amount = form.amount.trim();
  const fatigue = system === 'tft' ? form.fatigue.trim() : '';
  if (amount === '' && fatigue === '') {
    const message = system === 'tft' ? 'give an amount (a number or dice such as 2d+1) or a fatigue' : 'give an amount: a number or dice such as 3d6';
    return { problem: { field: 'amount', message } };
  }
  if (fatigue !== '' && wholeNumber(fatigue) === null) return { problem: { field: 'fatigue', message: 'a whole number: + taken, − recovered' } };
  const why = reasonProblem(reason, 'Fireball');
  if (why !== null) return { problem: { field: 'reason', message: why } };
  const command: Obj = { type: 'adjust', figure };
  if (amount !== '') {
    command[form.kind] = wholeNumber(amount) ?? amount;
    if (system === 'tft' && form.kind === 'damage' && form.armor) command.armor = true;
  }
  if (fatigue !== '') command.fatigue = wholeNumber(fatigue);
  command.reason = reason;
  return { command };
}
