/**
 * The API calls the Overview page (apps/web/src/app/pages/OverviewPage.tsx and the shell around
 * it) makes when it opens, as Chromium showed them on 2026-11-28 (a console of `npm start`,
 * three Dojos, the page's network requests recorded for 12 s):
 *
 * - the shell and the page's cards: the namespaces (`?limit=500`), `/api/resources`,
 *   `/api/session`, `/api/activity`, `/api/controllers`, `/api/scrape`, `/api/traces`;
 * - for every kind an operator's controller reconciles (the session's operators, in
 *   `/api/controllers` with role `operator`, resolved to their resource through
 *   `/api/resources`), all namespaces: the list as JSON (`?limit=500`, the page's "is it empty"
 *   check) and as a Table (`?includeObject=Object&limit=500`, the ResourceTable);
 * - then, while it stays open, `/api/activity` every second and `/api/scrape`, `/api/traces`
 *   every two (already among the above); controller metrics arrive over `/ws`.
 *
 * The kinds are read from the console under test, as the page reads them, so a new operator's
 * kind is asked for too.
 */
import type { PageApiCall } from './responsiveness-prober.ts';

interface ControllerEntry {
  role: string;
  forKind: { group: string; kind: string };
}

interface ServedResource {
  group: string;
  version: string;
  resource: string;
  kind: string;
}

// What apps/web's resource-list requests send: a Table, or the JSON list it falls back to.
const tableAccept = 'application/json;as=Table;v=v1;g=meta.k8s.io';

const shellAndCards: readonly PageApiCall[] = [
  '/api/kube/api/v1/namespaces?limit=500',
  '/api/resources',
  '/api/session',
  '/api/activity',
  '/api/controllers',
  '/api/scrape',
  '/api/traces',
].map((path) => ({ path }));

export async function overviewPageCalls(base: string, token: string): Promise<PageApiCall[]> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET ${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  };
  const { controllers } = await get<{ controllers: ControllerEntry[] }>('/api/controllers');
  const { resources } = await get<{ resources: ServedResource[] }>('/api/resources');
  const kinds = controllers
    .filter((c) => c.role === 'operator')
    .map((c) => resources.find((r) => r.group === c.forKind.group && r.kind === c.forKind.kind))
    .filter((r, i, all): r is ServedResource => r !== undefined && all.indexOf(r) === i);
  const listCalls = kinds.flatMap((r) => {
    const path = r.group === '' ? `/api/kube/api/${r.version}/${r.resource}` : `/api/kube/apis/${r.group}/${r.version}/${r.resource}`;
    return [{ path: `${path}?limit=500` }, { path: `${path}?includeObject=Object&limit=500`, accept: tableAccept }];
  });
  return [...shellAndCards, ...listCalls];
}
