/**
 * A list's readiness hints, kept between calls: the same answers as `readinessHints` (the
 * definition, explain-object.ts), without asking every source about every object every time.
 *
 * A cheap source that depends only on the owner tree (`dependsOn: 'owner-tree'`) is asked once
 * per object; its blockers are kept by the object's uid with every uid the answer read (the
 * object, each owner whose children it listed, each child), and dropped when the informers say
 * that one of those objects, or a child of one of them, was added, changed or deleted. The
 * object's own assessment is kept with them. Sources that read the queues or the clock are
 * asked every time, the queues indexed once per call (controller-directory.ts).
 *
 * Nothing is kept unless every cache tells of its changes (CachedKind.addEventHandler), an
 * answer that read anything but the owner tree is not kept, and one computed while a change
 * arrived is not kept either: a kept answer is always one the definition would give now.
 */
import type { Blocker, ReadinessHints, ReadinessHint } from '@dojo/console-protocol';
import { objectKeyOf, type KubeObject } from '@dojo/kube-api';
import type { ResourceEventHandler } from '@dojo/runtime';
import type { ExplainContext, ExplainSubject, RunnableSource } from './blocker-source.ts';
import type { ControllerDirectory } from './controller-directory.ts';
import { hintOf, mergeBlockers, readinessHints, subjectOf, type Kind } from './explain-object.ts';
import type { CachedKind, ObjectGraph } from './object-graph.ts';
import type { Assessment } from './readiness/assess-object.ts';
import { blockerSources } from './sources/blocker-sources.ts';

interface Kept {
  readonly object: KubeObject;
  readonly controller: string | undefined;
  readonly assessment: Assessment;
  /** By the position of the source among the cheap ones; undefined for those asked every time. */
  readonly blockers: readonly (readonly Blocker[] | undefined)[];
  readonly reads: readonly string[];
}

