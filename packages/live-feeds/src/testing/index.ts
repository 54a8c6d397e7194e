/** Helpers for tests of the feeds and of the console around them. */
export { eventually } from './eventually.ts';
