/**
 * The row of links at the foot of a card (a controller's Workqueue / Timeline / Debug, a
 * client's Timeline / Watches / Conflicts, a scraped endpoint's own URL): in-app routes go
 * through the router; an `external` link opens in a new tab and tells nothing of the console.
 */
import type { ReactNode } from 'react';
import { Link } from '../lib/router.tsx';

export interface CardLink {
  label: ReactNode;
  to: string;
  /** Outside the console (an operator's metrics endpoint). */
  external?: boolean;
  title?: string;
}

const linkClass = 'text-indigo-700 hover:underline dark:text-indigo-300';

export function CardLinks({ label, links, children }: { label: string; links: readonly (CardLink | false | undefined)[]; children?: ReactNode }) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-2 text-sm dark:border-slate-800">
      {links.map((link, i) =>
        // An external link is only ever http(s): a URL from a recording file must not become a javascript: link.
        !link || (link.external && !/^https?:\/\//i.test(link.to)) ? null : link.external ? (
          <a key={i} href={link.to} target="_blank" rel="noopener noreferrer" title={link.title} className={linkClass}>
            {link.label}
          </a>
        ) : (
          <Link key={i} to={link.to} title={link.title} className={linkClass}>
            {link.label}
          </Link>
        ),
      )}
      {children}
    </nav>
  );
}
