/**
 * Timeline filters (controller, object, result) as derived lanes. Filtering is incremental: a
 * lane is re-scanned only from its first span that was still running last time, so a stream of
 * new spans costs O(new spans), not O(all spans). A lane whose spans were reordered or trimmed
 * (its `revision` moved) is scanned again from the start. With an object filter, lanes with no
 * span of that object are left out.
 */
import type { ReconcileResultKind, Trigger } from '@dojo/console-protocol';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import type { Lane, Span } from './span.ts';

export type SpanOutcome = ReconcileResultKind | 'running';

/** Every outcome a span can have: how a reconcile ended, or still running. */
export const spanOutcomes: readonly SpanOutcome[] = ['success', 'error', 'requeue', 'requeueAfter', 'conflict', 'running'];

export interface SpanFilter {
  controller?: string;
  /** Text the object must contain: its key ("default/a") or its identity ("apps/Deployment/default/a"). */
  object?: string;
  /** Exactly this object (an object's own page); with a uid, this incarnation only. */
  identity?: ObjectIdentity;
  /** A trigger kind ("Deployment") or reason ("requeue") one of the span's triggers must have. */
  trigger?: string;
  /** Outcomes to show; undefined shows all. */
  outcomes?: ReadonlySet<SpanOutcome>;
  /** In a recording, the instant the time slider chose: reconciles that started after it had not happened yet. */
  until?: number;
}

/** What a trigger filter matches a trigger by: its source kind, else its reason. */
export function triggerLabel(trigger: Trigger): string {
  return trigger.kind ?? trigger.reason;
}

export function outcomeOf(span: Span): SpanOutcome {
  return span.result ?? 'running';
}

export function isFilterActive(filter: SpanFilter): boolean {
  return Boolean(filter.object || filter.identity || filter.trigger || filter.outcomes || filter.until !== undefined);
}

/** Does the span belong to this object (same kind, namespace and name, and incarnation when both know it)? */
export function isSpanOf(span: Span, identity: ObjectIdentity): boolean {
  if (span.objectKey !== identityKey(identity)) return false;
  return identity.uid === undefined || span.object?.uid === undefined || span.object.uid === identity.uid;
}

export function matchesFilter(span: Span, filter: SpanFilter): boolean {
  if (filter.until !== undefined && span.start > filter.until) return false;
  if (filter.identity && !isSpanOf(span, filter.identity)) return false;
  if (filter.object && !span.key.includes(filter.object) && !span.objectKey?.includes(filter.object)) return false;
  if (filter.trigger && !span.triggers.some((t) => triggerLabel(t) === filter.trigger)) return false;
  if (filter.outcomes && !filter.outcomes.has(outcomeOf(span))) return false;
  return true;
}

interface Cached {
  revision: number;
  source: Span[];
  scanned: number;
  lane: Lane;
}

export class LaneFilter {
  #filter: SpanFilter = {};
  #cache = new Map<string, Cached>();

  /** The lanes to draw for `filter`; the same arrays come back while nothing changed. */
  apply(lanes: readonly Lane[], filter: SpanFilter): Lane[] {
    if (filter !== this.#filter) {
      this.#filter = filter;
      this.#cache.clear();
    }
    const visible = filter.controller ? lanes.filter((l) => l.controller === filter.controller) : [...lanes];
    if (!isFilterActive(filter)) return visible;
    const filtered = visible.map((lane) => this.#filtered(lane, filter));
    // Looking at one object or trigger, the lanes of workers that never touched it are noise.
    return filter.object || filter.identity || filter.trigger ? filtered.filter((lane) => lane.spans.length > 0) : filtered;
  }

  #filtered(lane: Lane, filter: SpanFilter): Lane {
    let cached = this.#cache.get(lane.id);
    if (!cached || cached.revision !== lane.revision || cached.source !== lane.spans) {
      cached = { revision: lane.revision, source: lane.spans, scanned: 0, lane: { ...lane, spans: [] } };
      this.#cache.set(lane.id, cached);
    }
    const { source } = cached;
    if (cached.scanned === source.length) return cached.lane;
    // Drop what was taken from the unfinished tail last time; it is judged again below.
    const spans = cached.lane.spans;
    while (spans.length && source.indexOf(spans[spans.length - 1]!, cached.scanned) >= cached.scanned) spans.pop();
    let firstRunning = -1;
    for (let i = cached.scanned; i < source.length; i++) {
      const span = source[i]!;
      if (span.result === undefined && firstRunning < 0) firstRunning = i;
      if (matchesFilter(span, filter)) spans.push(span);
    }
    cached.scanned = firstRunning < 0 ? source.length : firstRunning;
    cached.lane = { ...lane, spans };
    return cached.lane;
  }
}
