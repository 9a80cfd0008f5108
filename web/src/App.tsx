// The app's two screens: the lobby (create, upload, edit and reopen encounters) and the table
// (`/table/<id>#token=...`). Navigation is plain history.pushState; the server serves
// index.html for /table/* so links and reloads land here.
import { useCallback, useEffect, useState } from 'react';
import { type Held, encounterFromPath, heldSeats, holdToken, seatLabel, tableLink, tokenFromHash } from './api/tokens.ts';
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
  // The seat to open: the link's token, else the only seat this browser holds at the table;
  // with several (the GM who also opened a player's link) the user picks one.
  const [open, setOpen] = useState<{ token: string | null; seats: Held[] }>({ token: null, seats: [] });

  useEffect(() => {
    if (!encounterId) return setOpen({ token: null, seats: [] });
    if (fromLink) {
      holdToken(encounterId, { token: fromLink });
      return setOpen({ token: fromLink, seats: [] });
    }
    const seats = heldSeats(encounterId);
    setOpen({ token: seats.length === 1 ? seats[0].token : null, seats });
  }, [encounterId, fromLink]);

  const leave = useCallback(() => navigate('/'), []);
  const { token, seats } = open;

  if (encounterId && token) return <Table key={`${encounterId}:${token}`} encounterId={encounterId} token={token} onLeave={leave} />;
  if (encounterId && seats.length > 1) return <SeatPicker encounterId={encounterId} seats={seats} onLeave={leave} />;
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

/** This browser holds several seats at the table: which one to open. */
function SeatPicker({ encounterId, seats, onLeave }: { encounterId: string; seats: Held[]; onLeave(): void }) {
  const name = seats.find((s) => s.name)?.name;
  return (
    <main className="lobby">
      <Header />
      <section className="card" data-testid="seat-picker">
        <h2>Open {name ?? 'this table'} as…</h2>
        <p className="muted">This browser holds more than one seat at this table.</p>
        <div className="row seats">
          {seats.map((h) => (
            <button key={h.token} type="button" className={h.role === 'gm' ? 'primary' : ''} data-seat={h.role ?? 'unknown'} onClick={() => navigate(tableLink(encounterId, h.token))}>
              {seatLabel(h)}
            </button>
          ))}
          <button type="button" className="ghost" onClick={onLeave}>
            Back to the lobby
          </button>
        </div>
      </section>
    </main>
  );
}

export function Header({ children }: { children?: React.ReactNode }) {
  return (
    <header className="topbar">
      <a
        className="brand"
        aria-label="Fray: the lobby"
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
