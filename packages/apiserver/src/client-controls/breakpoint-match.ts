/**
 * A client breakpoint as a predicate over change events: kind (or plural resource), then
 * namespace, name and labels. An event matches when the object matches before or after the
 * change, so a breakpoint on a label holds the event that removes the label too.
 */
import { LabelSelector, newBadRequest, type KubeObject } from '@dojo/kube-api';
import type { ClientBreakpoint } from '@dojo/console-protocol';
import type { ChangeEvent } from '../storage/revisioned-store.ts';
import { objectNameOf, type GatedWatchTarget } from './watch-gate.ts';

export type BreakpointMatcher = (target: GatedWatchTarget, event: ChangeEvent) => boolean;

export function breakpointMatcher(breakpoint: ClientBreakpoint): BreakpointMatcher {
  const kind = breakpoint.kind.toLowerCase();
  let labels: LabelSelector | undefined;
  try {
    labels = breakpoint.labelSelector ? LabelSelector.parse(breakpoint.labelSelector) : undefined;
  } catch (err) {
    throw newBadRequest((err as Error).message);
  }
  return (target, event) => {
    if (target.kind.toLowerCase() !== kind && target.resource !== kind) return false;
    const { namespace, name } = objectNameOf(target.namespaced, event.name);
    if (breakpoint.namespace !== undefined && namespace !== breakpoint.namespace) return false;
    if (breakpoint.name !== undefined && name !== breakpoint.name) return false;
    if (!labels) return true;
    return labels.matches(labelsOf(event.json)) || (event.prevJson !== undefined && labels.matches(labelsOf(event.prevJson)));
  };
}

function labelsOf(json: string): Record<string, string> | undefined {
  return (JSON.parse(json) as KubeObject).metadata?.labels;
}
