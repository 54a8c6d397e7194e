package com.imaginedata.database;

import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.config.informer.InformerEventSourceConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.ErrorStatusUpdateControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import io.javaoperatorsdk.operator.processing.event.source.informer.Mappers;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Makes a Database's StatefulSet and Service exist and match its spec, then reports through the
 * status subresource: observedGeneration, readyReplicas, and a Ready condition that turns True
 * once the StatefulSet's readyReplicas equals spec.replicas.
 *
 * <p>Level-based: each pass reads the owned objects from the informers' caches (they are the
 * secondary resources, mapped back by their controller owner reference), creates what is missing,
 * updates what drifted (an update carrying the cached resourceVersion, so a stale cache gets a 409
 * and the SDK retries) and writes status with server-side apply.
 *
 * <p>{@code hotLoop} is the deliberately broken variant: it stamps the Ready condition's
 * lastTransitionTime with the current time on every pass, and runs without generation-aware event
 * filtering, so the echo of its own status write triggers the next pass, for ever.
 */
@ControllerConfiguration(name = "database")
public class DatabaseReconciler implements Reconciler<Database> {
  private final boolean hotLoop;
  private DatabaseEvents events;

  public DatabaseReconciler(boolean hotLoop) {
    this.hotLoop = hotLoop;
  }

  @Override
  public List<EventSource<?, Database>> prepareEventSources(EventSourceContext<Database> context) {
    events = new DatabaseEvents(context.getClient());
    var statefulSets = InformerEventSourceConfiguration.from(StatefulSet.class, Database.class)
        .withSecondaryToPrimaryMapper(Mappers.fromOwnerReferences(Database.class))
        .withNamespacesInheritedFromController()
        .build();
    var services = InformerEventSourceConfiguration.from(Service.class, Database.class)
        .withSecondaryToPrimaryMapper(Mappers.fromOwnerReferences(Database.class))
        .withNamespacesInheritedFromController()
        .build();
    return List.of(new InformerEventSource<>(statefulSets, context), new InformerEventSource<>(services, context));
  }

  @Override
  public UpdateControl<Database> reconcile(Database db, Context<Database> context) {
    KubernetesClient client = context.getClient();
    ensureService(client, db, context.getSecondaryResource(Service.class));
    StatefulSet statefulSet = ensureStatefulSet(client, db, context.getSecondaryResource(StatefulSet.class));
    int ready = Optional.ofNullable(statefulSet.getStatus()).map(s -> s.getReadyReplicas()).orElse(0);
    int wanted = Objects.requireNonNullElse(db.getSpec().getReplicas(), 1);
    DatabaseStatus status = new DatabaseStatus();
    status.setObservedGeneration(db.getMetadata().getGeneration());
    status.setReadyReplicas(ready);
    status.getConditions().add(ready == wanted
        ? readyCondition(db, "True", "AllReplicasReady", ready + "/" + wanted + " replicas ready")
        : readyCondition(db, "False", "ReplicasNotReady", ready + "/" + wanted + " replicas ready"));
    return UpdateControl.patchStatus(statusPatch(db, status));
  }

  /** A pass that threw (e.g. the API server refused a child): Ready=False with why, then the SDK's retry. */
  @Override
  public ErrorStatusUpdateControl<Database> updateErrorStatus(Database db, Context<Database> context, Exception e) {
    DatabaseStatus status = new DatabaseStatus();
    DatabaseStatus previous = db.getStatus();
    if (previous != null) {
      status.setObservedGeneration(previous.getObservedGeneration());
      status.setReadyReplicas(previous.getReadyReplicas());
    }
    String message = Objects.requireNonNullElse(e.getMessage(), e.getClass().getName());
    status.getConditions().add(readyCondition(db, "False", "ReconcileError", message.length() > 500 ? message.substring(0, 500) : message));
    return ErrorStatusUpdateControl.patchStatus(statusPatch(db, status));
  }

