// "Hide enemy ST and wounds" over the HTTP API: what a player of the other side receives of the
// minotaur in AD&D and of the orcs in Hanging by a Thread (view, explain, log with narration,
// Markdown report) carries none of their hp, ST or wounds; the GM still gets all of it. A hidden
// figure the GM takes out of the fight stays hidden.
import { expect, it } from 'vitest';
import { getSystem } from '../rules/index.ts';
import type { FrayServer } from './app.ts';
import type { EncounterView } from './protocol.ts';
import { bearer, describeServerOnEachDatabase, issue } from './test-helpers.ts';

const get = async (app: FrayServer, url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });

/** Plays `steps` GM commands (the engine's own decisions) and returns everything `token` receives. */
async function playAndFetch(app: FrayServer, example: string, steps: number, figures: string[]) {
  const c = (await app.inject({ method: 'POST', url: '/api/encounters', payload: { example, settings: { hideEnemyStats: true } } })).json();
  const id = c.encounter.id as string;
  const gm = c.gm.token as string;
  const system = getSystem(c.encounter.system);
  for (let i = 0; i < steps; i++) {
    const v = (await get(app, `/api/encounters/${id}`, gm)).json() as EncounterView;
    if (v.view.over) break;
    const r = await app.inject({ method: 'POST', url: `/api/encounters/${id}/commands`, headers: bearer(gm), payload: { command: system.decide(v.view.state) } });
    expect(r.statusCode, r.body).toBe(200);
  }
  const seat = await issue(app, id, gm, { role: 'player', figures });
  const fetchAll = async (token: string) => ({
    view: (await get(app, `/api/encounters/${id}`, token)).json(),
    explain: (await get(app, `/api/encounters/${id}/explain`, token)).json(),
    log: (await get(app, `/api/encounters/${id}/log`, token)).json(),
    markdown: (await get(app, `/api/encounters/${id}/export?format=markdown`, token)).body,
  });
  return { player: await fetchAll(seat.token), gm: await fetchAll(gm) };
}

