import { describe, expect, it } from 'vitest';
import { createNormalizer, normalizeAges } from './normalize.ts';

describe('normalizing a server answer for comparison', () => {
  it('numbers resourceVersions and uids by first appearance, so equal ones stay equal', () => {
    const text = createNormalizer().json([
      { metadata: { resourceVersion: '812', uid: 'aaaaaaaa-0000-0000-0000-000000000001' } },
      { metadata: { resourceVersion: '815', uid: 'aaaaaaaa-0000-0000-0000-000000000001' } },
      { metadata: { resourceVersion: '812' } },
    ]);
    expect(JSON.parse(text)).toEqual([
      { metadata: { resourceVersion: '<rv-1>', uid: '<uid-1>' } },
      { metadata: { resourceVersion: '<rv-2>', uid: '<uid-1>' } },
      { metadata: { resourceVersion: '<rv-1>' } },
    ]);
  });

  it('sorts keys, since member order carries no meaning in JSON', () => {
    expect(createNormalizer().json({ b: 1, a: { d: 2, c: 3 } })).toBe(createNormalizer().json({ a: { c: 3, d: 2 }, b: 1 }));
  });

  it('replaces timestamps, generated names, the server address and uids inside text', () => {
    const normalizer = createNormalizer(['gen-']);
    expect(normalizer.text('gen-x7k2p at 2026-11-27T21:00:00Z on https://127.0.0.1:43121 uid 0f0f0f0f-1111-2222-3333-444455556666')).toBe(
      'gen-<gen> at <time> on https://<server> uid <uid-1>',
    );
  });

  it('numbers the stored resourceVersion a failed delete precondition names', () => {
    const message = (rv: string) =>
      `the ResourceVersion in the precondition (1) does not match the ResourceVersion in record (${rv}). The object might have been modified`;
    expect(createNormalizer().text(message('38'))).toBe(createNormalizer().text(message('217')));
    expect(createNormalizer().text(message('38'))).toContain('in record (<rv-1>)');
  });

  it("sorts an Invalid Status's causes and its message's aggregate, which kube-openapi lists in Go map order", () => {
    const status = (order: [string, string][]) => ({
      kind: 'Status',
      message: `W "w" is invalid: [${order.map(([f, m]) => `${f}: ${m}`).join(', ')}]`,
      details: { causes: order.map(([field, message]) => ({ field, message })) },
    });
    const a: [string, string] = ['spec.size', 'Invalid value: 11: too big'];
    const b: [string, string] = ['spec.mode', 'Unsupported value: "m"'];
    expect(createNormalizer().json(status([a, b]))).toBe(createNormalizer().json(status([b, a])));
  });

  it('keeps a continue token only as present or absent', () => {
    expect(JSON.parse(createNormalizer().json({ metadata: { continue: 'eyJ2IjoibWV0YS5rOHMuaW8vdjEifQ' } }))).toEqual({ metadata: { continue: '<continue>' } });
  });

  it("blanks kubectl's AGE column, which moves with the clock", () => {
    expect(normalizeAges('NAME   DATA   AGE\nkc-a   1      12s\nkc-b   1      3m4s\n')).toBe('NAME   DATA   AGE\nkc-a   1      <age>\nkc-b   1      <age>\n');
  });
});

describe('managedFields in the normalized answer', () => {
  it('are ordered by operation and manager, not by the second each was written in', () => {
    const normalize = (entries: unknown[]) => createNormalizer([]).json({ metadata: { managedFields: entries } });
    const creator = { manager: 'unknown', operation: 'Update', time: '2026-11-28T05:00:01Z' };
    const status = { manager: 'kube-apiserver', operation: 'Update', subresource: 'status', time: '2026-11-28T05:00:02Z' };
    const applier = { manager: 'zed', operation: 'Apply', time: '2026-11-28T05:00:03Z' };
    expect(normalize([creator, status, applier])).toBe(normalize([applier, status, creator]));
    expect(JSON.parse(normalize([creator, status, applier])).metadata.managedFields.map((e: { manager: string }) => e.manager)).toEqual([
      'zed',
      'kube-apiserver',
      'unknown',
    ]);
  });
});
