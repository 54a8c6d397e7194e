/**
 * `node --import tsx packages/apiserver/bench/create-stages.ts [--objects N] [--rounds N]`: the
 * main-thread work of one Dojo create and one Dojo update, stage by stage, in this process and
 * without HTTP or TLS: the store's own steps (body parse, CRD defaulting and pruning, metadata and
 * schema validation, managedFields, the stored JSON) and the whole synchronous part of a store
 * create / update. Each stage runs over the same fresh objects in every round; the figure is the
 * median round, in µs per object. A profiler-free split of apiserver.bench.ts's "main-thread CPU
 * per create"; read the stages as ratios of each other (wall time on a shared machine).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseApiVersion, type KubeObject } from '@dojo/kube-api';
import { parse } from 'yaml';
import { startApiServer } from '../src/api-server.ts';
import { parseJsonBody } from '../src/http/body.ts';
import { createManagedFieldsTracker } from '../src/patch/managed-fields-tracker.ts';
import { patchMetaFor } from '../src/patch/patch-engine.ts';
import { checkMetadataTypes } from '../src/registry/builtin/typed-decode.ts';
import { nowTimestamp, prepareMetaForCreate, validateObjectMeta } from '../src/registry/object-meta.ts';
import type { ResourceInfo } from '../src/registry/resource-info.ts';

const { values: flags } = parseArgs({ options: { objects: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '7' } } });
const objects = Number(flags.objects);
const rounds = Number(flags.rounds);
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const write = { dryRun: false, fieldValidation: 'Strict', fieldManager: 'bench' } as const;

const dojoText = (name: string) =>
  JSON.stringify({
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { name, namespace: 'default', labels: { bench: 'true' } },
    spec: { accountId: 'acc', title: `Dojo ${name}`, credentialsRef: { name: `${name}-app` }, replicas: 1 },
  });

/** The median over rounds of one stage's µs per object; `prepare` makes the round's inputs, untimed. */
function stage<T>(prepare: (i: number) => T, run: (input: T, i: number) => void): number {
  const perObject: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const inputs = Array.from({ length: objects }, (_, i) => prepare(i));
    const t = performance.now();
    for (let i = 0; i < objects; i++) run(inputs[i]!, i);
    perObject.push(((performance.now() - t) * 1000) / objects);
  }
  perObject.sort((a, b) => a - b);
  return Number(perObject[Math.floor(rounds / 2)]!.toFixed(1));
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dojo-stages-'));
  const server = await startApiServer({ dataDir: dir, port: 0, requestJournal: false });
  try {
    const crds = server.registry.lookup('apiextensions.k8s.io', 'v1', 'customresourcedefinitions')!;
    const crd = parse(readFileSync(here('../../operator/crds/core.jutsu.com_dojos.yaml'), 'utf8')) as KubeObject;
    await server.storage.of(crds).main.create(undefined, crd, write);
    let info: ResourceInfo | undefined;
    for (let i = 0; i < 100 && !(info = server.registry.lookup('core.jutsu.com', 'v1', 'dojos')); i++) await new Promise((r) => setTimeout(r, 20));
    if (!info) throw new Error('the Dojo CRD was not served');
    const store = server.storage.of(info).main;
    const strategy = info.strategy;
    const tracker = createManagedFieldsTracker((obj) => {
      const { group, version } = parseApiVersion(obj.apiVersion ?? '');
      const found = server.registry.lookupKind(group, obj.kind ?? '');
      return found ? patchMetaFor({ ...found, version }, obj) : undefined;
    });
    const time = nowTimestamp();
    const parsed = (i: number) => JSON.parse(dojoText(`s-${i}`)) as KubeObject;
    const decoded = (i: number) => {
      const obj = parsed(i);
      strategy.decode!(obj);
      prepareMetaForCreate(obj, Date.now());
      strategy.prepareForCreate(obj);
      return obj;
    };
    const tracked = (i: number) => {
      const obj = decoded(i);
      tracker.update({ obj, old: undefined, manager: 'bench', apiVersion: 'core.jutsu.com/v1', time });
      return obj;
    };

    const createStages = {
      parseBody: stage(
        (i) => dojoText(`s-${i}`),
        (text) => parseJsonBody(text),
      ),
      metadataTypes: stage(parsed, (obj) => checkMetadataTypes(obj, 'Dojo', 'v1')),
      defaultAndPrune: stage(parsed, (obj) => strategy.decode!(obj)),
      prepare: stage(parsed, (obj) => {
        prepareMetaForCreate(obj, Date.now());
        strategy.prepareForCreate(obj);
      }),
      validateObjectMeta: stage(decoded, (obj) => validateObjectMeta(obj, true, 'subdomain')),
      validateSchema: stage(decoded, (obj) => strategy.validate(obj)),
      managedFields: stage(decoded, (obj) => tracker.update({ obj, old: undefined, manager: 'bench', apiVersion: 'core.jutsu.com/v1', time })),
      storedJson: stage(tracked, (obj) => JSON.stringify(info.toStorage(obj))),
    };
    // The store's whole synchronous part (everything before it waits for the commit), then the commits.
    let round = 0;
    const pendingCreates: Promise<unknown>[] = [];
    const wholeCreate = stage(
      (i) => parsed(i + objects * round++),
      (obj) => {
        obj.metadata.name = `${obj.metadata.name}-${round}`;
        pendingCreates.push(store.create('default', obj, write));
      },
    );
    await Promise.all(pendingCreates);

    // An update as a controller sends it: the stored object read back, one spec field changed, same manager.
    const names = Array.from({ length: objects }, (_, i) => `u-${i}`);
    await Promise.all(names.map((name) => store.create('default', JSON.parse(dojoText(name)) as KubeObject, write)));
    let version = 0;
    const changedCopy = (i: number) => {
      const current = store.getLatest('default', names[i]!)!;
      current.spec = { ...(current.spec as object), title: `updated ${version++}` };
      return current;
    };
    const withOld = (i: number) => ({ obj: changedCopy(i), old: store.getLatest('default', names[i]!)! });
    const updateStages = {
      defaultAndPrune: stage(changedCopy, (obj) => strategy.decode!(obj)),
      validateSchema: stage(withOld, ({ obj, old }) => strategy.validateUpdate(obj, old)),
      managedFields: stage(withOld, ({ obj, old }) => tracker.update({ obj, old, manager: 'bench', apiVersion: 'core.jutsu.com/v1', time })),
    };
    const pendingUpdates: Promise<unknown>[] = [];
    const wholeUpdate = stage(changedCopy, (obj) => {
      pendingUpdates.push(store.update('default', obj.metadata.name!, obj, { ...write, fieldManager: 'bench' }));
    });
    await Promise.all(pendingUpdates);
    const sum = (o: Record<string, number>) =>
      Number(
        Object.values(o)
          .reduce((a, b) => a + b, 0)
          .toFixed(1),
      );
    process.stdout.write(
      JSON.stringify(
        {
          benchmark: 'create-stages',
          objects,
          rounds,
          microsPerObject: {
            create: { ...createStages, sumOfStages: sum(createStages), wholeStoreCreateSync: wholeCreate },
            update: { ...updateStages, wholeStoreUpdateSync: wholeUpdate },
          },
          load: loadavg().map((l) => Number(l.toFixed(2))),
        },
        null,
        2,
      ) + '\n',
    );
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
