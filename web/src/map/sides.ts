// The colour of each side on the map: the table's and the editor's, so a fight built in the
// editor looks the same when it opens at the table.

const SIDE_PALETTE = ['#c0533a', '#3f7cc4', '#4f9a5a', '#b58a2e', '#8a5cb8', '#2f9c9c'];

/** Each side's colour, by its place in `sides` (the palette repeats after six sides). */
export function sideColorsOf(sides: readonly string[]): Record<string, string> {
  return Object.fromEntries(sides.map((s, i) => [s, SIDE_PALETTE[i % SIDE_PALETTE.length]]));
}
