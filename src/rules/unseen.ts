// The narration of an event as the server sends it to a viewer from whom one of its figures is
// hidden (src/server/views.ts unseenFigure): the field naming that figure reads "an unseen
// figure", `unseen` lists the field ("attacker", or a path, "action.target"), and what would tell
// who it is (a hidden striker's to-hit roll and what it is read against) is gone. The describers
// say such an event with what is left.

/** Whether the server sent `e` with its `field` standing for a figure hidden from the viewer. */
export function isUnseen(e: Record<string, unknown>, field: string): boolean {
  return Array.isArray(e.unseen) && e.unseen.includes(field);
}

/**
 * A figure's name as a line's first word: "An unseen figure strikes at Frito" where `field` is
 * masked; any other name as it is (an id, "bjorn takes 3 damage", is no sentence to capitalize).
 */
export function leadName(e: Record<string, unknown>, field: string, name: string): string {
  return isUnseen(e, field) ? name.charAt(0).toUpperCase() + name.slice(1) : name;
}
