import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { credentialsIn, traceCleaner } from './trace-cleaner.ts';

describe('what a record loses before it leaves in a recording', () => {
  it('redacts a Secret wherever it sits in a record, with or without its apiVersion', () => {
    const clean = traceCleaner('/nowhere', []);
    const record = {
      seq: 1,
      verb: 'create',
      object: {
        kind: 'Secret',
        metadata: { name: 's', annotations: { 'kubectl.kubernetes.io/last-applied-configuration': '{"data":{"p":"eA=="}}' } },
        data: { p: 'eA==' },
      },
      list: [{ apiVersion: 'v1', kind: 'Secret', stringData: { q: 'y' } }],
    };
    const cleaned = JSON.parse(clean(JSON.stringify(record)));
    expect(cleaned.object.data).toEqual({ p: '<redacted>' });
    expect(cleaned.object.metadata.annotations['kubectl.kubernetes.io/last-applied-configuration']).toBe('<redacted>');
    expect(cleaned.list[0].stringData).toEqual({ q: '<redacted>' });
    expect(cleaned.verb).toBe('create');
  });

  it('scrubs known values anywhere, also inside free text and escaped in JSON, and the data directory path', () => {
    const clean = traceCleaner('/data/dir', ['hunter2-"quoted"', 'short']);
    const body = JSON.stringify({ error: 'login failed for password hunter2-"quoted"', note: 'short stays', path: '/data/dir/history.db' });
    const cleaned = clean(body);
    expect(cleaned).not.toContain('hunter2');
    expect(JSON.parse(cleaned)).toEqual({ error: 'login failed for password <redacted>', note: 'short stays', path: '<data-dir>/history.db' });
  });

  it('finds the credentials a data directory keeps in its token files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'creds-'));
    writeFileSync(join(dir, 'console-token'), 'console-secret-token\n');
    writeFileSync(join(dir, 'admin-token'), 'admin-secret-token\n');
    writeFileSync(join(dir, 'history.db'), 'not a token');
    expect(credentialsIn(dir).sort()).toEqual(['admin-secret-token', 'console-secret-token']);
  });
});
