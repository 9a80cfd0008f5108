// The dice toolbox in one import: notation, sources, rolling, exact distributions.
export * from './notation.ts';
export * from './roll.ts';
export * from './source.ts';
export * from './exact.ts';
export * from './fraction.ts';
