// The lobby: start an encounter from an example, an uploaded scenario or the editor; reopen
// the encounters this browser holds a seat at.
import { useEffect, useState } from 'react';
import { Header, navigate } from '../App.tsx';
import { type ApiError, api, errorView } from '../api/client.ts';
import { forgetToken, heldTokens, holdToken, seatLabel, tableLink } from '../api/tokens.ts';
import { TabList, tabId } from '../Tabs.tsx';
import { Editor } from './Editor.tsx';

type Example = { name: string; system: string; title: string };
type Listed = { id: string; name: string; system: string; seq: number; over: boolean; winner: string | null; winnerName: string | null; role: string; updatedAt: string };

/** An encounter's progress in the list: its step, or over with the winner by its side's name (the id where the side has none). */
export function progressWords(e: Pick<Listed, 'seq' | 'over' | 'winner' | 'winnerName'>): string {
  if (!e.over) return `step ${e.seq}`;
  return e.winner ? `over: ${e.winnerName ?? e.winner} won` : 'over: no winner';
}

export function openTable(id: string, token: string, role: string, name: string): void {
  holdToken(id, { token, role, name });
  navigate(tableLink(id, token));
}

export function Home() {
  const [examples, setExamples] = useState<Example[] | null>(null);
  const [mine, setMine] = useState<Listed[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tab, setTab] = useState<'examples' | 'upload' | 'editor'>('examples');
  const [text, setText] = useState('');
  const [issues, setIssues] = useState<{ path: string; message: string }[]>([]);

  useEffect(() => {
    api
      .examples()
      .then((r) => setExamples(r.examples))
      .catch((e: Error) => setError(`Could not load the examples: ${e.message}`));
    const held = heldTokens();
    api
      .list(Object.values(held).flatMap((seats) => seats.map((h) => h.token)))
      .then((r) => setMine(r.encounters))
      .catch(() => setMine([]));
  }, []);

  async function create(req: Parameters<typeof api.create>[0]) {
    setBusy(true);
    setError(null);
    setIssues([]);
    try {
      const r = await api.create(req);
      openTable(r.encounter.id, r.gm.token, 'gm', r.encounter.name);
    } catch (e) {
      const err = e as ApiError;
      setError(err.message);
      setIssues(err.issues ?? []);
    } finally {
      setBusy(false);
    }
  }

  function upload(file: File) {
    file.text().then(setText, (e: Error) => setError(e.message));
  }

  const held = heldTokens();
  return (
    <main className="lobby">
      <Header />
      <section className="hero">
        <h1>Run the fight. Show every number.</h1>
        <p>
          The Fantasy Trip with sweeping blows, HiTech firearms and Hanging by a Thread, or AD&amp;D 1e on the segment clock. Every option shows its ledger and
          its odds before you choose it.
        </p>
      </section>

      <section className="card">
        {/* Manual activation (the arrows move the focus, Enter or Space opens the tab): opening a
            tab clears the error shown and drops the editor's draft, which passing over must not do. */}
        <TabList
          label="Start an encounter"
          prefix="lobby-tab"
          tabs={[
            { id: 'examples', label: 'From an example' },
            { id: 'upload', label: 'Upload a scenario' },
            { id: 'editor', label: 'Build one' },
          ]}
          selected={tab}
          onSelect={(t) => {
            setTab(t);
            setIssues([]);
            setError(null);
          }}
          panel={() => 'lobby-tabpanel'}
          activation="manual"
        />
        <div role="tabpanel" id="lobby-tabpanel" aria-labelledby={tabId('lobby-tab', tab)}>
          {error && <ErrorBox message={error} issues={issues} />}
          {tab === 'examples' && (
            <div className="examples">
              {examples === null && !error && <p className="muted">Loading examples…</p>}
              {examples?.length === 0 && <p className="muted">No examples are installed.</p>}
              {examples?.map((x) => (
                <button key={x.name} type="button" className="example" disabled={busy} data-example={x.name} onClick={() => create({ example: x.name })}>
                  <span className={`sys sys-${x.system}`}>{x.system.toUpperCase()}</span>
                  <strong>{x.title}</strong>
                  <small>{x.name}</small>
                </button>
              ))}
            </div>
          )}
          {tab === 'upload' && (
            <div className="upload">
              <label className="file">
                Scenario file (YAML or JSON)
                <input type="file" accept=".yaml,.yml,.json,text/yaml,application/json" onChange={(e) => e.target.files?.[0] && upload(e.target.files[0])} />
              </label>
              <textarea aria-label="Scenario text" value={text} onChange={(e) => setText(e.target.value)} placeholder="system: tft&#10;figures: …" rows={12} spellCheck={false} />
              <button type="button" className="primary" disabled={busy || !text.trim()} onClick={() => create({ scenario: text })}>
                Open the table
              </button>
            </div>
          )}
          {tab === 'editor' && <Editor busy={busy} issues={issues} onCreate={(scenario, name) => create({ scenario, name })} />}
        </div>
      </section>

      <section className="card">
        <h2>Your tables</h2>
        {mine === null && <p className="muted">Loading…</p>}
        {mine?.length === 0 && <p className="muted">None yet. Tables you open or join appear here.</p>}
        {mine && mine.length > 0 && (
          <ul className="mine">
            {mine.map((e) => {
              const seats = held[e.id] ?? [];
              return (
                <li key={e.id} data-encounter={e.id}>
                  <button type="button" className="linkish" onClick={() => seats[0] && openTable(e.id, seats[0].token, seats[0].role ?? e.role, e.name)}>
                    <strong>{e.name}</strong>
                  </button>
                  <span className={`sys sys-${e.system}`}>{e.system.toUpperCase()}</span>
                  <span className="muted" data-testid="progress">{progressWords(e)}</span>
                  <span className="seats">
                    {seats.map((h) => (
                      <button key={h.token} type="button" className="small" data-seat={h.role ?? 'unknown'} title="Open the table in this seat" aria-label={`Open in the seat ${seatLabel(h)}`} onClick={() => openTable(e.id, h.token, h.role ?? e.role, e.name)}>
                        {seatLabel(h)}
                      </button>
                    ))}
                  </span>
                  <button
                    type="button"
                    className="ghost small"
                    title="Forget this table (every seat) in this browser"
                    aria-label={`forget ${e.name} (every seat) in this browser`}
                    onClick={() => {
                      forgetToken(e.id);
                      setMine(mine.filter((x) => x.id !== e.id));
                    }}
                  >
                    forget
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </main>
  );
}

/** The lobby's error: the server's message and its problems, each once (errorView). */
export function ErrorBox({ message, issues }: { message: string; issues: readonly { path: string; message: string }[] }) {
  const v = errorView(message, issues);
  return (
    <div className="error" role="alert">
      {v.text}
      {v.issues.length > 0 && (
        <ul>
          {v.issues.map((i) => (
            <li key={`${i.path}:${i.message}`}>
              <code>{i.path || '(scenario)'}</code> {i.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
