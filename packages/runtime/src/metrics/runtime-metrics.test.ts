import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { RateLimitingWorkQueue } from '../workqueue/rate-limiting-queue.ts';
import { createRuntimeMetrics } from './runtime-metrics.ts';

const allNames = [
  'workqueue_depth',
  'workqueue_adds_total',
  'workqueue_queue_duration_seconds',
  'workqueue_work_duration_seconds',
  'workqueue_unfinished_work_seconds',
  'workqueue_longest_running_processor_seconds',
  'workqueue_retries_total',
  'controller_runtime_reconcile_total',
  'controller_runtime_reconcile_errors_total',
  'controller_runtime_terminal_reconcile_errors_total',
  'controller_runtime_reconcile_panics_total',
  'controller_runtime_reconcile_time_seconds',
  'controller_runtime_max_concurrent_reconciles',
  'controller_runtime_active_workers',
  'rest_client_requests_total',
];

describe('runtime metrics', () => {
  it('exposes every controller-runtime metric name', async () => {
    const metrics = createRuntimeMetrics();
    const text = await metrics.scrape();
    for (const name of allNames) expect(text).toContain(`# TYPE ${name} `);
  });

  it('labels workqueue series with the queue’s name as both name and controller', async () => {
    const clock = new FakeClock();
    const metrics = createRuntimeMetrics();
    const q = new RateLimitingWorkQueue({ name: 'dojo', clock, metricsProvider: metrics.workqueue });
    q.add('ns/a');
    q.add('ns/a');
    q.addRateLimited('ns/b');
    clock.step(2);
    await q.get();
    clock.step(500);
    const text = await metrics.scrape();
    // ns/a merged once; ns/b came due after its 5 ms backoff and is still waiting.
    expect(text).toContain('workqueue_adds_total{name="dojo",controller="dojo"} 2');
    expect(text).toContain('workqueue_retries_total{name="dojo",controller="dojo"} 1');
    expect(text).toContain('workqueue_depth{name="dojo",controller="dojo"} 1');
    expect(text).toContain('workqueue_queue_duration_seconds_count{name="dojo",controller="dojo"} 1');
    expect(text).toContain('workqueue_longest_running_processor_seconds{name="dojo",controller="dojo"} 0.5');
  });

  it('starts every reconcile_total result at zero for a new controller', async () => {
    const metrics = createRuntimeMetrics();
    const dojo = metrics.forController('dojo');
    dojo.reconciled('requeue_after');
    const text = await metrics.scrape();
    expect(text).toContain('controller_runtime_reconcile_total{controller="dojo",result="success"} 0');
    expect(text).toContain('controller_runtime_reconcile_total{controller="dojo",result="requeue_after"} 1');
    expect(text).toContain('controller_runtime_reconcile_errors_total{controller="dojo"} 0');
  });

  it('counts REST requests by code, method and host', async () => {
    const metrics = createRuntimeMetrics();
    metrics.restClient.request(409, 'put', '127.0.0.1:6443');
    expect(await metrics.scrape()).toContain('rest_client_requests_total{code="409",method="PUT",host="127.0.0.1:6443"} 1');
  });

  it('keeps registries apart, so two instances never collide', async () => {
    const a = createRuntimeMetrics();
    const b = createRuntimeMetrics();
    a.forController('dojo').reconciled('error');
    expect(await b.scrape()).not.toContain('controller="dojo"');
  });
});