  private void ensureService(KubernetesClient client, Database db, Optional<Service> cached) {
    Service desired = DesiredResources.service(db);
    if (cached.isEmpty()) {
      client.services().inNamespace(db.getMetadata().getNamespace()).resource(desired).create();
      events.normal(db, "Created", "Created Service " + desired.getMetadata().getName());
      return;
    }
    Service current = cached.get();
    if (!Objects.equals(current.getSpec().getPorts().get(0).getPort(), db.getSpec().getPort())) {
      current.getSpec().setPorts(desired.getSpec().getPorts());
      client.services().inNamespace(db.getMetadata().getNamespace()).resource(current).update();
      events.normal(db, "Updated", "Updated Service " + current.getMetadata().getName() + " to port " + db.getSpec().getPort());
    }
  }

  private StatefulSet ensureStatefulSet(KubernetesClient client, Database db, Optional<StatefulSet> cached) {
    StatefulSet desired = DesiredResources.statefulSet(db);
    if (cached.isEmpty()) {
      StatefulSet created = client.apps().statefulSets().inNamespace(db.getMetadata().getNamespace()).resource(desired).create();
      events.normal(db, "Created", "Created StatefulSet " + desired.getMetadata().getName());
      return created;
    }
    StatefulSet current = cached.get();
    if (drifted(current.getSpec(), desired.getSpec())) {
      // Replicas, image and port follow the Database; volumeClaimTemplates cannot change after creation.
      Container container = current.getSpec().getTemplate().getSpec().getContainers().get(0);
      Container wanted = desired.getSpec().getTemplate().getSpec().getContainers().get(0);
      current.getSpec().setReplicas(desired.getSpec().getReplicas());
      container.setImage(wanted.getImage());
      container.setPorts(wanted.getPorts());
      StatefulSet updated = client.apps().statefulSets().inNamespace(db.getMetadata().getNamespace()).resource(current).update();
      events.normal(db, "Updated", "Updated StatefulSet " + current.getMetadata().getName());
      return updated;
    }
    return current;
  }

  private static boolean drifted(StatefulSetSpec current, StatefulSetSpec desired) {
    Container have = current.getTemplate().getSpec().getContainers().get(0);
    Container want = desired.getTemplate().getSpec().getContainers().get(0);
    return !Objects.equals(current.getReplicas(), desired.getReplicas())
        || !Objects.equals(have.getImage(), want.getImage())
        || !Objects.equals(have.getPorts().get(0).getContainerPort(), want.getPorts().get(0).getContainerPort());
  }

  /**
   * The Ready condition; lastTransitionTime moves only when its status changes (the Kubernetes API
   * conventions' rule for conditions) — except in the broken variant, which stamps it every pass.
   */
  private Condition readyCondition(Database db, String status, String reason, String message) {
    String previousTime = Optional.ofNullable(db.getStatus())
        .flatMap(s -> s.getConditions().stream().filter(c -> "Ready".equals(c.getType()) && status.equals(c.getStatus())).findFirst())
        .map(Condition::getLastTransitionTime)
        .orElse(null);
    String time = hotLoop || previousTime == null
        ? Instant.now().truncatedTo(hotLoop ? ChronoUnit.MILLIS : ChronoUnit.SECONDS).toString()
        : previousTime;
    return new ConditionBuilder()
        .withType("Ready")
        .withStatus(status)
        .withReason(reason)
        .withMessage(message)
        .withObservedGeneration(db.getMetadata().getGeneration())
        .withLastTransitionTime(time)
        .build();
  }

  /** Server-side apply sends only the fields this controller owns: the identity and the status. */
  private static Database statusPatch(Database db, DatabaseStatus status) {
    Database patch = new Database();
    patch.setMetadata(new ObjectMetaBuilder().withName(db.getMetadata().getName()).withNamespace(db.getMetadata().getNamespace()).build());
    patch.setStatus(status);
    return patch;
  }
}
