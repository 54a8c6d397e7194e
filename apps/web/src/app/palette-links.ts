/**
 * What the command palette opens besides kinds and objects: every page of the sidebar, and each
 * controller's Workqueue and Debug pages. The controllers are read once the palette opens.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { controllersQueryOptions } from '../features/controllers/api/controllers.ts';
import type { PaletteLink } from '../features/resources/model/palette-search.ts';
import { navItems, paths } from './paths.ts';

export function usePaletteLinks(open: boolean): PaletteLink[] {
  const controllers = useQuery({ ...controllersQueryOptions(), enabled: open });
  return useMemo(
    () => [
      ...navItems.map((item): PaletteLink => ({ label: item.label, to: item.to, what: 'page' })),
      ...(controllers.data ?? []).flatMap((c): PaletteLink[] => [
        { label: `Workqueue · ${c.name}`, to: paths.workqueue({ controller: c.name }), what: 'controller', words: [c.name] },
        { label: `Debug · ${c.name}`, to: paths.debug({ controller: c.name }), what: 'controller', words: [c.name] },
      ]),
    ],
    [controllers.data],
  );
}
