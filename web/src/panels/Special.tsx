// The GM's prompt for a special critical (R-A10, seed 3380eb42: a third roll of 20, "use your
// imagination"): who struck whom, and that the GM decides an effect. It stays until the GM
// applies one (the target's Adjust form, its reason filled in), notes one (the Share tab's
// notes) or dismisses it. The GM's only: players and spectators read the log line.
import { type SpecialCritical, specialWords } from '../model/special.ts';

export function SpecialPrompt(p: {
  specials: readonly SpecialCritical[];
  name(id: string): string;
  /** Whether the target can be adjusted now (the fight goes on, the target stands in it). */
  canAdjust(c: SpecialCritical): boolean;
  onAdjust(c: SpecialCritical): void;
  onNote(c: SpecialCritical): void;
  onDismiss(c: SpecialCritical): void;
}) {
  if (p.specials.length === 0) return null;
  return (
    <section className="special-prompt" aria-label="Special criticals" data-testid="special-prompt">
      {p.specials.map((c) => (
        <div key={c.key} className="special-item" role="alert" data-special={c.key}>
          <p>
            <strong>Special critical:</strong> {specialWords(c, p.name)}. The third roll was {c.third}: {c.label}. Use your imagination: you decide an effect
            (R-A10).
          </p>
          <div className="row">
            {p.canAdjust(c) && (
              <button type="button" className="small" onClick={() => p.onAdjust(c)} data-testid="special-adjust">
                Adjust {p.name(c.target)}…
              </button>
            )}
            <button type="button" className="small" onClick={() => p.onNote(c)} data-testid="special-note">
              Note it…
            </button>
            <button type="button" className="small ghost" onClick={() => p.onDismiss(c)} data-testid="special-dismiss">
              Dismiss
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
