/**
 * Client-side routing on the History API. The server answers index.html for every unknown
 * path, so any URL can be opened directly, bookmarked and shared. `Link` renders a real `<a>`
 * (middle-click and "open in new tab" keep working) and only intercepts plain left clicks.
 */
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

const changeEvent = 'dojo:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(changeEvent, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(changeEvent, onChange);
  };
}

const snapshot = (): string => window.location.pathname + window.location.search;

/**
 * The search parameter every in-app URL carries on unless it sets its own: the instant a
 * recording is shown at (lib/view-time.ts), so that moving between pages stays at it.
 */
export const stickySearchParam = 'at';

/** `to` with the page's sticky parameter added, when the page has one and `to` does not. */
export function keepSticky(to: string): string {
  if (typeof window === 'undefined' || !to.startsWith('/') || to.startsWith('//')) return to;
  const value = new URLSearchParams(window.location.search).get(stickySearchParam);
  if (value === null) return to;
  const url = new URL(to, 'http://console.local');
  if (url.searchParams.has(stickySearchParam)) return to;
  url.searchParams.set(stickySearchParam, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface AppLocation {
  pathname: string;
  search: URLSearchParams;
  href: string;
}

export function useLocation(): AppLocation {
  const href = useSyncExternalStore(subscribe, snapshot, () => '/');
  const url = new URL(href, 'http://console.local');
  return { pathname: url.pathname, search: url.searchParams, href };
}

export function navigate(target: string, options: { replace?: boolean } = {}): void {
  const to = keepSticky(target);
  if (to === snapshot()) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(changeEvent));
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  children: ReactNode;
}

export function Link({ to, onClick, children, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={keepSticky(to)} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}
