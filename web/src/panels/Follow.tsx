// A spectator's action panel: who is deciding now and what was just done, in words. A spectator
// commands nothing: every option's card with its greyed "Do it" (27 of them in
// tft/sweeping-blows) was a wall of buttons over the fight it came to follow.
import type { LogEntryView } from '../../../src/server/protocol.ts';
import { entryWords } from '../model/log.ts';

/** The words of the latest step that says something (a rewind says what the GM did); '' before any. */
export function lastWords(entries: readonly LogEntryView[]): string {
  for (let i = entries.length - 1; i >= 0; i--) {
    const said = entryWords(entries[i]);
    if (said) return said;
  }
  return '';
}

export function Follow({ turn, entries }: { turn: string; entries: readonly LogEntryView[] }) {
  const last = lastWords(entries);
  return (
    <section className="actions follow" data-testid="follow" aria-label="The fight">
      {turn && (
        <p className="turn-line" data-testid="turn-line">
          {turn}
        </p>
      )}
      <h4>Just done</h4>
      <p className="follow-last" data-testid="last-step">
        {last || 'Nothing yet: the fight has not begun.'}
      </p>
    </section>
  );
}
