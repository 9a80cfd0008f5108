// The SVG hex map: board hexes (terrain, optional megahex overlay), figures with facing, the
// selected figure's front/side/rear hexes, engaged and state markers, the movement preview
// (reachable hexes, the hovered path and its MA), target and blast highlights. Zoom with the
// wheel, pinch or the buttons; pan by dragging the board; drag one of your figures (or click a
// hex) to move. By keyboard: Tab to the map, move its cursor with the arrow keys, Enter picks
// the hex (or the figure) under it, as a click would; + and - zoom, 0 fits the board.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Hex, hexKey, neighbor } from '../../../src/core/hex/coords.ts';
import { megahexCoords, megahexOf } from '../../../src/core/hex/megahex.ts';
import { type FigureView, initials } from '../model/view.ts';
import { cursorWords, figureWords } from './describe.ts';

export { initials };
import type { Reach } from '../model/move.ts';
import { type Box, type Point, adjacentArcs, boundsOf, clampZoom, facingAngle, hexPoints, hexToPixel, pixelToHex, zoomBox } from './geometry.ts';

export const HEX = 30;

/**
 * The zoom buttons' keys on the focused map: the factor each zooms by (0: fit the board); = is +
 * unshifted. Their aria-keyshortcuts name + as Plus (a bare + is the attribute's delimiter).
 */
const ZOOM_KEYS: Record<string, number> = { '+': 1.25, '=': 1.25, '-': 1 / 1.25, '0': 0 };

export interface Highlight {
  hex: Hex;
  cls: string;
  label?: string;
}

export interface HexMapProps {
  hexes: Hex[];
  terrain: { hex: Hex; kind: string }[];
  figures: FigureView[];
  sideColors: Record<string, string>;
  selected: string | null;
  active: string[];
  draggable: (id: string) => boolean;
  reach: Map<string, Reach> | null;
  highlights: Highlight[];
  megahexes: boolean;
  /** A hex clicked, or picked with Enter on the map's keyboard cursor (`keyboard`). */
  onHex(h: Hex, how?: { keyboard: boolean }): void;
  onFigure(id: string): void;
  onDragMove(id: string, to: Hex): void;
  onHover?(h: Hex | null): void;
}

const STATE_STROKE: Record<string, string> = {
  healthy: '#f4ead5',
  reeling: '#e8b84a',
  unconscious: '#8d8d8d',
  dying: '#d9534f',
  dead: '#555',
};

