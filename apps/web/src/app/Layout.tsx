/**
 * The frame of every page: a skip link, the header (and, in a recording, its time slider), the
 * sidebar and the main region, which opens with the server's state when it is away, the
 * hot-loop alarm and the API server's warnings; a `.dojotrace` dropped anywhere opens. Focus
 * moves to the main region after client-side navigation, as a page load would.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { HotLoop } from '@dojo/console-protocol';
import { WarningNotices } from '../components/WarningNotices.tsx';
import { HotLoopAlarm } from '../features/activity/components/HotLoopAlarm.tsx';
import { RecordingBar } from '../features/session/components/RecordingBar.tsx';
import { RecordingDropZone } from '../features/session/components/RecordingDropZone.tsx';
import { apiWarnings } from '../lib/api-warnings.ts';
import { useLocation } from '../lib/router.tsx';
import { Header } from './Header.tsx';
import { useObjectPageLink } from './object-links.ts';
import { OutageNotice } from './OutageNotice.tsx';
import { paths } from './paths.ts';
import { Sidebar } from './Sidebar.tsx';

/** A hot loop on the timeline: its (first) writer's lane, filtered to the object. */
const loopTimeline = (loop: HotLoop) =>
  paths.timeline({ controller: loop.writers[0], object: loop.object.namespace ? `${loop.object.namespace}/${loop.object.name}` : loop.object.name });

export function Layout({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const objectLink = useObjectPageLink();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: false });
  }, [pathname]);
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-indigo-600 focus:px-3 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <Header onMenu={() => setMenuOpen((o) => !o)} />
      <RecordingBar />
      <RecordingDropZone />
      <div className="lg:grid lg:min-h-[calc(100vh-3.5rem)] lg:grid-cols-[13rem_minmax(0,1fr)]">
        <Sidebar open={menuOpen} onNavigate={() => setMenuOpen(false)} />
        <main id="main" ref={main} tabIndex={-1} className="min-w-0 px-4 py-6 outline-none sm:px-6 lg:px-8">
          <OutageNotice />
          <HotLoopAlarm timelineOf={loopTimeline} objectOf={(loop) => objectLink(loop.object)} />
          <WarningNotices store={apiWarnings} />
          {children}
        </main>
      </div>
    </div>
  );
}
