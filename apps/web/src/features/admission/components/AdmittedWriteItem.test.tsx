import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdmittedWrite } from '../model/object-admission.ts';
import { admittedWrite } from '../testing/admitted-writes.ts';
import { AdmittedWriteItem } from './AdmittedWriteItem.tsx';

const write: AdmittedWrite = admittedWrite(42, {
  userAgent: 'dojo-console/1.0',
  latencyMs: 30,
  rvReturned: '812',
  admission: [
    {
      kind: 'MutatingWebhookConfiguration',
      name: 'label.dojos.example.com',
      configuration: 'dojo-defaults',
      phase: 'mutating',
      verdict: 'mutated',
      latencyMs: 4.2,
      failurePolicy: 'Fail',
      patch: [{ op: 'add', path: '/metadata/labels/example.com~1checked', value: 'yes' }],
      warnings: ['spec.title is long'],
    },
    {
      kind: 'ValidatingWebhookConfiguration',
      name: 'audit.example.com',
      configuration: 'audit',
      phase: 'validating',
      verdict: 'error',
      ignored: true,
      failurePolicy: 'Ignore',
      message: 'failed calling webhook "audit.example.com": context deadline exceeded',
      latencyMs: 10_000,
    },
    {
      kind: 'ValidatingAdmissionPolicy',
      name: 'replica-limit',
      configuration: 'replica-limit-binding',
      param: 'default/limits',
      phase: 'validating',
      verdict: 'warned',
      validationActions: ['Warn'],
      message: 'replicas above 5',
      latencyMs: 0.4,
    },
  ],
});

describe('AdmittedWriteItem', () => {
  const html = renderToStaticMarkup(<AdmittedWriteItem write={write} />);

  it('says what the write was, who made it and what it was answered', () => {
    expect(html).toContain('create');
    expect(html).toContain('by admin (dojo-console/1.0)');
    expect(html).toContain('201');
  });

  it('shows a mutation with its patch as a + line under a readable path, and its warnings', () => {
    expect(html).toContain('aria-label="Patch applied by label.dojos.example.com"');
    expect(html).toContain('metadata.labels[&quot;example.com/checked&quot;]: &quot;yes&quot;');
    expect(html).toContain('Warning: spec.title is long');
  });

  it('says a failed call was ignored by failurePolicy Ignore, and names a policy by its binding and param', () => {
    expect(html).toContain('error, ignored by failurePolicy Ignore');
    expect(html).toContain('binding replica-limit-binding, param default/limits');
    expect(html).toContain('validationActions Warn');
  });

  it('counts the admission records the journal did not keep, and says nothing of them when all were kept', () => {
    const many = renderToStaticMarkup(<AdmittedWriteItem write={admittedWrite(43, { verb: 'deletecollection', admissionDropped: 120 })} />);
    expect(many).toContain('+120 admission records not kept');
    expect(html).not.toContain('not kept');
  });
});