export class ReadinessHintsCache {
  readonly #sources: readonly RunnableSource[];
  readonly #kept = new Map<string, Kept>();
  /** uid of an object read -> uids of the objects whose kept answer read it. */
  readonly #readers = new Map<string, Set<string>>();
  readonly #followed = new Map<CachedKind, () => void>();
  /** Counts changes heard, so that an answer computed across one is not kept. */
  #changes = 0;
  readonly #handler: ResourceEventHandler = {
    onAdd: (object) => this.#changed(object),
    onUpdate: (old, object, { resync }) => {
      if (resync) return;
      this.#changed(old);
      this.#changed(object);
    },
    onDelete: (object) => this.#changed(object),
  };

  constructor(sources: readonly RunnableSource[] = blockerSources) {
    this.#sources = sources.filter((s) => s.cost === 'cheap');
  }

  /** How many objects' answers are kept now. */
  get size(): number {
    return this.#kept.size;
  }

  async hints(type: Kind, objects: readonly KubeObject[], informers: readonly CachedKind[], context: ExplainContext, now: number): Promise<ReadinessHints> {
    if (!this.#follow(informers)) return readinessHints(type, objects, context, now);
    const cheap: ExplainContext = { graph: context.graph, controllers: context.controllers };
    const hints: Record<string, ReadinessHint> = {};
    for (const object of objects) {
      const kept = this.#keptFor(type, object, cheap) ?? (await this.#keep(type, object, cheap, now));
      const subject = subjectOf(type, object, cheap, now, kept.assessment);
      const found = await Promise.all(this.#sources.map((source, i) => kept.blockers[i] ?? source.run(subject, cheap)));
      hints[objectKeyOf(object)] = hintOf(object, mergeBlockers(found));
    }
    return { hints };
  }

  /** Stops listening to the informers and forgets everything kept. */
  close(): void {
    for (const stop of this.#followed.values()) stop();
    this.#followed.clear();
    this.#forget();
  }

  #keptFor(type: Kind, object: KubeObject, context: ExplainContext): Kept | undefined {
    const uid = object.metadata.uid;
    const kept = uid === undefined ? undefined : this.#kept.get(uid);
    // The informers replace an object on every change: the same reference is the same version.
    if (!kept || kept.object !== object || kept.controller !== context.controllers.forKind(type.group, type.kind)) return undefined;
    return kept;
  }

  async #keep(type: Kind, object: KubeObject, context: ExplainContext, now: number): Promise<Kept> {
    const changesBefore = this.#changes;
    const reading = readingContext(context);
    const subject: ExplainSubject = subjectOf(type, object, reading.context, now);
    const blockers = await Promise.all(
      this.#sources.map((source) => (source.cost === 'cheap' && source.dependsOn === 'owner-tree' ? source.run(subject, reading.context) : undefined)),
    );
    const uid = object.metadata.uid;
    const kept: Kept = {
      object,
      controller: subject.controller,
      assessment: subject.assessment,
      blockers,
      reads: uid === undefined ? [] : [uid, ...reading.reads],
    };
    if (uid !== undefined && !reading.readMore() && changesBefore === this.#changes) {
      this.#drop(uid);
      this.#kept.set(uid, kept);
      for (const read of kept.reads) {
        let readers = this.#readers.get(read);
        if (!readers) this.#readers.set(read, (readers = new Set()));
        readers.add(uid);
      }
    }
    return kept;
  }

  /** Follows every informer given; false when one cannot tell of its changes. */
  #follow(informers: readonly CachedKind[]): boolean {
    if (informers.some((i) => !i.addEventHandler)) {
      this.close();
      return false;
    }
    const given = new Set(informers);
    for (const [informer, stop] of this.#followed) {
      if (given.has(informer)) continue;
      // A kind no longer watched (its CRD deleted): its objects left the graph without a word.
      stop();
      this.#followed.delete(informer);
      this.#forget();
    }
    for (const informer of informers) if (!this.#followed.has(informer)) this.#followed.set(informer, informer.addEventHandler!(this.#handler));
    return true;
  }

  #changed(object: KubeObject): void {
    this.#changes++;
    const { uid, ownerReferences } = object.metadata;
    if (uid !== undefined) this.#dropReaders(uid);
    for (const owner of ownerReferences ?? []) this.#dropReaders(owner.uid);
  }

  #dropReaders(uid: string): void {
    const readers = this.#readers.get(uid);
    if (readers) for (const reader of [...readers]) this.#drop(reader);
  }

  #drop(uid: string): void {
    const kept = this.#kept.get(uid);
    if (!kept) return;
    this.#kept.delete(uid);
    for (const read of kept.reads) {
      const readers = this.#readers.get(read);
      readers?.delete(uid);
      if (readers?.size === 0) this.#readers.delete(read);
    }
  }

  #forget(): void {
    this.#kept.clear();
    this.#readers.clear();
  }
}

/**
 * The context as a kept answer may read it: children through `ownedBy` (each owner asked and
 * each child returned is written down), the controller's name for the kind; anything else
 * (a lookup by name, a list, a controller's state) makes the answer one not to keep.
 */
function readingContext(context: ExplainContext): { context: ExplainContext; reads: string[]; readMore: () => boolean } {
  const reads: string[] = [];
  let readMore = false;
  const more = <T>(value: T): T => {
    readMore = true;
    return value;
  };
  const graph: ObjectGraph = {
    ownedBy(uid) {
      reads.push(uid);
      const nodes = context.graph.ownedBy(uid);
      for (const node of nodes) if (node.object.metadata.uid !== undefined) reads.push(node.object.metadata.uid);
      return nodes;
    },
    get: (identity) => more(context.graph.get(identity)),
    list: (group, kind, namespace) => more(context.graph.list(group, kind, namespace)),
    watches: (group, kind) => more(context.graph.watches(group, kind)),
  };
  const controllers: ControllerDirectory = {
    forKind: (group, kind) => context.controllers.forKind(group, kind),
    isController: (name) => more(context.controllers.isController(name)),
    state: (name) => more(context.controllers.state(name)),
    position: (name, key) => more(context.controllers.position(name, key)),
  };
  return { context: { graph, controllers }, reads, readMore: () => readMore };
}
