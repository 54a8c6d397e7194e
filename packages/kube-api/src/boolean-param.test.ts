import { describe, expect, it } from 'vitest';
import { booleanParam, isParamTrue } from './boolean-param.ts';

const q = (s: string) => new URLSearchParams(s);

describe('booleanParam', () => {
  it('reads true, True, TRUE, 1, yes and the empty string as true, as kube-apiserver does', () => {
    for (const v of ['true', 'True', 'TRUE', '1', 'yes', '']) expect(booleanParam(q(`watch=${v}`), 'watch')).toBe(true);
  });

  it('reads false in any letter case and 0 as false', () => {
    for (const v of ['false', 'False', 'FALSE', '0']) expect(booleanParam(q(`watch=${v}`), 'watch')).toBe(false);
  });

  it('leaves an absent parameter unset, and a plain bool reads it as false', () => {
    expect(booleanParam(q('limit=1'), 'watch')).toBeUndefined();
    expect(isParamTrue(q('limit=1'), 'watch')).toBe(false);
  });

  it('uses the first value when the parameter repeats', () => {
    expect(booleanParam(q('force=False&force=true'), 'force')).toBe(false);
  });
});