export function HexMap(p: HexMapProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const cursorId = useId();
  const fit = useMemo(() => boundsOf(p.hexes, HEX, HEX * 0.6), [p.hexes]);
  const [box, setBox] = useState<Box>(fit);
  const fitKey = `${fit.x},${fit.y},${fit.w},${fit.h}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit only when the board changes shape
  useEffect(() => setBox(fit), [fitKey]);
  const [hover, setHover] = useState<Hex | null>(null);
  const [cursor, setCursor] = useState<Hex | null>(null);
  const [focused, setFocused] = useState(false);
  const [drag, setDrag] = useState<{ id: string; at: Point } | null>(null);
  const pointers = useRef(new Map<number, Point>());
  const pan = useRef<{ start: Point; box: Box; moved: boolean } | null>(null);
  const pinch = useRef<{ dist: number; box: Box } | null>(null);

  const toMap = useCallback((clientX: number, clientY: number): Point => {
    const svg = svgRef.current;
    const ctm = svg?.getScreenCTM();
    if (!svg || !ctm) return { x: 0, y: 0 };
    const pt = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    return { x: pt.x, y: pt.y };
  }, []);

  const zoomBy = useCallback(
    (factor: number, focus?: Point) => {
      setBox((b) => {
        const z = clampZoom(fit.w / (b.w / factor));
        const f = z / (fit.w / b.w);
        return zoomBox(b, f, focus ?? { x: b.x + b.w / 2, y: b.y + b.h / 2 });
      });
    },
    [fit.w],
  );

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15, toMap(e.clientX, e.clientY));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [zoomBy, toMap]);

  const onHexMap = useMemo(() => new Set(p.hexes.map(hexKey)), [p.hexes]);
  const figureAt = useMemo(() => {
    const m = new Map<string, FigureView>();
    for (const f of p.figures) if (f.hex && f.state !== 'dead') m.set(hexKey(f.hex), f);
    for (const f of p.figures) if (f.hex && !m.has(hexKey(f.hex))) m.set(hexKey(f.hex), f);
    return m;
  }, [p.figures]);

  function onPointerDown(e: React.PointerEvent<SVGSVGElement>) {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const target = e.target as Element;
    const figId = target.closest('[data-figure]')?.getAttribute('data-figure');
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      pinch.current = { dist: Math.hypot(a.x - b.x, a.y - b.y), box };
      pan.current = null;
      setDrag(null);
      return;
    }
    if (figId && p.draggable(figId)) {
      setDrag({ id: figId, at: toMap(e.clientX, e.clientY) });
      (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
      return;
    }
    pan.current = { start: { x: e.clientX, y: e.clientY }, box, moved: false };
  }

  function onPointerMove(e: React.PointerEvent<SVGSVGElement>) {
    if (pointers.current.has(e.pointerId)) pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const m = toMap(e.clientX, e.clientY);
    const h = pixelToHex(m, HEX);
    const hk = hexKey(h);
    if (!hover || hexKey(hover) !== hk) {
      const next = onHexMap.has(hk) ? h : null;
      setHover(next);
      p.onHover?.(next);
    }
    if (pinch.current && pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      const f = d / Math.max(1, pinch.current.dist);
      const start = pinch.current.box;
      const z = clampZoom(fit.w / (start.w / f));
      const ff = z / (fit.w / start.w);
      setBox(zoomBox(start, ff, { x: start.x + start.w / 2, y: start.y + start.h / 2 }));
      return;
    }
    if (drag) {
      setDrag({ id: drag.id, at: m });
      return;
    }
    const pn = pan.current;
    if (pn) {
      const svg = svgRef.current;
      const scale = svg ? pn.box.w / svg.clientWidth : 1;
      const dx = (e.clientX - pn.start.x) * scale;
      const dy = (e.clientY - pn.start.y) * scale;
      if (Math.abs(dx) + Math.abs(dy) > 3 * scale) pn.moved = true;
      if (pn.moved) setBox({ ...pn.box, x: pn.box.x - dx, y: pn.box.y - dy });
    }
  }

  function onPointerUp(e: React.PointerEvent<SVGSVGElement>) {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    const m = toMap(e.clientX, e.clientY);
    const h = pixelToHex(m, HEX);
    if (drag) {
      const from = p.figures.find((f) => f.id === drag.id)?.hex;
      setDrag(null);
      if (from && hexKey(from) !== hexKey(h)) p.onDragMove(drag.id, h);
      else p.onFigure(drag.id);
      return;
    }
    const pn = pan.current;
    pan.current = null;
    if (pn?.moved) return;
    const target = e.target as Element;
    const figId = target.closest('[data-figure]')?.getAttribute('data-figure');
    if (figId) p.onFigure(figId);
    else if (onHexMap.has(hexKey(h))) p.onHex(h);
  }

  /** The keyboard cursor moves to `h` (when on the board); it previews like the mouse's hover. */
  function moveCursor(h: Hex) {
    if (!onHexMap.has(hexKey(h))) return;
    setCursor(h);
    setHover(h);
    p.onHover?.(h);
  }

  function onKeyDown(e: React.KeyboardEvent<SVGSVGElement>) {
    const zoom = ZOOM_KEYS[e.key];
    if (zoom !== undefined) {
      // The zoom buttons' keys (their aria-keyshortcuts), while the map has the focus.
      e.preventDefault();
      e.stopPropagation();
      if (zoom === 0) setBox(fit);
      else zoomBy(zoom);
      return;
    }
    const c = cursor ?? p.figures.find((f) => f.id === p.selected)?.hex ?? p.hexes[0];
    if (!c) return;
    const next = cursorStep(c, e.key);
    if (next) {
      e.preventDefault();
      e.stopPropagation();
      moveCursor(next);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      const f = figureAt.get(hexKey(c));
      if (f && f.state !== 'dead' && !(p.reach && f.id === p.selected)) p.onFigure(f.id);
      else p.onHex(c, { keyboard: true });
    }
  }

  const sel = p.figures.find((f) => f.id === p.selected);
  const arcs = sel?.hex && sel.facing !== undefined && sel.state !== 'dead' ? adjacentArcs(sel.hex, sel.facing, sel.frontCount) : [];
  const hoverReach = hover && p.reach ? p.reach.get(hexKey(hover)) : undefined;
  const dragReach = drag && p.reach ? p.reach.get(hexKey(pixelToHex(drag.at, HEX))) : undefined;
  const path = dragReach ?? hoverReach;
  const megaCentres = useMemo(() => (p.megahexes ? p.hexes.filter((h) => hexKey(megahexOf(h)) === hexKey(h)) : []), [p.megahexes, p.hexes]);
  const megaEdges = useMemo(() => (p.megahexes ? megahexBoundary(p.hexes, HEX - 0.6) : ''), [p.megahexes, p.hexes]);
  /** The cursor's hex in words (describe.ts): its figure, a move's MA, the selected figure's arc, a target or a friend marked there. */
  const cursorSaid = (h: Hex): string => {
    const k = hexKey(h);
    const arc = arcs.find((a) => hexKey(a.hex) === k);
    const marks = p.highlights.filter((hl) => hexKey(hl.hex) === k).map((hl) => hl.cls);
    return cursorWords(h, {
      figure: figureAt.get(k),
      moveMA: p.reach?.get(k)?.maUsed,
      arc: arc && sel ? { arc: arc.arc, of: sel.name } : undefined,
      mark: marks.includes('hl-friend') ? 'friend' : marks.includes('hl-target') ? 'target' : undefined,
    });
  };
  const terrainAt = useMemo(() => new Map(p.terrain.map((t) => [hexKey(t.hex), t.kind])), [p.terrain]);

  return (
    <div className="map-wrap" style={{ '--map-ratio': `${round3(fit.w / fit.h)}` } as React.CSSProperties}>
      <svg
        ref={svgRef}
        className={`hexmap${drag ? ' dragging' : ''}`}
        viewBox={`${box.x} ${box.y} ${box.w} ${box.h}`}
        role="application"
        aria-label="Hex map: arrow keys move the cursor, Enter picks the hex or figure under it, + and - zoom, 0 fits"
        aria-describedby={cursorId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: role="application": a keyboard widget (arrow keys, Enter)
        tabIndex={0}
        data-testid="hexmap"
        onKeyDown={onKeyDown}
        onFocus={() => {
          setFocused(true);
          // Start at the selected figure (what a player wants to move or aim from).
          moveCursor(sel?.hex ?? cursor ?? p.hexes[0]);
        }}
        onBlur={() => {
          setFocused(false);
          setHover(null);
          p.onHover?.(null);
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={(e) => {
          pointers.current.delete(e.pointerId);
          pinch.current = null;
          pan.current = null;
          setDrag(null);
        }}
        onPointerLeave={() => {
          setHover(null);
          p.onHover?.(null);
        }}
      >
        <title>Hex map</title>
        <g className="board">
          {p.hexes.map((h) => {
            const k = hexKey(h);
            const c = hexToPixel(h, HEX);
            const t = terrainAt.get(k);
            const mh = p.megahexes ? ` mh-${megahexShade(h)}` : '';
            return <polygon key={k} data-hex={k} className={`hex${t ? ` t-${t}` : ''}${mh}`} points={hexPoints(c, HEX - 0.6)} />;
          })}
        </g>
        {p.megahexes && (
          <g className="megahex">
            <path className="mh-edge" d={megaEdges} />
            {megaCentres.map((c) => {
              const pc = hexToPixel(c, HEX);
              return <circle key={hexKey(c)} cx={pc.x} cy={pc.y} r={2.2} />;
            })}
          </g>
        )}
        {p.reach && (
          <g className="reach">
            {[...p.reach.values()].map((r) =>
              r.maUsed === 0 ? null : <polygon key={hexKey(r.hex)} data-reach={hexKey(r.hex)} className="reach-hex" points={hexPoints(hexToPixel(r.hex, HEX), HEX - 3)} />,
            )}
          </g>
        )}
        <g className="arcs">
          {arcs.map((a) => (
            <polygon key={hexKey(a.hex)} className={`arc arc-${a.arc}`} points={hexPoints(hexToPixel(a.hex, HEX), HEX - 2)} />
          ))}
        </g>
        <g className="highlights">
          {p.highlights.map((hl, i) => {
            const c = hexToPixel(hl.hex, HEX);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: one hex may carry several highlights
              <g key={`${hexKey(hl.hex)}:${i}`} className={`hl ${hl.cls}`}>
                <polygon points={hexPoints(c, HEX - 4)} />
                {hl.label && (
                  <text x={c.x} y={c.y + HEX * 0.62} textAnchor="middle" className="hl-label">
                    {hl.label}
                  </text>
                )}
              </g>
            );
          })}
        </g>
        {path && path.path.length > 0 && sel?.hex && (
          <g className="path">
            <polyline points={[sel.hex, ...path.path].map((h) => `${hexToPixel(h, HEX).x},${hexToPixel(h, HEX).y}`).join(' ')} />
            {(() => {
              const end = hexToPixel(path.hex, HEX);
              return (
                <g>
                  <rect x={end.x - 17} y={end.y - HEX - 4} width={34} height={15} rx={4} />
                  <text x={end.x} y={end.y - HEX + 7} textAnchor="middle">
                    MA {path.maUsed}
                  </text>
                </g>
              );
            })()}
          </g>
        )}
        <g className="figures">
          {p.figures.map((f) => {
            if (!f.hex) return null;
            const ghost = drag?.id === f.id;
            const c = ghost ? drag.at : hexToPixel(f.hex, HEX);
            const colour = p.sideColors[f.side] ?? '#999';
            const active = p.active.includes(f.id);
            const dead = f.state === 'dead';
            const r = HEX * 0.62;
            return (
              <g
                key={f.id}
                data-figure={f.id}
                data-testid={`figure-${f.id}`}
                className={`fig s-${f.state}${f.id === p.selected ? ' selected' : ''}${active ? ' active' : ''}${f.prone ? ' prone' : ''}${p.draggable(f.id) ? ' mine' : ''}`}
                transform={`translate(${c.x},${c.y})`}
              >
                <title>{figureWords(f)}</title>
                {active && <circle className="turn-ring" r={r + 6} />}
                {f.facing !== undefined && !dead && (
                  <path className="facing" d={`M ${r + 9} 0 L ${r - 2} -8 L ${r - 2} 8 Z`} transform={`rotate(${facingAngle(f.facing)})`} fill={colour} />
                )}
                {f.prone ? (
                  <ellipse rx={r} ry={r * 0.58} fill={colour} stroke={Object.hasOwn(STATE_STROKE, f.state) ? STATE_STROKE[f.state] : '#fff'} strokeWidth={2.5} />
                ) : (
                  <circle r={r} fill={colour} stroke={Object.hasOwn(STATE_STROKE, f.state) ? STATE_STROKE[f.state] : '#fff'} strokeWidth={f.state === 'healthy' ? 1.5 : 3} strokeDasharray={f.state === 'dying' ? '4 3' : undefined} />
                )}
                <text className="initials" textAnchor="middle" dy="0.35em">
                  {f.short ?? initials(f.name)}
                </text>
                {dead && <path className="dead-x" d={`M -${r * 0.6} -${r * 0.6} L ${r * 0.6} ${r * 0.6} M ${r * 0.6} -${r * 0.6} L -${r * 0.6} ${r * 0.6}`} />}
                {f.engaged && !dead && (
                  <g className="engaged-mark" transform={`translate(${r * 0.78},${-r * 0.78})`}>
                    <title>engaged</title>
                    <circle r={6.5} />
                    <path d="M -3.5 -3.5 L 3.5 3.5 M 3.5 -3.5 L -3.5 3.5" />
                  </g>
                )}
                {f.prone && !dead && (
                  <g className="prone-mark" transform={`translate(${-r * 0.8},${-r * 0.75})`}>
                    <title>prone</title>
                    <rect x={-6} y={-6} width={12} height={12} rx={2} />
                    <text textAnchor="middle" dy="0.35em">
                      P
                    </text>
                  </g>
                )}
              </g>
            );
          })}
        </g>
        {/* The state and marker words, over every token: drawn with their own figure they were
            hidden by the next token ("reeling" under the orc below it read "eling"). */}
        <g className="figure-tags">
          {p.figures.map((f) => {
            if (!f.hex || f.state === 'dead') return null;
            const c = drag?.id === f.id ? drag.at : hexToPixel(f.hex, HEX);
            const r = HEX * 0.62;
            const markers = f.markers.filter((m) => m !== 'prone' && m !== 'engaged');
            if (f.state === 'healthy' && markers.length === 0) return null;
            return (
              <g key={f.id} data-tags={f.id} transform={`translate(${c.x},${c.y})`}>
                {f.state !== 'healthy' && (
                  <text className={`state-tag st-${f.state}`} y={r + 11} textAnchor="middle">
                    {f.state}
                  </text>
                )}
                {markers.length > 0 && (
                  <text className="marker-tag" textAnchor="middle">
                    {tagLines(markers).map((line, i, all) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one label, in order
                      <tspan key={i} x={0} y={-r - 5 - (all.length - 1 - i) * 9}>
                        {line}
                      </tspan>
                    ))}
                  </text>
                )}
              </g>
            );
          })}
        </g>
        {/* A friend an option would hit: a warning sign over the token (its shape, not only its colour, tells it from a target). */}
        <g className="friend-marks">
          {p.highlights
            .filter((hl) => hl.cls === 'hl-friend')
            .map((hl) => {
              const c = hexToPixel(hl.hex, HEX);
              return (
                <g key={hexKey(hl.hex)} className="friend-mark" data-friend={hexKey(hl.hex)} transform={`translate(${c.x - HEX * 0.5},${c.y + HEX * 0.42})`}>
                  <path d="M 0 -7 L 7 5.5 L -7 5.5 Z" />
                  <text textAnchor="middle" y={4.2}>
                    !
                  </text>
                </g>
              );
            })}
        </g>
        {hover && figureAt.get(hexKey(hover)) === undefined && !drag && <polygon className="hover" points={hexPoints(hexToPixel(hover, HEX), HEX - 1)} />}
        {focused && cursor && <polygon className="kb-cursor" data-cursor={hexKey(cursor)} points={hexPoints(hexToPixel(cursor, HEX), HEX - 1.5)} />}
      </svg>
      <p id={cursorId} className="sr-only" aria-live="polite">
        {focused && cursor ? cursorSaid(cursor) : ''}
      </p>
      {/* The figures in words (the SVG's tokens say only initials): who is where, facing, state. */}
      <ul className="sr-only" aria-label="Figures on the map" data-testid="map-figures">
        {p.figures
          .filter((f) => f.hex)
          .map((f) => (
            <li key={f.id}>{figureWords(f)}</li>
          ))}
      </ul>
      <div className="map-tools">
        <button type="button" aria-label="Zoom in" title="Zoom in (+)" aria-keyshortcuts="Plus" onClick={() => zoomBy(ZOOM_KEYS['+'])}>
          +
        </button>
        <button type="button" aria-label="Zoom out" title="Zoom out (-)" aria-keyshortcuts="-" onClick={() => zoomBy(ZOOM_KEYS['-'])}>
          −
        </button>
        <button type="button" aria-label="Fit the map" title="Fit (0)" aria-keyshortcuts="0" onClick={() => setBox(fit)}>
          ⤢
        </button>
      </div>
    </div>
  );
}

/**
 * The outline of every megahex (R-H1) as one SVG path: each edge between two hexes of different
 * megahexes, once (also where the other hex is off the board). The edge toward direction d (0 east, clockwise) joins
 * corners d+1 and d+2 of hexPoints (corner 0 points up).
 */
/**
 * A token's marker words as the lines drawn over it, none wider than a hex: two neighbours'
 * markers on one line ran together ("defendingbeing stabilized"). The first two markers, each
 * on its own lines, words joined while they fit.
 */
export function tagLines(markers: readonly string[], width = 11): string[] {
  return markers.slice(0, 2).flatMap((m) =>
    m.split(' ').reduce<string[]>((lines, w) => {
      const last = lines[lines.length - 1];
      if (last !== undefined && `${last} ${w}`.length <= width) lines[lines.length - 1] = `${last} ${w}`;
      else lines.push(w);
      return lines;
    }, []),
  );
}

export function megahexBoundary(hexes: readonly Hex[], size: number): string {
  const parts: string[] = [];
  const corner = (c: { x: number; y: number }, i: number) => {
    const a = (Math.PI / 180) * (60 * (i % 6) - 90);
    return `${Math.round((c.x + size * Math.cos(a)) * 100) / 100},${Math.round((c.y + size * Math.sin(a)) * 100) / 100}`;
  };
  for (const h of hexes) {
    const m = hexKey(megahexOf(h));
    const c = hexToPixel(h, HEX);
    for (let d = 0; d < 6; d++) {
      const n = neighbor(h, d);
      if (hexKey(megahexOf(n)) === m) continue;
      // A shared edge between two board hexes is drawn from one side only (directions 0..2).
      if (d > 2 && hexes.some((x) => x.q === n.q && x.r === n.r)) continue;
      parts.push(`M${corner(c, d + 1)}L${corner(c, d + 2)}`);
    }
  }
  return parts.join('');
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/** One of three shades per megahex so that neighbouring megahexes always differ (R-H1 overlay). */
export function megahexShade(h: Hex): number {
  const m = megahexCoords(megahexOf(h));
  return (((m.q - m.r) % 3) + 3) % 3;
}


/**
 * The keyboard cursor's next hex for an arrow key: left/right along the row; up/down to the row
 * above/below, alternating between the two hexes there so that repeated presses stay in one
 * column of the board. Null for any other key.
 */
export function cursorStep(h: Hex, key: string): Hex | null {
  const odd = ((h.r % 2) + 2) % 2 === 1;
  switch (key) {
    case 'ArrowLeft':
      return { q: h.q - 1, r: h.r };
    case 'ArrowRight':
      return { q: h.q + 1, r: h.r };
    case 'ArrowUp':
      return odd ? { q: h.q, r: h.r - 1 } : { q: h.q + 1, r: h.r - 1 };
    case 'ArrowDown':
      return odd ? { q: h.q - 1, r: h.r + 1 } : { q: h.q, r: h.r + 1 };
    default:
      return null;
  }
}
