/**
 * The header on every page: product name, the namespace every list shows, search over kinds
 * and objects, recordings (export, open), cluster and leader, the live connection, the theme.
 */
import { CommandPalette, type PalettePaths } from '../features/resources/components/CommandPalette.tsx';
import { NamespacePicker } from '../features/resources/components/NamespacePicker.tsx';
import { ConnectionIndicator } from '../features/session/components/ConnectionIndicator.tsx';
import { RecordingMenu } from '../features/session/components/RecordingMenu.tsx';
import { SessionSummary } from '../features/session/components/SessionSummary.tsx';
import { Link } from '../lib/router.tsx';
import { usePaletteLinks } from './palette-links.ts';
import { paths } from './paths.ts';
import { ThemeToggle } from './ThemeToggle.tsx';

const palettePaths: PalettePaths = {
  kind: (type) => paths.resourceList({ gvr: type }),
  object: (type, namespace, name) => paths.resourceDetail({ gvr: type, namespace, objectName: name }),
};

export function Header({ onMenu }: { onMenu: () => void }) {
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b sm:gap-4 border-slate-200 bg-white/90 px-4 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      <button
        type="button"
        onClick={onMenu}
        aria-label="Toggle navigation"
        className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 lg:hidden dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
        </svg>
      </button>
      <h1 className="text-base font-semibold tracking-tight">
        <Link to="/" className="flex items-center gap-2 focus-visible:outline-2 focus-visible:outline-indigo-500">
          <span aria-hidden="true" className="grid size-6 place-items-center rounded bg-indigo-600 text-xs font-bold text-white">
            D
          </span>
          <span className="sr-only sm:not-sr-only">Dojo Console</span>
        </Link>
      </h1>
      <div className="ml-auto flex items-center gap-2 sm:gap-4">
        <NamespacePicker />
        <CommandPalette paths={palettePaths} useLinks={usePaletteLinks} />
        <RecordingMenu />
        <SessionSummary
          ownLogsPath={(pod) =>
            paths.resourceDetail({ gvr: { group: '', version: 'v1', resource: 'pods' }, namespace: pod.namespace, objectName: pod.name, tab: 'logs' })
          }
        />
        <ConnectionIndicator />
        <ThemeToggle />
      </div>
    </header>
  );
}
