/**
 * Hostile inputs to a running console, in the shape of the reproductions of issue 35 (items 5,
 * 6 and 7): a scrape target that serves a password file, too many series or a megabyte label;
 * target URLs with credentials or outside `--scrape-allow`; Secrets rotated and deleted after
 * their values were quoted elsewhere; recordings that are bombs, one huge line, or not JSON.
 * Real console, real HTTP, bounded loops; `/healthz` and RSS are measured meanwhile.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';

let c: ConsoleHarness;
let target: { server: Server; url: string; body: string };

beforeAll(async () => {
  c = await startConsole();
  const server = createServer((_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(target.body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  target = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`, body: '' };
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => target?.server.close(resolve));
  await c?.close();
});

/** Polls `/healthz` and samples RSS until stopped: the worst latency and the highest RSS seen. */
function watchHealth() {
  let stopped = false;
  let worstMs = 0;
  let maxRss = process.memoryUsage().rss;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      // A console gone (a failed test closed it) ends the watch; the assertion names the latency.
      const ok = await fetch(`${c.base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ok) {
        worstMs = Infinity;
        break;
      }
      worstMs = Math.max(worstMs, performance.now() - started);
      maxRss = Math.max(maxRss, process.memoryUsage().rss);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return { worstMs, maxRssMb: maxRss / 1024 / 1024 };
  };
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('a scrape target added in the console', () => {
  const add = (name: string, url: string) => c.http('POST', '/api/scrape/targets', { body: { name, url } });
  async function failedWith(name: string): Promise<{ error: string; controllers: unknown[] }> {
    let status: { state: string; error?: string; controllers: unknown[] } | undefined;
    await vi.waitFor(
      async () => {
        status = (await c.http('GET', '/api/scrape')).body.targets.find((t: { name: string }) => t.name === name);
        expect(status?.state).toBe('stale');
      },
      { timeout: 30_000, interval: 100 },
    );
    await c.http('DELETE', `/api/scrape/targets/${name}`);
    return status as { error: string; controllers: unknown[] };
  }

  it('that serves a password file fails naming the line, never quoting it', async () => {
    target.body = 'root:x:0:0:root:/root:/bin/bash\nalice:s3cr3t-pair:1000:1000::/home/alice:/bin/sh\n';
    expect((await add('passwd', target.url)).status).toBe(201);
    const { error } = await failedWith('passwd');
    expect(error).toMatch(/^not the Prometheus text format: line 1 \(byte offset \d+\): expected/);
    expect(error).not.toMatch(/root|alice|s3cr3t/);
  });

  it('over sample_limit, or with a label value of a megabyte, fails naming the limit, keeps no series, and the console stays responsive', async () => {
    const health = watchHealth();
    // 30,000 series (1 MB): under body_size_limit, over sample_limit.
    target.body = Array.from({ length: 30_000 }, (_, i) => `workqueue_depth{name="controller-${i}"} 1`).join('\n');
    expect((await add('many', target.url)).status).toBe(201);
    const many = await failedWith('many');
    expect(many.error).toBe('sample_limit exceeded: the target exposes more than 20000 samples');
    expect(many.controllers).toEqual([]);
    target.body = `workqueue_depth{name="${'n'.repeat(1024 * 1024)}"} 1\n`;
    expect((await add('long', target.url)).status).toBe(201);
    expect((await failedWith('long')).error).toBe('label_value_length_limit exceeded: a label value is longer than 1024 characters');
    const scrape = await fetch(`${c.base}/api/scrape`, { headers: { authorization: `Bearer ${c.token}` } });
    expect((await scrape.text()).length).toBeLessThan(64 * 1024);
    const { worstMs, maxRssMb } = await health();
    expect(worstMs).toBeLessThan(5_000);
    expect(maxRssMb).toBeLessThan(4_096);
  }, 90_000);

  it('lets go of its series when removed', async () => {
    target.body = Array.from({ length: 150 }, (_, i) => `workqueue_depth{name="c-${i}"} ${i}`).join('\n');
    expect((await add('fine', target.url)).status).toBe(201);
    await vi.waitFor(
      async () => expect((await c.http('GET', '/api/scrape')).body.targets.find((t: { name: string }) => t.name === 'fine')?.controllers).toHaveLength(150),
      { timeout: 30_000, interval: 100 },
    );
    expect((await c.http('DELETE', '/api/scrape/targets/fine')).status).toBe(200);
    expect((await c.http('GET', '/api/scrape')).body.targets.map((t: { name: string }) => t.name)).not.toContain('fine');
  }, 60_000);

  it('is refused with a 400 when its URL carries user:password@, without echoing it', async () => {
    const res = await add('creds', 'http://scraper:hunter22@127.0.0.1:9/metrics');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/user name or password/);
    expect(JSON.stringify(res.body)).not.toContain('hunter22');
    expect((await c.http('GET', '/api/scrape')).body.targets.map((t: { name: string }) => t.name)).not.toContain('creds');
  });

  it('is refused with a 400 naming --scrape-allow when its host is not allowed', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1:8080/metrics', 'http://[fd00::1]/metrics']) {
      const res = await add('elsewhere', url);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toMatch(/is not in --scrape-allow \(127\.0\.0\.0\/8, ::1, localhost/);
    }
    expect((await add('loopback', 'http://localhost:9/metrics')).status).toBe(201);
    await c.http('DELETE', '/api/scrape/targets/loopback');
  });
});

describe('a recording exported after Secrets were rotated and deleted', () => {
  /** The ledger holds the value's HMAC: the console has seen it (its Secret's version reached the informer). */
  function remembered(value: string): boolean {
    const [head, ...lines] = readFileSync(`${c.dataDir}/secret-value-hashes`, 'utf8').split('\n');
    const hmac = createHmac('sha256', Buffer.from(head!.split(' ')[2]!, 'hex'))
      .update(value)
      .digest('hex');
    return lines.some((l) => l.endsWith(` ${hmac}`));
  }

  it('holds none of the values they ever had, as they are or base64-encoded, where an Event and a ConfigMap quoted them', async () => {
    const rotated = 'rotated-0ld-p4ss';
    const deleted = 'deleted-0ld-t0ken';
    for (const [name, value] of [
      ['rotated', rotated],
      ['deleted', deleted],
    ]) {
      expect(
        (
          await c.http('POST', '/api/kube/api/v1/namespaces/default/secrets', {
            body: { apiVersion: 'v1', kind: 'Secret', metadata: { name }, stringData: { password: value } },
          })
        ).status,
      ).toBe(201);
    }
    await vi.waitFor(() => expect(remembered(rotated) && remembered(deleted)).toBe(true), { timeout: 30_000, interval: 100 });
    const quoted = `old ${rotated} and ${deleted}; encoded ${b64(rotated)} ${b64(deleted)}`;
    expect(
      (
        await c.http('POST', '/api/kube/api/v1/namespaces/default/configmaps', {
          body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'quoting' }, data: { note: quoted } },
        })
      ).status,
    ).toBe(201);
    const event = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'quoting.1', namespace: 'default' },
      involvedObject: { kind: 'ConfigMap', name: 'quoting', namespace: 'default' },
      reason: 'Quoted',
      message: quoted,
      type: 'Normal',
    };
    expect((await c.http('POST', '/api/kube/api/v1/namespaces/default/events', { body: event })).status).toBe(201);
    const patch = await c.http('PATCH', '/api/kube/api/v1/namespaces/default/secrets/rotated', {
      body: { stringData: { password: 'rotated-n3w-p4ss' } },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(patch.status).toBe(200);
    expect((await c.http('DELETE', '/api/kube/api/v1/namespaces/default/secrets/deleted')).status).toBe(200);
    let text = '';
    await vi.waitFor(
      async () => {
        const res = await fetch(`${c.base}/api/recording/export`, { headers: { authorization: `Bearer ${c.token}` } });
        text = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
        expect(text).toContain('quoting.1');
        expect(text).toContain('"Quoted"');
      },
      { timeout: 30_000, interval: 250 },
    );
    for (const value of [rotated, deleted, b64(rotated), b64(deleted)]) expect(text, value).not.toContain(value);
    expect(text).toContain('old <redacted> and <redacted>; encoded <redacted> <redacted>');
  }, 90_000);
});

describe('a recording uploaded to the console', () => {
  const upload = (name: string, body: Buffer) =>
    fetch(`${c.base}/api/recordings?name=${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${c.token}`, 'x-dojo-console': '1', 'content-type': 'application/gzip' },
      body,
    });
  const header = (records: number) =>
    JSON.stringify({
      format: 'dojotrace',
      schemaVersion: 1,
      createdAt: '',
      createdBy: 'test',
      source: { clusterMode: 'embedded', server: '', consoleVersion: '' },
      window: { from: null, to: 1 },
      streams: [{ stream: 'requests', columns: [], records, baseline: 0, firstSeq: 1, lastSeq: records, completeSince: 0, evicted: 0, evictedByType: {} }],
      meta: {},
    });
  const record = (seq: number, body = '{"verb":"get"}') => `{"stream":"requests","seq":${seq},"time":${seq},"type":"get","index":{},"record":${body}}`;

  it('that promises 3 million records, or holds more than it promises, is refused before it is stored (413), and the console stays responsive', async () => {
    const health = watchHealth();
    const lines = Array.from({ length: 100_000 }, (_, i) => record(i + 1)).join('\n');
    const honest = await upload('many.dojotrace', gzipSync(`${header(3_000_000)}\n${lines}\n`));
    expect(honest.status).toBe(413);
    expect(((await honest.json()) as { message: string }).message).toBe(
      'Request entity too large: many.dojotrace: the header promises 3000000 records, more than the 2000000 a console opens',
    );
    const lying = await upload('lying.dojotrace', gzipSync(`${header(10)}\n${lines}\n`));
    expect(lying.status).toBe(400);
    expect(((await lying.json()) as { message: string }).message).toBe(
      'lying.dojotrace: line 12: stream requests has more records than the 10 its header promises',
    );
    const { worstMs } = await health();
    expect(worstMs).toBeLessThan(5_000);
  }, 60_000);

  it('that decompresses to one line of 400 MB is refused at 16 MiB, in linear time', async () => {
    const member = gzipSync(Buffer.alloc(16 * 1024 * 1024, 'a'));
    const bomb = Buffer.concat([gzipSync(`${header(1)}\n{"stream":"requests","pad":"`), ...Array.from({ length: 25 }, () => member)]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const health = watchHealth();
    const started = performance.now();
    const res = await upload('line.dojotrace', bomb);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Request entity too large: line.dojotrace: line 2 is longer than 16777216 bytes, the longest line a console reads',
    );
    expect(performance.now() - started).toBeLessThan(30_000);
    expect((await health()).worstMs).toBeLessThan(5_000);
  }, 60_000);

  it('whose record is not JSON is a 400 naming its line', async () => {
    const res = await upload('broken.dojotrace', gzipSync(`${header(2)}\n${record(1)}\n${record(2, '{"verb": get}')}\n`));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('broken.dojotrace: line 3: its record is not JSON');
  });
});
