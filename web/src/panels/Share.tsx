// The GM's sharing panel: a player link per seat (bound to the figures it commands), a
// spectator link, the issued tokens (with the figures each seat commands) with revoke, and the
// table settings the GM controls: physical dice, hidden enemy stats, the figures hidden from
// players (settings.hiddenFigures) and the GM's notes, for everyone or the GM only.
// Issued links stay listed (in this browser) until dismissed: the server shows a secret once.
// The seat list loads when the panel opens and after the GM issues or revokes a link, never
// on a re-render; a failed load waits for the GM's "Retry" (no retry loop against the server).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError, type EncounterSettings, type TokenInfo, api } from '../api/client.ts';
import { type IssuedLink, dismissLink, issuedLinks, keepLink } from '../api/links.ts';
import { absoluteLink } from '../api/tokens.ts';
import { type FigureView, figureNames } from '../model/view.ts';
import { NoteList } from './Status.tsx';

export interface ShareProps {
  encounterId: string;
  token: string;
  figures: FigureView[];
  settings: EncounterSettings;
  onError(msg: string): void;
  /** A note the GM asked to write (a special critical, panels/Special.tsx): a new `stamp` puts it in the box. */
  draft?: { text: string; figure?: string; stamp: number };
  /** The draft was saved as a note. */
  onNoted?(): void;
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
  const key = useId();
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

