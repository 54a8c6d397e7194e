import { describe, expect, it } from 'vitest';
import { createCertificateAuthority } from '../../pki.ts';
import { configMap, configuration, hook, until, useWebhookHarness } from '../../testing/webhook-harness.ts';
import { allow } from '../../testing/webhook-server.ts';

/** Webhooks that fail: timeouts, garbage, wrong answers, TLS; kube's texts under each failurePolicy. */
const h = useWebhookHarness();

describe('failed calls', () => {
  it('fail the request under failurePolicy Fail when the webhook does not answer in time, without stalling other clients', async () => {
    const target = await h.webhook(() => 'hang');
    await h.configure('validating', [configuration('Validating', 'slow', [hook('slow.example.com', target, { timeoutSeconds: 1 })])]);
    const pending = h.createIn('plain', configMap('stalled'));
    await until(() => target.received.length === 1, 'the webhook to be called');
    // The server answers others while the webhook hangs.
    expect((await h.server.call('GET', '/api/v1/namespaces/plain/configmaps')).status).toBe(200);
    const res = await pending;
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      `Internal error occurred: failed calling webhook "slow.example.com": failed to call webhook: Post "${target.url}/slow.example.com?timeout=1s": context deadline exceeded`,
    );
    expect(h.records).toMatchObject([{ name: 'slow.example.com', verdict: 'error', failurePolicy: 'Fail' }]);
  });

  it('give up on a webhook that starts an answer and never finishes it', async () => {
    const target = await h.webhook(() => ({ raw: '', stall: true }));
    await h.configure('validating', [configuration('Validating', 'slow', [hook('stalled-body.example.com', target, { timeoutSeconds: 1 })])]);
    const res = await h.createIn('plain', configMap('half-answered'));
    expect(res.status).toBe(500);
    expect(res.body.message).toContain('failed calling webhook "stalled-body.example.com": failed to call webhook: Post ');
    expect(res.body.message).toContain(': context deadline exceeded');
  });

  it('let the request through under failurePolicy Ignore, and record the failure', async () => {
    const target = await h.webhook(() => 'hang');
    await h.configure('mutating', [configuration('Mutating', 'slow', [hook('slow.example.com', target, { timeoutSeconds: 1, failurePolicy: 'Ignore' })])]);
    const res = await h.createIn('plain', configMap('ignored'));
    expect(res.status).toBe(201);
    expect(h.records).toMatchObject([{ name: 'slow.example.com', verdict: 'error', failurePolicy: 'Ignore' }]);
    expect(h.records[0]!.message).toContain('context deadline exceeded');
  });

  it('fail on a garbage answer', async () => {
    const target = await h.webhook(() => ({ raw: 'not json at all' }));
    await h.configure('validating', [configuration('Validating', 'g', [hook('garbage.example.com', target)])]);
    const res = await h.createIn('plain', configMap('garbage'));
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      `Internal error occurred: failed calling webhook "garbage.example.com": failed to call webhook: couldn't get version/kind; json parse error: invalid character 'n' looking for beginning of value`,
    );
  });

  it("fail on an error answer with client-go's words for it", async () => {
    const target = await h.webhook(() => ({ raw: 'boom\n', status: 500, contentType: 'text/plain' }));
    await h.configure('validating', [configuration('Validating', 'e', [hook('broken.example.com', target)])]);
    const res = await h.createIn('plain', configMap('server-error'));
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      'Internal error occurred: failed calling webhook "broken.example.com": failed to call webhook: an error on the server ("boom") has prevented the request from succeeding',
    );
  });

  it('fail when the webhook closes the connection without answering', async () => {
    const target = await h.webhook(() => ({ raw: '', destroy: true }));
    await h.configure('validating', [configuration('Validating', 'c', [hook('closed.example.com', target)])]);
    const res = await h.createIn('plain', configMap('closed'));
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      `Internal error occurred: failed calling webhook "closed.example.com": failed to call webhook: Post "${target.url}/closed.example.com?timeout=5s": EOF`,
    );
  });

  it('fail on an answer for another request (wrong uid)', async () => {
    const target = await h.webhook(() => ({ response: { uid: 'not-the-uid', allowed: true } }));
    await h.configure('validating', [configuration('Validating', 'u', [hook('uid.example.com', target)])]);
    const res = await h.createIn('plain', configMap('wrong-uid'));
    expect(res.status).toBe(500);
    const uid = target.received[0]!.review.request.uid as string;
    expect(res.body.message).toBe(
      `Internal error occurred: failed calling webhook "uid.example.com": received invalid webhook response: expected response.uid="${uid}", got "not-the-uid"`,
    );
  });

  it('fail when the webhook answers another kind of review', async () => {
    const target = await h.webhook((r) => ({ ...(allow(r) as { response: Record<string, unknown> }), apiVersion: 'admission.k8s.io/v1beta1' }));
    await h.configure('validating', [configuration('Validating', 'k', [hook('kind.example.com', target)])]);
    const res = await h.createIn('plain', configMap('wrong-version'));
    expect(res.body.message).toContain(
      'received invalid webhook response: expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got admission.k8s.io/v1beta1, Kind=AdmissionReview',
    );
  });

  it('fail when the certificate is not signed by caBundle', async () => {
    const target = await h.webhook((r) => allow(r));
    const otherCa = Buffer.from(createCertificateAuthority('someone-else').certPem).toString('base64');
    await h.configure('validating', [
      configuration('Validating', 'tls', [hook('tls.example.com', target, { clientConfig: { url: `${target.url}/tls`, caBundle: otherCa } })]),
    ]);
    const res = await h.createIn('plain', configMap('untrusted'));
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      `Internal error occurred: failed calling webhook "tls.example.com": failed to call webhook: Post "${target.url}/tls?timeout=5s": tls: failed to verify certificate: x509: certificate signed by unknown authority`,
    );
    expect(target.received).toHaveLength(0);
  });
});
