import { describe, expect, it } from 'vitest';
import { resolveOtlpExport } from './otlp-export-config.ts';

describe('where the reconcile spans go', () => {
  it('is nowhere unless a flag or a variable names a receiver', () => {
    expect(resolveOtlpExport({}, {})).toBeUndefined();
  });

  it('appends v1/traces to the flag and to OTEL_EXPORTER_OTLP_ENDPOINT, keeping a path the base already has', () => {
    expect(resolveOtlpExport({ endpoint: 'http://localhost:4318' }, {})?.url).toBe('http://localhost:4318/v1/traces');
    expect(resolveOtlpExport({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'https://gw.example/otlp/' })?.url).toBe('https://gw.example/otlp/v1/traces');
  });

  it('keeps a flag that already names /v1/traces, and takes OTEL_EXPORTER_OTLP_TRACES_ENDPOINT exactly as given', () => {
    expect(resolveOtlpExport({ endpoint: 'http://c:4318/v1/traces' }, {})?.url).toBe('http://c:4318/v1/traces');
    expect(
      resolveOtlpExport({}, { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/custom/path', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://other:4318' })?.url,
    ).toBe('http://c:4318/custom/path');
  });

  it('prefers the flag to every variable', () => {
    expect(resolveOtlpExport({ endpoint: 'http://flag:4318' }, { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://env:4318/v1/traces' })?.url).toBe(
      'http://flag:4318/v1/traces',
    );
  });

  it('sends protobuf unless told otherwise, by flag or by the traces-specific variable before the generic one', () => {
    expect(resolveOtlpExport({ endpoint: 'http://c' }, {})?.protocol).toBe('http/protobuf');
    expect(resolveOtlpExport({ endpoint: 'http://c' }, { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })?.protocol).toBe('http/json');
    expect(
      resolveOtlpExport({ endpoint: 'http://c' }, { OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })?.protocol,
    ).toBe('http/protobuf');
    expect(resolveOtlpExport({ endpoint: 'http://c', protocol: 'http/json' }, { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' })?.protocol).toBe('http/json');
    expect(() => resolveOtlpExport({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      /invalid OTEL_EXPORTER_OTLP_PROTOCOL "grpc".*gRPC is not supported/,
    );
  });

  it('reads the headers as percent-encoded pairs, the traces-specific variable winning per name', () => {
    const env = {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c',
      OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Basic%20YWxhZGRpbjpvcGVuc2VzYW1l, x-tenant = a',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-tenant=b',
    };
    expect(resolveOtlpExport({}, env)?.headers).toEqual({ Authorization: 'Basic YWxhZGRpbjpvcGVuc2VzYW1l', 'x-tenant': 'b' });
    expect(() => resolveOtlpExport({}, { ...env, OTEL_EXPORTER_OTLP_HEADERS: 'just-a-token' })).toThrow(
      /invalid OTEL_EXPORTER_OTLP_HEADERS: "just-a-token" is not name=value/,
    );
    expect(() => resolveOtlpExport({}, { ...env, OTEL_EXPORTER_OTLP_HEADERS: 'a=%E0%A4%A' })).toThrow(/value of "a" is not percent-encoded/);
  });

  it('refuses a URL that is not http(s), and one with credentials in it (they would reach the log)', () => {
    expect(() => resolveOtlpExport({ endpoint: 'grpc://c:4317' }, {})).toThrow(/needs an http:\/\/ or https:\/\/ URL, not grpc:/);
    expect(() => resolveOtlpExport({ endpoint: 'http://user:secret@c:4318' }, {})).toThrow(/credentials in the URL/);
    expect(() => resolveOtlpExport({}, { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '::' })).toThrow(/invalid OTEL_EXPORTER_OTLP_TRACES_ENDPOINT "::": not a URL/);
  });

  it('ignores the variables when OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none, but not the flag', () => {
    expect(resolveOtlpExport({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
    expect(resolveOtlpExport({}, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
    expect(resolveOtlpExport({ endpoint: 'http://flag' }, { OTEL_SDK_DISABLED: 'true' })?.url).toBe('http://flag/v1/traces');
  });
});
