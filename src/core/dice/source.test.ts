import { describe, expect, it } from 'vitest';
import { seedRng } from '../rng.ts';
import { DiceExhausted, RecordingDice, ScriptedDice, SeededDice, rollFaces, rollWithEnteredDice, sum } from './source.ts';

describe('ScriptedDice', () => {
  it('gives its faces in order and counts them', () => {
    const s = new ScriptedDice([3, 1, 6]);
    expect(rollFaces(s, 3)).toEqual([3, 1, 6]);
    expect(s.consumed).toBe(3);
    expect(s.remaining).toBe(0);
  });
  it('rejects a non-face at construction, naming its index', () => {
    expect(() => new ScriptedDice([2, 0])).toThrow(/dice\[1\]: 0 is not a die face/);
    expect(() => new ScriptedDice([2.5])).toThrow(/dice\[0\]/);
  });
  it('running out throws DiceExhausted with the wanted die', () => {
    const s = new ScriptedDice([4]);
    s.face(6);
    try {
      s.face(20);
      throw new Error('no throw');
    } catch (e) {
      expect(e).toBeInstanceOf(DiceExhausted);
      expect((e as DiceExhausted).sides).toBe(20);
      expect((e as DiceExhausted).used).toBe(1);
    }
  });
});

describe('RecordingDice', () => {
  it('records what it passes on, so a replay with ScriptedDice gives the same result', () => {
    const rec = new RecordingDice(new SeededDice(seedRng('rec')));
    const a = sum(rollFaces(rec, 5, 6)) + rec.face(20);
    const replay = new ScriptedDice(rec.faces);
    const b = sum(rollFaces(replay, 5, 6)) + replay.face(20);
    expect(b).toBe(a);
    expect(rec.faces).toHaveLength(6);
  });
});

describe('rollWithEnteredDice (physical dice typed in)', () => {
  // A TFT attack: 3d6 to hit against 12, then 2d damage if it hits.
  const attack = (d: import('./source.ts').DiceSource) => {
    const roll = sum(rollFaces(d, 3));
    return roll <= 12 ? sum(rollFaces(d, 2)) : 0;
  };

  it('asks for each missing die in order with its sides and index, and returns the faces used', async () => {
    const typed = [2, 3, 4, 6, 5];
    const asked: [number, number][] = [];
    const out = await rollWithEnteredDice(attack, async (sides, index) => {
      asked.push([sides, index]);
      return typed[index];
    });
    expect(out.result).toBe(11);
    expect(out.faces).toEqual([2, 3, 4, 6, 5]);
    expect(asked).toEqual([
      [6, 0],
      [6, 1],
      [6, 2],
      [6, 3],
      [6, 4],
    ]);
  });

  it('uses faces already entered and asks only for the rest; a miss needs no damage dice', async () => {
    let asks = 0;
    const out = await rollWithEnteredDice(
      attack,
      async () => {
        asks += 1;
        return 6;
      },
      [6, 6],
    );
    expect(out).toEqual({ result: 0, faces: [6, 6, 6] });
    expect(asks).toBe(1);
  });

  it('an impossible entered face is an error, not retried', async () => {
    await expect(rollWithEnteredDice(attack, async () => 7)).rejects.toThrow(/face 7 is impossible on a d6/);
  });

  it('errors of the step other than running out propagate', async () => {
    await expect(
      rollWithEnteredDice(
        () => {
          throw new TypeError('boom');
        },
        async () => 1,
      ),
    ).rejects.toThrow('boom');
  });
});
