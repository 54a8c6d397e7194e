import { describe, expect, it } from 'vitest';
import { allLines, appendLogText, emptyLogBuffer } from './log-buffer.ts';

describe('a log buffer', () => {
  it('keeps a line that arrives in pieces until its newline', () => {
    const half = appendLogText(emptyLogBuffer, 'app: star', 10);
    expect(half).toEqual({ lines: [], partial: 'app: star', dropped: 0 });
    expect(appendLogText(half, 'ting\napp: re', 10)).toEqual({ lines: ['app: starting'], partial: 'app: re', dropped: 0 });
  });

  it('keeps only the last maxLines lines and counts those it dropped', () => {
    const buffer = appendLogText(appendLogText(emptyLogBuffer, 'a\nb\n', 3), 'c\nd\ne\n', 3);
    expect(buffer).toEqual({ lines: ['c', 'd', 'e'], partial: '', dropped: 2 });
  });

  it('shows an unfinished last line once the answer is complete', () => {
    expect(allLines(appendLogText(emptyLogBuffer, 'one\ntwo', 10))).toEqual(['one', 'two']);
  });
});
