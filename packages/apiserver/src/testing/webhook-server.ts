/**
 * A real HTTPS admission webhook for tests: its own CA and a serving certificate for 127.0.0.1
 * (pki.ts), answering each AdmissionReview with what the test's handler returns — a response,
 * a raw body (garbage), or nothing at all (a webhook that hangs until the server closes).
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createCertificateAuthority, createServingCertificate, type CertificateAndKey } from '../pki.ts';

export interface ReceivedReview {
  path: string;
  review: { apiVersion: string; kind: string; request: Record<string, any> };
}

/** An AdmissionReview response, or `{ raw }` to answer a body as it is (`destroy`: close the connection instead; `stall`: start an answer and never finish it), or `'hang'` never to answer. */
export type WebhookAnswer =
  | { response: Record<string, unknown>; apiVersion?: string; kind?: string }
  | { raw: string; status?: number; contentType?: string; destroy?: boolean; stall?: boolean }
  | 'hang';

export type WebhookHandler = (received: ReceivedReview) => WebhookAnswer | Promise<WebhookAnswer>;

export interface TestWebhookServer {
  /** `https://127.0.0.1:PORT` */
  url: string;
  /** The CA as `caBundle` wants it (base64 PEM). */
  caBundle: string;
  /** Every review received, in order. */
  received: ReceivedReview[];
  close(): Promise<void>;
}

let sharedCa: CertificateAndKey | undefined;

/** The CA signing every test webhook's certificate (generated once per process). */
export function testWebhookCa(): CertificateAndKey {
  sharedCa ??= createCertificateAuthority('dojo-test-webhook-ca');
  return sharedCa;
}

/** Answers `allowed` with the request's uid: the smallest correct webhook answer. */
export function allow(received: ReceivedReview, more: Record<string, unknown> = {}): WebhookAnswer {
  return { response: { uid: received.review.request.uid, allowed: true, ...more } };
}

/** Denies with `status` (AdmissionResponse.Result's name on the wire). */
export function deny(received: ReceivedReview, status: Record<string, unknown>, more: Record<string, unknown> = {}): WebhookAnswer {
  return { response: { uid: received.review.request.uid, allowed: false, status, ...more } };
}

/** Allows with a JSONPatch (base64-encoded, as the API carries it). */
export function patch(received: ReceivedReview, operations: unknown[], more: Record<string, unknown> = {}): WebhookAnswer {
  return allow(received, { patchType: 'JSONPatch', patch: Buffer.from(JSON.stringify(operations)).toString('base64'), ...more });
}

export async function startWebhookServer(handler: WebhookHandler, ca: CertificateAndKey = testWebhookCa()): Promise<TestWebhookServer> {
  const serving = createServingCertificate(ca, '127.0.0.1', { dnsNames: ['localhost'], ips: ['127.0.0.1'] });
  const received: ReceivedReview[] = [];
  const server: Server = createServer({ cert: serving.certPem, key: serving.keyPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const review = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedReview['review'];
      const entry = { path: req.url ?? '', review };
      received.push(entry);
      void Promise.resolve(handler(entry)).then((answer) => {
        if (answer === 'hang') return;
        if ('raw' in answer && answer.stall) {
          // Headers and the start of a body, then nothing.
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"apiVersion":');
          return;
        }
        if ('raw' in answer && answer.destroy) {
          res.socket?.destroy();
          return;
        }
        if ('raw' in answer) {
          res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json' }).end(answer.raw);
          return;
        }
        const body = { apiVersion: answer.apiVersion ?? review.apiVersion, kind: answer.kind ?? 'AdmissionReview', response: answer.response };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    caBundle: Buffer.from(ca.certPem).toString('base64'),
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
