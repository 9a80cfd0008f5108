/** A key's hint inside a button: shown, not part of its name (the button says it with aria-keyshortcuts). */
export function Key({ k }: { k: string }) {
  return (
    <span aria-hidden="true">
      <kbd>{k}</kbd>
    </span>
  );
}
