/**
 * What the HTTP layer learns about one request while serving it, for its journal record: the
 * handlers fill it in as they go (decode, call, encode), the journal turns it into a
 * `RequestRecord` once the answer is sent. Cheap to fill: it holds references and computes
 * nothing (the changed field paths are worked out after the response has left).
 */
import type {
  AdmissionRecord,
  ControllerOwner,
  ForbiddenRequest,
  InjectedFault,
  RequestClient,
  RequestRecord,
  RequestVerb,
  ViewMark,
} from '@dojo/console-protocol';
import { parseApiVersion, type KubeList, type KubeObject, type StatusError } from '@dojo/kube-api';
import type { RequestAttributes } from '../rbac/request-attributes.ts';
import { ruleAllowing } from '../rbac/rule-allowing.ts';
import { withSecretValuesRedacted } from './secret-patch-redaction.ts';
import type { WriteObserver } from '../registry/request-options.ts';
import type { ResourceInfo } from '../registry/resource-info.ts';

export interface ObjectFacts {
  rv?: string;
  generation?: number;
  uid?: string;
  owner?: ControllerOwner;
  namespace?: string;
  name?: string;
}

/** The controller owner among owner references, by API group, kind and name. */
export function controllerOwnerOf(refs: KubeObject['metadata']['ownerReferences']): ControllerOwner | undefined {
  const owner = refs?.find((ref) => ref.controller === true);
  return owner && { group: parseApiVersion(owner.apiVersion ?? '').group, kind: owner.kind, name: owner.name };
}

export function factsOf(obj: KubeObject | undefined): ObjectFacts {
  const meta = obj?.metadata;
  if (!meta) return {};
  const facts: ObjectFacts = {};
  if (meta.resourceVersion) facts.rv = meta.resourceVersion;
  if (typeof meta.generation === 'number') facts.generation = meta.generation;
  if (meta.uid) facts.uid = meta.uid;
  if (meta.namespace) facts.namespace = meta.namespace;
  if (meta.name) facts.name = meta.name;
  const owner = controllerOwnerOf(meta.ownerReferences);
  if (owner) facts.owner = owner;
  return facts;
}

/** Admission records kept on one request's record (a write calls each webhook and policy once or twice). */
const maxAdmissionRecords = 100;

export class RequestNote implements WriteObserver {
  /** Epoch ms when the request arrived: the record's `time`. */
  readonly time: number;
  readonly started: number;
  readonly client: RequestClient;
  verb: RequestVerb = 'get';
  /** Set for resource requests; `path` for anything else. */
  info?: ResourceInfo | undefined;
  namespace?: string | undefined;
  name?: string | undefined;
  subresource?: string | undefined;
  path?: string | undefined;
  rvSent?: string | undefined;
  /** A read answered from an older view (the client is paused, or given a stale view). */
  view?: ViewMark | undefined;
  fieldManager?: string | undefined;
  patchType?: string | undefined;
  dryRun = false;
  /** What was answered: the object written or read, or a list. */
  object?: KubeObject | undefined;
  /** A list answered: how many items, as of which resourceVersion. */
  list?: { items: { length: number }; metadata?: KubeList['metadata'] } | undefined;
  /** The versions an update stored (before, after), for the changed field paths. */
  before?: KubeObject | undefined;
  after?: KubeObject | undefined;
  /** Reads the object's current version, to name what won a 409. */
  current?: () => KubeObject | undefined;
  reason?: string | undefined;
  conflict?: RequestRecord['conflict'] | undefined;
  /** Refused by authorization: what it asked, as RBAC reads it. */
  forbidden?: { attributes: RequestAttributes; request: ForbiddenRequest } | undefined;
  /** Not journaled as a request: the journal's own stream, health probes. */
  skip = false;
  /** A watch: journaled by its WatchRecorder instead. */
  watch = false;
  /** A fault rule chose this request (client-controls/request-faults-hook.ts). */
  fault?: InjectedFault | undefined;
  /** Every webhook called and policy evaluated for this write, in the order they ran. */
  readonly admission: AdmissionRecord[] = [];
  /** Admission records past `maxAdmissionRecords`: not kept, but counted (`RequestRecord.admissionDropped`). */
  admissionDropped = 0;
  /** The object's name as admission saw it: a refused create's only name (the URL has none, and nothing was stored). */
  admittedName?: string | undefined;
  /** Told when a write of this request has its resourceVersion (the journal files its writer). */
  onStored?: (obj: KubeObject) => void;

  constructor(client: RequestClient, time: number, started: number) {
    this.client = client;
    this.time = time;
    this.started = started;
  }

  /** The request addresses a resource: which one. */
  addresses(info: ResourceInfo, namespace: string | undefined, name: string | undefined, subresource: string | undefined): void {
    this.info = info;
    if (namespace !== undefined) this.namespace = namespace;
    if (name !== undefined) this.name = name;
    if (subresource !== undefined) this.subresource = subresource;
  }

  /** Called by the store when an update changes the object. */
  changed(before: KubeObject, after: KubeObject): void {
    this.before = before;
    this.after = after;
  }

  /** Called by the store once the write has its resourceVersion, before it is durable. */
  stored(obj: KubeObject): void {
    this.onStored?.(obj);
  }

  /**
   * Called by admission for each webhook call and policy evaluation (`RequestRecord.admission`).
   * At most `maxAdmissionRecords` are kept: a deletecollection asks admission about every item,
   * and the journal holds one line per request. The rest are counted, so the record says so.
   */
  admitted(record: AdmissionRecord, objectName: string): void {
    const isSecret = this.info?.group === '' && this.info.resource === 'secrets';
    if (this.admission.length < maxAdmissionRecords) this.admission.push(isSecret ? withSecretValuesRedacted(record) : record);
    else this.admissionDropped++;
    if (objectName) this.admittedName = objectName;
  }

  /** Authorization refused the request, before any handler said what it addresses. */
  refused(attributes: RequestAttributes): void {
    this.forbidden = { attributes, request: ruleAllowing(attributes) };
  }

  failed(error: StatusError): void {
    if (error.reason) this.reason = error.reason;
  }
}
