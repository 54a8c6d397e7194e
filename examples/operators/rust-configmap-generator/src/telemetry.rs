//! Logs to stdout, and — when `OTEL_EXPORTER_OTLP_ENDPOINT` (or the traces-specific variable) is
//! set — every `tracing` span exported over OTLP/HTTP with protobuf bodies. The exporter reads
//! the endpoint and headers (the receiver's bearer token) from the standard OTEL_EXPORTER_OTLP_*
//! variables itself; nothing here names a URL.

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::{Protocol, WithExportConfig};
use opentelemetry_sdk::{trace::SdkTracerProvider, Resource};
use tracing_subscriber::{layer::SubscriberExt, util::SubscriberInitExt, EnvFilter};

/// The `service.name` of its spans and the reporting controller of its Events:
/// `OTEL_SERVICE_NAME` when set (the standard variable), else the crate's name.
pub fn service_name() -> String {
    std::env::var("OTEL_SERVICE_NAME").ok().filter(|name| !name.is_empty()).unwrap_or_else(|| "rust-configmap-generator".into())
}

/// Flushes and stops the exporter when dropped, so the last spans of a run are sent.
pub struct Telemetry(Option<SdkTracerProvider>);

impl Drop for Telemetry {
    fn drop(&mut self) {
        if let Some(provider) = self.0.take() {
            let _ = provider.shutdown();
        }
    }
}

fn otlp_configured() -> bool {
    ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"]
        .iter()
        .any(|name| std::env::var_os(name).is_some_and(|v| !v.is_empty()))
}

pub fn init() -> Result<Telemetry, Box<dyn std::error::Error>> {
    // kube-client's HTTP spans are debug-level; they are the API calls under each reconcile.
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,kube=debug"));
    let logs = tracing_subscriber::fmt::layer().with_target(false);
    if !otlp_configured() {
        tracing_subscriber::registry().with(filter).with(logs).init();
        return Ok(Telemetry(None));
    }
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .with_protocol(Protocol::HttpBinary)
        .build()?;
    let provider = SdkTracerProvider::builder()
        .with_batch_exporter(exporter)
        .with_resource(Resource::builder().with_service_name(service_name()).build())
        .build();
    let spans = tracing_opentelemetry::layer().with_tracer(provider.tracer("rust-configmap-generator"));
    tracing_subscriber::registry().with(filter).with(logs).with(spans).init();
    Ok(Telemetry(Some(provider)))
}
