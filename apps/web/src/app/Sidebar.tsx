/** Main navigation: one link per page with a nav entry in the page table, the current one marked for assistive technology. */
import { Link, useLocation } from '../lib/router.tsx';
import { navItems } from './paths.ts';

/** A section is current on its own URL and every URL below it ("/resources/..." for Resources). */
const isCurrent = (to: string, pathname: string) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`));

export function Sidebar({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Main"
      className={`${open ? 'block' : 'hidden'} border-r border-slate-200 bg-white px-3 py-4 lg:block dark:border-slate-800 dark:bg-slate-900`}
    >
      <ul className="flex flex-col gap-0.5 lg:sticky lg:top-[4.5rem]">
        {navItems.map((item) => {
          const current = isCurrent(item.to, pathname);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={onNavigate}
                aria-current={current ? 'page' : undefined}
                className={`flex items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500 ${
                  current
                    ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-200'
                    : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
                }`}
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 opacity-70" fill="currentColor">
                  <path fillRule="evenodd" d={item.icon} />
                </svg>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
