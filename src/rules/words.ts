// Counted nouns for narration and option labels, so no line reads "1 round(s)" or "2 clip(s)".

/**
 * "1 round", "7 rounds", "0 rounds", "1,000 fights"; `many` for a plural that is not noun + s
 * ("1 hex", "4 hexes"). The one counter of the narration, the labels and the lab's reports.
 */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

/** `text` ending as a sentence: a full stop unless it has its own (the GM's "they flee!"). */
export const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);
