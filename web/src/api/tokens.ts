// The seats this browser holds, kept in localStorage so a reload (or coming back tomorrow)
// reopens the table with the same role. One browser may hold several seats at one encounter:
// the GM who opens a player's link to check it must not lose the GM token (shown once, stored
// hashed on the server), so seats are kept per encounter *and* per token, and a GM seat is
// never replaced by another. Links carry the token in the URL fragment
// (`/table/<id>#token=<t>`), which never reaches the server's logs.

export interface Held {
  token: string;
  /** gm, player or spectator, once the server has said (the welcome). */
  role?: string;
  /** The encounter's name. */
  name?: string;
  /** A player seat's figures (ids). */
  figures?: string[];
  /** How to name the seat to the user ("Cedric and Bjorn"). */
  seat?: string;
}

const KEY = 'fray.tokens.v2';
/** The first format: one seat per encounter (`{[id]: Held}`), read once and carried over. */
const KEY_V1 = 'fray.tokens.v1';

type Store = Record<string, Held[]>;
type Storage_ = Pick<Storage, 'getItem' | 'setItem'>;

const isHeld = (v: unknown): v is Held => typeof v === 'object' && v !== null && typeof (v as Held).token === 'string';

/** A stored seat read defensively (another version of the page, or a hand edit, may have written it): only fields of the right type. */
function heldOf(v: Held): Held {
  const o = v as unknown as Record<string, unknown>;
  const h: Held = { token: v.token };
  if (typeof o.role === 'string') h.role = o.role;
  if (typeof o.name === 'string') h.name = o.name;
  if (Array.isArray(o.figures)) h.figures = o.figures.filter((x): x is string => typeof x === 'string');
  if (typeof o.seat === 'string') h.seat = o.seat;
  return h;
}

function parse(raw: string | null): unknown {
  try {
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function load(s: Storage_ | undefined): Store {
  const out: Store = {};
  const v2 = parse(s?.getItem(KEY) ?? null);
  if (typeof v2 === 'object' && v2 !== null) {
    for (const [id, seats] of Object.entries(v2)) if (Array.isArray(seats)) out[id] = seats.filter(isHeld).map(heldOf);
    return out;
  }
  const v1 = parse(s?.getItem(KEY_V1) ?? null);
  if (typeof v1 === 'object' && v1 !== null) for (const [id, h] of Object.entries(v1)) if (isHeld(h)) out[id] = [heldOf(h)];
  return out;
}

function save(all: Store, s: Storage_ | undefined): void {
  for (const id of Object.keys(all)) if (all[id].length === 0) delete all[id];
  s?.setItem(KEY, JSON.stringify(all));
}

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

const RANK: Record<string, number> = { gm: 0, player: 1, spectator: 2 };
const rank = (h: Held) => (h.role !== undefined && Object.hasOwn(RANK, h.role) ? RANK[h.role] : 3);
const sameSeat = (a: Held, b: Held) => a.role === b.role && [...(a.figures ?? [])].sort().join(',') === [...(b.figures ?? [])].sort().join(',');

/** Every seat held, per encounter, the GM's first. */
export function heldTokens(s: Storage_ | undefined = storage()): Store {
  const all = load(s);
  for (const id of Object.keys(all)) all[id].sort((a, b) => rank(a) - rank(b));
  return all;
}

/** The seats held at one encounter, the GM's first. */
export function heldSeats(encounterId: string, s: Storage_ | undefined = storage()): Held[] {
  return heldTokens(s)[encounterId] ?? [];
}

/**
 * Remembers a seat. The same token: its details are merged. A new token is added beside the
 * others; once its role is known it replaces an older token for the very same player or
 * spectator seat (a link issued again), never a GM seat.
 */
export function holdToken(encounterId: string, held: Held, s: Storage_ | undefined = storage()): void {
  const all = load(s);
  const seats = all[encounterId] ?? [];
  const i = seats.findIndex((x) => x.token === held.token);
  const merged: Held = i >= 0 ? { ...seats[i], ...held } : { ...held };
  const rest = seats.filter((x, j) => j !== i && !(merged.role !== undefined && merged.role !== 'gm' && x.role !== 'gm' && sameSeat(x, merged)));
  all[encounterId] = [...rest, merged];
  save(all, s);
}

/** Forgets one seat (its token), or every seat at the encounter. */
export function forgetToken(encounterId: string, token?: string, s: Storage_ | undefined = storage()): void {
  const all = load(s);
  all[encounterId] = token === undefined ? [] : (all[encounterId] ?? []).filter((x) => x.token !== token);
  save(all, s);
}

/** A seat's name for the user: "GM", "player: Cedric", "spectator", or "a seat not opened yet". */
export function seatLabel(h: Held): string {
  if (h.role === 'gm') return 'GM';
  if (h.role === 'player') return h.seat ? `player: ${h.seat}` : 'player';
  if (h.role === 'spectator') return 'spectator';
  return 'a seat not opened yet';
}

/** The token in a fragment like `#token=abc` (or `#t=abc`), else null. */
export function tokenFromHash(hash: string): string | null {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  return p.get('token') ?? p.get('t');
}

/** The encounter id in a path like `/table/<id>`, else null. */
export function encounterFromPath(path: string): string | null {
  const m = /^\/table\/([^/?#]+)\/?$/.exec(path);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1]; // a malformed escape ("%E0%A4%A"): the id as typed (the server says it does not know it)
  }
}

/** The page's link for a seat (`/table/<id>#token=<t>`). */
export function tableLink(encounterId: string, token: string): string {
  return `/table/${encodeURIComponent(encounterId)}#token=${encodeURIComponent(token)}`;
}

/** An absolute link for a relative one the server issued (`/table/x#token=y`). */
export function absoluteLink(link: string, origin: string): string {
  return new URL(link, origin).toString();
}
