/**
 * The namespace a list page shows: the header's choice (lib/namespace-choice.ts), mirrored into
 * the page's URL. A URL that names a namespace (a shared link, back/forward) makes it the
 * choice; a URL without one gets the choice written in; a new choice in the header rewrites
 * the URL. History gets no extra entries: the URL is replaced.
 */
import { useEffect, useRef } from 'react';
import { chooseNamespace, useNamespaceChoice } from '../../lib/namespace-choice.ts';
import { navigate } from '../../lib/router.tsx';

/** `namespaced` false (a cluster-scoped kind, or not known yet): the URL is left alone. */
export function useListNamespace(urlNamespace: string | undefined, urlFor: (namespace: string | undefined) => string, namespaced: boolean): string | undefined {
  const choice = useNamespaceChoice();
  const last = useRef<{ url: string | undefined; choice: string | undefined }>(undefined);
  useEffect(() => {
    if (!namespaced) return;
    const before = last.current;
    last.current = { url: urlNamespace, choice };
    if (urlNamespace === choice) return;
    const urlMoved = !before || before.url !== urlNamespace;
    if (urlMoved && urlNamespace !== undefined) chooseNamespace(urlNamespace);
    else navigate(urlFor(choice), { replace: true });
  }, [urlNamespace, choice, urlFor, namespaced]);
  return urlNamespace ?? choice;
}
