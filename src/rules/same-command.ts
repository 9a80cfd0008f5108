// A command compared with the script entry it follows or claims, in both systems: the same
// fields and values in any order, but for the script's own bookkeeping field (AD&D's `at`, the
// segment an entry waits for; TFT's `script`, the entry a command says it plays).

/** Whether `a` and `b` are one command but for their `ignore` field (values compared as JSON). */
export function sameCommandBut(a: object, b: object, ignore: string): boolean {
  const norm = (c: object) => JSON.stringify(Object.entries(c).filter(([k]) => k !== ignore).sort(([x], [y]) => (x < y ? -1 : 1)));
  return norm(a) === norm(b);
}
