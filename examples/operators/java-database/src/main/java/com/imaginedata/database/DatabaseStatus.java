package com.imaginedata.database;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.ArrayList;
import java.util.List;

/** What the operator observed: written only through the status subresource. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public class DatabaseStatus {
  private Long observedGeneration;
  private Integer readyReplicas;
  private List<Condition> conditions = new ArrayList<>();

  public Long getObservedGeneration() { return observedGeneration; }
  public void setObservedGeneration(Long observedGeneration) { this.observedGeneration = observedGeneration; }
  public Integer getReadyReplicas() { return readyReplicas; }
  public void setReadyReplicas(Integer readyReplicas) { this.readyReplicas = readyReplicas; }
  public List<Condition> getConditions() { return conditions; }
  public void setConditions(List<Condition> conditions) { this.conditions = conditions; }
}
