import { describe, expect, it } from 'vitest';
import { Fifo } from './fifo.ts';

describe('Fifo', () => {
  it('hands items back in the order they were pushed, across growth and wrap-around', () => {
    const fifo = new Fifo<number>();
    const out: number[] = [];
    for (let i = 0; i < 10; i++) fifo.push(i);
    for (let i = 0; i < 5; i++) out.push(fifo.shift()!);
    for (let i = 10; i < 40; i++) fifo.push(i);
    expect([...fifo]).toEqual(Array.from({ length: 35 }, (_, i) => i + 5));
    while (fifo.size > 0) out.push(fifo.shift()!);
    expect(out).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(fifo.shift()).toBeUndefined();
  });
});
