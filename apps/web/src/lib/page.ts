/**
 * A console page in two halves, so that no page imports the table that loads it: its route and
 * sidebar entry (app/paths.ts, which every page may import to link), and its component, loaded
 * on first visit (app/pages.ts, which only the app shell imports). The compiler checks that the
 * component takes the route's params and that a sidebar page needs none.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadWithRetry } from './chunk-retry.ts';
import type { Route } from './route.ts';

export interface NavEntry {
  label: string;
  /** SVG path data on a 20×20 grid, filled with the text colour. */
  icon: string;
  /** Position in the sidebar, smallest first. */
  order: number;
}

export interface PageRoute<Params, Link = Params> {
  route: Route<Params, Link>;
  /** Only a page whose URL needs no params can be in the sidebar. */
  nav?: NavEntry;
}

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/** A component of a page module, as a chunk of its own loaded on first render (and again until it loads). */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<ComponentType<PropsOf<M[K]>>> {
  return lazy(async () => ({ default: (await loadWithRetry(load))[name] as ComponentType<PropsOf<M[K]>> }));
}

/** One entry of the path table; a sidebar entry is allowed only where the link needs no params. */
export function pageRoute<Params, Link>(entry: {
  route: Route<Params, Link>;
  nav?: Record<never, never> extends Link ? NavEntry : never;
}): PageRoute<Params, Link> {
  return entry;
}
