/**
 * ServiceAccount tokens as kube-apiserver issues them (pkg/serviceaccount/jwt.go, claims.go):
 * ES256 JWTs signed with a P-256 key the server generates once and keeps in its data dir
 * (`service-account-key.pem`), with kube's claims: iss, sub `system:serviceaccount:NS:NAME`,
 * aud, iat/nbf/exp, jti, and the private `kubernetes.io` claim naming the namespace, the
 * ServiceAccount (name and uid) and a bound Pod or Secret.
 *
 * The issuer's discovery document and public keys are served as kube serves them, so relying
 * parties (Vault, cloud identity federation) can verify the tokens offline.
 *
 * A token authenticates only while it is unexpired, for one of the server's audiences, and
 * while the objects it names still exist with the same uid: deleting the ServiceAccount (or
 * the Pod it is bound to) revokes it, as kube's validator does.
 */
import { createPrivateKey, createPublicKey, createHash, generateKeyPairSync, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeSecretFile } from '../pki.ts';
import { serviceAccountGroups, serviceAccountUsername, type UserInfo } from './user-info.ts';

/** kube-apiserver's issuer on kind and kubeadm clusters; also the API audience by default. */
export const serviceAccountIssuer = 'https://kubernetes.default.svc.cluster.local';
export const apiAudiences = [serviceAccountIssuer];

export interface ObjectRef {
  name: string;
  uid: string;
}

export interface KubernetesClaim {
  namespace: string;
  serviceaccount: ObjectRef;
  pod?: ObjectRef;
  secret?: ObjectRef;
}

export interface TokenClaims {
  aud: string[];
  exp: number;
  iat: number;
  iss: string;
  jti: string;
  'kubernetes.io': KubernetesClaim;
  nbf: number;
  sub: string;
}

/** The uid of a stored object, or undefined when it is gone: how a token's bindings are checked. */
export type UidLookup = (resource: 'serviceaccounts' | 'pods' | 'secrets', namespace: string, name: string) => string | undefined;

const b64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

function loadOrCreateKey(dataDir: string): KeyObject {
  const path = join(dataDir, 'service-account-key.pem');
  if (existsSync(path)) return createPrivateKey(readFileSync(path, 'utf8'));
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  writeSecretFile(path, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  return privateKey;
}

export class ServiceAccountTokens {
  readonly #key: KeyObject;
  readonly #publicKey: KeyObject;
  /** kube's key id: the SHA-256 of the public key's DER, base64url. */
  readonly #keyId: string;

  constructor(
    dataDir: string,
    private readonly lookup: UidLookup,
    private readonly now: () => number = Date.now,
  ) {
    this.#key = loadOrCreateKey(dataDir);
    this.#publicKey = createPublicKey(this.#key);
    this.#keyId = b64url(
      createHash('sha256')
        .update(this.#publicKey.export({ type: 'spki', format: 'der' }))
        .digest(),
    );
  }

  /** The issuer's OpenID discovery document (kube's /.well-known/openid-configuration). */
  openIdConfiguration(jwksUri: string): Record<string, unknown> {
    return {
      issuer: serviceAccountIssuer,
      jwks_uri: jwksUri,
      response_types_supported: ['id_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
    };
  }

  /** The public keys that verify this server's tokens (kube's /openid/v1/jwks), in go-jose's field order. */
  jwks(): { keys: Record<string, unknown>[] } {
    const { crv, x, y } = this.#publicKey.export({ format: 'jwk' });
    return { keys: [{ use: 'sig', kty: 'EC', kid: this.#keyId, crv, alg: 'ES256', x, y }] };
  }

  /** A signed token for a ServiceAccount, valid `expirationSeconds` from now. */
  issue(claim: KubernetesClaim, audiences: readonly string[], expirationSeconds: number): { token: string; expiresAt: number } {
    const now = Math.floor(this.now() / 1000);
    const claims: TokenClaims = {
      aud: [...audiences],
      exp: now + expirationSeconds,
      iat: now,
      iss: serviceAccountIssuer,
      jti: randomUUID(),
      'kubernetes.io': claim,
      nbf: now,
      sub: serviceAccountUsername(claim.namespace, claim.serviceaccount.name),
    };
    const signingInput = `${b64url(JSON.stringify({ alg: 'ES256', kid: this.#keyId }))}.${b64url(JSON.stringify(claims))}`;
    const signature = sign('sha256', Buffer.from(signingInput), { key: this.#key, dsaEncoding: 'ieee-p1363' });
    return { token: `${signingInput}.${b64url(signature)}`, expiresAt: claims.exp * 1000 };
  }

  /** The claims of a token this server signed, or undefined (wrong signature, issuer or shape). */
  #verified(token: string): TokenClaims | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [header, payload, signature] = parts as [string, string, string];
    try {
      const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
      if (head.alg !== 'ES256') return undefined;
      if (!verify('sha256', Buffer.from(`${header}.${payload}`), { key: this.#publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')))
        return undefined;
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
      return claims.iss === serviceAccountIssuer && typeof claims['kubernetes.io']?.serviceaccount?.name === 'string' ? claims : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The identity a token stands for, if valid for one of `audiences` (kube's TokenReview answers
   * the audiences it matched), or undefined.
   */
  authenticate(token: string, audiences: readonly string[] = apiAudiences): { user: UserInfo; audiences: string[] } | undefined {
    const claims = this.#verified(token);
    if (!claims) return undefined;
    const now = Math.floor(this.now() / 1000);
    // kube's validator allows 60 seconds of clock skew on nbf and exp.
    if (claims.exp + 60 < now || claims.nbf - 60 > now) return undefined;
    const matched = audiences.filter((a) => claims.aud.includes(a));
    if (matched.length === 0) return undefined;
    const k8s = claims['kubernetes.io'];
    if (this.lookup('serviceaccounts', k8s.namespace, k8s.serviceaccount.name) !== k8s.serviceaccount.uid) return undefined;
    if (k8s.pod && this.lookup('pods', k8s.namespace, k8s.pod.name) !== k8s.pod.uid) return undefined;
    if (k8s.secret && this.lookup('secrets', k8s.namespace, k8s.secret.name) !== k8s.secret.uid) return undefined;
    const extra: Record<string, string[]> = { 'authentication.kubernetes.io/credential-id': [`JTI=${claims.jti}`] };
    if (k8s.pod) {
      extra['authentication.kubernetes.io/pod-name'] = [k8s.pod.name];
      extra['authentication.kubernetes.io/pod-uid'] = [k8s.pod.uid];
    }
    return {
      user: { name: claims.sub, uid: k8s.serviceaccount.uid, groups: serviceAccountGroups(k8s.namespace), extra },
      audiences: matched,
    };
  }
}
