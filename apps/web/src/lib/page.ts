/**
 * A console page as one entry of the page table (app/routes.ts): its route, its component
 * (loaded on first visit), and its sidebar entry if it has one. The table drives routing, the
 * sidebar and lazy loading; the page's component receives the route's params as props.
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

export interface Page<Params, Link = Params> {
  route: Route<Params, Link>;
  component: ComponentType<Params>;
  /** Only a page whose URL needs no params can be in the sidebar. */
  nav?: NavEntry;
}

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/** A component of a page module, as a chunk of its own loaded on first render (and again until it loads). */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<ComponentType<PropsOf<M[K]>>> {
  return lazy(async () => ({ default: (await loadWithRetry(load))[name] as ComponentType<PropsOf<M[K]>> }));
}

/** One entry of the page table; the compiler checks that the component takes the route's params and that a sidebar page needs none. */
export function page<Params, Link>(entry: {
  route: Route<Params, Link>;
  component: ComponentType<Params>;
  nav?: Record<never, never> extends Link ? NavEntry : never;
}): Page<Params, Link> {
  return entry;
}
