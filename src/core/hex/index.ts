// The hex grid: one import for the whole of it.
export * from './coords.ts';
export * from './facing.ts';
export * from './arcs.ts';
export * from './rings.ts';
export * from './line.ts';
export * from './scatter.ts';
export * from './megahex.ts';
