// The app's two screens: the lobby (create, upload, edit and reopen encounters) and the table
// (`/table/<id>#token=...`). Navigation is plain history.pushState; the server serves
// index.html for /table/* so links and reloads land here.
import { useCallback, useEffect, useState } from 'react';
import { encounterFromPath, heldTokens, holdToken, tokenFromHash } from './api/tokens.ts';
import { Home } from './home/Home.tsx';
import { Table } from './Table.tsx';

export function navigate(to: string): void {
  history.pushState(null, '', to);
  dispatchEvent(new PopStateEvent('popstate'));
}

function useLocation(): { path: string; hash: string } {
  const [loc, setLoc] = useState(() => ({ path: location.pathname, hash: location.hash }));
  useEffect(() => {
    const on = () => setLoc({ path: location.pathname, hash: location.hash });
    addEventListener('popstate', on);
    addEventListener('hashchange', on);
    return () => {
      removeEventListener('popstate', on);
      removeEventListener('hashchange', on);
    };
  }, []);
  return loc;
}

export function App() {
  const { path, hash } = useLocation();
  const encounterId = encounterFromPath(path);
  const fromLink = tokenFromHash(hash);
  const [token, setToken] = useState<string | null>(null);

  useEffect(() => {
    if (!encounterId) return setToken(null);
    if (fromLink) {
      holdToken(encounterId, { token: fromLink });
      setToken(fromLink);
    } else setToken(heldTokens()[encounterId]?.token ?? null);
  }, [encounterId, fromLink]);

  const leave = useCallback(() => navigate('/'), []);

  if (encounterId && token) return <Table key={`${encounterId}:${token}`} encounterId={encounterId} token={token} onLeave={leave} />;
  if (encounterId && !token) {
    return (
      <main className="lobby">
        <Header />
        <section className="card">
          <h2>No access to this table</h2>
          <p>Open the link the game master shared with you (it carries your seat), or go back to the lobby.</p>
          <button type="button" onClick={leave}>
            Back to the lobby
          </button>
        </section>
      </main>
    );
  }
  return <Home />;
}

export function Header({ children }: { children?: React.ReactNode }) {
  return (
    <header className="topbar">
      <a
        className="brand"
        href="/"
        onClick={(e) => {
          e.preventDefault();
          navigate('/');
        }}
      >
        <svg viewBox="0 0 32 32" width="22" height="22" aria-hidden="true">
          <polygon points="16,2 28,9 28,23 16,30 4,23 4,9" fill="#c8913a" />
          <polygon points="16,9 22,12.5 22,19.5 16,23 10,19.5 10,12.5" fill="#1d1a16" />
        </svg>
        <span className="brand-text">Fray</span>
      </a>
      {children}
    </header>
  );
}
