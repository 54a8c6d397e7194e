/** A hot loop in one sentence: who rewrites which field of which object, and why it is a loop. */
import type { HotLoop } from '@dojo/console-protocol';

export const loopObjectText = (loop: Pick<HotLoop, 'object'>) =>
  `${loop.object.kind} ${loop.object.namespace ? `${loop.object.namespace}/` : ''}${loop.object.name}`;

/** The sentence in three parts, so that a view can link the object it names. */
export function describeHotLoopParts(loop: Pick<HotLoop, 'kind' | 'writers' | 'fieldPaths' | 'object'>): { before: string; object: string; after: string } {
  const field = loop.fieldPaths.join(', ');
  const object = loopObjectText(loop);
  if (loop.kind === 'churn')
    return { before: `${loop.writers[0]} keeps rewriting ${field || 'the object'} of `, object, after: ' (seen from audit: what triggers it is not known)' };
  if (loop.kind === 'ping-pong') return { before: `${loop.writers.join(' and ')} keep setting ${field} of `, object, after: ' back and forth' };
  return { before: `${loop.writers[0]} rewrites ${field} of `, object, after: ' in reaction to its own writes' };
}
