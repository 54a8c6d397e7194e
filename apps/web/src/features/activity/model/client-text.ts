/** How the console names the ways it recognises a client (console-protocol's ClientKind). */
import type { ClientKind } from '@dojo/console-protocol';

export const clientKindLabels: Record<ClientKind, string> = {
  connected: 'connected',
  embedded: 'embedded',
  kubectl: 'kubectl',
  agent: 'by User-Agent',
  console: 'the console',
};

export const clientKindHints: Record<ClientKind, string> = {
  connected: 'uses a token of its own (dojo-console connect): every request it makes is its own',
  embedded: 'one of the controllers the console runs',
  kubectl: 'recognised by its User-Agent',
  agent: 'uses the admin token; named by its User-Agent (or field manager)',
  console: "the console's own informers and the browser's requests",
};

/** "87%": how sure an inference is. */
export const formatConfidence = (confidence: number): string => `${Math.round(confidence * 100)}%`;
