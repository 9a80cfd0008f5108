// An explained number: every modifier carries where it came from and which rule put it there,
// so a player can check any adjDX, to-hit or damage figure against the book.

export interface LedgerEntry {
  /** What contributed, in words a player recognises ("chainmail", "target's side hex"). */
  source: string;
  /** The amount it adds (negative to subtract). */
  delta: number;
  /** The rule id it comes from: a ruling ("R-S2"), a seed ("931c742c"), or a reference ("tft-core"). */
  rule: string;
}

export interface Ledger {
  entries: LedgerEntry[];
  total: number;
}

export function ledger(entries: readonly LedgerEntry[] = []): Ledger {
  // A NaN or infinite delta would silently poison every total built on it: refuse it here.
  for (const e of entries) {
    if (!Number.isFinite(e.delta)) throw new RangeError(`ledger: entry "${e.source}" [${e.rule}] has delta ${e.delta}`);
  }
  const kept = entries.filter((e) => e.delta !== 0 || e.source.length > 0);
  return { entries: [...kept], total: kept.reduce((t, e) => t + e.delta, 0) };
}

/** A ledger that starts from a base value (basic DX, to-hit need...) and adds modifiers. */
export function fromBase(source: string, value: number, rule: string, mods: readonly LedgerEntry[] = []): Ledger {
  return ledger([{ source, delta: value, rule }, ...mods]);
}

export function add(l: Ledger, ...more: LedgerEntry[]): Ledger {
  return ledger([...l.entries, ...more]);
}

/** One line per entry, e.g. "DX 12 (tft-core) -4 one extra target (R-S2) = 8". */
export function formatLedger(l: Ledger): string {
  const parts = l.entries.map((e, i) => {
    const sign = i === 0 ? '' : e.delta < 0 ? '- ' : '+ ';
    const n = i === 0 ? e.delta : Math.abs(e.delta);
    return `${sign}${n} ${e.source} [${e.rule}]`;
  });
  // An empty ledger reads "= 0" (no leading space).
  return parts.length === 0 ? `= ${l.total}` : `${parts.join(' ')} = ${l.total}`;
}