describeServerOnEachDatabase('hidden enemy stats over the API', (srv) => {
  it("AD&D: each side's player reads the other's fate without its hp, nowhere 'hp undefined'; the GM sees the hp", async () => {
    let downLines = 0;
    // The narration names figures as the table does: "Minotaur", "Frito the Fighter".
    for (const [mine, theirs, name, myName] of [
      ['frito', 'minotaur', 'Minotaur', 'Frito the Fighter'],
      ['minotaur', 'frito', 'Frito the Fighter', 'Minotaur'],
    ]) {
      const { player, gm } = await playAndFetch(srv.app, 'adnd/frito-parries', 400, [mine]);
      expect(JSON.stringify(player)).not.toMatch(/undefined/);
      const other = player.view.view.state.figures.find((f: { id: string }) => f.id === theirs);
      expect(Object.keys(other)).not.toContain('hp');
      expect(Object.keys(other)).not.toContain('maxHp');
      expect(player.view.view.state.figures.find((f: { id: string }) => f.id === mine).hp).toBeTypeOf('number');
      expect(player.explain.report.text).toBeUndefined();
      const lines: string[] = player.log.entries.flatMap((e: { descriptions?: string[] }) => e.descriptions ?? []);
      const theirState = lines.filter((l) => new RegExp(`\\] ${name} is `).test(l));
      downLines += theirState.length;
      expect(theirState.every((l) => !/\(hp/.test(l))).toBe(true);
      expect(lines.filter((l) => new RegExp(`\\] ${myName} is `).test(l)).every((l) => /\(hp -?\d+\)/.test(l))).toBe(true);
      expect(player.markdown).not.toMatch(new RegExp(`${name} is \\w+ \\(hp`));
      // The standings: the other's hp cell is empty.
      const row = player.markdown.split('\n').find((l: string) => l.startsWith(`| ${name} |`));
      expect(row).toMatch(/\| +\|$/);
      const gmLines: string[] = gm.log.entries.flatMap((e: { descriptions?: string[] }) => e.descriptions ?? []);
      expect(gmLines.filter((l) => new RegExp(`\\] ${name} is `).test(l)).every((l) => /\(hp -?\d+\)/.test(l))).toBe(true);
      expect(gm.explain.report.text).toBeDefined();
    }
    expect(downLines).toBeGreaterThan(0);
  });

  it("Hanging by a Thread: the heroes' player gets no orc's ST, wounds, remST or dyST ledger anywhere", async () => {
    const { player, gm } = await playAndFetch(srv.app, 'tft/hanging-by-a-thread', 40, ['lenny']);
    const orcs = (gm.view.view.state.figures as { id: string; side: string; st: number }[]).filter((f) => f.side === 'orcs');
    const explained = player.explain.report.figures.filter((f: { id: string }) => orcs.some((o) => o.id === f.id));
    expect(explained.length).toBe(orcs.length);
    for (const f of explained) {
      expect(f.remST).toBeUndefined();
      expect(f.stateLedger).toBeUndefined();
      expect(f.house?.thread?.remST).toBeUndefined();
      expect(f.house?.thread?.dyST).toBeUndefined();
      expect(f.options).toEqual([]);
    }
    for (const f of player.view.view.state.figures.filter((x: { side: string }) => x.side === 'orcs')) {
      for (const k of ['st', 'wounds', 'fatigue', 'tally', 'woundFx']) expect(f[k], `${f.id}.${k}`).toBeUndefined();
    }
    // No narration or report line gives an orc's basic ST away.
    const text = [JSON.stringify(player.log), player.markdown].join('\n');
    for (const o of orcs) expect(text).not.toMatch(new RegExp(`basic ST[^"]*?${o.st}\\b|remST ${o.st}\\b`));
    // The GM's own explain still carries them.
    expect(JSON.stringify(gm.explain)).toMatch(/basic ST/);
  });
});

describeServerOnEachDatabase("the GM's adjust as each viewer sees it", (srv) => {
  /** The duel begun, then the GM's adjustments of Cedric; each viewer's log lines and adjust events. */
  async function adjustCedric(settings: object) {
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'tft/duel', settings } })).json();
    const id = c.encounter.id as string;
    const gm = c.gm.token as string;
    const post = (command: object) => srv.app.inject({ method: 'POST', url: `/api/encounters/${id}/commands`, headers: bearer(gm), payload: { command } });
    for (const command of [
      { type: 'begin' },
      { type: 'adjust', figure: 'cedric', damage: 5, reason: 'Fireball' },
      { type: 'adjust', figure: 'cedric', heal: 2, fatigue: 1, reason: 'potion' },
    ]) {
      const r = await post(command);
      expect(r.statusCode, r.body).toBe(200);
    }
    const seat = await issue(srv.app, id, gm, { role: 'player', figures: ['bjorn'] });
    const read = async (token: string) => {
      const log = (await get(srv.app, `/api/encounters/${id}/log`, token)).json() as { entries: { command?: unknown; descriptions?: string[]; events: { type: string }[] }[] };
      return {
        all: log.entries.flatMap((e) => e.descriptions ?? []),
        lines: log.entries.flatMap((e) => e.descriptions ?? []).filter((l) => l.includes('] GM:')),
        events: log.entries.flatMap((e) => e.events).filter((e) => e.type === 'adjust'),
      };
    };
    return { gm: await read(gm), player: await read(seat.token) };
  }

  it("hidden enemy stats: the player reads what the GM did and why, not what Cedric is left with (no 'wounds now'); the GM reads it all", async () => {
    const { gm, player } = await adjustCedric({ hideEnemyStats: true });
    expect(gm.lines).toEqual(['[turn 1] GM: Cedric is hit (Fireball).', '[turn 1] GM: Cedric heals 2 wounds and takes 1 fatigue (potion); wounds now 3; fatigue now 1.']);
    expect(player.lines).toEqual(['[turn 1] GM: Cedric is hit (Fireball).', '[turn 1] GM: Cedric heals 2 wounds and takes 1 fatigue (potion).']);
    expect(player.all.join('\n')).not.toMatch(/wounds now|fatigue now/);
    expect(player.events).toEqual([
      { type: 'adjust', turn: 1, figure: 'cedric', reason: 'Fireball', damage: 5 },
      { type: 'adjust', turn: 1, figure: 'cedric', reason: 'potion', heal: 2, fatigue: 1 },
    ]);
  });

  it("AD&D, hidden enemy stats: Frito's player reads that the Minotaur lost 3 hp to a trap and regained some, not its hp now nor that a potion met its max hp", async () => {
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'adnd/frito-parries', settings: { hideEnemyStats: true } } })).json();
    const id = c.encounter.id as string;
    const gm = c.gm.token as string;
    for (const command of [
      { type: 'begin' },
      { type: 'adjust', figure: 'minotaur', damage: 3, reason: 'trap' },
      { type: 'adjust', figure: 'minotaur', heal: 5, reason: 'potion' },
    ]) {
      const r = await srv.app.inject({ method: 'POST', url: `/api/encounters/${id}/commands`, headers: bearer(gm), payload: { command } });
      expect(r.statusCode, r.body).toBe(200);
    }
    const seat = await issue(srv.app, id, gm, { role: 'player', figures: ['frito'] });
    const lines = async (token: string) =>
      ((await get(srv.app, `/api/encounters/${id}/log`, token)).json() as { entries: { descriptions?: string[] }[] }).entries.flatMap((e) => e.descriptions ?? []).filter((l) => l.includes('] GM:')).map((l) => l.replace(/^\[[^\]]*\] /, ''));
    const theirs = await lines(seat.token);
    expect(theirs.length).toBe(2);
    expect(theirs[0]).toMatch(/^GM: Minotaur loses 3 hp \(trap\)/);
    expect(theirs[1]).toMatch(/^GM: Minotaur regains 3 hp \(potion\)/);
    expect(theirs.join('\n')).not.toMatch(/hp now|max hp/);
    // The GM's lines say both.
    const mine = await lines(gm);
    expect(mine[0]).toMatch(/hp now \d+/);
    expect(mine[1]).toMatch(/max hp.*hp now \d+/);
  });

  it("a hidden figure that leaves the fight stays hidden from the other players (view, log, report); its own player and the GM read it gone, with why", async () => {
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'tft/skirmish', settings: { hiddenFigures: ['grim'] } } })).json();
    const id = c.encounter.id as string;
    const gm = c.gm.token as string;
    for (const command of [{ type: 'begin' }, { type: 'leave', figure: 'grim', reason: 'flees' }]) {
      const r = await srv.app.inject({ method: 'POST', url: `/api/encounters/${id}/commands`, headers: bearer(gm), payload: { command } });
      expect(r.statusCode, r.body).toBe(200);
    }
    const read = async (token: string) => ({
      view: (await get(srv.app, `/api/encounters/${id}`, token)).json() as EncounterView,
      log: (await get(srv.app, `/api/encounters/${id}/log`, token)).body,
      markdown: (await get(srv.app, `/api/encounters/${id}/export?format=markdown`, token)).body,
    });
    const other = await read((await issue(srv.app, id, gm, { role: 'player', figures: ['ada'] })).token);
    expect(JSON.stringify(other)).not.toMatch(/grim|Grim/);
    const own = await read((await issue(srv.app, id, gm, { role: 'player', figures: ['grim'] })).token);
    expect((own.view.view.state as { gone: { id: string; left: unknown }[] }).gone).toMatchObject([{ id: 'grim', left: { reason: 'flees' } }]);
    expect(own.log).toContain('GM: Grim leaves the fight (flees).');
    for (const md of [own.markdown, (await read(gm)).markdown]) expect(md).toMatch(/\| Grim \| blue \| healthy, left the fight: flees \|/);
  });
});