  // Every change sends only the field it changes (the server's PATCH leaves the others as they
  // are, so another GM window's change to another field is kept), with the value it was built on
  // (`expect`): one built on notes another window has since replaced is refused (409), not saved
  // over them. The controls show the change at once (a checkbox does not flip back until the
  // server's broadcast comes); changes go one after another, so two quick ones build on each
  // other. The server's settings win when they come; a refused change goes back to them.
  const [settings, setSettings] = useState(p.settings);
  const latest = useRef(p.settings);
  const server = useRef(p.settings);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // Another window's change won: what it changed, said where the GM sees it.
  const [conflict, setConflict] = useState<{ notes: boolean; text: string } | null>(null);
  useEffect(() => {
    server.current = latest.current = p.settings;
    setSettings(p.settings);
  }, [p.settings]);
  function setting(patch: Partial<EncounterSettings>, kept = ''): Promise<boolean> {
    const fields = Object.keys(patch) as (keyof EncounterSettings)[];
    const expect = Object.fromEntries(fields.map((k) => [k, latest.current[k]]));
    latest.current = { ...latest.current, ...patch };
    setSettings(latest.current);
    setConflict(null);
    const sent = queue.current.then(async () => {
      try {
        await api.settings(p.encounterId, p.token, { ...patch, expect });
        return true;
      } catch (e) {
        if (e instanceof ApiError && e.code === 'conflict') {
          // What the other window saved: its broadcast brings it too, but not over a lost connection.
          const saved = await api.get(p.encounterId, p.token).then((v) => v.settings, () => server.current);
          server.current = latest.current = saved;
          setSettings(saved);
          setConflict({ notes: fields.includes('notes'), text: `Not saved: another GM window changed ${fields.map((k) => SETTING_WORDS[k]).join(' and ')} first. Shown now is what it saved.${kept}` });
        } else {
          latest.current = server.current;
          setSettings(server.current);
          onError.current((e as Error).message);
        }
        return false;
      }
    });
    queue.current = sent;
    return sent;
  }
  const conflictNote = (notes: boolean) =>
    conflict?.notes === notes && (
      <p className="field-error" role="alert" data-testid="settings-conflict">
        {conflict.text}
      </p>
    );

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
              <button type="button" className="ghost small" aria-label={`Dismiss the link for ${l.label}`} aria-describedby={`${key}-dismiss`} onClick={() => setLinks(dismissLink(p.encounterId, l.id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {links.length > 0 && (
        <p className="small-note muted" id={`${key}-dismiss`}>
          × takes a link off this list; the link keeps working until its seat is revoked.
        </p>
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
      <SeatList tokens={tokens} figures={p.figures} onRevoke={revoke} />
      <h3>Table settings</h3>
      {conflictNote(false)}
      <label className="check">
        Physical dice:{' '}
        <select value={settings.enteredDice} onChange={(e) => setting({ enteredDice: e.target.value as EncounterSettings['enteredDice'] })} aria-label="Who may enter physical dice">
          <option value="off">server rolls</option>
          <option value="gm">GM may enter</option>
          <option value="all">everyone may enter</option>
        </select>
      </label>
      <label className="check">
        <input type="checkbox" checked={settings.hideEnemyStats} onChange={(e) => setting({ hideEnemyStats: e.target.checked })} />
        Hide enemy ST and wounds from players
      </label>
      <fieldset className="hidden-pick" data-testid="hidden-figures" aria-describedby={`${key}-hidden`}>
        <legend>Hidden from players</legend>
        {p.figures.map((f) => (
          <label key={f.id} className="check">
            <input type="checkbox" checked={settings.hiddenFigures.includes(f.id)} onChange={(e) => setting({ hiddenFigures: toggled(latest.current.hiddenFigures, f.id, e.target.checked) })} data-hide={f.id} />
            {f.name}
          </label>
        ))}
        <p className="small-note muted" id={`${key}-hidden`}>
          Players and spectators do not see these figures, nor anything that names them (an ambusher, the lurking troll).
        </p>
      </fieldset>
      <h3>Notes</h3>
      {conflictNote(true)}
      <NoteList notes={settings.notes} figures={p.figures}>
        {(n) => (
          <>
            <label className="check" title="Only the GM sees a hidden note">
              <input
                type="checkbox"
                checked={n.hidden}
                aria-label={`GM only: ${n.text.slice(0, 40)}`}
                onChange={(e) => setting({ notes: latest.current.notes.map((x) => (x.id === n.id ? { ...x, hidden: e.target.checked } : x)) })}
              />
              GM only
            </label>
            <button type="button" className="ghost small" aria-label={`Delete the note ${n.text.slice(0, 40)}`} onClick={() => setting({ notes: latest.current.notes.filter((x) => x.id !== n.id) })}>
              ×
            </button>
          </>
        )}
      </NoteList>
      <NoteForm
        figures={p.figures}
        draft={p.draft}
        onAdd={async (note) => {
          const saved = await setting({ notes: [...latest.current.notes, { ...note, id: nextNoteId(latest.current.notes) }] }, ' Your note is still in the box: add it again if you want it.');
          if (saved && p.draft) p.onNoted?.();
          return saved;
        }}
      />
    </div>
  );
}

/** A setting in words, for the GM told another window changed it. */
const SETTING_WORDS: Record<keyof EncounterSettings, string> = {
  enteredDice: 'who may enter dice',
  hiddenFigures: 'the hidden figures',
  hideEnemyStats: 'hiding enemy stats',
  notes: 'the notes',
  handledSpecials: 'the special criticals handled',
};

/** `list` with `id` in it or not. */
function toggled(list: readonly string[], id: string, on: boolean): string[] {
  return on ? [...list.filter((x) => x !== id), id] : list.filter((x) => x !== id);
}

/** A note id not used yet ("n1", "n2"...). */
export function nextNoteId(notes: readonly { id: string }[]): string {
  let k = notes.length + 1;
  while (notes.some((n) => n.id === `n${k}`)) k++;
  return `n${k}`;
}

/**
 * A new note: its text, on the encounter or on one figure, for the GM only (the default) or for
 * everyone. The box empties once the note is saved; a note not saved stays in it.
 */
function NoteForm({ figures, draft, onAdd }: { figures: FigureView[]; draft?: ShareProps['draft']; onAdd(n: { text: string; figure?: string; hidden: boolean }): Promise<boolean> }) {
  const [text, setText] = useState('');
  const [figure, setFigure] = useState('');
  const [gmOnly, setGmOnly] = useState(true);
  const [saving, setSaving] = useState(false);
  const box = useRef<HTMLTextAreaElement | null>(null);
  // A draft asked for goes in the box (about its figure, GM only), which takes the cursor.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each draft once
  useEffect(() => {
    if (!draft) return;
    setText(draft.text);
    setFigure(draft.figure ?? '');
    setGmOnly(true);
    box.current?.focus();
    box.current?.scrollIntoView({ block: 'nearest' });
  }, [draft?.stamp]);
  return (
    <form
      className="note-form"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!text.trim() || saving) return;
        setSaving(true);
        const saved = await onAdd({ text: text.trim(), hidden: gmOnly, ...(figure ? { figure } : {}) });
        setSaving(false);
        if (!saved) return;
        setText('');
        // Back to GM only: a note shown to everyone is a choice made for that note, not for the
        // next one (a secret typed after a public note went to the players).
        setGmOnly(true);
      }}
    >
      <textarea ref={box} aria-label="Note" placeholder="A note (the troll waits under the bridge…)" rows={2} value={text} onChange={(e) => setText(e.target.value)} maxLength={10_000} />
      <div className="row">
        <select aria-label="What the note is about" value={figure} onChange={(e) => setFigure(e.target.value)}>
          <option value="">the encounter</option>
          {figures.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
        <label className="check">
          <input type="checkbox" checked={gmOnly} onChange={(e) => setGmOnly(e.target.checked)} aria-label="GM only (players do not see it)" />
          GM only
        </label>
        <button type="submit" className="small" disabled={!text.trim() || saving}>
          Add note
        </button>
      </div>
    </form>
  );
}

/** The issued tokens: each seat's role, its player's name and the figures it commands, with revoke. */
export function SeatList({ tokens, figures, onRevoke }: { tokens: readonly TokenInfo[]; figures: readonly FigureView[]; onRevoke(id: string): void }) {
  return (
    <ul className="tokens">
      {tokens.map((t) => {
        const commands = t.role === 'player' ? figureNames(t.figures, figures) : '';
        const label = t.label && t.label !== commands && t.label !== t.role ? t.label : '';
        return (
          <li key={t.id} className={t.revoked ? 'revoked' : ''} data-token={t.id}>
            <span className="pill">{t.role}</span> {label}
            {label && commands ? ': ' : ''}
            {commands && <span className="seat-figures">{commands}</span>}
            {!label && !commands && (t.role === 'player' ? '—' : '')}
            {t.role !== 'gm' && !t.revoked && (
              <button type="button" className="ghost small" onClick={() => onRevoke(t.id)}>
                revoke
              </button>
            )}
            {t.revoked && <span className="muted"> revoked</span>}
          </li>
        );
      })}
    </ul>
  );
}
