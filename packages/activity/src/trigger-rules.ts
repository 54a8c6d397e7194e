/**
 * Why did a client start a pass over an object? The rules, strongest first, and how sure each
 * is (docs/request-journal.md has the same table):
 *
 * | rule | when | confidence |
 * | --- | --- | --- |
 * | same-object-event | an unconsumed event about the object reached the client within `triggerWindowMs` | 0.9, 0.75 past 1 s, 0.6 past 3 s |
 * | owned-object-event | only events about objects it controls did | 0.8, 0.65, 0.5 |
 * | initial-list | no event, but the client listed the kind within `listWindowMs` and has not passed over the object since | 0.6 |
 * | periodic | no event, and passes over the object recur at a steady interval (within 20%, at least 1 s) | 0.6 |
 * | no-trigger | nothing the server saw explains it: a requeue, a timer, input from outside | 0.3 |
 *
 * Every event that matched is merged into the pass (a queue merges repeated adds of a key) and
 * consumed: it triggers no later pass.
 */
import type { InferenceRule, Trigger } from '@dojo/console-protocol';
import { formatObjectKey } from '@dojo/kube-api';
import type { DeliveredEvent, DeliveredEvents } from './delivered-events.ts';

export interface InferenceSettings {
  /** Requests of one client about one object at most this far apart belong to one pass. */
  passGapMs: number;
  /** How long before a pass an event may have arrived and still count as its trigger. */
  triggerWindowMs: number;
  /** How recent a list explains a pass that no event explains. */
  listWindowMs: number;
}

export const defaultInferenceSettings: InferenceSettings = { passGapMs: 1000, triggerWindowMs: 5000, listWindowMs: 10_000 };

export interface InferredTrigger {
  readonly rule: InferenceRule;
  readonly confidence: number;
  readonly explanation: string;
  /** The events merged into the pass (empty for the rules without one). */
  readonly events: readonly DeliveredEvent[];
  readonly triggers: Trigger[];
}

export interface PassContext {
  readonly client: string;
  readonly key: string;
  /** "kind namespace/name", for explanations. */
  readonly label: string;
  readonly start: number;
  readonly events: DeliveredEvents;
  /** When the client last listed this object's kind, if ever. */
  readonly listedAt: number | undefined;
  /** When earlier passes over this object started, oldest first. */
  readonly previousStarts: readonly number[];
}

const round = (n: number) => Math.round(n * 100) / 100;

function fading(base: number, delayMs: number): number {
  if (delayMs > 3000) return round(base - 0.3);
  if (delayMs > 1000) return round(base - 0.15);
  return base;
}

function ago(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms before` : `${(ms / 1000).toFixed(1)} s before`;
}

function watchTrigger(e: DeliveredEvent, reason: 'watch' | 'owned', start: number): Trigger {
  const trigger: Record<string, string | number | boolean> = {
    reason,
    event: e.event,
    kind: e.object.kind,
    key: formatObjectKey(e.object),
    inferred: true,
    delayMs: Math.max(0, Math.round(start - e.time)),
  };
  if (e.resourceVersion) trigger.resourceVersion = e.resourceVersion;
  return trigger as Trigger;
}

function describe(e: DeliveredEvent, start: number): string {
  return `${e.event} ${e.object.kind} ${formatObjectKey(e.object)}${e.resourceVersion ? ` @ RV ${e.resourceVersion}` : ''}, ${ago(start - e.time)}`;
}

function steadyInterval(starts: readonly number[], start: number): number | undefined {
  const all = [...starts.slice(-4), start];
  if (all.length < 4) return undefined;
  const intervals = all.slice(1).map((t, i) => t - all[i]!);
  const sorted = [...intervals].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  if (median < 1000) return undefined;
  return intervals.every((i) => Math.abs(i - median) <= median * 0.2) ? median : undefined;
}

export function inferTrigger(pass: PassContext, settings: InferenceSettings): InferredTrigger {
  const { same, owned } = pass.events.candidates(pass.key, pass.start, settings.triggerWindowMs);
  if (same.length > 0 || owned.length > 0) {
    const events = [...same, ...owned];
    pass.events.consume(events);
    const newest = same[same.length - 1] ?? owned[owned.length - 1]!;
    const rule: InferenceRule = same.length > 0 ? 'same-object-event' : 'owned-object-event';
    const confidence = fading(same.length > 0 ? 0.9 : 0.8, pass.start - newest.time);
    const more = events.length > 1 ? `, and ${events.length - 1} more merged` : '';
    const via = same.length > 0 ? '' : ` (an object ${pass.label} controls)`;
    return {
      rule,
      confidence,
      explanation: `${describe(newest, pass.start)}${via} reached ${pass.client}${more}`,
      events,
      triggers: [...same.map((e) => watchTrigger(e, 'watch', pass.start)), ...owned.map((e) => watchTrigger(e, 'owned', pass.start))],
    };
  }
  const lastPass = pass.previousStarts[pass.previousStarts.length - 1];
  if (pass.listedAt !== undefined && pass.start - pass.listedAt <= settings.listWindowMs && (lastPass === undefined || lastPass < pass.listedAt)) {
    return {
      rule: 'initial-list',
      confidence: 0.6,
      explanation: `no event about ${pass.label}; ${pass.client} listed its kind ${ago(pass.start - pass.listedAt)}: the informer's first list, or a relist`,
      events: [],
      triggers: [{ reason: 'list', inferred: true }],
    };
  }
  const interval = steadyInterval(pass.previousStarts, pass.start);
  if (interval !== undefined) {
    return {
      rule: 'periodic',
      confidence: 0.6,
      explanation: `no event about ${pass.label}; passes over it recur every ~${(interval / 1000).toFixed(1)} s: a resync period or requeueAfter`,
      events: [],
      triggers: [{ reason: 'resync', inferred: true, intervalMs: Math.round(interval) }],
    };
  }
  return {
    rule: 'no-trigger',
    confidence: 0.3,
    explanation: `no event about ${pass.label} or what it controls reached ${pass.client} in the ${settings.triggerWindowMs / 1000} s before: a requeue (after an error, or requeueAfter), a timer, or input from outside the cluster`,
    events: [],
    triggers: [{ reason: 'requeue', inferred: true }],
  };
}
