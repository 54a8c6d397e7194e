/** Controller summaries relayed to one browser subscription, once a second (and at once). */
import type { ConsoleControllers } from '../console-controllers.ts';
import type { Outbox, Subscription } from './subscription.ts';

export interface MetricsSubscriptionOptions {
  id: string;
  controllers: ConsoleControllers;
  outbox: Outbox;
  intervalMs?: number;
}

export function startMetricsSubscription({ id, controllers, outbox, intervalMs = 1000 }: MetricsSubscriptionOptions): Subscription {
  const tick = () => outbox.send({ id, type: 'metrics', controllers: controllers.all().map((c) => controllers.summary(c)) });
  tick();
  const timer = setInterval(tick, intervalMs);
  return { close: () => clearInterval(timer) };
}
