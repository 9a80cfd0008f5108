// "Hide enemy ST and wounds" over the HTTP API: what a player of the other side receives of the
// minotaur in AD&D and of the orcs in Hanging by a Thread (view, explain, log with narration,
// Markdown report) carries none of their hp, ST or wounds; the GM still gets all of it. A hidden
// figure the GM takes out of the fight stays hidden. A scenario's script is the GM's plan.
import { expect, it } from 'vitest';
import { getSystem } from '../rules/index.ts';
import type { FrayServer } from './app.ts';
import type { EncounterView } from './protocol.ts';
import { TestClient, bearer, describeServerOnEachDatabase, getView, issue } from './test-helpers.ts';

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

describeServerOnEachDatabase("the scenario's script, behind the GM's screen", (srv) => {
  it("a scenario's script is the GM's plan: a player reads its own figures' commands in it and no other (view, explain's schedule, a command's answer, the socket's frames), a spectator none, the GM all", async () => {
    // AD&D: a script per figure. Frito's player reads Frito's, not the Minotaur's "wait for segment 8".
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'adnd/frito-parries' } })).json();
    const id = c.encounter.id as string;
    const gm = c.gm.token as string;
    const begun = await srv.app.inject({ method: 'POST', url: `/api/encounters/${id}/commands`, headers: bearer(gm), payload: { command: { type: 'begin' } } });
    expect(begun.statusCode, begun.body).toBe(200);
    const frito = (await issue(srv.app, id, gm, { role: 'player', figures: ['frito'] })).token;
    const watcher = (await issue(srv.app, id, gm, { role: 'spectator' })).token;
    type Fig = { id: string; script: { type: string }[] };
    const scripts = (state: unknown) => Object.fromEntries((state as { figures: Fig[] }).figures.map((f) => [f.id, f.script.map((x) => x.type)]));
    const fritos = ['wait', 'attack', 'parry', 'parry', 'pass'];
    expect(scripts((await getView(srv.app, id, gm)).view.state)).toEqual({ frito: fritos, minotaur: ['wait', 'attack', 'attack'] });
    expect(scripts((await getView(srv.app, id, frito)).view.state)).toEqual({ frito: fritos, minotaur: [] });
    expect(scripts((await getView(srv.app, id, watcher)).view.state)).toEqual({ frito: [], minotaur: [] });
    // The schedule projects a free figure's next action from its script: the Minotaur's, for the GM only.
    type Step = { figure: string; action: string };
    const planned = (report: { schedule: Step[] }, figure: string) => report.schedule.filter((x) => x.figure === figure).map((x) => x.action);
    const explained = async (token: string) => (await get(srv.app, `/api/encounters/${id}/explain`, token)).json().report as { schedule: Step[] };
    expect(planned(await explained(gm), 'minotaur')[0]).toMatch(/^wait/);
    expect(planned(await explained(frito), 'frito')[0]).toMatch(/^wait/);
    for (const t of [frito, watcher]) expect(planned(await explained(t), 'minotaur').filter((a) => /^wait/.test(a))).toEqual([]);
    // The socket: the welcome, a step's view and explain.
    const client = await TestClient.connect(srv.ws);
    try {
      expect(scripts((await client.hello(id, frito)).encounter.view.state).minotaur).toEqual([]);
      const played = await srv.app.inject({ method: 'POST', url: `/api/encounters/${id}/commands`, headers: bearer(frito), payload: { command: { type: 'wait', figure: 'frito', until: 7 } } });
      expect(played.statusCode, played.body).toBe(200);
      expect(scripts(played.json().view.state)).toEqual({ frito: fritos.slice(1), minotaur: [] });
      expect(scripts((await client.waitFor('step')).view.state)).toEqual({ frito: fritos.slice(1), minotaur: [] });
      client.send({ type: 'explain', id: 'x' });
      const report = (await client.waitFor('explain')).report as { schedule: Step[] };
      expect(planned(report, 'minotaur').filter((a) => /^wait/.test(a))).toEqual([]);
    } finally {
      await client.close();
    }

    // TFT: one script for the encounter. Jemmueb's player reads Jemmueb's entries (and whether each
    // is used); Merlin's reads none, though the GM's adjust of Merlin is in it: that is the GM's.
    type Entry = { command: { type: string; figure?: string } };
    const tftScript = async (example: string, figure: string) => {
      const t = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example } })).json();
      const seat = (await issue(srv.app, t.encounter.id, t.gm.token, { role: 'player', figures: [figure] })).token;
      const read = async (token: string) => (await getView(srv.app, t.encounter.id, token)).view.state as { script: Entry[]; scriptUsed: boolean[] };
      return { gm: await read(t.gm.token), player: await read(seat) };
    };
    const sweep = await tftScript('tft/sweeping-blows', 'jemmueb');
    const jemmuebs = sweep.gm.script.filter((e) => e.command.figure === 'jemmueb');
    expect(jemmuebs.length).toBeGreaterThan(0);
    expect(jemmuebs.length).toBeLessThan(sweep.gm.script.length);
    expect(sweep.player.script).toEqual(jemmuebs);
    expect(sweep.player.scriptUsed).toEqual(jemmuebs.map(() => false));
    // Still a state the table's engine code runs on (web/src/model/move.ts clones it to preview a move).
    expect(() => getSystem('tft').clone(sweep.player)).not.toThrow();
    const fireball = await tftScript('tft/gm-adjust', 'merlin');
    expect(fireball.gm.script.some((e) => e.command.type === 'adjust' && e.command.figure === 'merlin')).toBe(true);
    expect(fireball.player.script).toEqual([]);
    expect(fireball.player.scriptUsed).toEqual([]);
  });
});
