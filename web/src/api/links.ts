// The player and spectator links the GM has issued, kept in the GM's browser (localStorage,
// beside the GM's own token) until dismissed: the server shows a token's secret only once, so
// a link that vanished when the GM switched tabs could never be shown again.

export interface IssuedLink {
  /** The token's id (revoking it on the server is by this id). */
  id: string;
  label: string;
  role: string;
  /** The absolute link with the secret in its fragment. */
  link: string;
  /** When it was issued (ISO time). */
  at: string;
}

const KEY = 'fray.links.v1';
type Store = Record<string, IssuedLink[]>;
type Storage_ = Pick<Storage, 'getItem' | 'setItem'>;

const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);
const isLink = (v: unknown): v is IssuedLink =>
  typeof v === 'object' && v !== null && ['id', 'label', 'role', 'link', 'at'].every((k) => typeof (v as Record<string, unknown>)[k] === 'string');

function load(s: Storage_ | undefined): Store {
  try {
    const v = JSON.parse(s?.getItem(KEY) ?? '{}') as unknown;
    if (typeof v !== 'object' || v === null) return {};
    const out: Store = {};
    for (const [id, list] of Object.entries(v)) if (Array.isArray(list)) out[id] = list.filter(isLink);
    return out;
  } catch {
    return {};
  }
}

function save(all: Store, s: Storage_ | undefined): void {
  for (const id of Object.keys(all)) if (all[id].length === 0) delete all[id];
  s?.setItem(KEY, JSON.stringify(all));
}

/** The links issued at an encounter, newest first. */
export function issuedLinks(encounterId: string, s: Storage_ | undefined = storage()): IssuedLink[] {
  return [...(load(s)[encounterId] ?? [])].sort((a, b) => b.at.localeCompare(a.at));
}

/** Keeps a newly issued link (one per token id). */
export function keepLink(encounterId: string, link: IssuedLink, s: Storage_ | undefined = storage()): IssuedLink[] {
  const all = load(s);
  all[encounterId] = [link, ...(all[encounterId] ?? []).filter((l) => l.id !== link.id)];
  save(all, s);
  return issuedLinks(encounterId, s);
}

/** Drops a link from the list (the token itself stays valid until revoked). */
export function dismissLink(encounterId: string, id: string, s: Storage_ | undefined = storage()): IssuedLink[] {
  const all = load(s);
  all[encounterId] = (all[encounterId] ?? []).filter((l) => l.id !== id);
  save(all, s);
  return issuedLinks(encounterId, s);
}
