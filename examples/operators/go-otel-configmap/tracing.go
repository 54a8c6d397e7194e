package main

import (
	"context"
	"net/http"

	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"k8s.io/client-go/rest"
)

// startTracing installs the global tracer provider, exporting OTLP/HTTP protobuf to where the
// standard variables say (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_HEADERS,
// OTEL_SERVICE_NAME, OTEL_BSP_SCHEDULE_DELAY are read by the SDK itself). The returned
// function flushes what is still batched.
func startTracing(ctx context.Context) (func(context.Context) error, error) {
	exporter, err := otlptracehttp.New(ctx)
	if err != nil {
		return nil, err
	}
	// The default resource reads OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES.
	provider := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exporter))
	otel.SetTracerProvider(provider)
	otel.SetTextMapPropagator(propagation.TraceContext{})
	return provider.Shutdown, nil
}

// traceAPICalls wraps the REST config's transport in otelhttp, so every request the manager's
// client makes is a client span; one made with a reconcile's ctx is a child of its span.
func traceAPICalls(cfg *rest.Config) {
	cfg.Wrap(func(rt http.RoundTripper) http.RoundTripper { return otelhttp.NewTransport(rt) })
}
