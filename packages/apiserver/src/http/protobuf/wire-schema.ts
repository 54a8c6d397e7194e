/**
 * Every message the server speaks, from our tables (schema/*.ts, special-types.ts, the envelope)
 * to protobufjs reflection types, which do the wire encoding. protobufjs fields are named
 * `f<number>`: the JSON names live in our field definitions, and json-codec.ts maps between them.
 */
import protobuf from 'protobufjs';
import { isScalar, parseMessage, type FieldDef, type MessageTable } from './message-table.ts';
import { admissionregistrationV1Messages } from './schema/admissionregistration-v1.ts';
import { apidiscoveryV2Messages } from './schema/apidiscovery-v2.ts';
import { apiextensionsV1Messages } from './schema/apiextensions-v1.ts';
import { appsV1Messages } from './schema/apps-v1.ts';
import { authenticationV1Messages } from './schema/authentication-v1.ts';
import { authorizationV1Messages } from './schema/authorization-v1.ts';
import { autoscalingV1Messages } from './schema/autoscaling-v1.ts';
import { autoscalingV2Messages } from './schema/autoscaling-v2.ts';
import { batchV1Messages } from './schema/batch-v1.ts';
import { coordinationV1Messages } from './schema/coordination-v1.ts';
import { corePodMessages } from './schema/core-v1-pod.ts';
import { coreClusterMessages } from './schema/core-v1-cluster.ts';
import { coreV1Messages } from './schema/core-v1.ts';
import { discoveryV1Messages } from './schema/discovery-v1.ts';
import { eventsV1Messages } from './schema/events-v1.ts';
import { metaV1Messages } from './schema/meta-v1.ts';
import { networkingV1Messages } from './schema/networking-v1.ts';
import { policyV1Messages } from './schema/policy-v1.ts';
import { rbacV1Messages } from './schema/rbac-v1.ts';
import { schedulingV1Messages } from './schema/scheduling-v1.ts';
import { storageV1Messages } from './schema/storage-v1.ts';
import { schedulingV1alpha3Messages } from './schema/scheduling-v1alpha3.ts';
import { specialTypes } from './special-types.ts';

/** runtime.Unknown, the envelope of every object (k8s.io/apimachinery/pkg/runtime). */
const runtimeMessages = {
  'runtime.TypeMeta': { apiVersion: '1 string', kind: '2 string' },
  'runtime.Unknown': { typeMeta: '1 runtime.TypeMeta', raw: '2 bytes', contentEncoding: '3 string', contentType: '4 string' },
} as const satisfies MessageTable;

const tables: MessageTable[] = [
  metaV1Messages,
  corePodMessages,
  coreV1Messages,
  appsV1Messages,
  rbacV1Messages,
  apiextensionsV1Messages,
  coordinationV1Messages,
  eventsV1Messages,
  autoscalingV1Messages,
  apidiscoveryV2Messages,
  runtimeMessages,
  autoscalingV2Messages,
  networkingV1Messages,
  policyV1Messages,
  discoveryV1Messages,
  storageV1Messages,
  schedulingV1Messages,
  coreClusterMessages,
  batchV1Messages,
  schedulingV1alpha3Messages,
  authenticationV1Messages,
  authorizationV1Messages,
  admissionregistrationV1Messages,
  Object.fromEntries(Object.entries(specialTypes).map(([name, special]) => [name, special.fields])),
];

export const wireFieldName = (def: FieldDef): string => `f${def.number}`;

export class WireSchema {
  private readonly root = new protobuf.Root();
  private readonly defs = new Map<string, FieldDef[]>();

  constructor(messageTables: readonly MessageTable[] = tables) {
    for (const table of messageTables) {
      for (const [name, fields] of Object.entries(table)) {
        const defs = parseMessage(fields);
        this.defs.set(name, defs);
        const dot = name.lastIndexOf('.');
        const type = new protobuf.Type(name.slice(dot + 1));
        for (const def of defs) {
          const ref = isScalar(def.type) ? def.type : `.${def.type}`;
          if (def.mapKey) type.add(new protobuf.MapField(wireFieldName(def), def.number, def.mapKey, ref));
          else type.add(new protobuf.Field(wireFieldName(def), def.number, ref, def.repeated ? 'repeated' : 'optional'));
        }
        (dot < 0 ? this.root : this.root.define(name.slice(0, dot))).add(type);
      }
    }
    this.root.resolveAll();
  }

  has(name: string): boolean {
    return this.defs.has(name);
  }

  fields(name: string): FieldDef[] {
    const defs = this.defs.get(name);
    if (!defs) throw new Error(`no protobuf message ${name}`);
    return defs;
  }

  type(name: string): protobuf.Type {
    return this.root.lookupType(name);
  }
}

let shared: WireSchema | undefined;

/** The schema of every served kind, built on first use (a few milliseconds). */
export function wireSchema(): WireSchema {
  shared ??= new WireSchema();
  return shared;
}
