/**
 * The soak's attacks of issue 35 items 5 and 7: recordings that are bombs (a header promising
 * 3 million records, one line of 80 MiB from a few kilobytes of gzip, a record that is not
 * JSON) and scrape targets the dialog must refuse (outside --scrape-allow, user:password@).
 * Each is refused at once with a 4xx; none may cost the console memory or its event loop.
 */
import { gzipSync } from 'node:zlib';
import type { Attack } from './hostile-requests.ts';
import { send } from './hostile-requests.ts';

const header = (records: number): string =>
  JSON.stringify({
    format: 'dojotrace',
    schemaVersion: 1,
    createdAt: '',
    createdBy: 'soak',
    source: { clusterMode: 'embedded', server: '', consoleVersion: '' },
    window: { from: null, to: 1 },
    streams: [{ stream: 'requests', columns: [], records, baseline: 0, firstSeq: 1, lastSeq: records, completeSince: 0, evicted: 0, evictedByType: {} }],
    meta: {},
  });
const record = (seq: number, body = '{"verb":"get"}'): string => `{"stream":"requests","seq":${seq},"time":${seq},"type":"get","index":{},"record":${body}}`;

const promisingMillions = gzipSync(`${header(3_000_000)}\n${Array.from({ length: 1_000 }, (_, i) => record(i + 1)).join('\n')}\n`);
const member = gzipSync(Buffer.alloc(16 * 1024 * 1024, 'a'));
const oneHugeLine = Buffer.concat([gzipSync(`${header(1)}\n{"stream":"requests","pad":"`), ...Array.from({ length: 5 }, () => member)]);
const notJson = gzipSync(`${header(2)}\n${record(1)}\n${record(2, '{"verb": get}')}\n`);

const upload =
  (name: string, file: Buffer): Attack =>
  (t) =>
    send(t, 'POST', `/api/recordings?name=${name}`, file, 'application/gzip');

export const fileAndTargetAttacks: Record<string, Attack> = {
  'recording promising 3 million records': upload('millions.dojotrace', promisingMillions),
  'recording of one 80 MiB line': upload('line.dojotrace', oneHugeLine),
  'recording whose record is not JSON': upload('broken.dojotrace', notJson),
  'scrape target outside --scrape-allow': (t) =>
    send(t, 'POST', '/api/scrape/targets', JSON.stringify({ name: 'metadata', url: 'http://169.254.169.254/latest/meta-data/' })),
  'scrape target with user:password@': (t) => send(t, 'POST', '/api/scrape/targets', JSON.stringify({ name: 'creds', url: 'http://u:p@127.0.0.1:9/metrics' })),
};
