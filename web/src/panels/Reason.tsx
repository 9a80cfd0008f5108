// A word whose reason opens under it: shared by the Status roster and the action panel.
import { type ReactNode, useId, useState } from 'react';

/**
 * A word whose reason is a tap, a click or Enter away, shown under it, and said as its
 * description (a tooltip is reached by neither keyboard nor touch, and screen readers say it
 * unreliably). Starts closed: the roster and the options stay compact. `className` is the
 * button's look (a pill unless told: the action panel's odds chips keep theirs); `data` marks it
 * for tests and styles.
 */
export function Reason({ label, why, className = 'pill small', data }: { label: ReactNode; why: string; className?: string; data?: Record<`data-${string}`, string> }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className={`${className} why`}
        aria-expanded={open}
        aria-controls={id}
        aria-describedby={id}
        {...data}
        onClick={(e) => {
          // Reading why is not picking the figure (the roster row's click).
          e.stopPropagation();
          setOpen(!open);
        }}
      >
        {label}
      </button>
      <span id={id} className="why-text" hidden={!open}>
        {why}
      </span>
    </>
  );
}
