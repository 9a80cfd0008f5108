// The GM's sharing panel: a player link per seat (bound to the figures it commands), a
// spectator link, the issued tokens with revoke, and the table settings the GM controls.
import { useCallback, useEffect, useState } from 'react';
import { type EncounterSettings, type TokenInfo, api } from '../api/client.ts';
import { absoluteLink } from '../api/tokens.ts';
import type { FigureView } from '../model/view.ts';

export interface ShareProps {
  encounterId: string;
  token: string;
  figures: FigureView[];
  settings: EncounterSettings;
  onError(msg: string): void;
}

export function Share(p: ShareProps) {
  const [tokens, setTokens] = useState<TokenInfo[]>([]);
  const [links, setLinks] = useState<{ id: string; label: string; link: string }[]>([]);
  const sides = [...new Set(p.figures.map((f) => f.side))];
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [label, setLabel] = useState('');

  const refresh = useCallback(() => {
    api
      .tokens(p.encounterId, p.token)
      .then((r) => setTokens(r.tokens))
      .catch((e: Error) => p.onError(e.message));
  }, [p.encounterId, p.token, p.onError]);
  useEffect(refresh, [refresh]);

  async function issue(role: 'player' | 'spectator', figures: string[], lbl: string) {
    try {
      const t = await api.issueToken(p.encounterId, p.token, { role, figures, label: lbl });
      setLinks((l) => [{ id: t.id, label: lbl || role, link: absoluteLink(t.link, location.origin) }, ...l]);
      refresh();
    } catch (e) {
      p.onError((e as Error).message);
    }
  }

  async function setting(patch: Partial<EncounterSettings>) {
    try {
      await api.settings(p.encounterId, p.token, patch);
    } catch (e) {
      p.onError((e as Error).message);
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
        <ul className="links">
          {links.map((l) => (
            <li key={l.id}>
              <span className="pill">{l.label}</span>
              <input readOnly value={l.link} aria-label={`Link for ${l.label}`} data-testid="issued-link" onFocus={(e) => e.target.select()} />
              <button type="button" className="small" onClick={() => navigator.clipboard?.writeText(l.link).catch(() => undefined)}>
                Copy
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3>Seats</h3>
      <ul className="tokens">
        {tokens.map((t) => (
          <li key={t.id} className={t.revoked ? 'revoked' : ''}>
            <span className="pill">{t.role}</span> {t.label || t.figures.join(', ') || '—'}
            {t.role !== 'gm' && !t.revoked && (
              <button
                type="button"
                className="ghost small"
                onClick={() =>
                  api
                    .revoke(p.encounterId, p.token, t.id)
                    .then(refresh)
                    .catch((e: Error) => p.onError(e.message))
                }
              >
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
