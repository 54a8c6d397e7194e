/** Main navigation: one link per view, the current one marked for assistive technology. */
import { Link, useLocation } from '../lib/router.tsx';
import { paths } from './routes.ts';

const items = [
  { label: 'Overview', to: paths.overview(), match: (p: string) => p === '/' },
  { label: 'Resources', to: paths.resources(), match: (p: string) => p.startsWith('/resources') },
  { label: 'Workqueue', to: paths.workqueue(), match: (p: string) => p.startsWith('/workqueue') },
  { label: 'Timeline', to: paths.timeline(), match: (p: string) => p.startsWith('/timeline') },
  { label: 'Conflicts', to: paths.conflicts(), match: (p: string) => p.startsWith('/conflicts') },
  { label: 'Debug', to: paths.debug(), match: (p: string) => p.startsWith('/debug') },
  { label: 'Discord', to: paths.discord(), match: (p: string) => p.startsWith('/discord') },
];

export function Sidebar({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Main"
      className={`${open ? 'block' : 'hidden'} border-r border-slate-200 bg-white px-3 py-4 lg:block dark:border-slate-800 dark:bg-slate-900`}
    >
      <ul className="flex flex-col gap-0.5 lg:sticky lg:top-[4.5rem]">
        {items.map((item) => {
          const current = item.match(pathname);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={onNavigate}
                aria-current={current ? 'page' : undefined}
                className={`block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500 ${
                  current
                    ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-200'
                    : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
                }`}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
