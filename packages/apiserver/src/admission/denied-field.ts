/**
 * The field a denial names: the first of its Status causes that carries a `field` (a webhook
 * answering `status.details.causes[].field`, as controller-runtime's `apierrors.NewInvalid`
 * does). The console shows the denial's message under that field of a form.
 */
import type { StatusError } from '@dojo/kube-api';

export function deniedFieldOf(error: StatusError): string | undefined {
  const causes = error.status.details?.causes;
  if (!Array.isArray(causes)) return undefined;
  const named = causes.find((cause) => typeof cause?.field === 'string' && cause.field !== '');
  return named?.field;
}
