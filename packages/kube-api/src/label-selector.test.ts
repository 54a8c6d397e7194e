import { describe, expect, it } from 'vitest';
import { FieldSelector } from './field-selector.ts';
import { LabelSelector } from './label-selector.ts';

describe('LabelSelector', () => {
  it('matches equality, inequality, set and existence terms together', () => {
    const sel = LabelSelector.parse('app=web, tier!=db,env in (prod, staging),!canary,team');
    expect(sel.matches({ app: 'web', tier: 'fe', env: 'prod', team: 'a' })).toBe(true);
    expect(sel.matches({ app: 'web', env: 'prod', team: 'a' })).toBe(true);
    expect(sel.matches({ app: 'web', tier: 'db', env: 'prod', team: 'a' })).toBe(false);
    expect(sel.matches({ app: 'web', env: 'dev', team: 'a' })).toBe(false);
    expect(sel.matches({ app: 'web', env: 'prod', team: 'a', canary: 'true' })).toBe(false);
    expect(sel.matches({ app: 'web', env: 'prod' })).toBe(false);
  });

  it('treats notin as matching objects without the label', () => {
    expect(LabelSelector.parse('env notin (prod)').matches({})).toBe(true);
  });

  it('builds the same requirements from the object form', () => {
    const sel = LabelSelector.fromObject({ matchLabels: { app: 'web' }, matchExpressions: [{ key: 'env', operator: 'In', values: ['prod'] }] });
    expect(sel.toString()).toBe('app=web,env in (prod)');
    expect(sel.matches({ app: 'web', env: 'prod' })).toBe(true);
  });

  it('rejects invalid keys and values with a parse error', () => {
    expect(() => LabelSelector.parse('-bad=x')).toThrow(/^unable to parse requirement: <nil>: Invalid value: "-bad": name part must consist of/);
    expect(() => LabelSelector.parse('a=b%c')).toThrow(/^unable to parse requirement: values\[0\]\[a\]: Invalid value: "b%c": a valid label must be/);
    expect(() => LabelSelector.parse('a=b c')).toThrow("found 'c', expected: ',' or 'end of string'");
  });

  it("answers kube-apiserver 1.37's words for each way a selector can be malformed", () => {
    expect(() => LabelSelector.parse('tier in x')).toThrow("unable to parse requirement: found 'x' expected: '('");
    expect(() => LabelSelector.parse('a in (b')).toThrow("unable to parse requirement: found '', expected: ',' or ')'");
    expect(() => LabelSelector.parse('x,')).toThrow("found '', expected: identifier after ','");
    expect(() => LabelSelector.parse(',x')).toThrow("found ',', expected: !, identifier, or 'end of string'");
    expect(() => LabelSelector.parse('!a=b')).toThrow("found '=', expected: ',' or 'end of string'");
    expect(() => LabelSelector.parse('tier>x')).toThrow(
      `unable to parse requirement: values[0]: Invalid value: "x": for 'Gt', 'Lt' operators, the value must be an integer`,
    );
  });

  it('reads the empty members of a set and the Gt/Lt operators', () => {
    expect(LabelSelector.parse('a notin (b,,)').requirements).toEqual([{ key: 'a', operator: 'NotIn', values: ['', 'b'] }]);
    expect(LabelSelector.parse('a in ()').matches({ a: '' })).toBe(true);
    const tier = LabelSelector.parse('tier>1,size<10');
    expect(tier.matches({ tier: '2', size: '9' })).toBe(true);
    expect(tier.matches({ tier: '1', size: '9' })).toBe(false);
    expect(tier.matches({ tier: 'two', size: '9' })).toBe(false);
    expect(LabelSelector.parse('x in (in)').requirements).toEqual([{ key: 'x', operator: 'In', values: ['in'] }]);
  });

  it("stops where kube's lexer does when a value opens with an operator symbol", () => {
    expect(() => LabelSelector.parse('app===x')).toThrow("unable to parse requirement: found '=', expected: identifier");
    expect(() => LabelSelector.parse('app!=!x')).toThrow("unable to parse requirement: found '!', expected: identifier");
    expect(() => LabelSelector.parse('-bad===x')).toThrow(/<nil>: Invalid value: "-bad"/);
  });

  it('matches everything when empty', () => {
    expect(LabelSelector.parse('').matches(undefined)).toBe(true);
  });
});

describe('FieldSelector', () => {
  it('matches equality terms and exposes the pinned value', () => {
    const sel = FieldSelector.parse('metadata.name=kyoto,metadata.namespace!=kube-system');
    expect(sel.matches({ 'metadata.name': 'kyoto', 'metadata.namespace': 'default' })).toBe(true);
    expect(sel.matches({ 'metadata.name': 'kyoto', 'metadata.namespace': 'kube-system' })).toBe(false);
    expect(sel.exactValue('metadata.name')).toBe('kyoto');
  });

  it('rejects terms without an operator', () => {
    expect(() => FieldSelector.parse('metadata.name')).toThrow(/invalid selector/);
  });
});
