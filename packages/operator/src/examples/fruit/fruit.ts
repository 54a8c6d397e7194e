/**
 * Fruit (seed 001): a CRD and nothing else. No controller reconciles it; the API server stores
 * and validates it, and the console lists it and builds its form from the schema alone.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { ResourceType } from '@dojo/runtime';
import type { OperatorModule } from '../../operator-module.ts';
import { readCrdFile } from '../crd-file.ts';

export interface FruitSpec {
  weight: number;
  sweetness?: boolean;
  comment?: string;
  color?: 'red' | 'green' | 'yellow' | 'orange' | 'purple' | 'brown';
  origin?: string;
}

export interface Fruit extends KubeObject {
  spec: FruitSpec;
}

export const fruitType = { group: 'user.k8sasdb.org', version: 'v1', resource: 'fruits', kind: 'Fruit', namespaced: true } as const satisfies ResourceType;

/** fruits.user.k8sasdb.org, read from fruit/crd.yaml (a fresh copy on every call). */
export function fruitCrd(): KubeObject {
  return readCrdFile(new URL('./crd.yaml', import.meta.url));
}

/** Seed 001's Fruit as operators.ts lists it: a CRD, and no controller to register. */
export const fruitOperator = {
  name: 'fruit',
  seed: '001',
  description: 'a CRD with no controller: listed, validated, its form generated',
  docs: 'docs/examples/fruit.md',
  crds: () => [fruitCrd()],
  register: async () => [],
} satisfies OperatorModule;
