/**
 * The list/watch parameters and their combinations (apimachinery's ValidateListOptions and the
 * watch cache's rules): sendInitialEvents × resourceVersionMatch × allowWatchBookmarks ×
 * resourceVersion for watches (streams and 422s), a watch from a resourceVersion that is not
 * yet reached, LIST with resourceVersionMatch, paging with limit and continue, and field and
 * label selectors. A watch is read until the server ends it (`timeoutSeconds=1`).
 */
import { custom, http, type Step, type Target } from './differential.ts';
import { createNormalizer } from './normalize.ts';

const ns = 'oracle-watch';
const cms = `/api/v1/namespaces/${ns}/configmaps`;
const names = ['w-a', 'w-b', 'w-c', 'w-d', 'w-e'];

/** The current resourceVersion of the collection (what a client's list would answer). */
async function listRv(target: Target): Promise<string> {
  return (await target.call('GET', cms)).body.metadata.resourceVersion as string;
}

/**
 * A collection's resourceVersion (a list's, a bookmark's) is the store's newest revision, which
 * kube-apiserver's own writes elsewhere (its identity Lease, renewed every few seconds) move on at
 * their own pace; the items' resourceVersions stay compared.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- watch events and lists as parsed JSON
function stableCollectionRvs(value: any): unknown {
  if (Array.isArray(value))
    return value.map((event) =>
      event?.type === 'BOOKMARK' ? { ...event, object: { ...event.object, metadata: { ...event.object.metadata, resourceVersion: '<bookmark-rv>' } } } : event,
    );
  if (value && typeof value === 'object' && typeof value.kind === 'string' && value.kind.endsWith('List') && value.metadata) {
    return { ...value, metadata: { ...value.metadata, resourceVersion: '<list-rv>' } };
  }
  return value;
}

/** Large numbers in messages (resourceVersions quoted in texts) are the servers' own. */
const numbersInText = (text: string) => text.replace(/\b\d{2,}\b/g, '<n>');

async function watchObservation(target: Target, query: string): Promise<string> {
  const result = await target.call('GET', `${cms}?watch=1&timeoutSeconds=1${query}`);
  const normalizer = createNormalizer();
  const lines = result.raw
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const parsed = lines.map((line) => {
    try {
      return JSON.parse(line);
    } catch {
      return line;
    }
  });
  const body = parsed.length === 1 && parsed[0]?.kind === 'Status' ? parsed[0] : stableCollectionRvs(parsed);
  return numbersInText(`status ${result.status}\n${normalizer.json(body)}`);
}

type RvChoice = 'none' | '0' | 'current';
const rvChoices: RvChoice[] = ['none', '0', 'current'];
const sendInitialChoices = [undefined, 'true', 'false'];
const matchChoices = [undefined, 'NotOlderThan', 'Exact'];
const bookmarkChoices = [undefined, 'true'];

function watchCombination(rv: RvChoice, sendInitialEvents?: string, match?: string, bookmarks?: string): Step {
  const parts = [
    `rv=${rv}`,
    sendInitialEvents ? `sendInitialEvents=${sendInitialEvents}` : '',
    match ? `resourceVersionMatch=${match}` : '',
    bookmarks ? 'allowWatchBookmarks=true' : '',
  ].filter(Boolean);
  return custom(`watch params: ${parts.join(' ')}`, async (target) => {
    const rvValue = rv === 'none' ? undefined : rv === '0' ? '0' : await listRv(target);
    const query = [
      rvValue !== undefined ? `resourceVersion=${rvValue}` : '',
      sendInitialEvents ? `sendInitialEvents=${sendInitialEvents}` : '',
      match ? `resourceVersionMatch=${match}` : '',
      bookmarks ? 'allowWatchBookmarks=true' : '',
    ]
      .filter(Boolean)
      .map((p) => `&${p}`)
      .join('');
    return watchObservation(target, query);
  });
}

const combinations = rvChoices.flatMap((rv) =>
  sendInitialChoices.flatMap((send) => matchChoices.flatMap((match) => bookmarkChoices.map((bm) => watchCombination(rv, send, match, bm)))),
);

/** Follows continue tokens page by page, answering each page's names and remainingItemCount. */
const paging = (limit: number) =>
  custom(`list paging: limit=${limit} followed to the end`, async (target) => {
    const pages: string[] = [];
    let token = '';
    for (let i = 0; i < 10; i++) {
      const result = await target.call('GET', `${cms}?limit=${limit}${token ? `&continue=${encodeURIComponent(token)}` : ''}`);
      const meta = result.body.metadata ?? {};
      pages.push(
        `status ${result.status} items=[${(result.body.items ?? []).map((o: { metadata: { name: string } }) => o.metadata.name).join(',')}] remaining=${meta.remainingItemCount ?? '-'} continue=${meta.continue ? 'yes' : 'no'}`,
      );
      token = meta.continue ?? '';
      if (!token) break;
    }
    return pages.join('\n');
  });

async function listObservation(target: Target, query: string): Promise<string> {
  const result = await target.call('GET', `${cms}?${query}`);
  const warning = result.headers['warning'];
  const normalizer = createNormalizer();
  return [
    normalizer.text(`GET ${cms}?${query}`),
    `status ${result.status}`,
    ...(warning ? [`warning: ${String(warning)}`] : []),
    normalizer.json(stableCollectionRvs(result.body)),
  ].join('\n');
}

