import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { objectAdmissionQueryOptions } from '../api/object-admission.ts';
import type { AdmittedWritesPage } from '../model/object-admission.ts';
import { admittedWrite, webDojo, webhookRecord } from '../testing/admitted-writes.ts';
import { ObjectAdmission } from './ObjectAdmission.tsx';

/** The tab over what the request log answered for the writes, and for the dry runs when given (put in the query cache, as a fetch would). */
function renderWith(writes: AdmittedWritesPage[], dryRuns?: AdmittedWritesPage[]): string {
  const client = new QueryClient();
  const put = (dryRun: boolean, pages: AdmittedWritesPage[]) =>
    client.setQueryData(objectAdmissionQueryOptions(webDojo, 'dojos', dryRun).queryKey, { pages, pageParams: pages.map(() => undefined) });
  put(false, writes);
  if (dryRuns) put(true, dryRuns);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ObjectAdmission identity={webDojo} resource="dojos" showDryRunsAtFirst={dryRuns !== undefined} />
    </QueryClientProvider>,
  );
}

const denied = (seq: number, dryRun = false) => admittedWrite(seq, { code: 400, ...(dryRun ? { dryRun } : {}), admission: [webhookRecord('denied')] });

describe('ObjectAdmission', () => {
  it('says what would show up, and where to read how, while no webhook or policy saw a write', () => {
    const html = renderWith([{ writes: [] }]);
    expect(html).toContain('No admission webhook or policy has seen a write of this Dojo yet.');
    expect(html).toContain('docs/admission.md');
  });

  it('lists each admitted write, newest first', () => {
    const html = renderWith([{ writes: [admittedWrite(5), denied(9)] }]);
    const refused = html.indexOf('aria-label="validating webhook v.example.com: denied"');
    const created = html.indexOf('aria-label="validating webhook v.example.com: allowed"');
    expect(refused).toBeGreaterThan(-1);
    expect(created).toBeGreaterThan(refused);
  });

  it('offers the dry runs without having asked for them', () => {
    const html = renderWith([{ writes: [admittedWrite(5)] }]);
    expect(html).toContain('Show dry runs</label>');
  });

  it('shows the dry runs, with their own count, among the writes once asked for', () => {
    const html = renderWith([{ writes: [admittedWrite(5)] }], [{ writes: [denied(7, true), denied(6, true)] }]);
    expect(html).toContain('Show dry runs (2)');
    expect(html.indexOf('aria-label="validating webhook v.example.com: denied"')).toBeLessThan(
      html.indexOf('aria-label="validating webhook v.example.com: allowed"'),
    );
  });

  it('says how far back a search that stopped early looked, and offers to look further, instead of claiming there is none', () => {
    const html = renderWith([{ writes: [], searchedBackTo: 20_001 }]);
    expect(html).not.toContain('has seen a write of this Dojo yet');
    expect(html).toContain('Searched the request log back to seq 20001 for writes');
    expect(html).toContain('Look further back');
  });
});
