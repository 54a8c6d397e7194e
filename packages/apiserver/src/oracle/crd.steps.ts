/** A CRD with a structural schema: establishing, defaulting, pruning, validation, status. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CallResult } from '../testing/https-call.ts';
import { custom, http, httpObservation, type Step, type Target } from './differential.ts';

interface Condition {
  type: string;
  status: string;
}
import { ns } from './core-crud.steps.ts';

const group = 'oracle.dojo.dev';
const crdName = `widgets.${group}`;
const widgets = `/apis/${group}/v1/namespaces/${ns}/widgets`;

const crd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: crdName },
  spec: {
    group,
    scope: 'Namespaced',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList', shortNames: ['wdg'] },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        additionalPrinterColumns: [{ name: 'Size', type: 'integer', jsonPath: '.spec.size' }],
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                required: ['mode'],
                properties: {
                  size: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
                  mode: { type: 'string', enum: ['fast', 'slow'] },
                  tags: { type: 'array', items: { type: 'string' }, maxItems: 2 },
                  free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                },
              },
              status: { type: 'object', properties: { ready: { type: 'boolean' } } },
            },
          },
        },
      },
    ],
  },
};

/** Polls until `ok` holds of the answer (CRD establishing and CR serving are asynchronous). */
async function pollUntil(target: Target, path: string, ok: (body: CallResult['body'], status: number) => boolean): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const result = await target.call('GET', path);
    if (ok(result.body, result.status)) return;
    await sleep(100);
  }
  throw new Error(`${target.name}: ${path} never became ready`);
}

const widget = (name: string, spec: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  apiVersion: `${group}/v1`,
  kind: 'Widget',
  metadata: { name },
  spec,
  ...extra,
});

export const crdSteps: Step[] = [
  http('create the CRD', { method: 'POST', path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', body: crd }),
  custom('the CRD becomes Established and its resource is served', async (target) => {
    const path = `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crdName}`;
    await pollUntil(
      target,
      path,
      (body) => (body?.status?.conditions as Condition[] | undefined)?.some((c) => c.type === 'Established' && c.status === 'True') ?? false,
    );
    await pollUntil(target, widgets, (_body, status) => status === 200);
    return httpObservation(await target.call('GET', path), []);
  }),
  http('create a Widget: size defaulted, unknown fields pruned, status dropped', {
    method: 'POST',
    path: widgets,
    body: widget('w1', { mode: 'fast', unknown: 'dropped', free: { anything: { goes: 1 } } }, { status: { ready: true }, extra: 'dropped' }),
  }),
  http('get the Widget', { method: 'GET', path: `${widgets}/w1` }),
  http('create a Widget with unknown fields, strict field validation: 400', {
    method: 'POST',
    path: `${widgets}?fieldValidation=Strict`,
    body: widget('w-strict', { mode: 'fast', unknown: 'x' }),
  }),
  http('create an invalid Widget: 422 with a cause per field', {
    method: 'POST',
    path: widgets,
    body: widget('w-bad', { mode: 'medium', size: 11, tags: ['a', 'b', 'c'] }),
  }),
  http('create a Widget without the required field: 422', { method: 'POST', path: widgets, body: widget('w-req', { size: 2 }) }),
  http('a wrong type: 422', { method: 'POST', path: widgets, body: widget('w-type', { mode: 'fast', size: 'big' }) }),
  http('update the status subresource', {
    method: 'PATCH',
    path: `${widgets}/w1/status`,
    body: { status: { ready: true }, spec: { size: 9 } },
    headers: { 'content-type': 'application/merge-patch+json' },
  }),
  // Unlike a built-in kind's typed list, a custom resource list's items keep apiVersion and kind.
  http('list Widgets: the items keep apiVersion and kind', { method: 'GET', path: widgets }),
  http('list Widgets as a Table (kubectl get)', {
    method: 'GET',
    path: widgets,
    headers: { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' },
  }),
  // An apply's merged object is not decoded again: kube keeps its nulls (no PruneNonNullableNullsWithoutDefaults) and validates them.
  http('server-side apply of a Widget with a null list: kept, and refused by its type', {
    method: 'PATCH',
    path: `${widgets}/w-null?fieldManager=applier`,
    body: JSON.stringify(widget('w-null', { mode: 'fast', tags: null })),
    headers: { 'content-type': 'application/apply-patch+yaml' },
  }),
  http('server-side apply of a Widget with a null defaulted field: the default', {
    method: 'PATCH',
    path: `${widgets}/w-null?fieldManager=applier`,
    body: JSON.stringify(widget('w-null', { mode: 'fast', size: null })),
    headers: { 'content-type': 'application/apply-patch+yaml' },
  }),
  http('server-side apply of a Widget setting a field to null: refused by its type', {
    method: 'PATCH',
    path: `${widgets}/w-null?fieldManager=applier`,
    body: JSON.stringify(widget('w-null', { mode: null })),
    headers: { 'content-type': 'application/apply-patch+yaml' },
  }),
  http('delete the Widget the null applies made', { method: 'DELETE', path: `${widgets}/w-null` }),
  http('delete the Widget', { method: 'DELETE', path: `${widgets}/w1` }),
];
