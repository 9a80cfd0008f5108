// The tokens this browser holds, per encounter, kept in localStorage so a reload (or coming
// back tomorrow) reopens the table with the same role. Links carry the token in the URL
// fragment (`/table/<id>#token=<t>`), which never reaches the server's logs.

export interface Held {
  token: string;
  role?: string;
  name?: string;
}

const KEY = 'fray.tokens.v1';

type Store = Record<string, Held>;

function load(storage: Pick<Storage, 'getItem'> | undefined): Store {
  try {
    const raw = storage?.getItem(KEY);
    const v = raw ? (JSON.parse(raw) as unknown) : {};
    return typeof v === 'object' && v !== null ? (v as Store) : {};
  } catch {
    return {};
  }
}

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

export function heldTokens(s = storage()): Store {
  return load(s);
}

export function holdToken(encounterId: string, held: Held, s = storage()): void {
  const all = load(s);
  all[encounterId] = { ...all[encounterId], ...held };
  s?.setItem(KEY, JSON.stringify(all));
}

export function forgetToken(encounterId: string, s = storage()): void {
  const all = load(s);
  delete all[encounterId];
  s?.setItem(KEY, JSON.stringify(all));
}

/** The token in a fragment like `#token=abc` (or `#t=abc`), else null. */
export function tokenFromHash(hash: string): string | null {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  return p.get('token') ?? p.get('t');
}

/** The encounter id in a path like `/table/<id>`, else null. */
export function encounterFromPath(path: string): string | null {
  const m = /^\/table\/([^/?#]+)\/?$/.exec(path);
  return m ? decodeURIComponent(m[1]) : null;
}

/** An absolute link for a relative one the server issued (`/table/x#token=y`). */
export function absoluteLink(link: string, origin: string): string {
  return new URL(link, origin).toString();
}
