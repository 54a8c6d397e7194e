package com.imaginedata.database;

import io.fabric8.kubernetes.api.model.Namespaced;
import io.fabric8.kubernetes.client.CustomResource;
import io.fabric8.kubernetes.model.annotation.Group;
import io.fabric8.kubernetes.model.annotation.Kind;
import io.fabric8.kubernetes.model.annotation.Plural;
import io.fabric8.kubernetes.model.annotation.ShortNames;
import io.fabric8.kubernetes.model.annotation.Singular;
import io.fabric8.kubernetes.model.annotation.Version;

/** The seed's custom resource: {@code databases.stable.imaginedata.com/v1}, kind Database, short name db. */
@Group("stable.imaginedata.com")
@Version("v1")
@Kind("Database")
@Plural("databases")
@Singular("database")
@ShortNames("db")
public class Database extends CustomResource<DatabaseSpec, DatabaseStatus> implements Namespaced {}
