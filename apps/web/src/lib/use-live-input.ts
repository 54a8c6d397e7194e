/**
 * An input bound to live data: it shows the live value, following every change, until the
 * person types; from then on it shows what they typed, until `reset` (after their change was
 * sent) hands it back to the live value. An input that copied the value once would keep "2"
 * beside "Now 4", and submitting it would undo someone else's change.
 */
import { useState } from 'react';

export interface LiveInput {
  value: string;
  /** True once the person typed, until `reset`. */
  edited: boolean;
  set(value: string): void;
  reset(): void;
}

export function useLiveInput(live: string): LiveInput {
  const [typed, setTyped] = useState<string>();
  return { value: typed ?? live, edited: typed !== undefined, set: setTyped, reset: () => setTyped(undefined) };
}
