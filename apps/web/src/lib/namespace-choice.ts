/**
 * The namespace the person works in, chosen in the header and respected by every list: like
 * kubectl's context namespace, it is a working context, so it is kept in this browser's
 * storage and follows the person to every page and across reloads without each link having to
 * carry it. List pages also write it into their URL (`?namespace=`), so a copied link says what
 * it shows, and opening such a link makes its namespace the choice. A tab keeps its own choice
 * once open; a new tab starts from the last one made.
 *
 * `undefined` means all namespaces.
 */
import { useSyncExternalStore } from 'react';

const storageKey = 'dojo-console-namespace';
const listeners = new Set<() => void>();

function stored(): string | undefined {
  try {
    return localStorage.getItem(storageKey) || undefined;
  } catch {
    return undefined;
  }
}

let current = typeof localStorage === 'undefined' ? undefined : stored();

export function chooseNamespace(namespace: string | undefined): void {
  const next = namespace || undefined;
  if (next === current) return;
  current = next;
  try {
    if (next) localStorage.setItem(storageKey, next);
    else localStorage.removeItem(storageKey);
  } catch {
    // Storage may be disabled: the choice then lasts for this tab only.
  }
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

export function useNamespaceChoice(): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  );
}
