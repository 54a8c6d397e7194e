/**
 * The user the console itself authenticates as on its cluster, asked of the API server with a
 * SelfSubjectReview (`kubectl auth whoami`; authentication.k8s.io/v1, served by kube-apiserver
 * 1.28+ and by the embedded API server). On a real cluster it is kind's `kubernetes-admin`, the
 * console's ServiceAccount in-cluster, ...: a user kubectl and operators given the same
 * kubeconfig share with the console, so activity tells them apart by User-Agent
 * (@dojo/activity's client-identity.ts).
 *
 * An older server (404) or one that forbids the review answers undefined, with one warning: the
 * console's own requests are then one connected client named after its user, as before.
 */
import type { KubeTransport } from '@dojo/runtime';

const selfSubjectReview = JSON.stringify({ apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' });

export async function learnConsoleUser(transport: KubeTransport, warn: (message: string) => void): Promise<string | undefined> {
  try {
    const res = await transport.request({
      method: 'POST',
      path: '/apis/authentication.k8s.io/v1/selfsubjectreviews',
      body: selfSubjectReview,
      contentType: 'application/json',
    });
    const username = (res.body as { status?: { userInfo?: { username?: unknown } } } | undefined)?.status?.userInfo?.username;
    if ((res.code === 201 || res.code === 200) && typeof username === 'string' && username) return username;
    const message = (res.body as { message?: unknown } | undefined)?.message;
    warn(
      `cannot learn the console's own user (SelfSubjectReview: ${typeof message === 'string' ? message : `HTTP ${res.code}`}); its requests on this cluster are attributed to that user, not by User-Agent`,
    );
  } catch (error) {
    warn(
      `cannot learn the console's own user (SelfSubjectReview: ${(error as Error).message}); its requests on this cluster are attributed to that user, not by User-Agent`,
    );
  }
  return undefined;
}
