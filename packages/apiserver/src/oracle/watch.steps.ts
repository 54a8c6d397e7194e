/** Watching from a resourceVersion: the events after it, in order, and the initial state at "0". */
import { custom, type Step, type Target } from './differential.ts';
import { createNormalizer } from './normalize.ts';
import { ns } from './core-crud.steps.ts';

const cms = `/api/v1/namespaces/${ns}/configmaps`;
const mergePatch = { 'content-type': 'application/merge-patch+json' };

/** A watch that the server ends after `timeoutSeconds`: its events, one JSON object a line. */
async function watchEvents(target: Target, query: string): Promise<string> {
  const result = await target.call('GET', `${cms}?watch=1&fieldSelector=metadata.name%3Dwatched&timeoutSeconds=2&${query}`);
  const events = result.raw
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
  return `status ${result.status}\n${createNormalizer().json(events)}`;
}

export const watchSteps: Step[] = [
  custom('watch from the resourceVersion of a create sees the updates and the delete, in order', async (target) => {
    const created = await target.call('POST', cms, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'watched' }, data: { n: '0' } });
    await target.call('PATCH', `${cms}/watched`, { data: { n: '1' } }, mergePatch);
    await target.call('PATCH', `${cms}/watched`, { data: { n: '2' } }, mergePatch);
    await target.call('DELETE', `${cms}/watched`);
    return watchEvents(target, `resourceVersion=${created.body.metadata.resourceVersion}`);
  }),
  custom('watch from resourceVersion 0 starts with the current state as ADDED', async (target) => {
    await target.call('POST', cms, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'watched' }, data: { n: 'again' } });
    return watchEvents(target, 'resourceVersion=0');
  }),
  custom('watch with sendInitialEvents sends ADDED then a bookmark marked initial-events-end', async (target) => {
    return watchEvents(target, 'sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true');
  }),
];
