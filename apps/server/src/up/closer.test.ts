import { describe, expect, it } from 'vitest';
import { Closer } from './closer.ts';

describe('the closer of up', () => {
  it('closes what was started last first', async () => {
    const closer = new Closer();
    const closed: string[] = [];
    for (const name of ['apiserver', 'history', 'manager', 'console']) closer.defer(name, () => void closed.push(name));
    await closer.close();
    expect(closed).toEqual(['console', 'manager', 'history', 'apiserver']);
  });

  it('closes everything started so far when a later start throws, and rethrows its error', async () => {
    const closer = new Closer();
    const closed: string[] = [];
    const start = closer.startOrClose(async () => {
      closer.defer('apiserver', () => void closed.push('apiserver'));
      closer.defer('history', async () => void closed.push('history'));
      throw new Error('listen EADDRINUSE');
    });
    await expect(start).rejects.toThrow('listen EADDRINUSE');
    expect(closed).toEqual(['history', 'apiserver']);
  });

  it('runs every close even when one throws, and then reports the first failure', async () => {
    const closer = new Closer();
    const closed: string[] = [];
    closer.defer('apiserver', () => void closed.push('apiserver'));
    closer.defer('scraper', () => {
      throw new Error('socket hang up');
    });
    closer.defer('console', () => void closed.push('console'));
    await expect(closer.close()).rejects.toThrow('stopping scraper: socket hang up');
    expect(closed).toEqual(['console', 'apiserver']);
  });

  it('closes once however often it is asked, and refuses a start after that', async () => {
    const closer = new Closer();
    let closes = 0;
    closer.defer('history', () => void closes++);
    await Promise.all([closer.close(), closer.close()]);
    expect(closes).toBe(1);
    expect(() => closer.defer('late', () => undefined)).toThrow(/while the console was stopping/);
  });
});
