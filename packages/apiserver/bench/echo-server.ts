/** The reference: a bare Node HTTPS server answering a small JSON body, same TLS, same machine. */
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { loadOrCreateCredentials } from '../src/pki.ts';

const dataDir = process.argv[2]!;
const credentials = loadOrCreateCredentials(dataDir);
const server = createServer({ key: credentials.keyPem, cert: credentials.certPem, keepAlive: true }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.stringify({ kind: 'Echo', bytes: Buffer.concat(chunks).length });
    res.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening on ${(server.address() as AddressInfo).port}\n`));
