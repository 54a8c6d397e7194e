import { describe, expect, it } from 'vitest';
import type { ClusterTransport } from '@dojo/console-live';
import { clusterSecretValues } from './secret-values.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');

function cluster(code: number, items: unknown[]): ClusterTransport {
  return { request: async () => ({ code, body: { items } }), openStream: async () => (async function* () {})() };
}

describe('the Secret values a recording scrubs', () => {
  it('are the values that hide something, as they are and as base64, not those that name a user, database or host', async () => {
    const values = await clusterSecretValues(
      cluster(200, [
        {
          metadata: { name: 'web' },
          data: { username: b64('web-owner'), password: b64('s3cret-pass'), uri: b64('postgresql://web-owner:s3cret-pass@db/web'), port: b64('5432') },
        },
      ]),
    );
    expect(values.sort()).toEqual(
      [b64('postgresql://web-owner:s3cret-pass@db/web'), b64('s3cret-pass'), 'postgresql://web-owner:s3cret-pass@db/web', 's3cret-pass'].sort(),
    );
  });

  it('are none when the console may not list Secrets', async () => {
    expect(await clusterSecretValues(cluster(403, []))).toEqual([]);
  });
});
