import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { objectAdmissionQueryOptions } from '../api/object-admission.ts';
import type { AdmittedWrite } from '../model/object-admission.ts';
import { ObjectAdmission } from './ObjectAdmission.tsx';

const dojo = { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web', uid: 'u-1' };

/** The tab over what the request log answered (put in the query cache, as a fetch would). */
function renderWith(writes: AdmittedWrite[]): string {
  const client = new QueryClient();
  client.setQueryData(objectAdmissionQueryOptions(dojo, 'dojos').queryKey, writes);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ObjectAdmission identity={dojo} resource="dojos" />
    </QueryClientProvider>,
  );
}

describe('ObjectAdmission', () => {
  it('says what would show up, and where to read how, while no webhook or policy saw a write', () => {
    const html = renderWith([]);
    expect(html).toContain('No admission webhook or policy has seen a write of this Dojo yet.');
    expect(html).toContain('docs/admission.md');
  });

  it('lists each admitted write, newest first as the log answered', () => {
    const write = (seq: number, code: number): AdmittedWrite => ({
      type: 'request',
      seq,
      time: seq * 1000,
      user: 'admin',
      verb: 'create',
      code,
      latencyMs: 1,
      admission: [
        {
          kind: 'ValidatingWebhookConfiguration',
          name: 'v.example.com',
          configuration: 'v',
          phase: 'validating',
          verdict: code < 400 ? 'allowed' : 'denied',
          latencyMs: 1,
        },
      ],
    });
    const html = renderWith([write(9, 201), write(5, 400)]);
    const created = html.indexOf('aria-label="validating webhook v.example.com: allowed"');
    const refused = html.indexOf('aria-label="validating webhook v.example.com: denied"');
    expect(created).toBeGreaterThan(-1);
    expect(refused).toBeGreaterThan(created);
  });

  it('hides the dry runs a form made while checking its draft, and says how many there are', () => {
    const dryRun: AdmittedWrite = {
      type: 'request',
      seq: 3,
      time: 3000,
      user: 'admin',
      verb: 'create',
      code: 400,
      latencyMs: 1,
      dryRun: true,
      admission: [{ kind: 'ValidatingWebhookConfiguration', name: 'v.example.com', configuration: 'v', phase: 'validating', verdict: 'denied', latencyMs: 1 }],
    };
    const html = renderWith([dryRun]);
    expect(html).toContain('Show dry runs (1)');
    expect(html).not.toContain('aria-label="validating webhook v.example.com: denied"');
  });
});
