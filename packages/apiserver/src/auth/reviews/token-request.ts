/**
 * POST serviceaccounts/NAME/token (pkg/registry/core/serviceaccount/storage/token.go): a
 * TokenRequest answered with a signed token for the ServiceAccount and its expiry.
 * expirationSeconds defaults to 3600 and must be at least 600; audiences default to the API's;
 * the token may be bound to a Pod (run by that ServiceAccount) or a Secret, and then dies with it.
 */
import { fieldError, newBadRequest, newConflict, newInvalid, newNotFound, type FieldError, type KubeObject } from '@dojo/kube-api';
import type { CreateOnlyEndpoint } from '../../http/create-only.ts';
import { apiAudiences, type KubernetesClaim, type ServiceAccountTokens } from '../service-account-tokens.ts';

const apiVersion = 'authentication.k8s.io/v1';
const minExpirationSeconds = 600;
const defaultExpirationSeconds = 3600;

/** Reads a stored object (a ServiceAccount, Pod or Secret) of a namespace. */
export type ObjectReader = (resource: 'serviceaccounts' | 'pods' | 'secrets', namespace: string, name: string) => KubeObject | undefined;

interface TokenRequestSpec {
  audiences?: string[] | null;
  expirationSeconds?: number | null;
  boundObjectRef?: { kind?: string; apiVersion?: string; name?: string; uid?: string } | null;
}

function validate(spec: TokenRequestSpec): FieldError[] {
  const errs: FieldError[] = [];
  const seconds = spec.expirationSeconds!;
  if (seconds < minExpirationSeconds) errs.push(fieldError.invalid('spec.expirationSeconds', seconds, 'may not specify a duration less than 10 minutes'));
  if (seconds > 2 ** 32) errs.push(fieldError.invalid('spec.expirationSeconds', seconds, 'may not specify a duration larger than 2^32 seconds'));
  return errs;
}

export function tokenRequestEndpoint(tokens: ServiceAccountTokens, read: ObjectReader): CreateOnlyEndpoint {
  return {
    apiVersion,
    kind: 'TokenRequest',
    create({ body, namespace, name }) {
      if (!namespace) throw newBadRequest('namespace is required');
      const saName = name!;
      if (body.metadata.name && body.metadata.name !== saName) {
        throw newInvalid({ group: 'authentication.k8s.io', kind: 'TokenRequest' }, saName, [
          fieldError.invalid('metadata.name', body.metadata.name, 'must match the service account name if specified'),
        ]);
      }
      const sa = read('serviceaccounts', namespace, saName);
      if (!sa) throw newNotFound({ group: '', resource: 'serviceaccounts' }, saName);
      const uid = sa.metadata.uid!;
      if (body.metadata.uid && body.metadata.uid !== uid) {
        throw newConflict(
          { group: 'authentication.k8s.io', resource: 'TokenRequest' },
          saName,
          `the UID in the token request (${body.metadata.uid}) does not match the UID of the service account (${uid})`,
        );
      }
      const spec: TokenRequestSpec = { ...((body.spec ?? {}) as TokenRequestSpec) };
      if (!spec.audiences?.length) spec.audiences = [...apiAudiences];
      spec.expirationSeconds ??= defaultExpirationSeconds;
      const errs = validate(spec);
      if (errs.length) throw newInvalid({ group: 'authentication.k8s.io', kind: 'TokenRequest' }, '', errs);

      const claim: KubernetesClaim = { namespace, serviceaccount: { name: saName, uid } };
      const ref = spec.boundObjectRef;
      if (ref) {
        const [refGroup, refVersion] = (ref.apiVersion ?? '').includes('/') ? (ref.apiVersion ?? '').split('/') : ['', ref.apiVersion ?? ''];
        const resource = refGroup === '' && ref.kind === 'Pod' ? 'pods' : refGroup === '' && ref.kind === 'Secret' ? 'secrets' : undefined;
        // The type as Go's schema.GroupVersionKind prints it.
        if (!resource) throw newBadRequest(`cannot bind token to object of type ${refGroup}/${refVersion}, Kind=${ref.kind ?? ''}`);
        const bound = read(resource, namespace, ref.name ?? '');
        if (!bound) throw newNotFound({ group: '', resource }, ref.name ?? '');
        if (resource === 'pods' && (bound.spec as { serviceAccountName?: string } | undefined)?.serviceAccountName !== saName) {
          throw newBadRequest(`cannot bind token for serviceaccount ${JSON.stringify(saName)} to pod running with different serviceaccount name.`);
        }
        if (ref.uid && ref.uid !== bound.metadata.uid) {
          throw newConflict(
            { group: '', resource: ref.kind ?? '' },
            ref.name ?? '',
            `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`,
          );
        }
        claim[resource === 'pods' ? 'pod' : 'secret'] = { name: bound.metadata.name!, uid: bound.metadata.uid! };
      }

      const issued = tokens.issue(claim, spec.audiences, spec.expirationSeconds);
      const now = new Date();
      const object: KubeObject = {
        apiVersion,
        kind: 'TokenRequest',
        metadata: { ...body.metadata, name: saName, namespace, uid, creationTimestamp: now.toISOString().replace(/\.\d+Z$/, 'Z') },
        // boundObjectRef is a pointer without omitempty: unbound, Go writes it as null.
        spec: { ...spec, boundObjectRef: spec.boundObjectRef ?? null },
        status: { token: issued.token, expirationTimestamp: new Date(issued.expiresAt).toISOString().replace(/\.\d+Z$/, 'Z') },
      };
      return Promise.resolve({ object });
    },
  };
}
