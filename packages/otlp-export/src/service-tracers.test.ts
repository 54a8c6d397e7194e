import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { ReconcileIdGenerator } from './reconcile-ids.ts';
import { ServiceTracers } from './service-tracers.ts';

describe('a tracer per service', () => {
  it("names the operators' services after their clients, up to a limit past which they share one", () => {
    const memory = new InMemorySpanExporter();
    const tracers = new ServiceTracers({ processor: new SimpleSpanProcessor(memory), ids: new ReconcileIdGenerator(), version: '1.2.3', maxServices: 2 });
    for (const client of ['op-a', 'op-b', 'op-c', 'op-a', 'op-d']) tracers.operator(client).startSpan(client).end();
    tracers.console().startSpan('own').end();
    expect(memory.getFinishedSpans().map((s) => [s.name, s.resource.attributes['service.name']])).toEqual([
      ['op-a', 'op-a'],
      ['op-b', 'op-b'],
      ['op-c', 'dojo-console-other-clients'],
      ['op-a', 'op-a'],
      ['op-d', 'dojo-console-other-clients'],
      ['own', 'dojo-console'],
    ]);
  });

  it("takes the console's service name from OTEL_SERVICE_NAME when it is set", () => {
    const memory = new InMemorySpanExporter();
    const tracers = new ServiceTracers({
      processor: new SimpleSpanProcessor(memory),
      ids: new ReconcileIdGenerator(),
      version: '1.2.3',
      env: { OTEL_SERVICE_NAME: 'console-eu' },
    });
    tracers.console().startSpan('own').end();
    expect(memory.getFinishedSpans()[0]!.resource.attributes['service.name']).toBe('console-eu');
  });
});
