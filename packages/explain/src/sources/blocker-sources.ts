/**
 * Every blocker source, in one table: the explainer runs them all for one object, and the
 * cheap ones for every object of a list. A new reason an object may not be ready is one more
 * module and one more line here; nothing else changes.
 */
import { runnable, type RunnableSource } from '../blocker-source.ts';
import { childrenSource } from './children.ts';
import { conflictsSource } from './conflicts.ts';
import { controllerSource } from './controller.ts';
import { deletionSource } from './deletion.ts';
import { lastWriteSource } from './last-write.ts';
import { ownStatusSource } from './own-status.ts';
import { reconcileErrorsSource } from './reconcile-errors.ts';

export const blockerSources: readonly RunnableSource[] = [
  runnable(deletionSource),
  runnable(controllerSource),
  runnable(ownStatusSource),
  runnable(childrenSource),
  runnable(reconcileErrorsSource),
  runnable(conflictsSource),
  runnable(lastWriteSource),
];
