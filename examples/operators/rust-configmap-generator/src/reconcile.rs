//! One reconcile: the generator's ConfigMap exists, is owned by it and holds its content; the
//! status says so for the generation that was read. Level-based: it reads what is there and
//! makes it right, whatever event caused it.

use std::{collections::BTreeMap, sync::Arc, time::Duration};

use k8s_openapi::api::core::v1::ConfigMap;
use kube::{
    api::{ObjectMeta, PostParams},
    runtime::{
        controller::Action,
        events::{Event, EventType, Recorder},
    },
    Api, Client, Resource, ResourceExt,
};
use tracing::{info, instrument, warn};

use crate::crd::{ConfigMapGenerator, ConfigMapGeneratorStatus};

pub struct Context {
    pub client: Client,
    pub recorder: Recorder,
    /// The deliberate bug: write a fresh timestamp into status on every reconcile, so the
    /// operator's own status write is the next watch event that triggers it.
    pub hot_loop: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{0}")]
    Kube(#[from] kube::Error),
    #[error("object has no namespace")]
    NoNamespace,
}

impl Error {
    fn is_conflict(&self) -> bool {
        matches!(self, Error::Kube(kube::Error::Api(status)) if status.code == 409)
    }
}

pub fn config_map_name(generator: &ConfigMapGenerator) -> String {
    format!("{}-generated", generator.name_any())
}

/// Instrumented so the API calls below are children of kube-runtime's `reconciling object` span
/// (kube-runtime enters that span only while creating this future).
#[instrument(skip_all, fields(generator = %generator.name_any()))]
pub async fn reconcile(generator: Arc<ConfigMapGenerator>, ctx: Arc<Context>) -> Result<Action, Error> {
    let namespace = generator.namespace().ok_or(Error::NoNamespace)?;
    let config_maps: Api<ConfigMap> = Api::namespaced(ctx.client.clone(), &namespace);
    let name = config_map_name(&generator);
    let data = BTreeMap::from([("content".to_string(), generator.spec.content.clone())]);

    match config_maps.get_opt(&name).await? {
        None => {
            let owner = generator.controller_owner_ref(&()).expect("a namespaced object has a name and uid");
            let config_map = ConfigMap {
                metadata: ObjectMeta {
                    name: Some(name.clone()),
                    namespace: Some(namespace.clone()),
                    owner_references: Some(vec![owner]),
                    labels: Some(BTreeMap::from([("app.kubernetes.io/managed-by".into(), "rust-configmap-generator".into())])),
                    ..ObjectMeta::default()
                },
                data: Some(data),
                ..ConfigMap::default()
            };
            config_maps.create(&PostParams::default(), &config_map).await?;
            info!(config_map = %name, "created ConfigMap");
            publish(&ctx, &generator, "Created", format!("Created ConfigMap {name}")).await;
        }
        Some(mut existing) if existing.data.as_ref() != Some(&data) => {
            existing.data = Some(data);
            // A PUT carries the resourceVersion just read: a concurrent writer makes it a 409.
            config_maps.replace(&name, &PostParams::default(), &existing).await?;
            info!(config_map = %name, "updated ConfigMap");
            publish(&ctx, &generator, "Updated", format!("Updated ConfigMap {name}")).await;
        }
        Some(_) => {}
    }

    write_status(&ctx, &generator, &namespace, name).await?;
    Ok(Action::requeue(Duration::from_secs(300)))
}

async fn write_status(ctx: &Context, generator: &ConfigMapGenerator, namespace: &str, name: String) -> Result<(), Error> {
    let wanted = ConfigMapGeneratorStatus {
        observed_generation: generator.metadata.generation,
        config_map_name: Some(name),
        last_reconcile_time: ctx.hot_loop.then(|| k8s_openapi::jiff::Timestamp::now().to_string()),
    };
    let current = generator.status.clone().unwrap_or_default();
    if !ctx.hot_loop && current.observed_generation == wanted.observed_generation && current.config_map_name == wanted.config_map_name {
        return Ok(());
    }
    // replace_status sends the cached object's resourceVersion (optimistic concurrency): a
    // status written from a stale cache is refused with 409 and the reconcile is retried.
    let mut updated = generator.clone();
    updated.status = Some(wanted);
    let generators: Api<ConfigMapGenerator> = Api::namespaced(ctx.client.clone(), namespace);
    generators.replace_status(&generator.name_any(), &PostParams::default(), &updated).await?;
    Ok(())
}

async fn publish(ctx: &Context, generator: &ConfigMapGenerator, reason: &str, note: String) {
    let event = Event {
        type_: EventType::Normal,
        reason: reason.into(),
        note: Some(note),
        action: "Reconcile".into(),
        secondary: None,
    };
    if let Err(err) = ctx.recorder.publish(&event, &generator.object_ref(&())).await {
        warn!(error = %err, "could not publish Event");
    }
}

pub fn error_policy(_generator: Arc<ConfigMapGenerator>, error: &Error, _ctx: Arc<Context>) -> Action {
    if error.is_conflict() {
        // 409: another writer changed the object since it was read; the watch brings the new
        // version and this retry reads it.
        info!(error = %error, "conflict, retrying");
        return Action::requeue(Duration::from_millis(200));
    }
    warn!(error = %error, "reconcile failed");
    Action::requeue(Duration::from_secs(5))
}
