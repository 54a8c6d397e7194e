/** One HTTPS request to an API server with a bearer token, answered as status, headers and body. */
import { request } from 'node:https';

export interface HttpsTarget {
  host: string;
  port: number;
  caPem: string;
  token: string;
}

export interface CallResult {
  status: number;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: any;
  raw: Buffer;
  headers: Record<string, unknown>;
}

export function httpsCall(target: HttpsTarget, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<CallResult> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
    const req = request(
      {
        host: target.host,
        port: target.port,
        path,
        method,
        ca: target.caPem,
        headers: {
          authorization: `Bearer ${target.token}`,
          // Node sends a DELETE's body unframed unless the length is given.
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = raw.toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, raw, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
