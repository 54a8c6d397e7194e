//! rust-configmap-generator: a small kube-rs operator (Dojo Console's real-operator suite).
//!
//! Each `ConfigMapGenerator` (`example.dojo.dev/v1`) becomes a ConfigMap it owns, with status
//! written through the status subresource and an Event per change. Flags:
//! - `--print-crd`: print the CustomResourceDefinition as YAML and exit.
//! - `--namespace NS`: watch one namespace (default: all).
//! - `--streaming-lists`: start watches with a streaming list (`sendInitialEvents=true`)
//!   instead of list-then-watch.
//! - `--hot-loop`: the deliberately broken variant; its own status write re-triggers it.
//!
//! The kubeconfig comes from `KUBECONFIG` (or `~/.kube/config`), tracing from `RUST_LOG` and the
//! OTEL_EXPORTER_OTLP_* variables.

mod crd;
mod reconcile;
mod telemetry;

use std::sync::Arc;

use futures::StreamExt;
use k8s_openapi::api::core::v1::ConfigMap;
use kube::{
    runtime::{events::{Recorder, Reporter}, watcher, Controller},
    Api, Client, CustomResourceExt,
};
use tracing::{info, warn};

use crate::{crd::ConfigMapGenerator, reconcile::Context};

struct Flags {
    print_crd: bool,
    /// Watch one namespace only (else all).
    namespace: Option<String>,
    streaming_lists: bool,
    hot_loop: bool,
}

fn parse_flags() -> Result<Flags, String> {
    let mut flags = Flags { print_crd: false, namespace: None, streaming_lists: false, hot_loop: false };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--namespace" => flags.namespace = Some(args.next().ok_or("--namespace needs a value")?),
            "--print-crd" => flags.print_crd = true,
            "--streaming-lists" => flags.streaming_lists = true,
            "--hot-loop" => flags.hot_loop = true,
            other => return Err(format!("unknown flag {other} (known: --print-crd, --namespace NS, --streaming-lists, --hot-loop)")),
        }
    }
    Ok(flags)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let flags = parse_flags().unwrap_or_else(|message| {
        eprintln!("{message}");
        std::process::exit(2);
    });
    if flags.print_crd {
        print!("{}", serde_yaml::to_string(&ConfigMapGenerator::crd())?);
        return Ok(());
    }
    let _telemetry = telemetry::init()?;

    let client = Client::try_default().await?;
    let watcher_config = if flags.streaming_lists { watcher::Config::default().streaming_lists() } else { watcher::Config::default() };
    let reporter = Reporter { controller: telemetry::service_name(), instance: std::env::var("HOSTNAME").ok() };
    let context = Arc::new(Context { client: client.clone(), recorder: Recorder::new(client.clone(), reporter), hot_loop: flags.hot_loop });
    info!(namespace = flags.namespace.as_deref().unwrap_or("(all)"), streaming_lists = flags.streaming_lists, hot_loop = flags.hot_loop, "starting controller");

    let (generators, config_maps) = match &flags.namespace {
        Some(ns) => (Api::<ConfigMapGenerator>::namespaced(client.clone(), ns), Api::<ConfigMap>::namespaced(client, ns)),
        None => (Api::all(client.clone()), Api::all(client)),
    };
    Controller::new(generators, watcher_config.clone())
        .owns(config_maps, watcher_config)
        .shutdown_on_signal()
        .run(reconcile::reconcile, reconcile::error_policy, context)
        .for_each(|result| async move {
            match result {
                Ok((object, _)) => info!(object = %object, "reconciled"),
                Err(err) => warn!(error = %err, "reconcile failed"),
            }
        })
        .await;
    info!("controller stopped");
    Ok(())
}
