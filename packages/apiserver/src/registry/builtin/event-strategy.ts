/**
 * Events (pkg/registry/core/event and events.k8s.io): both APIs store the same core object and
 * are validated on that shape (event-validation.ts), so error paths name core fields. core/v1
 * writes get the legacy rules; events.k8s.io/v1 writes are strict as well.
 */
import type { KubeObject } from '@dojo/kube-api';
import { noRulesStrategy, type Strategy } from '../strategy.ts';
import { validateEventCreate, validateEventUpdate } from './event-validation.ts';

/** core/v1 Events: the legacy rules. */
export const eventStrategy = {
  ...noRulesStrategy,
  validate: (obj) => validateEventCreate(obj, false),
  validateUpdate: (obj, old) => validateEventUpdate(obj, old, false),
} satisfies Strategy;

/** events.k8s.io/v1 Events: strict, validated after `toCore` converts the wire form to storage's. */
export function strictEventStrategy(toCore: (obj: KubeObject) => KubeObject): Strategy {
  return {
    ...noRulesStrategy,
    validate: (obj) => validateEventCreate(toCore(obj), true),
    validateUpdate: (obj, old) => validateEventUpdate(toCore(obj), toCore(old), true),
  };
}
