/**
 * The Events a kubelet records as a container moves between phases, in its own words
 * ("Pulling", "Pulled", "Created", "Started", "BackOff", "Failed"). Repeats aggregate into
 * one Event with a growing count (the recorder's job), as on a real node.
 */
import type { EventType } from '@dojo/runtime';
import { goDuration } from '../core/go-duration.ts';
import type { Container, Pod } from '../core/workload-types.ts';
import type { Transition } from './container-lifecycle.ts';
import { pullError } from './pod-status-builder.ts';

export interface KubeletEvent {
  readonly type: EventType;
  readonly reason: string;
  readonly message: string;
  /** "spec.containers{app}": which container of the Pod it is about. */
  readonly fieldPath: string;
}

export function pullingEvent(container: Container): KubeletEvent {
  return { type: 'Normal', reason: 'Pulling', message: `Pulling image "${container.image ?? ''}"`, fieldPath: fieldPath(container) };
}

export function eventsFor(pod: Pod, container: Container, transition: Transition, startDelayMs: number): KubeletEvent[] {
  const image = container.image ?? '';
  const event = (type: EventType, reason: string, message: string): KubeletEvent => ({ type, reason, message, fieldPath: fieldPath(container) });
  const start = (pulled: string): KubeletEvent[] => [
    event('Normal', 'Pulled', pulled),
    event('Normal', 'Created', `Created container: ${container.name}`),
    event('Normal', 'Started', `Started container ${container.name}`),
  ];
  switch (transition.to) {
    case 'running':
      if (transition.from === 'creating')
        return start(`Successfully pulled image "${image}" in ${goDuration(startDelayMs)} (${goDuration(startDelayMs)} including waiting)`);
      if (transition.from === 'pull-backoff') return [pullingEvent(container), ...start(`Successfully pulled image "${image}"`)];
      return start(`Container image "${image}" already present on machine`);
    case 'crash-loop':
      return [
        event(
          'Warning',
          'BackOff',
          `Back-off restarting failed container ${container.name} in pod ${pod.metadata.name ?? ''}_${pod.metadata.namespace ?? ''}(${pod.metadata.uid ?? ''})`,
        ),
      ];
    case 'pull-error':
      return [
        ...(transition.from === 'pull-backoff' ? [pullingEvent(container)] : []),
        event('Warning', 'Failed', `Failed to pull image "${image}": ${pullError(image)}`),
        event('Warning', 'Failed', 'Error: ErrImagePull'),
      ];
    case 'pull-backoff':
      return [event('Normal', 'BackOff', `Back-off pulling image "${image}"`), event('Warning', 'Failed', 'Error: ImagePullBackOff')];
    default:
      return [];
  }
}

export function killingEvent(container: Container): KubeletEvent {
  return { type: 'Normal', reason: 'Killing', message: `Stopping container ${container.name}`, fieldPath: fieldPath(container) };
}

function fieldPath(container: Container): string {
  return `spec.containers{${container.name}}`;
}
