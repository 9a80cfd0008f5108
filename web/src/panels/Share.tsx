// The GM's sharing panel: a player link per seat (bound to the figures it commands), a
// spectator link, the issued tokens with revoke, and the table settings the GM controls.
// Issued links stay listed (in this browser) until dismissed: the server shows a secret once.
// The seat list loads when the panel opens and after the GM issues or revokes a link, never
// on a re-render; a failed load waits for the GM's "Retry" (no retry loop against the server).
import { useCallback, useEffect, useRef, useState } from 'react';
import { type EncounterSettings, type TokenInfo, api } from '../api/client.ts';
import { type IssuedLink, dismissLink, issuedLinks, keepLink } from '../api/links.ts';
import { absoluteLink } from '../api/tokens.ts';
import type { FigureView } from '../model/view.ts';

export interface ShareProps {
  encounterId: string;
  token: string;
  figures: FigureView[];
  settings: EncounterSettings;
  onError(msg: string): void;
}

type Seats = { state: 'loading' } | { state: 'ok'; tokens: TokenInfo[] } | { state: 'failed'; message: string };

/** The encounter's tokens (GET .../tokens): loaded once per `reloads` value, never in a loop. */
function useSeats(encounterId: string, token: string): { seats: Seats; reload(): void } {
  const [reloads, setReloads] = useState(0);
  const [seats, setSeats] = useState<Seats>({ state: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` is the trigger of a deliberate reload
  useEffect(() => {
    let live = true;
    api
      .tokens(encounterId, token)
      .then((r) => live && setSeats({ state: 'ok', tokens: r.tokens }))
      .catch((e: Error) => live && setSeats({ state: 'failed', message: e.message }));
    return () => {
      live = false;
    };
  }, [encounterId, token, reloads]);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { seats, reload };
}

export function Share(p: ShareProps) {
  const { seats, reload } = useSeats(p.encounterId, p.token);
  const [links, setLinks] = useState<IssuedLink[]>(() => issuedLinks(p.encounterId));
  const sides = [...new Set(p.figures.map((f) => f.side))];
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [label, setLabel] = useState('');
  // The latest error sink, without making anything depend on the parent's callback identity.
  const onError = useRef(p.onError);
  onError.current = p.onError;
  const tokens = seats.state === 'ok' ? seats.tokens : [];
  const revoked = new Set(tokens.filter((t) => t.revoked).map((t) => t.id));

  async function issue(role: 'player' | 'spectator', figures: string[], lbl: string) {
    try {
      const t = await api.issueToken(p.encounterId, p.token, { role, figures, label: lbl });
      setLinks(keepLink(p.encounterId, { id: t.id, label: lbl || role, role, link: absoluteLink(t.link, location.origin), at: new Date().toISOString() }));
      reload();
    } catch (e) {
      onError.current((e as Error).message);
    }
  }

  async function revoke(id: string) {
    try {
      await api.revoke(p.encounterId, p.token, id);
    } catch (e) {
      onError.current((e as Error).message);
    }
    reload();
  }

  async function setting(patch: Partial<EncounterSettings>) {
    try {
      await api.settings(p.encounterId, p.token, patch);
    } catch (e) {
      onError.current((e as Error).message);
    }
  }

  return (
    <div className="share" data-testid="share">
      <h3>Invite players</h3>
      <div className="seat-pick">
        {sides.map((side) => (
          <fieldset key={side}>
            <legend>
              {side}{' '}
              <button type="button" className="ghost small" onClick={() => issue('player', p.figures.filter((f) => f.side === side).map((f) => f.id), side)} data-testid={`seat-side-${side}`}>
                link for the whole side
              </button>
            </legend>
            {p.figures
              .filter((f) => f.side === side)
              .map((f) => (
                <label key={f.id} className="check">
                  <input
                    type="checkbox"
                    checked={chosen.has(f.id)}
                    onChange={(e) => {
                      const n = new Set(chosen);
                      if (e.target.checked) n.add(f.id);
                      else n.delete(f.id);
                      setChosen(n);
                    }}
                  />
                  {f.name}
                </label>
              ))}
          </fieldset>
        ))}
      </div>
      <div className="row">
        <input aria-label="Player name" placeholder="Player name (optional)" value={label} onChange={(e) => setLabel(e.target.value)} />
        <button
          type="button"
          className="primary"
          disabled={chosen.size === 0}
          onClick={() => {
            issue('player', [...chosen], label);
            setChosen(new Set());
            setLabel('');
          }}
        >
          Player link
        </button>
        <button type="button" onClick={() => issue('spectator', [], 'spectator')} data-testid="spectator-link">
          Spectator link
        </button>
      </div>
      {links.length > 0 && (
        <ul className="links" data-testid="issued-links">
          {links.map((l) => (
            <li key={l.id} className={revoked.has(l.id) ? 'revoked' : ''}>
              <span className="pill">{l.label}</span>
              <input readOnly value={l.link} aria-label={`Link for ${l.label}`} data-testid="issued-link" onFocus={(e) => e.target.select()} />
              <button type="button" className="small" onClick={() => navigator.clipboard?.writeText(l.link).catch(() => undefined)}>
                Copy
              </button>
              {revoked.has(l.id) && <span className="muted">revoked</span>}
              <button type="button" className="ghost small" aria-label={`Dismiss the link for ${l.label}`} title="Remove from this list (the link keeps working until revoked)" onClick={() => setLinks(dismissLink(p.encounterId, l.id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3>Seats</h3>
      {seats.state === 'loading' && <p className="muted">Loading the seats…</p>}
      {seats.state === 'failed' && (
        <p className="field-error" role="alert" data-testid="seats-failed">
          Could not load the seats: {seats.message}{' '}
          <button type="button" className="small" onClick={reload}>
            Retry
          </button>
        </p>
      )}
      <ul className="tokens">
        {tokens.map((t) => (
          <li key={t.id} className={t.revoked ? 'revoked' : ''}>
            <span className="pill">{t.role}</span> {t.label || t.figures.join(', ') || '—'}
            {t.role !== 'gm' && !t.revoked && (
              <button type="button" className="ghost small" onClick={() => revoke(t.id)}>
                revoke
              </button>
            )}
            {t.revoked && <span className="muted"> revoked</span>}
          </li>
        ))}
      </ul>
      <h3>Table settings</h3>
      <label className="check">
        Physical dice:{' '}
        <select value={p.settings.enteredDice} onChange={(e) => setting({ enteredDice: e.target.value as EncounterSettings['enteredDice'] })} aria-label="Who may enter physical dice">
          <option value="off">server rolls</option>
          <option value="gm">GM may enter</option>
          <option value="all">everyone may enter</option>
        </select>
      </label>
      <label className="check">
        <input type="checkbox" checked={p.settings.hideEnemyStats} onChange={(e) => setting({ hideEnemyStats: e.target.checked })} />
        Hide enemy ST and wounds from players
      </label>
    </div>
  );
}
