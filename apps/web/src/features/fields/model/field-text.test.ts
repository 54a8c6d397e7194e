import { describe, expect, it } from 'vitest';
import type { FieldTimeline } from '@dojo/console-protocol';
import { fieldOwnersText, filterFields, valueText, writerText } from './field-text.ts';

describe('field history as it reads', () => {
  it('names a controller with its field manager when they differ, else the manager', () => {
    expect(writerText({ source: 'telemetry', controller: 'dojo', manager: 'dojo', reconcileId: 'r1' })).toBe('dojo');
    expect(writerText({ source: 'telemetry', controller: 'dojo', manager: 'dojo-apply' })).toBe('dojo (dojo-apply)');
    expect(writerText({ source: 'managedFields', manager: 'kubectl' })).toBe('kubectl');
    expect(writerText({ source: 'unknown' })).toBe('unknown writer');
  });

  it('prints strings bare, other values as JSON, and a removal as such', () => {
    expect([valueText({ value: 'nginx' }), valueText({ value: 3 }), valueText({ value: ['a'] }), valueText({ removed: true })]).toEqual([
      'nginx',
      '3',
      '["a"]',
      '(removed)',
    ]);
  });

  it('filters fields by path, and to the contested ones', () => {
    const field = (path: string, contested: boolean): FieldTimeline => ({ path, changes: [], writers: [], owners: [], contested });
    const fields = [field('spec.replicas', true), field('spec.image', false), field('status.ready', false)];
    expect(filterFields(fields, 'SPEC', false).map((f) => f.path)).toEqual(['spec.replicas', 'spec.image']);
    expect(filterFields(fields, '', true).map((f) => f.path)).toEqual(['spec.replicas']);
  });

  it('says which fields a refused server-side apply would have taken, and from whom', () => {
    expect(
      fieldOwnersText([
        { field: '.spec.replicas', manager: 'kubectl-patch' },
        { field: '.metadata.labels.app', manager: 'helm' },
      ]),
    ).toBe('.spec.replicas is owned by kubectl-patch, .metadata.labels.app is owned by helm');
    expect(fieldOwnersText([])).toBe('fields it sets are owned by other managers');
  });
});
