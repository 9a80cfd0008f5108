// The editor's map as markup: the table's HexMap with the draft's terrain and figures, the tools
// as one radio group, a note for painted hexes a smaller map leaves out.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Editor } from './Editor.tsx';
import { type TftDraft, blankTft } from './tft-draft.ts';
import { TftMapEditor } from './TftMapEditor.tsx';

const draw = (d: TftDraft) => renderToStaticMarkup(createElement(TftMapEditor, { d, set: () => undefined }));
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe("the TFT editor's map", () => {
  it("draws the draft's board, terrain and figures in their sides' colours, with the tools as one radio group", () => {
    const html = draw({ ...blankTft(), width: '6', height: '4', terrain: [{ q: 1, r: 0, kind: 'wall' }, { q: 2, r: 2, kind: 'water' }] });
    expect(html.match(/data-hex=/g)).toHaveLength(24);
    expect(html).toContain('data-hex="1,0" class="hex t-wall"');
    expect(html).toContain('data-hex="2,2" class="hex t-water"');
    // The hero (heroes, first side) and the foe at their typed hexes, with their initials.
    expect(html).toContain('<title>Hero (heroes), hex 2,3, facing east, healthy</title>');
    expect(html).toContain('<title>Foe 1 (foes), hex 4,3, facing west, healthy</title>');
    expect(html).toMatch(/data-figure="hero".*?fill="#c0533a".*?>He</);
    expect(html).toMatch(/data-figure="foe-1".*?fill="#3f7cc4".*?>F1</);
    const radios = [...html.matchAll(/<input type="radio" name="map-tool"( checked="")? value="([^"]+)"/g)].map((m) => `${m[2]}${m[1] ? '*' : ''}`);
    expect(radios).toEqual(['figure-0*', 'figure-1', 'wall', 'rough', 'water', 'clear']);
    expect(text(html)).toContain('Place figure 1 (Hero) Place figure 2 (Foe 1) Wall Rough Water Clear');
  });

  it('says which painted hexes the size leaves out, and draws no map until the size is a valid one', () => {
    expect(text(draw({ ...blankTft(), width: '5', terrain: [{ q: 7, r: 1, kind: 'rough' }] }))).toContain('1 painted hex is off the 5×8 map and left out: rough at 7,1');
    const none = draw({ ...blankTft(), width: '2' });
    expect(none).not.toContain('data-hex');
    expect(text(none)).toContain('The map shows once its width and height are whole numbers from 3 to 60.');
  });

  it('sits under the map size in the TFT editor, above the rules options', () => {
    const tft = renderToStaticMarkup(createElement(Editor, { busy: false, issues: [], onCreate: () => undefined }));
    expect(tft.indexOf('Map height')).toBeLessThan(tft.indexOf('data-testid="hexmap"'));
    expect(tft.indexOf('data-testid="hexmap"')).toBeLessThan(tft.indexOf('Rules options'));
  });
});
