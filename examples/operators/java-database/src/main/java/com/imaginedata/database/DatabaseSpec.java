package com.imaginedata.database;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What a Database asks for, with the seed's field names (note the dashed {@code storage-size}). */
public class DatabaseSpec {
  private String name;
  private Integer port;

  @JsonProperty("storage-size")
  private String storageSize;

  private String image;
  private Integer replicas;

  public String getName() { return name; }
  public void setName(String name) { this.name = name; }
  public Integer getPort() { return port; }
  public void setPort(Integer port) { this.port = port; }
  public String getStorageSize() { return storageSize; }
  public void setStorageSize(String storageSize) { this.storageSize = storageSize; }
  public String getImage() { return image; }
  public void setImage(String image) { this.image = image; }
  public Integer getReplicas() { return replicas; }
  public void setReplicas(Integer replicas) { this.replicas = replicas; }
}
