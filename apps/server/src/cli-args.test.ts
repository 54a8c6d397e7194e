import { describe, expect, it } from 'vitest';
import { CliUsageError, parseCli } from './cli-args.ts';

describe('dojo-console arguments', () => {
  it('defaults to `up` on 127.0.0.1:8080', () => {
    expect(parseCli([], {})).toEqual({
      name: 'up',
      options: {
        host: '127.0.0.1',
        port: 8080,
        dataDir: '.dojo-console',
        apiserverPort: 6443,
        installCrds: false,
        inCluster: false,
        allowSecretData: false,
        leaderElect: false,
        operators: ['dojo', 'application', 'secsynch', 'kafkatopic', 'fruit'],
        historyRetentionMs: 86_400_000,
        historyMaxBytes: 512 * 1024 * 1024,
      },
    });
  });

  it('takes the history retention by age and size, and refuses nonsense', () => {
    expect(parseCli(['up', '--history-retention', '30m', '--history-max-mb', '64'], {})).toMatchObject({
      options: { historyRetentionMs: 1_800_000, historyMaxBytes: 64 * 1024 * 1024 },
    });
    expect(() => parseCli(['up', '--history-retention', '30'], {})).toThrow(/invalid --history-retention "30"/);
    expect(() => parseCli(['up', '--history-max-mb', 'lots'], {})).toThrow(/invalid --history-max-mb "lots"/);
  });

  it("takes the embedded API server's in-flight bounds by kube's flag names, and refuses nonsense", () => {
    expect(parseCli(['up', '--max-requests-inflight', '40', '--max-mutating-requests-inflight-per-client', '3'], {})).toMatchObject({
      options: { inflight: { maxReadOnly: 40, maxMutatingPerClient: 3 } },
    });
    expect(() => parseCli(['up', '--max-requests-inflight', 'lots'], {})).toThrow(/invalid --max-requests-inflight "lots"/);
    expect(() => parseCli(['up', '--max-requests-inflight-per-client', '-1'], {})).toThrow(CliUsageError);
    expect(() => parseCli(['up', '--kubeconfig', 'k.yaml', '--max-requests-inflight', '40'], {})).toThrow(/bound the embedded API server/);
  });

  it('takes the port from --port before $PORT', () => {
    expect(parseCli(['up', '--port', '9000'], { PORT: '7000' })).toMatchObject({ options: { port: 9000 } });
    expect(parseCli(['up'], { PORT: '7000' })).toMatchObject({ options: { port: 7000 } });
  });

  it('refuses unknown flags, unknown commands and bad ports', () => {
    expect(() => parseCli(['up', '--bogus'], {})).toThrow(CliUsageError);
    expect(() => parseCli(['launch'], {})).toThrow(/unknown command "launch"/);
    expect(() => parseCli(['--port', 'eighty'], {})).toThrow(/invalid --port "eighty"/);
  });

  it('answers --help with the usage text', () => {
    const help = parseCli(['--help'], {});
    expect(help.name).toBe('help');
  });

  it('selects operators with --operators and names the known ones for a typo', () => {
    expect(parseCli(['up', '--operators', 'dojo,fruit'], {})).toMatchObject({ options: { operators: ['dojo', 'fruit'] } });
    expect(parseCli(['up', '--operators', 'kafkatopic', '--kafka-url', 'http://kafka-rest:8082'], {})).toMatchObject({
      options: { operators: ['kafkatopic'], operatorSettings: { kafkatopic: { kafkaUrl: 'http://kafka-rest:8082' } } },
    });
    expect(() => parseCli(['up', '--operators', 'dojo,kafka'], {})).toThrow(
      'unknown operator "kafka" in --operators: known operators are dojo, application, secsynch, kafkatopic, fruit',
    );
  });

  it('reads export: the data directory, the file to write and how far back', () => {
    expect(parseCli(['export', '--output', 'a.dojotrace'], {})).toEqual({ name: 'export', options: { dataDir: '.dojo-console', output: 'a.dojotrace' } });
    expect(parseCli(['export', '--data-dir', 'd', '-o', 'a.dojotrace', '--since', '30m'], {})).toEqual({
      name: 'export',
      options: { dataDir: 'd', output: 'a.dojotrace', sinceMs: 1_800_000 },
    });
    expect(() => parseCli(['export'], {})).toThrow('export needs --output FILE');
    expect(() => parseCli(['export', '-o', 'a', '--since', 'yesterday'], {})).toThrow(/invalid --since "yesterday"/);
    expect(() => parseCli(['export', '-o', 'a', '--port', '1'], {})).toThrow(CliUsageError);
  });

  it('reads open: the file, and where it is served (a free port by default)', () => {
    expect(parseCli(['open', 'a.dojotrace'], {})).toEqual({ name: 'open', options: { file: 'a.dojotrace', host: '127.0.0.1', port: 0 } });
    expect(parseCli(['open', 'a.dojotrace', '--port', '9000', '--data-dir', 'd'], { DOJO_CONSOLE_TOKEN: 't' })).toEqual({
      name: 'open',
      options: { file: 'a.dojotrace', host: '127.0.0.1', port: 9000, dataDir: 'd', token: 't' },
    });
    expect(() => parseCli(['open'], {})).toThrow('open needs the recording: dojo-console open FILE');
    expect(() => parseCli(['open', 'a', 'b'], {})).toThrow('unexpected argument "b"');
  });

  it('parses connect NAME with its own --data-dir, and asks for a name', () => {
    expect(parseCli(['connect', 'my-operator', '--data-dir', '/tmp/d'], {})).toEqual({
      name: 'connect',
      client: 'my-operator',
      dataDir: '/tmp/d',
      offline: false,
    });
    expect(parseCli(['connect', 'my-operator'], {})).toEqual({ name: 'connect', client: 'my-operator', dataDir: '.dojo-console', offline: false });
    expect(parseCli(['connect', 'my-operator', '--offline'], {})).toMatchObject({ offline: true });
    expect(() => parseCli(['connect'], {})).toThrow(/needs the name/);
    expect(() => parseCli(['connect', 'a', 'b'], {})).toThrow(/unexpected argument "b"/);
    expect(parseCli(['connect', '--help'], {}).name).toBe('help');
  });

  it('parses connect --service-account NS/SA, and refuses one that is not a namespace and a name', () => {
    expect(parseCli(['connect', 'op', '--service-account', 'shop/controller-manager'], {})).toMatchObject({
      serviceAccount: { namespace: 'shop', name: 'controller-manager' },
    });
    expect(() => parseCli(['connect', 'op', '--service-account', 'shop'], {})).toThrow(
      'invalid --service-account "shop": serviceAccount: Invalid value: "shop": must be NAMESPACE/NAME',
    );
    expect(() => parseCli(['connect', 'op', '--service-account', 'Shop/x'], {})).toThrow(
      /invalid --service-account "Shop\/x": serviceAccount.namespace: Invalid value: "Shop"/,
    );
  });

  it('parses rbac NAME with --compare, --format and --data-dir, and refuses an unknown format', () => {
    expect(parseCli(['rbac', 'op'], {})).toEqual({ name: 'rbac', client: 'op', dataDir: '.dojo-console', format: 'yaml' });
    expect(parseCli(['rbac', 'op', '--compare', 'config/rbac/role.yaml', '--format', 'markers', '--data-dir', '/d'], {})).toEqual({
      name: 'rbac',
      client: 'op',
      dataDir: '/d',
      format: 'markers',
      compare: 'config/rbac/role.yaml',
    });
    expect(() => parseCli(['rbac'], {})).toThrow(/rbac needs the name/);
    expect(() => parseCli(['rbac', 'op', '--format', 'json'], {})).toThrow('invalid --format "json": yaml or markers');
    expect(parseCli(['rbac', '--help'], {}).name).toBe('help');
  });

  it('takes repeatable --scrape NAME=URL and an interval, and refuses bad ones', () => {
    expect(
      parseCli(['up', '--scrape', 'my-op=http://10.0.0.5:8080/metrics', '--scrape', 'other=https://op.example/metrics', '--scrape-interval', '10s'], {}),
    ).toMatchObject({
      options: {
        scrape: [
          { name: 'my-op', url: 'http://10.0.0.5:8080/metrics' },
          { name: 'other', url: 'https://op.example/metrics' },
        ],
        scrapeIntervalMs: 10_000,
      },
    });
    expect(() => parseCli(['up', '--scrape', 'My_Op=http://10.0.0.5:8080/metrics'], {})).toThrow(/NAME must be a DNS label/);
    expect(() => parseCli(['up', '--scrape', 'op'], {})).toThrow(/NAME=URL/);
    expect(() => parseCli(['up', '--scrape', 'op=ftp://x/metrics'], {})).toThrow(/http or https/);
    expect(() => parseCli(['up', '--scrape', 'op=http://a/m', '--scrape', 'op=http://b/m'], {})).toThrow(/names "op" twice/);
    expect(() => parseCli(['up', '--scrape-interval', '100ms'], {})).toThrow(/invalid --scrape-interval/);
  });

  it('refuses a --scrape URL with user:password@ without echoing the password', () => {
    const error = (() => {
      try {
        parseCli(['up', '--scrape', 'op=http://scraper:hunter22@10.0.0.5:8080/metrics'], {});
      } catch (err) {
        return err as Error;
      }
      throw new Error('accepted');
    })();
    expect(error.message).toBe('invalid --scrape op=…: the URL may not carry a user name or password (user:password@): use --scrape-token-file op=FILE');
  });

  it('takes --scrape-allow, repeatable or comma-separated, and refuses an entry that is no host or CIDR', () => {
    expect(parseCli(['up', '--scrape-allow', '10.0.0.0/8,*.svc.cluster.local', '--scrape-allow', 'fd00::/8'], {})).toMatchObject({
      options: { scrapeAllow: ['10.0.0.0/8', '*.svc.cluster.local', 'fd00::/8'] },
    });
    expect(parseCli(['up'], {})).not.toHaveProperty('options.scrapeAllow');
    expect(() => parseCli(['up', '--scrape-allow', '10.0.0.0/40'], {})).toThrow(/invalid --scrape-allow "10.0.0.0\/40"/);
    expect(() => parseCli(['up', '--scrape-allow', 'http://x/'], {})).toThrow(/invalid --scrape-allow/);
  });

  it('takes --audit-webhook on a real cluster only', () => {
    expect(parseCli(['up', '--kubeconfig', '/k', '--audit-webhook'], {})).toMatchObject({ options: { auditWebhook: true } });
    expect(() => parseCli(['up', '--audit-webhook'], {})).toThrow(/--audit-webhook needs --kubeconfig/);
  });

  it("takes --audit-webhook-port for the webhook's HTTPS listener, only with --audit-webhook", () => {
    expect(parseCli(['up', '--kubeconfig', '/k', '--audit-webhook', '--audit-webhook-port', '10443'], {})).toMatchObject({
      options: { auditWebhook: true, auditWebhookPort: 10443 },
    });
    expect(() => parseCli(['up', '--kubeconfig', '/k', '--audit-webhook-port', '10443'], {})).toThrow(/--audit-webhook-port needs --audit-webhook/);
    expect(() => parseCli(['up', '--kubeconfig', '/k', '--audit-webhook', '--audit-webhook-port', 'x'], {})).toThrow(/invalid --audit-webhook-port/);
  });

  it('takes --otlp-receiver with the embedded cluster and a real one alike', () => {
    expect(parseCli(['up', '--otlp-receiver'], {})).toMatchObject({ options: { otlpReceiver: true } });
    expect(parseCli(['up', '--kubeconfig', '/k', '--otlp-receiver'], {})).toMatchObject({ options: { otlpReceiver: true, kubeconfig: '/k' } });
    expect(parseCli(['up'], {})).not.toMatchObject({ options: { otlpReceiver: true } });
  });

  it('takes --audit-log FILE on a real cluster only', () => {
    expect(parseCli(['up', '--in-cluster', '--audit-log', '/var/log/kubernetes/audit.log'], {})).toMatchObject({
      options: { auditLog: '/var/log/kubernetes/audit.log' },
    });
    expect(() => parseCli(['up', '--audit-log', '/a.log'], {})).toThrow(/--audit-log needs --kubeconfig/);
    expect(() => parseCli(['up', '--kubeconfig', '/k', '--audit-log', ''], {})).toThrow(/--audit-log needs a file/);
  });

  it('takes --otlp-endpoint and --otlp-protocol, and says what is wrong with a bad one', () => {
    expect(parseCli(['up', '--otlp-endpoint', 'http://localhost:4318', '--otlp-protocol', 'http/json'], {})).toMatchObject({
      options: { otlp: { url: 'http://localhost:4318/v1/traces', protocol: 'http/json', headers: {} } },
    });
    expect(parseCli(['up'], { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toMatchObject({
      options: { otlp: { url: 'http://collector:4318/v1/traces', protocol: 'http/protobuf' } },
    });
    expect(parseCli(['up'], {})).not.toHaveProperty('options.otlp');
    expect(() => parseCli(['up', '--otlp-endpoint', 'localhost:4318'], {})).toThrow(
      /invalid --otlp-endpoint "localhost:4318": OTLP\/HTTP needs an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => parseCli(['up', '--otlp-endpoint', 'not a url'], {})).toThrow(/invalid --otlp-endpoint "not a url": not a URL/);
    expect(() => parseCli(['up', '--otlp-endpoint', 'http://c:4318', '--otlp-protocol', 'grpc'], {})).toThrow(/gRPC is not supported/);
    expect(() => parseCli(['up', '--otlp-protocol', 'http/json'], {})).toThrow(/--otlp-protocol needs --otlp-endpoint/);
  });
});
