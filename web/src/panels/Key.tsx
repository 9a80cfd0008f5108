/**
 * A key's hint inside a button: shown, not part of its name (the button says it with
 * aria-keyshortcuts); not shown on a touch screen without a mouse, where there is no key to press.
 */
export function Key({ k }: { k: string }) {
  return (
    <span className="key-hint" aria-hidden="true">
      <kbd>{k}</kbd>
    </span>
  );
}
