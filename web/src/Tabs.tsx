// A tab list as the WAI-ARIA tabs pattern has it: one Tab stop (the selected tab; roving
// tabindex), Left/Right move between the tabs and wrap, Home/End go to the first/last. The
// table's side panel and the lobby use it; each says how a tab is activated (`activation`).
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';

/** The tab the key moves to from `index` of `count` tabs, or null for a key the tab list does not take (pure). */
export function tabStep(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** The id of tab `t` of the list `prefix` (its panel's aria-labelledby). */
export const tabId = (prefix: string, t: string): string => `${prefix}-${t}`;

export interface TabListProps<T extends string> {
  /** The tab list's name (what a screen reader says on entering it). */
  label: string;
  /** Prefix of the tabs' ids. */
  prefix: string;
  tabs: readonly { id: T; label: ReactNode }[];
  selected: T;
  onSelect(t: T): void;
  /** The id of the panel each tab controls. */
  panel(t: T): string;
  /**
   * 'auto': the arrow keys select the tab they move to (selection follows focus); 'manual': they
   * move the focus only, and Enter or Space selects.
   */
  activation: 'auto' | 'manual';
}

export function TabList<T extends string>(p: TabListProps<T>) {
  const list = useRef<HTMLDivElement>(null);
  // The tab in the Tab order: the selected one (the first if the selection is not listed).
  const current = p.tabs.some((t) => t.id === p.selected) ? p.selected : p.tabs[0]?.id;
  const buttons = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
  // A selection made elsewhere (a shortcut key) while the focus is in the list takes the focus
  // with it: the focused tab would be out of the Tab order. Only when the selection changes: a
  // manual list's focus may rest on a tab not selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run when the selection changes
  useEffect(() => {
    const b = buttons();
    const i = p.tabs.findIndex((t) => t.id === current);
    if (b.includes(document.activeElement as HTMLButtonElement) && b[i] && document.activeElement !== b[i]) b[i].focus();
  }, [current]);

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const next = tabStep(e.key, index, p.tabs.length);
    if (next === null) return;
    // Taken here: the page neither scrolls (Home/End) nor sees the key (the table's own keys).
    e.preventDefault();
    e.stopPropagation();
    buttons()[next]?.focus();
    if (p.activation === 'auto') p.onSelect(p.tabs[next].id);
  }

  return (
    <div className="tabs" role="tablist" aria-label={p.label} ref={list}>
      {p.tabs.map((t, i) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={tabId(p.prefix, t.id)}
          aria-controls={p.panel(t.id)}
          aria-selected={t.id === p.selected}
          tabIndex={t.id === current ? 0 : -1}
          className={t.id === p.selected ? 'on' : ''}
          data-tab={t.id}
          onClick={() => p.onSelect(t.id)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
