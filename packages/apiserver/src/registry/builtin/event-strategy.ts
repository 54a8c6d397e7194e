/** core/v1 Events: an event must say what it is about, in its own namespace. */
import { fieldError, type FieldError, type KubeObject } from '@dojo/kube-api';
import { noRulesStrategy, type Strategy } from '../strategy.ts';
import { field } from './unstructured.ts';

function validateEvent(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  if (!field(obj, 'involvedObject', 'name') && !field(obj, 'involvedObject', 'kind')) errs.push(fieldError.required('involvedObject'));
  const ns = field(obj, 'involvedObject', 'namespace');
  if (typeof ns === 'string' && ns !== '' && ns !== obj.metadata.namespace) {
    errs.push(fieldError.invalid('involvedObject.namespace', ns, 'does not match event.namespace'));
  }
  return errs;
}

export const eventStrategy = {
  ...noRulesStrategy,
  validate: validateEvent,
  validateUpdate: validateEvent,
} satisfies Strategy;
