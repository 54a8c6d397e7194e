/**
 * A body whose kind is not the endpoint's. kube-apiserver decodes it as the kind it names; when
 * the scheme knows that kind, converting it to the endpoint's internal type then fails, and the
 * handler's transformDecodeError words the 400 `K in version "v" cannot be handled as a E: ...`.
 * A kind the scheme does not know keeps the plainer mismatch message.
 */
import { newBadRequest, type StatusError } from '@dojo/kube-api';
import { messageOf } from './protobuf/envelope.ts';

/** The Go package of a group's internal types: the group's first label ("core" for the legacy group). */
const internalPackageOf = (group: string): string => (group === '' ? 'core' : group.split('.')[0]!);

export function kindMismatchError(apiVersion: string, sentKind: string, expected: { group: string; kind: string }): StatusError {
  const version = apiVersion.slice(apiVersion.indexOf('/') + 1);
  if (messageOf(apiVersion, sentKind)) {
    return newBadRequest(
      `${sentKind} in version "${version}" cannot be handled as a ${expected.kind}: converting (${version}.${sentKind}) to (${internalPackageOf(expected.group)}.${expected.kind}): unknown conversion`,
    );
  }
  return newBadRequest(`the kind in the data (${sentKind}) does not match the expected kind (${expected.kind})`);
}
