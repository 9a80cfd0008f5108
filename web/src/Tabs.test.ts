// The tab list's keys (the WAI-ARIA tabs pattern): Left/Right wrap, Home/End go to the ends,
// other keys are left to the page; and its markup: one tab in the Tab order, each tab naming
// its panel.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TabList, tabStep } from './Tabs.tsx';

describe('tabStep', () => {
  it('Left and Right move one tab and wrap at the ends; Home and End go to the first and last', () => {
    expect([0, 1, 2, 3].map((i) => tabStep('ArrowRight', i, 4))).toEqual([1, 2, 3, 0]);
    expect([0, 1, 2, 3].map((i) => tabStep('ArrowLeft', i, 4))).toEqual([3, 0, 1, 2]);
    expect([0, 2, 3].map((i) => tabStep('Home', i, 4))).toEqual([0, 0, 0]);
    expect([0, 2, 3].map((i) => tabStep('End', i, 4))).toEqual([3, 3, 3]);
    expect(tabStep('ArrowRight', 0, 1)).toBe(0);
  });

  it("takes no other key (the table's shortcuts, Tab, Enter, Up and Down), nor any in an empty list", () => {
    for (const k of ['a', 's', 'l', '1', 'Tab', 'Enter', ' ', 'ArrowUp', 'ArrowDown', 'Escape']) expect(tabStep(k, 1, 4)).toBeNull();
    expect(tabStep('ArrowRight', 0, 0)).toBeNull();
    expect(tabStep('End', 0, 0)).toBeNull();
  });
});

describe('TabList', () => {
  const render = (selected: string) =>
    renderToStaticMarkup(
      createElement(TabList<string>, {
        label: 'Panels',
        prefix: 'tab',
        tabs: [
          { id: 'a', label: 'Alpha' },
          { id: 'b', label: 'Beta' },
        ],
        selected,
        onSelect: () => undefined,
        panel: (t) => `panel-${t}`,
        activation: 'auto',
      }),
    );

  it('puts only the selected tab in the Tab order, each tab controlling its panel; the first when the selection is not listed', () => {
    const html = render('b');
    expect(html).toContain('role="tablist" aria-label="Panels"');
    expect(html).toMatch(/id="tab-a" aria-controls="panel-a" aria-selected="false" tabindex="-1"/);
    expect(html).toMatch(/id="tab-b" aria-controls="panel-b" aria-selected="true" tabindex="0"/);
    expect(render('gone').match(/tabindex="0"/g)).toHaveLength(1);
    expect(render('gone')).toMatch(/id="tab-a"[^>]*tabindex="0"/);
  });
});
