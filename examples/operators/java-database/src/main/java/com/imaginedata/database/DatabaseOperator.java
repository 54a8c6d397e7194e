package com.imaginedata.database;

import io.javaoperatorsdk.operator.Operator;
import java.time.Duration;
import java.util.Arrays;

/**
 * Runs the Database controller with the kubeconfig fabric8 finds ($KUBECONFIG, else
 * ~/.kube/config), until SIGTERM.
 *
 * <p>Flags (or system properties): {@code --namespace NS} ({@code -Ddatabase.namespace=NS}) watches
 * one namespace instead of all; {@code --hot-loop} ({@code -Ddatabase.hotLoop=true}) runs the
 * deliberately broken variant that retriggers itself with its own status writes.
 */
public final class DatabaseOperator {
  private DatabaseOperator() {}

  public static void main(String[] args) {
    var argv = Arrays.asList(args);
    boolean hotLoop = Boolean.getBoolean("database.hotLoop") || argv.contains("--hot-loop");
    int at = argv.indexOf("--namespace");
    String namespace = at >= 0 && at + 1 < args.length ? args[at + 1] : System.getProperty("database.namespace");

    // A kind not served yet (or not permitted) must not stop the whole operator at start: the SDK
    // keeps retrying that informer and the other kinds work meanwhile.
    Operator operator = new Operator(o -> o.withStopOnInformerErrorDuringStartup(false).withCacheSyncTimeout(Duration.ofSeconds(30)));
    operator.register(new DatabaseReconciler(hotLoop), c -> {
      if (namespace != null) c.settingNamespace(namespace);
      // The bug the broken variant shows: reacting to every update, status writes included.
      if (hotLoop) c.withGenerationAware(false);
    });
    operator.installShutdownHook(Duration.ofSeconds(5));
    operator.start();
    System.out.println("java-database operator started" + (namespace != null ? " in namespace " + namespace : "") + (hotLoop ? " (hot loop)" : ""));
  }
}
