// The dying in the Actions tab (Hanging by a Thread, seed 82345e2a, R-T2, R-T3): one line each,
// so the GM sees who is dying, the dice of the coming thread roll and who is working on whom
// without leaving the map and the action panel; the Status tab has the cards in full (odds for
// more turns, the medics' chances, the player's choice of ST or IQ).
import { type ThreadView, threadLine } from '../model/thread.ts';

/** `over`: the fight is over (no more thread rolls, R-T2). */
export function DyingLines({ threads, mine, over = false, onDetails }: { threads: readonly ThreadView[]; mine: ReadonlySet<string>; over?: boolean; onDetails(): void }) {
  if (threads.length === 0) return null;
  // A player whose figure is dying chooses ST or IQ for its rolls (R-T2): said where the player is.
  const chooses = !over && threads.some((t) => mine.has(t.id) && t.choices.length > 0);
  return (
    <div className="dying-lines" data-testid="dying-lines">
      {threads.map((t) => (
        <p key={t.id} data-dying={t.id}>
          {threadLine(t, over)}
        </p>
      ))}
      <button type="button" className="linkish" onClick={onDetails}>
        {chooses ? 'Choose ST or IQ for the thread rolls, and more, in Status' : 'More in Status'}
      </button>
    </div>
  );
}
