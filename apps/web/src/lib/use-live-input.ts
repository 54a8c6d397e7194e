/**
 * An input bound to live data: it shows the live value, following every change, until the
 * person types; from then on it shows what they typed, until `reset` (after their change was
 * sent) hands it back to the live value. An input that copied the value once would keep "2"
 * beside "Now 4", and submitting it would undo someone else's change.
 *
 * While the input has focus it holds the value it showed when it got it: a live change that
 * landed between selecting the text and typing would otherwise replace the selection under
 * the cursor, and typing "3" over a "1" that had just become "2" sent "23".
 */
import { useState, type ChangeEvent } from 'react';

export interface LiveInput {
  value: string;
  /** True once the person typed, until `reset`. */
  edited: boolean;
  /** Back to the live value (their change was sent), also while the input keeps focus. */
  reset(): void;
  /** Spread on the <input>: its value, and the handlers that follow typing and focus. */
  inputProps: {
    value: string;
    onChange(event: ChangeEvent<HTMLInputElement>): void;
    onFocus(): void;
    onBlur(): void;
  };
}

export function useLiveInput(live: string): LiveInput {
  const [typed, setTyped] = useState<string>();
  const [held, setHeld] = useState<string>();
  const value = typed ?? held ?? live;
  return {
    value,
    edited: typed !== undefined,
    reset: () => {
      setTyped(undefined);
      setHeld(undefined);
    },
    inputProps: {
      value,
      onChange: (event) => setTyped(event.target.value),
      onFocus: () => setHeld(value),
      onBlur: () => setHeld(undefined),
    },
  };
}
