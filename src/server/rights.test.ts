// Who may send which command, and whose dice a player may enter (rights.ts, rolls.ts), over
// the HTTP API with the real TFT duel and the AD&D ambush.
import { describe, expect, it } from 'vitest';
import { getSystem } from '../rules/index.ts';
import type { FrayServer } from './app.ts';
import { ApiError } from './errors.ts';
import { checkCommandRights } from './rights.ts';
import type { LogResponse } from './protocol.ts';
import { TestClient, bearer, createDuel, describeServerOnEachDatabase, getView, issue, swordDropScenario, swordDropStep, tft } from './test-helpers.ts';

const post = (app: FrayServer, id: string, token: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/encounters/${id}/commands`, headers: bearer(token), payload });

describe("the system's GM commands (GameSystem.gmCommands)", () => {
  const pending = { kind: 'action', figures: ['bjorn'] };
  /** The refusal `checkCommandRights` throws, or null when the command may be sent. */
  const refusal = (role: 'gm' | 'player' | 'spectator', command: object, gmCommands?: readonly string[]) => {
    try {
      checkCommandRights({ role, figures: role === 'player' ? ['bjorn'] : [] }, command, pending, gmCommands);
      return null;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      return { code: e.code, issues: e.issues };
    }
  };

  it("a player's or a spectator's GM command is forbidden naming command.type, even for the player's own figure while it is pending; the GM's is let through", () => {
    // A made-up name: the list the system gives decides, not a name written in the server.
    const smite = { type: 'smite', figure: 'bjorn', damage: 3, reason: 'Fireball' };
    const issue = { path: 'command.type', message: "'smite' is the GM's: only the GM may send it" };
    expect(refusal('player', smite, ['smite'])).toEqual({ code: 'forbidden', issues: [issue] });
    expect(refusal('spectator', smite, ['smite'])).toEqual({ code: 'forbidden', issues: [issue] });
    expect(refusal('gm', smite, ['smite'])).toBeNull();
    // Not in the system's list: the usual rule (a player's own figure, pending) lets it through.
    expect(refusal('player', smite, ['adjust'])).toBeNull();
    expect(refusal('player', smite)).toBeNull();
  });

  it("a player's command that plays an entry of the scenario's script (TFT `script`: an enemy's entry would be used up, the refusals would tell the script's length) is forbidden naming command.script; the GM's is let through", () => {
    const scripted = { type: 'move', figure: 'bjorn', path: [], script: 2 };
    expect(refusal('player', scripted)).toEqual({ code: 'forbidden', issues: [{ path: 'command.script', message: "the scenario's script is the GM's: a player's command plays no script entry" }] });
    expect(refusal('gm', scripted)).toBeNull();
    expect(refusal('player', { type: 'move', figure: 'bjorn', path: [] })).toBeNull();
  });

  it("a player's or a spectator's end of the fight is refused naming command.type, saying what only the GM may do; the GM's is let through", () => {
    const end = { type: 'end', winner: 'north', reason: 'Cedric flees' };
    const issue = { path: 'command.type', message: "'end' is the GM's: only the GM may end the fight" };
    expect(refusal('player', end, ['adjust', 'end'])).toEqual({ code: 'forbidden', issues: [issue] });
    expect(refusal('spectator', end, ['adjust', 'end'])).toEqual({ code: 'forbidden', issues: [issue] });
    expect(refusal('gm', end, ['adjust', 'end'])).toBeNull();
  });

  it("a player's or a spectator's leave is refused naming command.type, even for the player's own figure; the GM's is let through", () => {
    const leave = { type: 'leave', figure: 'bjorn', reason: 'flees' };
    const issue = { path: 'command.type', message: "'leave' is the GM's: only the GM may take a figure out of the fight" };
    expect(refusal('player', leave, ['adjust', 'end', 'leave'])).toEqual({ code: 'forbidden', issues: [issue] });
    expect(refusal('spectator', leave, ['adjust', 'end', 'leave'])).toEqual({ code: 'forbidden', issues: [issue] });
    expect(refusal('gm', leave, ['adjust', 'end', 'leave'])).toBeNull();
  });
});

describeServerOnEachDatabase('command rights and entered dice', (srv) => {
  it("a player cannot begin the encounter (the GM's step), with or without entered dice; nothing is stored", async () => {
    for (const example of ['tft/duel', 'adnd/surprise']) {
      const c = await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example, settings: { enteredDice: 'all' } } });
      const { encounter, gm } = c.json();
      const figure = (await getView(srv.app, encounter.id, gm.token)).figures[0];
      const seat = await issue(srv.app, encounter.id, gm.token, { role: 'player', figures: [figure] });
      for (const extra of [{}, { faces: [] }, { faces: [6] }]) {
        const r = await post(srv.app, encounter.id, seat.token, { command: { type: 'begin' }, ...extra });
        expect(r.statusCode, r.body).toBe(403);
        expect(r.json().issues[0]).toEqual({ path: 'command.type', message: "'begin' names no figure: it is the GM's step, not a player's" });
      }
      // Its own figure named, but the pending step (begin) belongs to nobody.
      const own = await post(srv.app, encounter.id, seat.token, { command: { type: 'pass', figure } });
      expect(own.statusCode, own.body).toBe(403);
      expect(own.json().issues[0].message).toMatch(/belongs to no figure: only the GM/);
      expect((await srv.storage.readLog(encounter.id)).length).toBe(0);
      expect((await post(srv.app, encounter.id, gm.token, { command: { type: 'begin' } })).statusCode).toBe(200);
    }
  });

  it("a player enters the faces of its own figure's rolls only; the server rolls the rest of the step", async () => {
    const { encounter, gm } = await createDuel(srv.app, { settings: { enteredDice: 'all' } });
    const id = encounter.id;
    // Play until an attack whose step also rolls the next turn's initiative (nobody's dice).
    let v = await getView(srv.app, id, gm.token);
    let found: { figure: string } | null = null;
    for (let i = 0; i < 200 && !v.view.over; i++) {
      const command = tft.decide(v.view.state) as { type: string; figure: string };
      if (command.type === 'attack') {
        const s = tft.clone(v.view.state);
        let rolled = 0;
        tft.apply(s, command, { face: () => (rolled++ % 6) + 1 }, null);
        if (rolled > 3 && (s as { turn: number }).turn > (v.view.state as { turn: number }).turn) {
          found = command;
          break;
        }
      }
      expect((await post(srv.app, id, gm.token, { command })).statusCode).toBe(200);
      v = await getView(srv.app, id, gm.token);
    }
    expect(found).not.toBeNull();
    const command = found as { figure: string };
    const seat = await issue(srv.app, id, gm.token, { role: 'player', figures: [command.figure] });
    const name = (v.view.summary as { figures: { id: string; name: string }[] }).figures.find((f) => f.id === command.figure)?.name;
    const faces: number[] = [];
    let body: Record<string, unknown> = {};
    for (let i = 0; i < 10; i++) {
      const r = await post(srv.app, id, seat.token, { command, faces });
      expect(r.statusCode, r.body).toBe(200);
      body = r.json();
      if (body.type === 'accepted') break;
      // Every die asked of the player is one of its figure's: the attack's three, then damage.
      expect(body.roll).toMatchObject({ figure: command.figure });
      expect(body.index).toBe(faces.length);
      if (faces.length < 3) expect((body.roll as { text: string }).text).toBe(`${name}'s attack roll, die ${faces.length + 1} of 3 (d6)`);
      faces.push(faces.length < 3 ? 3 : 4);
    }
    expect(body.type).toBe('accepted');
    const entry = body.entry as { faces: number[]; entered: boolean; enteredAt: number[] };
    expect(entry.entered).toBe(true);
    // The initiative dice after the attack were rolled by the server: more faces than entered.
    expect(entry.faces.length).toBeGreaterThan(faces.length);
    expect(entry.enteredAt).toEqual(faces.map((_, k) => k));
    expect(entry.faces.slice(0, faces.length)).toEqual(faces);
    const md = await srv.app.inject({ method: 'GET', url: `/api/encounters/${id}/export?format=markdown`, headers: bearer(gm.token) });
    expect(md.body).toContain('entered, the rest rolled by the server');
  });

  it('a player who sends more faces than its figures roll, or an impossible face, is refused; nothing changes', async () => {
    const { encounter, gm } = await createDuel(srv.app, { settings: { enteredDice: 'all' } });
    const id = encounter.id;
    let v = await getView(srv.app, id, gm.token);
    while (!v.view.over && (tft.decide(v.view.state) as { type: string }).type !== 'attack') {
      await post(srv.app, id, gm.token, { command: tft.decide(v.view.state) });
      v = await getView(srv.app, id, gm.token);
    }
    const command = tft.decide(v.view.state) as { figure: string };
    const seat = await issue(srv.app, id, gm.token, { role: 'player', figures: [command.figure] });
    const before = await srv.storage.readLog(id);
    const many = await post(srv.app, id, seat.token, { command, faces: Array(40).fill(2) });
    expect(many.statusCode, many.body).toBe(400);
    expect(many.json().issues[0].path).toBe('faces');
    expect(many.json().message).toMatch(/40 faces entered but the command rolled \d+ for your figures/);
    const bad = await post(srv.app, id, seat.token, { command, faces: [7] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toEqual({ path: 'faces[0]', message: 'face 7 is impossible on a d6' });
    expect(await srv.storage.readLog(id)).toEqual(before);
  });

  it("the GM's adjust under entered dice asks the GM for each face, as the GM's roll for the figure; a player's adjust is refused before any die is asked", async () => {
    const { encounter, gm } = await createDuel(srv.app, { settings: { enteredDice: 'all' } });
    const id = encounter.id;
    expect((await post(srv.app, id, gm.token, { command: { type: 'begin' } })).statusCode).toBe(200);
    const seat = await issue(srv.app, id, gm.token, { role: 'player', figures: ['bjorn'] });
    const command = { type: 'adjust', figure: 'bjorn', damage: '2d', reason: 'Fireball' };
    for (const extra of [{}, { faces: [] }]) {
      const mine = await post(srv.app, id, seat.token, { command, ...extra });
      expect(mine.statusCode, mine.body).toBe(403);
      expect(mine.json().issues).toEqual([{ path: 'command.type', message: "'adjust' is the GM's: only the GM may adjust a figure" }]);
    }
    expect((await srv.storage.readLog(id)).length).toBe(1);
    const asked: unknown[] = [];
    const faces: number[] = [];
    for (;;) {
      const r = (await post(srv.app, id, gm.token, { command, faces })).json();
      if (r.type !== 'dice-needed') break;
      asked.push(r.roll);
      faces.push(faces.length === 0 ? 4 : 3);
    }
    expect(asked).toEqual([1, 2].map((die) => ({ figure: null, event: 'adjust', die, of: 2, sides: 6, text: `GM's adjustment roll for Bjorn, die ${die} of 2 (d6)` })));
    const log = await srv.storage.readLog(id);
    const entry = log[log.length - 1];
    if (entry.kind !== 'command') throw new Error('the adjust was not stored');
    expect(entry.body).toMatchObject({ command, faces: [4, 3], entered: true });
    expect(entry.body.events.slice(0, 2)).toMatchObject([{ type: 'adjust', figure: 'bjorn', damage: 7, roll: { dice: '2d', faces: [4, 3], total: 7 } }, { type: 'damage', delivery: 'gm', amount: 7 }]);
  });

  it("the GM's end rolls no dice, not even with entered dice on: no face is asked for; a player's and a spectator's end are refused and nothing is stored", async () => {
    const { encounter, gm } = await createDuel(srv.app, { settings: { enteredDice: 'all' } });
    const id = encounter.id;
    expect((await post(srv.app, id, gm.token, { command: { type: 'begin' } })).statusCode).toBe(200);
    const seat = await issue(srv.app, id, gm.token, { role: 'player', figures: ['bjorn'] });
    const watcher = await issue(srv.app, id, gm.token, { role: 'spectator' });
    const command = { type: 'end', winner: 'north', reason: 'Cedric flees' };
    for (const extra of [{}, { faces: [] }]) {
      const mine = await post(srv.app, id, seat.token, { command, ...extra });
      expect(mine.statusCode, mine.body).toBe(403);
      expect(mine.json().issues).toEqual([{ path: 'command.type', message: "'end' is the GM's: only the GM may end the fight" }]);
      // A spectator sends no command at all (room.ts), an end no more than any other.
      const theirs = await post(srv.app, id, watcher.token, { command, ...extra });
      expect(theirs.statusCode, theirs.body).toBe(403);
    }
    expect((await srv.storage.readLog(id)).length).toBe(1);
    // The GM with entered dice: stored at once, no dice-needed, no face.
    const r = await post(srv.app, id, gm.token, { command, faces: [] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().type).not.toBe('dice-needed');
    const entry = (await srv.storage.readLog(id)).at(-1);
    if (entry?.kind !== 'command') throw new Error('the end was not stored');
    expect(entry.body.faces).toEqual([]);
    expect(entry.body.events.at(-1)).toMatchObject({ type: 'over', winner: 'north', reason: 'Cedric flees', gm: true });
    expect((await getView(srv.app, id, seat.token)).view).toMatchObject({ over: true, pending: null, summary: { winner: 'north' } });
  });

  it("the GM's leave rolls no dice, not even with entered dice on, and the fight goes on; a player's (its own figure) and a spectator's are refused and nothing is stored", async () => {
    const c = await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'tft/skirmish', settings: { enteredDice: 'all' } } });
    const { encounter, gm } = c.json();
    const id = encounter.id as string;
    expect((await post(srv.app, id, gm.token, { command: { type: 'begin' } })).statusCode).toBe(200);
    const seat = await issue(srv.app, id, gm.token, { role: 'player', figures: ['grim'] });
    const watcher = await issue(srv.app, id, gm.token, { role: 'spectator' });
    const command = { type: 'leave', figure: 'grim', reason: 'flees' };
    for (const token of [seat.token, watcher.token]) {
      const r = await post(srv.app, id, token, { command, faces: [] });
      expect(r.statusCode, r.body).toBe(403);
    }
    expect((await post(srv.app, id, seat.token, { command })).json().issues).toEqual([{ path: 'command.type', message: "'leave' is the GM's: only the GM may take a figure out of the fight" }]);
    expect((await srv.storage.readLog(id)).length).toBe(1);
    const r = await post(srv.app, id, gm.token, { command, faces: [] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().type).not.toBe('dice-needed');
    const entry = (await srv.storage.readLog(id)).at(-1);
    if (entry?.kind !== 'command') throw new Error('the leave was not stored');
    expect(entry.body.faces).toEqual([]);
    expect(entry.body.events).toContainEqual(expect.objectContaining({ type: 'leave', figure: 'grim', reason: 'flees' }));
    // Grim's player sees it gone, with why; the fight goes on without it.
    const v = (await getView(srv.app, id, seat.token)).view as { over: boolean; state: { figures: { id: string }[]; gone: { id: string; left: { reason: string } }[] } };
    expect(v.over).toBe(false);
    expect(v.state.figures.map((f) => f.id)).not.toContain('grim');
    expect(v.state.gone).toMatchObject([{ id: 'grim', left: { reason: 'flees' } }]);
  });

  it("the dice request names the figure as the table does: 'Orc (orc2)' where two are called Orc", async () => {
    const fig = (id: string, name: string, side: string, at: number[], facing: number) => ({ id, name, side, st: 12, dx: 12, iq: 8, weapons: ['broadsword'], at, facing });
    const scenario = { system: 'tft', name: 'Two orcs', map: { width: 8, height: 6 }, figures: [fig('orc1', 'Orc', 'orcs', [1, 2], 0), fig('orc2', 'Orc', 'orcs', [1, 3], 0), fig('bjorn', 'Bjorn', 'north', [3, 2], 3)] };
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { scenario, settings: { enteredDice: 'gm' } } })).json();
    const id = c.encounter.id;
    let v = await getView(srv.app, id, c.gm.token);
    for (let i = 0; i < 100 && !v.view.over; i++) {
      const command = tft.decide(v.view.state) as { type: string; figure: string };
      if (command.type === 'attack' && command.figure.startsWith('orc')) {
        const r = (await post(srv.app, id, c.gm.token, { command, faces: [] })).json();
        expect(r.roll.text).toBe(`Orc (${command.figure})'s attack roll, die 1 of 3 (d6)`);
        // A hit (6 against DX 12): the damage dice say whom they hurt (a grenade's blast rolls one per figure).
        const d = (await post(srv.app, id, c.gm.token, { command, faces: [2, 2, 2] })).json();
        expect(d.roll.text).toBe(`Orc (${command.figure})'s damage roll against Bjorn, die 1 of 2 (d6)`);
        return;
      }
      expect((await post(srv.app, id, c.gm.token, { command })).statusCode).toBe(200);
      v = await getView(srv.app, id, c.gm.token);
    }
    throw new Error('no orc attacked');
  });

  it("the GM's dice request names the roll: an AD&D surprise roll, a TFT attack", async () => {
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'adnd/surprise', settings: { enteredDice: 'gm' } } })).json();
    const r = (await post(srv.app, c.encounter.id, c.gm.token, { command: { type: 'begin' }, faces: [] })).json();
    expect(r).toEqual({
      type: 'dice-needed',
      sides: 100,
      index: 0,
      roll: { figure: null, event: 'surprise', die: 1, of: 1, sides: 100, text: "party's surprise roll, one die (d100)" },
    });
  });

  it("R-A9: the GM's dice requests for an AD&D hit to disarm say what each d20 is: the roll against AC 0, then the target's save vs petrification [3380eb42]", async () => {
    const adnd = getSystem('adnd');
    const scenario = {
      system: 'adnd',
      name: 'The main gauche',
      figures: [
        { id: 'hugo', name: 'Sir Hugo', side: 'a', class: 'fighter', level: 5, hp: 40, ac: 5, dex: 17, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword', magic: 2 }], script: [{ type: 'attack', target: 'duelist', mode: 'disarm' }] },
        { id: 'duelist', name: 'Duelist', side: 'b', class: 'fighter', level: 1, hp: 40, ac: 5, dex: 17, proficiencies: {}, weapons: [{ weapon: 'footmans-mace', magic: 3 }, { weapon: 'main-gauche', magic: 1 }], wield: ['footmans-mace', 'main-gauche'] },
      ],
    };
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { scenario, settings: { enteredDice: 'gm' } } })).json();
    const id = c.encounter.id;
    const asked: string[] = [];
    let v = await getView(srv.app, id, c.gm.token);
    for (let i = 0; i < 40 && !v.view.over && asked.length < 2; i++) {
      const command = adnd.decide(v.view.state);
      const faces: number[] = [];
      for (;;) {
        const r = (await post(srv.app, id, c.gm.token, { command, faces })).json();
        if (r.type !== 'dice-needed') break;
        const d20 = r.roll.figure === 'hugo' && r.sides === 20;
        if (d20) asked.push(r.roll.text);
        // Sir Hugo hits (18) and the Duelist fails its save (2); every other die (his extra-attack d100...) a middling face.
        faces.push(d20 ? (asked.length === 1 ? 18 : 2) : Math.ceil(r.sides / 2));
      }
      v = await getView(srv.app, id, c.gm.token);
    }
    expect(asked).toEqual(["Sir Hugo's hit to disarm roll (against AC 0) (d20)", "Sir Hugo's attack: Duelist's saving throw vs petrification (d20)"]);
  });

  it("R-A10: the GM's dice requests say what each die of an AD&D critical is: the attack roll, the confirmation, then the damage dice or the third roll [3380eb42]", async () => {
    const adnd = getSystem('adnd');
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'adnd/frito-parries', settings: { enteredDice: 'gm' } } })).json();
    const id = c.encounter.id;
    // The Minotaur's first swing gets a natural 20 that fails to confirm (20), so damage dice
    // follow; its second a natural 20, a confirmation of 1 (under its threshold) and a third
    // roll of 20. Every other die: a middling face.
    const minotaurD20 = [20, 20, 20, 1, 20];
    const asked: string[] = [];
    let v = await getView(srv.app, id, c.gm.token);
    for (let i = 0; i < 40 && !v.view.over && minotaurD20.length > 0; i++) {
      const command = adnd.decide(v.view.state);
      const faces: number[] = [];
      for (;;) {
        const r = (await post(srv.app, id, c.gm.token, { command, faces })).json();
        if (r.type !== 'dice-needed') break;
        expect(r.index).toBe(faces.length);
        if (r.roll.figure === 'minotaur') asked.push(r.roll.text);
        faces.push(r.roll.figure === 'minotaur' && r.sides === 20 && minotaurD20.length > 0 ? (minotaurD20.shift() as number) : Math.ceil(r.sides / 2));
      }
      v = await getView(srv.app, id, c.gm.token);
    }
    expect(asked.slice(0, 7)).toEqual([
      "Minotaur's attack roll (d20)",
      "Minotaur's critical confirmation (d20)",
      "Minotaur's damage roll, die 1 of 2 (d8)",
      "Minotaur's damage roll, die 2 of 2 (d8)",
      "Minotaur's attack roll (d20)",
      "Minotaur's critical confirmation (d20)",
      "Minotaur's critical third roll (d20)",
    ]);
    // The engine used those dice as the requests said: a critical not confirmed, then one confirmed with a third roll.
    const swings = (await srv.storage.readLog(id)).flatMap((e) => (e.kind === 'command' ? e.body.events : [])).filter((e) => e.type === 'attack' && e.attacker === 'minotaur');
    expect(swings.slice(0, 2).map((e) => ({ roll: e.roll, critical: e.critical && { confirm: (e.critical as { confirm: number }).confirm, third: (e.critical as { third: number | null }).third } }))).toEqual([
      { roll: 20, critical: { confirm: 20, third: null } },
      { roll: 20, critical: { confirm: 1, third: 20 } },
    ]);
  });

  it('a figure hidden from a player does not exist for its commands: naming it gets the answer an unknown id gets; nothing is stored', async () => {
    // The skirmish: red (ada, hal, rolf) against blue (bryn, pike, grim); grim hidden from red's player.
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'tft/skirmish', settings: { hiddenFigures: ['grim'], enteredDice: 'all' } } })).json();
    const id = c.encounter.id;
    const gm = c.gm.token;
    const red = ['ada', 'hal', 'rolf'];
    const seat = await issue(srv.app, id, gm, { role: 'player', figures: red });
    /** The player's answers for a command naming grim and for the same command naming an id no figure has. */
    const compare = async (command: (target: string) => object, extra: object) => {
      const seen = await post(srv.app, id, seat.token, { command: command('grim'), ...extra });
      const unknown = await post(srv.app, id, seat.token, { command: command('nobody'), ...extra });
      expect(seen.statusCode, seen.body).toBe(unknown.statusCode);
      expect(seen.body.replaceAll("'grim'", "'nobody'")).toBe(unknown.body);
      return seen;
    };
    await post(srv.app, id, gm, { command: { type: 'begin' } });
    let v = await getView(srv.app, id, gm);
    // Outside the action phase too: the same answer as for an unknown id.
    const me0 = red.find((f) => v.view.pending?.figures.includes(f)) ?? 'ada';
    await compare((target) => ({ type: 'attack', figure: me0, target }), {});
    // To the action phase of a red figure, whose options (as the GM sees them) include attacking grim.
    for (let i = 0; i < 40 && !(v.view.pending?.kind === 'action' && red.some((f) => v.view.pending?.figures.includes(f))); i++) {
      expect((await post(srv.app, id, gm, { command: tft.decide(v.view.state) })).statusCode).toBe(200);
      v = await getView(srv.app, id, gm);
    }
    const me = red.find((f) => v.view.pending?.figures.includes(f)) as string;
    expect(v.view.pending?.kind).toBe('action');
    const options = (tft.explain(v.view.state as never) as unknown as { figures: { id: string; options: { command: { type: string; target?: string } }[] }[] }).figures.find((f) => f.id === me)?.options ?? [];
    expect(options.some((o) => o.command.type === 'attack' && o.command.target === 'grim')).toBe(true);
    const before = (await srv.storage.readLog(id)).length;
    // Rolled by the server, or with the player's own dice: refused as for nobody, not taken (nor asked for dice).
    for (const extra of [{}, { faces: [] }, { faces: [6, 6, 6] }]) {
      const r = await compare((target) => ({ type: 'attack', figure: me, target }), extra);
      expect(r.statusCode).toBe(422);
      expect(r.json().issues).toEqual([{ path: 'command.target', message: expect.any(String) }]);
    }
    expect((await srv.storage.readLog(id)).length).toBe(before);
    // The GM sees grim: the same attack, sent by the GM, is taken.
    expect((await post(srv.app, id, gm, { command: { type: 'attack', figure: me, target: 'grim' } })).statusCode).toBe(200);
  });
  it("a player's command naming a hidden thing by its real id (a hidden figure's weapon uid 'bjorn.broadsword', a hidden figure as a weapon, a field, a medic's patient, an AD&D target) gets the answer an unknown id gets, echoing what it sent; nothing is stored; the GM's real uid is taken", async () => {
    /** Plays the GM's side of encounter `id` until `ready` holds of the GM's view. */
    const playTo = async (id: string, gm: string, ready: (v: Awaited<ReturnType<typeof getView>>) => boolean, next = (v: Awaited<ReturnType<typeof getView>>) => tft.decide(v.view.state)) => {
      let v = await getView(srv.app, id, gm);
      for (let i = 0; i < 40 && !ready(v); i++) {
        expect((await post(srv.app, id, gm, { command: next(v) })).statusCode).toBe(200);
        v = await getView(srv.app, id, gm);
      }
      expect(ready(v)).toBe(true);
    };
    /** The player's answers to `command(real)` and `command(unknown)`: the same but for the echo, nothing stored. */
    const compare = async (id: string, token: string, command: (name: string) => object, real: string, unknown: string) => {
      const before = (await srv.storage.readLog(id)).length;
      const seen = await post(srv.app, id, token, { command: command(real) });
      const none = await post(srv.app, id, token, { command: command(unknown) });
      expect(seen.statusCode, seen.body).toBe(none.statusCode);
      expect(seen.statusCode).toBeGreaterThanOrEqual(400);
      expect(seen.body.replaceAll(real, unknown)).toBe(none.body);
      expect(seen.body).toContain(`'${real}'`);
      expect((await srv.storage.readLog(id)).length).toBe(before);
    };
    // TFT: Bjorn (hidden) dropped his broadsword next to Kay, whose action it is.
    const sword = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { scenario: swordDropScenario(), settings: { hiddenFigures: ['bjorn'] } } })).json();
    const kay = await issue(srv.app, sword.encounter.id, sword.gm.token, { role: 'player', figures: ['kay'] });
    await playTo(sword.encounter.id, sword.gm.token, (v) => swordDropStep(v.view.state) === null, (v) => swordDropStep(v.view.state));
    for (const [command, real, unknown] of [
      [(w: string) => ({ type: 'pick-up', figure: 'kay', weapon: w }), 'bjorn.broadsword', 'nobod.broadsword'],
      [(w: string) => ({ type: 'ready', figure: 'kay', weapon: w }), 'bjorn.broadsword', 'nobod.broadsword'],
      [(w: string) => ({ type: 'ready', figure: 'kay', weapon: w }), 'bjorn.dagger', 'nobod.dagger'],
      [(w: string) => ({ type: 'ready', figure: 'kay', weapon: w }), 'bjorn', 'nobod'],
      [(f: string) => ({ type: 'defend', figure: f }), 'bjorn', 'nobod'],
      [(k: string) => ({ type: 'defend', figure: 'kay', [k]: 1 }), 'bjorn', 'nobod'],
    ] as const) {
      await compare(sword.encounter.id, kay.token, command, real, unknown);
    }
    expect((await post(srv.app, sword.encounter.id, sword.gm.token, { command: { type: 'pick-up', figure: 'kay', weapon: 'bjorn.broadsword' } })).statusCode).toBe(200);
    // The Thread: the healer's player names its friend, hidden from it, as the patient.
    const aid = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'tft/thread-first-aid', settings: { hiddenFigures: ['fighter'] } } })).json();
    const healer = await issue(srv.app, aid.encounter.id, aid.gm.token, { role: 'player', figures: ['healer'] });
    await playTo(aid.encounter.id, aid.gm.token, (v) => v.view.pending?.kind === 'action' && v.view.pending.figures.includes('healer'));
    await compare(aid.encounter.id, healer.token, (t) => ({ type: 'stabilize', figure: 'healer', target: t }), 'fighter', 'nobody');
    // AD&D: Frito's player aims at the hidden Ogre.
    const adnd = getSystem('adnd');
    const ogre = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'adnd/frito-and-rocky', settings: { hiddenFigures: ['ogre'] } } })).json();
    const frito = await issue(srv.app, ogre.encounter.id, ogre.gm.token, { role: 'player', figures: ['frito'] });
    await playTo(ogre.encounter.id, ogre.gm.token, (v) => v.view.pending?.figures.includes('frito') === true, (v) => adnd.decide(v.view.state));
    await compare(ogre.encounter.id, frito.token, (t) => ({ type: 'attack', figure: 'frito', target: t }), 'ogre', 'nobo');
  });
  it("a refusal names no figure hidden from the player: a sweep whose arc holds a hidden goblin is refused for 'an unseen figure', not by its name or id; the GM's refusal names it", async () => {
    // Jemmueb and the goblins (931c742c): g2 stands between g1 and g3 in the clockwise arc.
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'tft/sweeping-blows', settings: { hiddenFigures: ['g2'] } } })).json();
    const id = c.encounter.id;
    const gm = c.gm.token;
    const seat = await issue(srv.app, id, gm, { role: 'player', figures: ['jemmueb'] });
    let v = await getView(srv.app, id, gm);
    for (let i = 0; i < 20 && !(v.view.pending?.kind === 'action' && v.view.pending.figures.includes('jemmueb')); i++) {
      expect((await post(srv.app, id, gm, { command: tft.decide(v.view.state) })).statusCode).toBe(200);
      v = await getView(srv.app, id, gm);
    }
    expect(v.view.pending?.figures).toContain('jemmueb');
    const sweep = { type: 'sweep', figure: 'jemmueb', targets: ['g1', 'g3'], spin: 'cw' };
    const before = (await srv.storage.readLog(id)).length;
    const mine = await post(srv.app, id, seat.token, { command: sweep });
    expect(mine.statusCode, mine.body).toBe(422);
    expect(mine.body).toContain('an unseen figure');
    expect(mine.body).not.toMatch(/Goblin 2|\bg2\b/);
    const gms = await post(srv.app, id, gm, { command: sweep });
    expect(gms.statusCode).toBe(422);
    expect(gms.body).toMatch(/Goblin 2|\bg2\b/);
    expect((await srv.storage.readLog(id)).length).toBe(before);
  });
  it("a command naming a hidden figure, sent while that figure is to act, is refused without its name ('it is an unseen figure's action'): the refusal judged as for an unknown figure was sent unscrubbed", async () => {
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { example: 'tft/sweeping-blows', settings: { hiddenFigures: ['g2'] } } })).json();
    const id = c.encounter.id;
    const gm = c.gm.token;
    const seat = await issue(srv.app, id, gm, { role: 'player', figures: ['jemmueb'] });
    let v = await getView(srv.app, id, gm);
    for (let i = 0; i < 40 && !(v.view.pending?.kind === 'action' && v.view.pending.figures[0] === 'g2'); i++) {
      expect((await post(srv.app, id, gm, { command: tft.decide(v.view.state) })).statusCode).toBe(200);
      v = await getView(srv.app, id, gm);
    }
    expect(v.view.pending).toMatchObject({ kind: 'action', figures: ['g2'] });
    const before = (await srv.storage.readLog(id)).length;
    const mine = await post(srv.app, id, seat.token, { command: { type: 'attack', figure: 'jemmueb', target: 'g2' } });
    expect(mine.statusCode, mine.body).toBe(422);
    expect(mine.json().issues).toEqual([{ path: 'command.figure', message: "it is an unseen figure's action, not Jemmueb's" }]);
    expect((await srv.storage.readLog(id)).length).toBe(before);
  });
  it("a one-letter figure is scrubbed by name but the word 'a' is not: moving into a hidden figure's hex is refused as 'occupied by an unseen figure'", async () => {
    const scenario = {
      system: 'tft',
      name: 'ambush',
      figures: [
        { id: 'a', name: 'A', side: 'x', st: 12, dx: 12, weapons: ['broadsword'], at: { q: 2, r: 3 }, facing: 0 },
        { id: 'b', name: 'b', side: 'y', st: 12, dx: 12, weapons: ['broadsword'], at: { q: 3, r: 3 }, facing: 3 },
      ],
    };
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { scenario, settings: { hiddenFigures: ['b'] } } })).json();
    const id = c.encounter.id;
    const gm = c.gm.token;
    const seat = await issue(srv.app, id, gm, { role: 'player', figures: ['a'] });
    let v = await getView(srv.app, id, gm);
    for (let i = 0; i < 10 && !(v.view.pending?.kind === 'move' && v.view.pending.figures.includes('a')); i++) {
      const cmd = v.view.pending?.kind === 'initiative' ? { type: 'initiative', figure: v.view.pending.figures[0], choice: 'first' } : tft.decide(v.view.state);
      expect((await post(srv.app, id, gm, { command: cmd })).statusCode).toBe(200);
      v = await getView(srv.app, id, gm);
    }
    expect(v.view.pending).toMatchObject({ kind: 'move', figures: ['a'] });
    const r = await post(srv.app, id, seat.token, { command: { type: 'move', figure: 'a', path: [{ q: 3, r: 3 }] } });
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().issues).toEqual([{ path: 'command.path[0]', message: 'hex 3,3 is occupied by an unseen figure' }]);
    // Over the socket, the same refusal in the same words.
    const socket = await TestClient.connect(srv.ws);
    try {
      await socket.hello(id, seat.token);
      socket.send({ type: 'command', id: 'in', command: { type: 'move', figure: 'a', path: [{ q: 3, r: 3 }] } });
      expect((await socket.waitFor('rejected', (m) => m.id === 'in')).issues).toEqual([{ path: 'command.path[0]', message: 'hex 3,3 is occupied by an unseen figure' }]);
    } finally {
      await socket.close();
    }
  });

  it("the rules' own words name no figure hidden from a player where it reads them: a hidden Ghost's blow that kills the player's hero reads 'an unseen figure's claw' in its log and on its socket, and nothing it reads (report too) names the Ghost; the GM's log reads 'Ghost's claw'", async () => {
    const scenario = {
      system: 'adnd',
      name: 'crypt',
      figures: [
        { id: 'hero', name: 'Hero', side: 'party', class: 'fighter', level: 1, hp: 8, ac: 8, str: 12, dex: 10, proficiencies: { longsword: 1 }, weapons: [{ weapon: 'longsword' }] },
        { id: 'ghost', name: 'Ghost', side: 'dead', hd: 4, hp: 30, ac: 5, weapons: [{ id: 'claw', sf: 3, damage: '1d8' }] },
      ],
    };
    const c = (await srv.app.inject({ method: 'POST', url: '/api/encounters', payload: { scenario, settings: { hiddenFigures: ['ghost'] } } })).json();
    const id = c.encounter.id;
    const gm = c.gm.token;
    const seat = await issue(srv.app, id, gm, { role: 'player', figures: ['hero'] });
    const socket = await TestClient.connect(srv.ws);
    try {
      await socket.hello(id, seat.token);
      const adnd = getSystem('adnd');
      const log = async (token: string) => ((await srv.app.inject({ method: 'GET', url: `/api/encounters/${id}/log`, headers: bearer(token) })).json() as LogResponse).entries;
      const blow = (entries: LogResponse['entries']) => entries.flatMap((e) => e.events ?? []).find((e) => e.type === 'state' && e.figure === 'hero' && e.to === 'dead');
      // The GM plays both (seeded server dice: the same fight every run) until the Ghost's claw kills the hero.
      for (let i = 0; i < 60 && !blow(await log(gm)); i++) {
        const v = await getView(srv.app, id, gm);
        expect((await post(srv.app, id, gm, { command: adnd.decide(v.view.state) })).statusCode).toBe(200);
      }
      expect(blow(await log(gm))).toMatchObject({ why: "Ghost's claw" });
      const mine = await log(seat.token);
      expect(blow(mine)).toMatchObject({ why: "an unseen figure's claw" });
      const report = (await srv.app.inject({ method: 'GET', url: `/api/encounters/${id}/export?format=markdown`, headers: bearer(seat.token) })).body;
      expect(report).toContain('Hero is dead');
      await socket.roundTrip();
      const steps = socket.messages.filter((m) => m.type === 'step');
      expect(JSON.stringify(steps)).toContain("an unseen figure's claw");
      for (const what of [JSON.stringify(mine), report, JSON.stringify(steps)]) expect(what).not.toMatch(/ghost/i);
    } finally {
      await socket.close();
    }
  });
});
