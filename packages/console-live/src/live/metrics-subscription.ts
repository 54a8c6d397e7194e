/** Controller summaries relayed to one browser subscription, once a second (and at once), at the connection's instant. */
import type { ControllerView } from '../controller-view.ts';
import type { Outbox, Subscription } from './subscription.ts';

export interface MetricsSubscriptionOptions {
  id: string;
  controllers: ControllerView;
  /** The instant the connection asks about (`?at=`); a live console has only now. */
  at?: number;
  outbox: Outbox;
  intervalMs?: number;
}

export function startMetricsSubscription({ id, controllers, at, outbox, intervalMs = 1000 }: MetricsSubscriptionOptions): Subscription {
  const tick = () => outbox.send({ id, type: 'metrics', controllers: controllers.list(at) });
  tick();
  const timer = setInterval(tick, intervalMs);
  return { close: () => clearInterval(timer) };
}
