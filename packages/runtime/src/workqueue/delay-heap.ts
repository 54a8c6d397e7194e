/**
 * A binary min-heap of delayed keys ordered by ready time, then by arrival (client-go's
 * `waitForPriorityQueue`). Each node knows its index so that an earlier `addAfter` can move a
 * waiting key forward in O(log n).
 */
import type { Trigger } from './trigger.ts';

export interface DelayedNode {
  readonly key: string;
  readyAt: number;
  readonly order: number;
  index: number;
  readonly triggers: Trigger[];
  droppedTriggers: number;
}

export class DelayHeap {
  readonly #nodes: DelayedNode[] = [];

  get size(): number {
    return this.#nodes.length;
  }

  peek(): DelayedNode | undefined {
    return this.#nodes[0];
  }

  push(node: DelayedNode): void {
    node.index = this.#nodes.length;
    this.#nodes.push(node);
    this.#up(node.index);
  }

  pop(): DelayedNode | undefined {
    const top = this.#nodes[0];
    const last = this.#nodes.pop();
    if (top && last && last !== top) {
      this.#nodes[0] = last;
      last.index = 0;
      this.#down(0);
    }
    return top;
  }

  /** Restores order after `node.readyAt` was lowered. */
  movedEarlier(node: DelayedNode): void {
    this.#up(node.index);
  }

  clear(): void {
    this.#nodes.length = 0;
  }

  /** Nodes in no particular order. */
  values(): readonly DelayedNode[] {
    return this.#nodes;
  }

  #less(a: DelayedNode, b: DelayedNode): boolean {
    return a.readyAt < b.readyAt || (a.readyAt === b.readyAt && a.order < b.order);
  }

  #up(i: number): void {
    const nodes = this.#nodes;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.#less(nodes[i]!, nodes[parent]!)) break;
      this.#swap(i, parent);
      i = parent;
    }
  }

  #down(i: number): void {
    const nodes = this.#nodes;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < nodes.length && this.#less(nodes[left]!, nodes[least]!)) least = left;
      if (right < nodes.length && this.#less(nodes[right]!, nodes[least]!)) least = right;
      if (least === i) return;
      this.#swap(i, least);
      i = least;
    }
  }

  #swap(i: number, j: number): void {
    const a = this.#nodes[i]!;
    const b = this.#nodes[j]!;
    this.#nodes[i] = b;
    this.#nodes[j] = a;
    a.index = j;
    b.index = i;
  }
}
