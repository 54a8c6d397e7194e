/**
 * The bearer token the kubeconfig's current user presents, as `kubectl` would: a static token,
 * a token file, or what an exec plugin / auth provider hands out (client-node runs them), asked
 * anew at every scrape so an expiring credential is refreshed. A user that authenticates with a
 * client certificate has no bearer token; the scrape then says so.
 */
import type { RequestOptions } from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';

export type BearerTokenSource = () => Promise<string>;

export function kubeconfigBearerToken(kubeConfig: KubeConfig): BearerTokenSource {
  return async () => {
    const options: RequestOptions = {};
    await kubeConfig.applyToHTTPSOptions(options);
    const header = (options.headers as Record<string, unknown> | undefined)?.Authorization;
    if (typeof header === 'string' && header.startsWith('Bearer ')) return header.slice('Bearer '.length);
    const user = kubeConfig.getCurrentUser()?.name ?? '(none)';
    throw new Error(
      `the kubeconfig user "${user}" has no bearer token (a client certificate is not sent to a metrics endpoint): give a token with --scrape-token-file`,
    );
  };
}
