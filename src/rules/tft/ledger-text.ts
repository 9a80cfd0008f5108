// A ledger (and a roll) in a line of TFT narration, written one way for the core's events and
// the house rules' (sweep, HiTech, the Thread): "13 DX - 1 rifle range 4 MH (16 m) [R-H2] + 1 half-clip burst [R-H10]".
// An entry that adds nothing is a note ("target dodges: 4d6", "knockdown counts 9, the damage
// before flak jacket"): it reads "; note [rule]", not "+ 0 note [rule]".
import type { LedgerEntry } from '../../core/ledger.ts';

/** "+ 2 target's side hex [tft-core facing]", "- 1 rifle range ... [R-H2]"; a 0 entry: "; note [rule]". */
export function ledgerTerm(e: LedgerEntry): string {
  if (e.delta === 0) return `; ${e.source} [${e.rule}]`;
  return `${e.delta < 0 ? '-' : '+'} ${Math.abs(e.delta)} ${e.source} [${e.rule}]`;
}

/**
 * The entries of a ledger as one phrase: the first by `first` (default "13 DX", the base value
 * and what it is), each other by ledgerTerm. '' for no entries (or not an array: an event from
 * elsewhere).
 */
export function ledgerText(entries: unknown, first: (e: LedgerEntry) => string = (e) => `${e.delta} ${e.source}`): string {
  if (!Array.isArray(entries) || entries.length === 0) return '';
  const es = entries as LedgerEntry[];
  let out = first(es[0]);
  for (let i = 1; i < es.length; i++) {
    const t = ledgerTerm(es[i]);
    out += t.startsWith(';') ? t : ` ${t}`;
  }
  return out;
}

/** "2d = 4+3 = 7" (one die: "1d = 4", not "1d = 4 = 4"; adds: "2d+1 = 4+3+1 = 8"). */
export function rollText(r: { dice: string; faces: number[]; total: number }): string {
  const plus = /[+-]\d+$/.exec(r.dice)?.[0] ?? '';
  return r.faces.length === 1 && !plus ? `${r.dice} = ${r.total}` : `${r.dice} = ${r.faces.join('+')}${plus} = ${r.total}`;
}
