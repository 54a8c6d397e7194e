package com.imaginedata.database;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetBuilder;
import java.util.Map;

/**
 * The objects a Database stands for: a StatefulSet running its image with a volume claim per
 * replica of {@code storage-size}, and the headless Service that governs it (a StatefulSet's
 * {@code serviceName} must name one). Both carry a controller owner reference to the Database,
 * so the garbage collector deletes them with it and the informers map their events back to it.
 */
final class DesiredResources {
  static final String DATA_VOLUME = "data";
  static final String CONTAINER = "database";

  private DesiredResources() {}

  static Map<String, String> selector(Database db) {
    return Map.of("app.kubernetes.io/name", "database", "app.kubernetes.io/instance", db.getMetadata().getName());
  }

  private static OwnerReference ownerReference(Database db) {
    return new OwnerReferenceBuilder()
        .withApiVersion(db.getApiVersion())
        .withKind(db.getKind())
        .withName(db.getMetadata().getName())
        .withUid(db.getMetadata().getUid())
        .withController(true)
        .withBlockOwnerDeletion(true)
        .build();
  }

  private static ObjectMeta metadata(Database db) {
    return new ObjectMetaBuilder()
        .withName(db.getMetadata().getName())
        .withNamespace(db.getMetadata().getNamespace())
        .withLabels(selector(db))
        .withOwnerReferences(ownerReference(db))
        .build();
  }

  static Service service(Database db) {
    return new ServiceBuilder()
        .withMetadata(metadata(db))
        .withNewSpec()
        .withClusterIP("None")
        .withSelector(selector(db))
        .addNewPort()
        .withName("db")
        .withPort(db.getSpec().getPort())
        .withNewTargetPort(db.getSpec().getPort())
        .endPort()
        .endSpec()
        .build();
  }

  static StatefulSet statefulSet(Database db) {
    DatabaseSpec spec = db.getSpec();
    return new StatefulSetBuilder()
        .withMetadata(metadata(db))
        .withNewSpec()
        .withServiceName(db.getMetadata().getName())
        .withReplicas(spec.getReplicas())
        .withNewSelector()
        .withMatchLabels(selector(db))
        .endSelector()
        .withNewTemplate()
        .withNewMetadata()
        .withLabels(selector(db))
        .endMetadata()
        .withNewSpec()
        .addNewContainer()
        .withName(CONTAINER)
        .withImage(spec.getImage())
        .addNewPort()
        .withName("db")
        .withContainerPort(spec.getPort())
        .endPort()
        .addNewVolumeMount()
        .withName(DATA_VOLUME)
        .withMountPath("/var/lib/database")
        .endVolumeMount()
        .endContainer()
        .endSpec()
        .endTemplate()
        .addNewVolumeClaimTemplate()
        .withNewMetadata()
        .withName(DATA_VOLUME)
        .endMetadata()
        .withNewSpec()
        .withAccessModes("ReadWriteOnce")
        .withNewResources()
        .withRequests(Map.of("storage", new Quantity(spec.getStorageSize())))
        .endResources()
        .endSpec()
        .endVolumeClaimTemplate()
        .endSpec()
        .build();
  }
}
