//! The `ConfigMapGenerator` kind (`example.dojo.dev/v1`, namespaced): its spec names the content
//! of one ConfigMap, its status says which generation the operator last acted on.

use kube::CustomResource;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(CustomResource, Deserialize, Serialize, Clone, Debug, JsonSchema)]
#[kube(
    group = "example.dojo.dev",
    version = "v1",
    kind = "ConfigMapGenerator",
    plural = "configmapgenerators",
    shortname = "cmg",
    namespaced,
    status = "ConfigMapGeneratorStatus",
    printcolumn = r#"{"name":"ConfigMap","type":"string","jsonPath":".status.configMapName"}"#
)]
pub struct ConfigMapGeneratorSpec {
    /// What the generated ConfigMap holds under its `content` key.
    pub content: String,
}

#[derive(Deserialize, Serialize, Clone, Debug, Default, JsonSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMapGeneratorStatus {
    /// The `metadata.generation` this status describes (Kubernetes' observedGeneration
    /// convention: a reader knows whether the spec it sees has been acted on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
    /// The name of the ConfigMap this generator owns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_map_name: Option<String>,
    /// Written on every reconcile by `--hot-loop` only: the deliberate bug.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_reconcile_time: Option<String>,
}
