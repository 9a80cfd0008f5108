// The log panel's line for a command, on commands of any shape the server may send.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mergeEntries } from '../model/log.ts';
import { Log, commandLine, entryTitle } from './Log.tsx';

const name = (id: string) => ({ a: 'Ann', b: 'Bob' })[id] ?? id;

describe('the log panel', () => {
  it('says a command in one line', () => {
    expect(commandLine({ type: 'attack', figure: 'a', target: 'b' }, name)).toBe('attack: Ann → Bob');
    expect(commandLine({ kind: 'move', figure: 'a', path: [{ q: 1, r: 0 }] }, name)).toBe('move: Ann (1 hex)');  });

  it("3380eb42 R-A9: says an AD&D hit to disarm (an attack command with mode 'disarm') as one: its heading said 'attack', a blow for damage", () => {
    expect(commandLine({ type: 'attack', figure: 'a', target: 'b', weapon: 'longsword', mode: 'disarm' }, name)).toBe('hit to disarm: Ann → Bob');
    // Aimed (R-A9 aim): the weapon aimed at, in the weapon table's words.
    expect(commandLine({ type: 'attack', figure: 'a', target: 'b', weapon: 'longsword', mode: 'disarm', aim: 'main-gauche' }, name)).toBe("hit to disarm: Ann → Bob's main gauche");
    expect(commandLine({ type: 'attack', figure: 'a', target: 'b', mode: 'normal' }, name)).toBe('attack: Ann → Bob');
  });

  it('says a command in words, as a table does (it read "first-aid: Ann → Bob", "throw-grenade: Ann", "move: Ann (0 hexes)")', () => {
    expect(commandLine({ type: 'first-aid', figure: 'a', target: 'b' }, name)).toBe('first aid: Ann → Bob');
    expect(commandLine({ type: 'throw-grenade', figure: 'a' }, name)).toBe('throw grenade: Ann');
    expect(commandLine({ type: 'move', figure: 'a', path: [] }, name)).toBe('move: Ann (stays)');
  });

  it('a command type that is not a word reads "command", not "[object Object]" (fast-check counterexample: type {})', () => {
    expect(commandLine({ type: {}, figure: 'a' }, name)).toBe('command: Ann');
    expect(commandLine([1, 2], name)).toBe('command');
  });

  it("a step whose command the server keeps from the viewer (it names a hidden figure) is headed by what the viewer may know, not an empty button", () => {
    const by = { role: 'gm' as const, tokenId: null };
    const hidden = { seq: 4, kind: 'command' as const, at: '', by, events: [] };
    const part = { ...hidden, seq: 5, events: [{ type: 'attack', figure: 'an unseen figure', unseen: ['figure'], target: 'b', outcome: 'hit', turn: 1 }], descriptions: ['[turn 1] An unseen figure attacks Bob with Mace (melee): hit.'] };
    expect(entryTitle(hidden, name)).toBe('a step you cannot see');
    expect(entryTitle(part, name)).toBe('a step you see in part');
    expect(entryTitle({ ...hidden, command: { type: 'pass', figure: 'a' } }, name)).toBe('pass: Ann');
    const html = renderToStaticMarkup(createElement(Log, { entries: [hidden, part], figures: [], isGm: false, onRewind: () => undefined, onExport: () => undefined }));
    expect(html).not.toMatch(/<button[^>]*entry-title[^>]*><\/button>/);
    expect(html).toContain('An unseen figure attacks Bob');
  });

  it('renders entries of any shape the server sent once merged into the log (counterexample: entries [""])', () => {
    const entries = mergeEntries([], ['', { seq: 1, kind: 'command', command: { type: 'begin' }, events: [{ type: 'begin', turn: 1 }, 'x'] }]);
    const html = renderToStaticMarkup(createElement(Log, { entries, figures: [], isGm: true, onRewind: () => undefined, onExport: () => undefined }));
    expect(html).toContain('begin');
  });
});
