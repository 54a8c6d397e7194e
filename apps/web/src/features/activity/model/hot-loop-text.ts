/** A hot loop in one sentence: who rewrites which field of which object, and why it is a loop. */
import type { HotLoop } from '@dojo/console-protocol';

export const loopObjectText = (loop: Pick<HotLoop, 'object'>) => `${loop.object.kind} ${loop.object.namespace ? `${loop.object.namespace}/` : ''}${loop.object.name}`;

export function describeHotLoop(loop: Pick<HotLoop, 'kind' | 'writers' | 'fieldPaths' | 'object'>): string {
  const field = loop.fieldPaths.join(', ');
  if (loop.kind === 'churn') return `${loop.writers[0]} keeps rewriting ${field || 'the object'} of ${loopObjectText(loop)} (seen from audit: what triggers it is not known)`;
  if (loop.kind === 'ping-pong') return `${loop.writers.join(' and ')} keep setting ${field} of ${loopObjectText(loop)} back and forth`;
  return `${loop.writers[0]} rewrites ${field} of ${loopObjectText(loop)} in reaction to its own writes`;
}
