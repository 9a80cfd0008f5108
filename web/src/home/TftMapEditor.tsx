// The TFT editor's map: the table's HexMap drawn from the draft (its terrain, its figures in
// their sides' colours), and a tool a click (or Enter on the map's keyboard cursor) applies to
// a hex: place a figure there (its q and r fields follow), or paint a wall, rough ground or
// water (painting the kind a hex has clears it), or clear the hex.
import { useMemo, useState } from 'react';
import type { Hex } from '../../../src/core/hex/coords.ts';
import { HexMap } from '../map/HexMap.tsx';
import { rectangleHexes } from '../map/geometry.ts';
import { type MapTool, TERRAIN_KINDS, applyTool, boardSize, draftFigureViews, offBoardNote, onBoard, sideColours } from './map-draft.ts';
import type { TftDraft } from './tft-draft.ts';

/** A tool as its radio's value: "figure-0", "wall", "clear". */
const toolKey = (t: MapTool): string => (t === 'clear' ? 'clear' : 'figure' in t ? `figure-${t.figure}` : t.paint);
const TERRAIN_LABEL: Record<(typeof TERRAIN_KINDS)[number], string> = { wall: 'Wall', rough: 'Rough', water: 'Water' };

export function TftMapEditor({ d, set }: { d: TftDraft; set(patch: Partial<TftDraft>): void }) {
  const [chosen, setTool] = useState<MapTool>({ figure: 0 });
  // A removed figure's tool falls back to the first figure.
  const tool: MapTool = typeof chosen === 'object' && 'figure' in chosen && chosen.figure >= d.figures.length ? { figure: 0 } : chosen;
  const size = boardSize(d.width, d.height);
  const [w, h] = [size?.w ?? 0, size?.h ?? 0];
  const hexes = useMemo(() => rectangleHexes(w, h), [w, h]);
  const figures = useMemo(() => draftFigureViews(d.figures), [d.figures]);
  const colours = useMemo(() => sideColours(d.figures), [d.figures]);
  const terrain = useMemo(() => d.terrain.map((t) => ({ hex: { q: t.q, r: t.r }, kind: t.kind })), [d.terrain]);
  if (!size) return <p className="note map-edit-note">The map shows once its width and height are whole numbers from 3 to 60.</p>;
  const note = offBoardNote(d.terrain, size.w, size.h);
  const placing = typeof tool === 'object' && 'figure' in tool ? tool.figure : null;
  const apply = (t: MapTool, at: Hex) => {
    if (onBoard(at.q, at.r, size.w, size.h)) set(applyTool(d, t, at));
  };
  const options: { tool: MapTool; label: string }[] = [
    ...d.figures.map((f, i) => ({ tool: { figure: i }, label: `Place figure ${i + 1}${f.name.trim() ? ` (${f.name.trim()})` : ''}` })),
    ...TERRAIN_KINDS.map((k) => ({ tool: { paint: k }, label: TERRAIN_LABEL[k] })),
    { tool: 'clear' as const, label: 'Clear' },
  ];
  return (
    <div className="map-edit">
      <fieldset className="map-edit-tools">
        <legend>A click on the map</legend>
        {options.map((o) => (
          <label key={toolKey(o.tool)} className="check">
            <input type="radio" name="map-tool" value={toolKey(o.tool)} checked={toolKey(o.tool) === toolKey(tool)} onChange={() => setTool(o.tool)} />
            {o.label}
          </label>
        ))}
      </fieldset>
      <p className="note">Painting a hex with the kind it has clears it. A click on a figure picks it to place; facing stays a field.</p>
      {note && <p className="field-note">{note}</p>}
      <div className="map-edit-board">
        <HexMap
          hexes={hexes}
          terrain={terrain}
          figures={figures}
          sideColors={colours}
          selected={placing === null ? null : figures[placing].id}
          active={[]}
          draggable={() => true}
          reach={null}
          highlights={[]}
          megahexes={false}
          onHex={(h) => apply(tool, h)}
          onFigure={(id) => {
            // A figure clicked: the one to place next (or, painting, its hex is painted).
            const i = figures.findIndex((f) => f.id === id);
            if (placing !== null) setTool({ figure: i });
            else if (figures[i].hex) apply(tool, figures[i].hex);
          }}
          onDragMove={(id, to) => apply({ figure: figures.findIndex((f) => f.id === id) }, to)}
        />
      </div>
    </div>
  );
}
