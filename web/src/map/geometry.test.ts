import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distance, hexKey } from '../../../src/core/hex/coords.ts';
import { adjacentArcs, boundsOf, facingAngle, hexPoints, hexToPixel, hexesAround, pixelToHex, rectangleHexes, zoomBox } from './geometry.ts';

const hexArb = fc.record({ q: fc.integer({ min: -60, max: 60 }), r: fc.integer({ min: -60, max: 60 }) });

describe('hex <-> pixel', () => {
  it('places pointy-top neighbours one hex width apart east and 1.5 sizes down south-east', () => {
    const size = 10;
    const e = hexToPixel({ q: 1, r: 0 }, size);
    expect(e.x).toBeCloseTo(Math.sqrt(3) * size, 9);
    expect(e.y).toBe(0);
    const se = hexToPixel({ q: 0, r: 1 }, size);
    expect(se.x).toBeCloseTo((Math.sqrt(3) / 2) * size, 9);
    expect(se.y).toBeCloseTo(15, 9);
  });

  it('pixelToHex inverts hexToPixel for every hex centre (property)', () => {
    fc.assert(
      fc.property(hexArb, fc.integer({ min: 4, max: 80 }), (h, size) => {
        expect(pixelToHex(hexToPixel(h, size), size)).toEqual(h);
      }),
    );
  });

  it('a point inside a hex (within 0.8 of the inner radius) maps back to that hex (property)', () => {
    fc.assert(
      fc.property(hexArb, fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 0, max: 0.8, noNaN: true }), (h, a, f) => {
        const size = 20;
        const c = hexToPixel(h, size);
        const rin = (Math.sqrt(3) / 2) * size * f;
        expect(pixelToHex({ x: c.x + rin * Math.cos(a), y: c.y + rin * Math.sin(a) }, size)).toEqual(h);
      }),
    );
  });
});

describe('shapes', () => {
  it('hexPoints gives six corners at distance size from the centre, the first straight up', () => {
    const pts = hexPoints({ x: 5, y: 5 }, 10)
      .split(' ')
      .map((p) => p.split(',').map(Number));
    expect(pts).toHaveLength(6);
    expect(pts[0][0]).toBeCloseTo(5, 2);
    expect(pts[0][1]).toBeCloseTo(-5, 2);
    for (const [x, y] of pts) expect(Math.hypot(x - 5, y - 5)).toBeCloseTo(10, 1);
  });

  it('facingAngle turns 60 degrees per direction, clockwise from east, wrapping', () => {
    expect([0, 1, 2, 3, 4, 5, 6, -1].map(facingAngle)).toEqual([0, 60, 120, 180, 240, 300, 0, 300]);
  });

  it('rectangleHexes lays width x height distinct hexes in offset rows', () => {
    const hs = rectangleHexes(4, 3);
    expect(hs).toHaveLength(12);
    expect(new Set(hs.map(hexKey)).size).toBe(12);
    // Row 2 starts one q to the west so the printed rows line up.
    expect(hs[8]).toEqual({ q: -1, r: 2 });
  });

  it('hexesAround holds exactly the hexes within the radius: 1 + 3k(k+1) around one hex', () => {
    for (const k of [0, 1, 2, 3]) {
      const hs = hexesAround([{ q: 2, r: -1 }], k);
      expect(hs).toHaveLength(1 + 3 * k * (k + 1));
      for (const h of hs) expect(distance(h, { q: 2, r: -1 })).toBeLessThanOrEqual(k);
    }
  });

  it('boundsOf contains every hex centre with the margin', () => {
    fc.assert(
      fc.property(fc.array(hexArb, { minLength: 1, maxLength: 20 }), (hs) => {
        const size = 12;
        const b = boundsOf(hs, size, 3);
        for (const h of hs) {
          const c = hexToPixel(h, size);
          expect(c.x - b.x).toBeGreaterThanOrEqual(3 + (Math.sqrt(3) / 2) * size - 1e-9);
          expect(b.x + b.w - c.x).toBeGreaterThanOrEqual(3 + (Math.sqrt(3) / 2) * size - 1e-9);
          expect(c.y - b.y).toBeGreaterThanOrEqual(3 + size - 1e-9);
        }
      }),
    );
  });
});

describe('arcs around a figure (display)', () => {
  it('a human facing east has 3 front hexes (NE, E, SE), 2 side hexes and 1 rear hex (W)', () => {
    const arcs = adjacentArcs({ q: 0, r: 0 }, 0);
    const by = (a: string) => arcs.filter((x) => x.arc === a).map((x) => hexKey(x.hex));
    expect(by('front').sort()).toEqual(['0,1', '1,-1', '1,0'].sort());
    expect(by('side').sort()).toEqual(['-1,1', '0,-1'].sort());
    expect(by('rear')).toEqual(['-1,0']);
  });

  it('with Eyes Behind (6 front hexes) every adjacent hex is front', () => {
    expect(adjacentArcs({ q: 3, r: 3 }, 4, 6).every((x) => x.arc === 'front')).toBe(true);
  });

  it('the rear hex is always opposite the facing (property)', () => {
    fc.assert(
      fc.property(hexArb, fc.integer({ min: 0, max: 5 }), (h, f) => {
        const rear = adjacentArcs(h, f).filter((x) => x.arc === 'rear');
        expect(rear).toHaveLength(1);
        const back = adjacentArcs(h, (f + 3) % 6).filter((x) => x.arc === 'front');
        expect(back.map((x) => hexKey(x.hex))).toContain(hexKey(rear[0].hex));
      }),
    );
  });
});

describe('zoom', () => {
  it('keeps the focus point fixed and scales the box', () => {
    const b = zoomBox({ x: 0, y: 0, w: 100, h: 50 }, 2, { x: 50, y: 25 });
    expect(b).toEqual({ x: 25, y: 12.5, w: 50, h: 25 });
  });
});
