// The special criticals the GM has handled (R-A10), kept with the encounter on the server (api/specials.ts).
import { describe, expect, it } from 'vitest';
import type { EncounterSettings, EncounterView } from './client.ts';
import { ApiError } from './client.ts';
import { type SettingsApi, keepHandled } from './specials.ts';

/** The server's settings PATCH, compare-and-set on `handledSpecials` as src/server/hub.ts does it. */
function server(stored: string[]) {
  const sent: unknown[] = [];
  const http: SettingsApi = {
    async get() {
      return { settings: { handledSpecials: [...stored] } as EncounterSettings } as EncounterView;
    },
    async settings(_id, _token, patch) {
      sent.push(patch);
      if (JSON.stringify(patch.expect?.handledSpecials) !== JSON.stringify(stored)) throw new ApiError('conflict', 'handledSpecials changed since you read it');
      stored.splice(0, stored.length, ...(patch.handledSpecials ?? []));
      return { settings: { handledSpecials: [...stored] } as EncounterSettings };
    },
  };
  return { http, sent, stored };
}

describe('handled special criticals', () => {
  it("are added to what the server holds: another GM window's mark saved meanwhile is kept, not written over; one already there is not sent", async () => {
    // This page read ['2:0']; another window has since added '5:1'.
    const s = server(['2:0', '5:1']);
    await keepHandled('e1', 'gm', '7:0', ['2:0'], s.http);
    expect(s.stored).toEqual(['2:0', '5:1', '7:0']);
    expect(s.sent).toEqual([
      { handledSpecials: ['2:0', '7:0'], expect: { handledSpecials: ['2:0'] } },
      { handledSpecials: ['2:0', '5:1', '7:0'], expect: { handledSpecials: ['2:0', '5:1'] } },
    ]);
    await keepHandled('e1', 'gm', '5:1', s.stored, s.http);
    expect(s.sent).toHaveLength(2);
  });

  it("a refusal other than a conflict is the caller's to say (the prompt comes back)", async () => {
    const http: SettingsApi = {
      get: () => Promise.reject(new Error('not asked')),
      settings: () => Promise.reject(new ApiError('unavailable', 'the database is unavailable')),
    };
    await expect(keepHandled('e1', 'gm', '7:0', [], http)).rejects.toMatchObject({ code: 'unavailable' });
  });
});
