/**
 * When each object an operator reconciles counted as reconciled, from the benchmark's watches on
 * its kind and on its children's: once its controller-owned child exists and its status was
 * written for the spec it read, at the later of the two events' arrival.
 */
import type { WatchEvent } from './api-client.ts';
import type { ExternalOperator, WatchedObject } from './external-operators.ts';

export class ReconciledSet {
  private readonly statusAt = new Map<string, number>();
  private readonly childAt = new Map<string, number>();
  readonly reconciledAt = new Map<string, number>();

  constructor(private readonly operator: Pick<ExternalOperator, 'statusWritten' | 'ownerKind'>) {}

  onPrimary = (event: WatchEvent<WatchedObject>, at: number): void => {
    if (event.type !== 'ADDED' && event.type !== 'MODIFIED') return;
    if (this.operator.statusWritten(event.object)) this.mark(this.statusAt, event.object.metadata.name, at);
  };

  onChild = (event: WatchEvent<WatchedObject>, at: number): void => {
    if (event.type !== 'ADDED' && event.type !== 'MODIFIED') return;
    const owner = event.object.metadata.ownerReferences?.find((o) => o.controller && o.kind === this.operator.ownerKind);
    if (owner) this.mark(this.childAt, owner.name, at);
  };

  /** How far each half got: what a run that did not converge reports. */
  counts(): { statusWritten: number; childMade: number; reconciled: number } {
    return { statusWritten: this.statusAt.size, childMade: this.childAt.size, reconciled: this.reconciledAt.size };
  }

  private mark(map: Map<string, number>, name: string, at: number): void {
    if (map.has(name)) return;
    map.set(name, at);
    const status = this.statusAt.get(name);
    const child = this.childAt.get(name);
    if (status !== undefined && child !== undefined) this.reconciledAt.set(name, Math.max(status, child));
  }
}
