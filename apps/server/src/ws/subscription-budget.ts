/**
 * Subscriptions open across every live connection of the console. Each watch holds an upstream
 * watch and its first list in memory, so their number is bounded in total as well as per
 * connection; a subscribe over the budget gets a 429 `error` frame and the socket stays open.
 */
export class SubscriptionBudget {
  #open = 0;

  constructor(readonly max: number) {}

  get open(): number {
    return this.#open;
  }

  /** Takes one place; the returned release gives it back (once, however often it is called). */
  take(): (() => void) | undefined {
    if (this.#open >= this.max) return undefined;
    this.#open++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#open--;
    };
  }
}
