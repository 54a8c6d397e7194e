package com.imaginedata.database;

import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Instant;

/**
 * Events about a Database, as core/v1 Events with the Database as involvedObject (what
 * {@code kubectl describe db} lists). The Java Operator SDK has no event recorder of its own.
 */
final class DatabaseEvents {
  static final String COMPONENT = "java-database-operator";

  private final KubernetesClient client;

  DatabaseEvents(KubernetesClient client) {
    this.client = client;
  }

  void normal(Database db, String reason, String message) {
    String now = Instant.now().toString();
    var event = new EventBuilder()
        .withNewMetadata()
        .withGenerateName(db.getMetadata().getName() + ".")
        .withNamespace(db.getMetadata().getNamespace())
        .endMetadata()
        .withNewInvolvedObject()
        .withApiVersion(db.getApiVersion())
        .withKind(db.getKind())
        .withName(db.getMetadata().getName())
        .withNamespace(db.getMetadata().getNamespace())
        .withUid(db.getMetadata().getUid())
        .withResourceVersion(db.getMetadata().getResourceVersion())
        .endInvolvedObject()
        .withType("Normal")
        .withReason(reason)
        .withMessage(message)
        .withCount(1)
        .withFirstTimestamp(now)
        .withLastTimestamp(now)
        .withNewSource()
        .withComponent(COMPONENT)
        .endSource()
        .withReportingComponent(COMPONENT)
        .withReportingInstance(COMPONENT)
        .build();
    client.v1().events().inNamespace(db.getMetadata().getNamespace()).resource(event).create();
  }
}