const listWith = (name: string, query: string) => custom(`list params: ${name}`, (target) => listObservation(target, query));

export const watchParamSteps: Step[] = [
  http('watch params: create the namespace', {
    method: 'POST',
    path: '/api/v1/namespaces',
    body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } },
  }),
  ...names.map((name, i) =>
    http(`watch params: create ${name}`, {
      method: 'POST',
      path: cms,
      body: {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name, labels: { idx: String(i), parity: i % 2 === 0 ? 'even' : 'odd' } },
        data: { i: String(i) },
      },
    }),
  ),
  ...combinations,
  custom('watch params: from a resourceVersion far ahead', async (target) => {
    const ahead = String(Number(await listRv(target)) + 1_000_000);
    return watchObservation(target, `&resourceVersion=${ahead}`);
  }),
  custom('watch params: from an unparsable resourceVersion', (target) => watchObservation(target, '&resourceVersion=abc')),
  custom('watch params: timeoutSeconds negative', (target) => watchObservation(target, '&timeoutSeconds=-1')),
  custom('list params: resourceVersionMatch=Exact at the current resourceVersion', async (target) => {
    const rv = await listRv(target);
    return listObservation(target, `resourceVersion=${rv}&resourceVersionMatch=Exact`);
  }),
  custom('list params: resourceVersionMatch=NotOlderThan at the current resourceVersion', async (target) => {
    const rv = await listRv(target);
    return listObservation(target, `resourceVersion=${rv}&resourceVersionMatch=NotOlderThan`);
  }),
  custom('list params: resourceVersion far ahead (NotOlderThan)', async (target) => {
    const ahead = String(Number(await listRv(target)) + 1_000_000);
    const result = await target.call('GET', `${cms}?resourceVersion=${ahead}&resourceVersionMatch=NotOlderThan`);
    return numbersInText(`status ${result.status}\nretry-after ${String(result.headers['retry-after'])}\n${createNormalizer().json(result.body)}`);
  }),
  listWith('resourceVersionMatch=Exact without a resourceVersion: 422', 'resourceVersionMatch=Exact'),
  listWith('resourceVersionMatch=NotOlderThan without a resourceVersion: 422', 'resourceVersionMatch=NotOlderThan'),
  listWith('resourceVersionMatch=Exact at 0: 422', 'resourceVersion=0&resourceVersionMatch=Exact'),
  listWith('resourceVersionMatch=NotOlderThan at 0', 'resourceVersion=0&resourceVersionMatch=NotOlderThan'),
  listWith('resourceVersionMatch=Bogus: 422', 'resourceVersion=0&resourceVersionMatch=Bogus'),
  listWith('resourceVersionMatch with a continue token: 422', 'resourceVersion=1&resourceVersionMatch=Exact&continue=abc'),
  listWith('sendInitialEvents on a list: 422', 'sendInitialEvents=true'),
  listWith('resourceVersion=0', 'resourceVersion=0'),
  listWith('an unparsable resourceVersion', 'resourceVersion=abc'),
  paging(1),
  paging(2),
  paging(5),
  paging(10),
  listWith('limit=0 (no limit)', 'limit=0'),
  listWith('a garbled continue token: 400', 'limit=1&continue=garbage'),
  listWith('limit with resourceVersion=0 (served whole)', 'limit=2&resourceVersion=0'),
  listWith('fieldSelector metadata.name', 'fieldSelector=metadata.name%3Dw-b'),
  listWith('fieldSelector metadata.name!=', 'fieldSelector=metadata.name!%3Dw-b'),
  listWith('fieldSelector metadata.namespace', `fieldSelector=metadata.namespace%3D${ns}`),
  listWith('fieldSelector on an unsupported field: 400', 'fieldSelector=data.i%3D1'),
  listWith('fieldSelector malformed: 400', 'fieldSelector=metadata.name'),
  listWith('labelSelector in', 'labelSelector=idx%20in%20(1%2C3)'),
  listWith('labelSelector notin', 'labelSelector=idx%20notin%20(1%2C3)'),
  listWith('labelSelector exists', 'labelSelector=parity'),
  listWith('labelSelector does not exist', 'labelSelector=!parity'),
  listWith('labelSelector != and =', 'labelSelector=parity%3Deven%2Cidx!%3D0'),
  listWith('labelSelector with a bad value: 400', 'labelSelector=idx%3D%25%25'),
  listWith('label and field selectors together', 'labelSelector=parity%3Dodd&fieldSelector=metadata.name%3Dw-d'),
  custom('watch params: a field-selected watch sees only its object', async (target) => {
    const rv = await listRv(target);
    await target.call('PATCH', `${cms}/w-a`, { data: { touched: 'yes' } }, { 'content-type': 'application/merge-patch+json' });
    await target.call('PATCH', `${cms}/w-b`, { data: { touched: 'yes' } }, { 'content-type': 'application/merge-patch+json' });
    return watchObservation(target, `&resourceVersion=${rv}&fieldSelector=metadata.name%3Dw-b`);
  }),
  custom('watch params: a label-selected watch sees an object leave the selection as DELETED', async (target) => {
    const rv = await listRv(target);
    await target.call('PATCH', `${cms}/w-c`, { metadata: { labels: { parity: 'odd' } } }, { 'content-type': 'application/merge-patch+json' });
    return watchObservation(target, `&resourceVersion=${rv}&labelSelector=parity%3Deven`);
  }),
];
