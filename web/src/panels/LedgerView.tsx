// One ledger: each entry with its sign, its source and the rule id that put it there.
import type { Ledger } from '../../../src/core/ledger.ts';
import { ledgerDelta, ledgerTotal } from '../model/options.ts';

export function LedgerView({ name, ledger }: { name?: string; ledger: Ledger }) {
  return (
    <table className="ledger">
      {name && <caption>{name}</caption>}
      <tbody>
        {ledger.entries.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same source may appear twice in a ledger
          <tr key={`${e.source}:${e.rule}:${i}`}>
            <td className="delta">{ledgerDelta(e.delta, i === 0)}</td>
            <td className="src">{e.source}</td>
            <td className="rule">{e.rule && <RuleId id={e.rule} />}</td>
          </tr>
        ))}
        <tr className="total">
          <td className="delta">= {ledgerTotal(ledger.total)}</td>
          <td colSpan={2} />
        </tr>
      </tbody>
    </table>
  );
}

export function RuleId({ id }: { id: string }) {
  return <code className="rule-id">{id}</code>;
}

export function Faces({ faces, rolling = false }: { faces: number[]; rolling?: boolean }) {
  return (
    <span className={`faces${rolling ? ' rolling' : ''}`}>
      {faces.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: faces repeat; their position is their identity
        <span key={i} className="die" data-face={f} style={{ animationDelay: `${i * 40}ms` }}>
          {f}
        </span>
      ))}
    </span>
  );
}
