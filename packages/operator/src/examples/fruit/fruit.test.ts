import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startExampleTestEnv, type ExampleTestEnv } from '../testing/example-test-env.ts';
import { fruitCrd, fruitType, type Fruit } from './fruit.ts';

let env: ExampleTestEnv;
let ns: string;

beforeAll(async () => {
  env = await startExampleTestEnv();
  await env.installCrd(fruitCrd());
  ns = await env.namespace('market');
});

afterAll(async () => {
  await env?.stop();
});

/** Seed 001's apple.yaml, in a namespace of our own. */
function fruitYaml(name: string, spec: string): string {
  return `apiVersion: user.k8sasdb.org/v1\nkind: Fruit\nmetadata:\n  name: ${name}\n  namespace: ${ns}\nspec:\n${spec}`;
}

const apple = (): string => fruitYaml('apple', '  sweetness: false\n  weight: 100\n  comment: little bit rotten\n  color: red\n');

describe('Fruit (a CRD without a controller)', () => {
  it("stores the seed's apple as given and lists it with kubectl, printer columns included", async () => {
    const applied = await env.kubectl(['apply', '-f', '-'], apple());
    expect(applied.stdout.trim()).toBe('fruit.user.k8sasdb.org/apple created');
    await env.api.create<Fruit>(fruitType, {
      apiVersion: 'user.k8sasdb.org/v1',
      kind: 'Fruit',
      metadata: { namespace: ns, name: 'mango' },
      spec: { weight: 350, sweetness: true, color: 'orange', origin: 'BR' },
    });

    const stored = await env.api.get<Fruit>(fruitType, { namespace: ns, name: 'apple' });
    expect(stored.spec).toEqual({ sweetness: false, weight: 100, comment: 'little bit rotten', color: 'red' });
    expect((await env.api.list<Fruit>(fruitType, { namespace: ns })).items.map((f) => f.metadata.name)).toEqual(['apple', 'mango']);

    const table = await env.kubectl(['get', 'fruits', '-n', ns]);
    expect(table.stderr).toBe('');
    const [header, ...rows] = table.stdout.trim().split('\n');
    expect(header!.split(/\s+/)).toEqual(['NAME', 'WEIGHT', 'SWEET', 'COLOR', 'AGE']);
    expect(rows[0]).toMatch(/^apple\s+100\s+false\s+red\s+\d+s$/);
    expect(rows[1]).toMatch(/^mango\s+350\s+true\s+orange\s+\d+s$/);
    // The comment column has priority 1: only the wide output shows it.
    const wide = await env.kubectl(['get', 'fruit', 'apple', '-n', ns, '-o', 'wide']);
    expect(wide.stdout).toMatch(/COMMENT/);
    expect(wide.stdout).toMatch(/little bit rotten/);
  });

  it("refuses a Fruit outside the schema with the API server's messages", async () => {
    const cases: [name: string, spec: string, message: string][] = [
      ['feather', '  weight: 0\n', 'spec.weight: Invalid value: 0: spec.weight in body should be greater than or equal to 1'],
      ['pumpkin', '  weight: 20000\n', 'spec.weight: Invalid value: 20000: spec.weight in body should be less than or equal to 10000'],
      [
        'blueberry',
        '  weight: 2\n  color: blue\n',
        'spec.color: Unsupported value: "blue": supported values: "red", "green", "yellow", "orange", "purple", "brown"',
      ],
      ['kiwi', '  weight: 75\n  origin: New Zealand\n', 'spec.origin: Invalid value: "New Zealand": spec.origin in body should match \'^[A-Z]{2}$\''],
      ['ghost', '  comment: no weight\n', 'spec.weight: Required value'],
    ];
    for (const [name, spec, message] of cases) {
      const refused = await env.kubectl(['apply', '-f', '-'], fruitYaml(name, spec));
      expect(refused.code, name).not.toBe(0);
      expect(refused.stderr, name).toContain(message);
    }
    const notFound = await env.kubectl(['get', 'fruit', 'feather', '-n', ns]);
    expect(notFound.stderr).toContain('not found');
  });
});
