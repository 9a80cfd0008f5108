// The special criticals (R-A10) the GM has handled at an encounter (an effect applied or noted,
// or the prompt dismissed), kept with the encounter on the server (settings.handledSpecials):
// every GM view stops asking, after a reload, on another device, after a restart. Marks an
// older page kept in its browser (localStorage 'fray.specials.v1') are not read: such a prompt
// asks once more.
import { ApiError, api } from './client.ts';

/** The settings calls a mark needs (api's; a test passes its own). */
export type SettingsApi = Pick<typeof api, 'get' | 'settings'>;

/** How many times a mark is tried again when another GM window saved a mark first. */
const TRIES = 3;

/**
 * Adds `key` (model/special.ts SpecialCritical.key) to the encounter's handled specials,
 * built on `seen` (the list this page holds) and compare-and-set (`expect`): another GM
 * window's mark saved meanwhile is kept, not written over; this one is added to it.
 */
export async function keepHandled(encounterId: string, token: string, key: string, seen: readonly string[], http: SettingsApi = api): Promise<void> {
  let now = [...seen];
  for (let i = 0; ; i++) {
    if (now.includes(key)) return;
    try {
      await http.settings(encounterId, token, { handledSpecials: [...now, key], expect: { handledSpecials: now } });
      return;
    } catch (e) {
      if (!(e instanceof ApiError && e.code === 'conflict') || i + 1 >= TRIES) throw e;
      now = (await http.get(encounterId, token)).settings.handledSpecials ?? [];
    }
  }
}
