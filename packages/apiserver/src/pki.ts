/**
 * First-start credentials for the embedded API server: a CA, a serving certificate for
 * 127.0.0.1/localhost signed by it, and a random admin bearer token, all kept in the data dir
 * so that restarts keep kubeconfigs valid. Keys come from Node's native RSA generator; node-forge
 * only assembles and signs the X.509 structures.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';

export interface ServerCredentials {
  caCertPem: string;
  certPem: string;
  keyPem: string;
  token: string;
}

const files = { caCert: 'ca.crt', caKey: 'ca.key', cert: 'apiserver.crt', key: 'apiserver.key', token: 'admin-token' } as const;

function newKeyPair(): { privatePem: string; publicPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

function serialNumber(): string {
  // Positive 16-byte serial: clear the top bit so DER does not read it as negative.
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes.toString('hex');
}

function validity(cert: forge.pki.Certificate, years: number): void {
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60 * 60 * 1000);
  cert.validity.notAfter = new Date(now.getTime() + years * 365 * 24 * 60 * 60 * 1000);
}

export interface CertificateAndKey {
  certPem: string;
  keyPem: string;
}

/** The names a serving certificate is valid for (its subjectAltName). */
export interface ServingNames {
  dnsNames: readonly string[];
  ips: readonly string[];
}

/** A self-signed CA; its key signs serving certificates (createServingCertificate). */
export function createCertificateAuthority(commonName = 'dojo-console-ca'): CertificateAndKey {
  const keys = newKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicPem);
  cert.serialNumber = serialNumber();
  validity(cert, 10);
  const subject = [{ name: 'commonName', value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(keys.privatePem), forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: keys.privatePem };
}

/** A TLS serving certificate for `names`, signed by `ca`. */
export function createServingCertificate(ca: CertificateAndKey, commonName: string, names: ServingNames): CertificateAndKey {
  const keys = newKeyPair();
  const caCert = forge.pki.certificateFromPem(ca.certPem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicPem);
  cert.serialNumber = serialNumber();
  validity(cert, 5);
  cert.setSubject([{ name: 'commonName', value: commonName }]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [...names.dnsNames.map((value) => ({ type: 2, value })), ...names.ips.map((ip) => ({ type: 7, ip }))],
    },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(ca.keyPem), forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: keys.privatePem };
}

/** Writes via a temp file + rename so a crash never leaves a half-written credential. */
export function writeSecretFile(path: string, content: string): void {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, content, { mode: 0o600 });
  renameSync(tmp, path);
}

/** Loads the credentials from `dataDir`, creating whichever are missing. */
export function loadOrCreateCredentials(dataDir: string): ServerCredentials {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = (name: string): string => join(dataDir, name);
  let ca: { certPem: string; keyPem: string };
  if (existsSync(path(files.caCert)) && existsSync(path(files.caKey))) {
    ca = { certPem: readFileSync(path(files.caCert), 'utf8'), keyPem: readFileSync(path(files.caKey), 'utf8') };
  } else {
    ca = createCertificateAuthority();
    writeSecretFile(path(files.caKey), ca.keyPem);
    writeSecretFile(path(files.caCert), ca.certPem);
  }
  let serving: { certPem: string; keyPem: string };
  if (existsSync(path(files.cert)) && existsSync(path(files.key))) {
    serving = { certPem: readFileSync(path(files.cert), 'utf8'), keyPem: readFileSync(path(files.key), 'utf8') };
  } else {
    serving = createServingCertificate(ca, 'dojo-console-apiserver', { dnsNames: ['localhost', 'kubernetes.default.svc'], ips: ['127.0.0.1', '::1'] });
    writeSecretFile(path(files.key), serving.keyPem);
    writeSecretFile(path(files.cert), serving.certPem);
  }
  let token: string;
  if (existsSync(path(files.token))) token = readFileSync(path(files.token), 'utf8').trim();
  else {
    token = randomBytes(32).toString('base64url');
    writeSecretFile(path(files.token), `${token}\n`);
  }
  return { caCertPem: ca.certPem, certPem: serving.certPem, keyPem: serving.keyPem, token };
}

/** A kubeconfig that reaches the server with TLS verification on and the admin token (or `credentials.token`'s user's). */
export function kubeconfigYaml(
  server: string,
  credentials: Pick<ServerCredentials, 'caCertPem' | 'token'>,
  contextName = 'dojo-console',
  userName = 'dojo-console-admin',
): string {
  const caData = Buffer.from(credentials.caCertPem).toString('base64');
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    `- name: ${contextName}`,
    '  cluster:',
    `    server: ${server}`,
    `    certificate-authority-data: ${caData}`,
    'users:',
    `- name: ${userName}`,
    '  user:',
    `    token: ${credentials.token}`,
    'contexts:',
    `- name: ${contextName}`,
    '  context:',
    `    cluster: ${contextName}`,
    `    user: ${userName}`,
    '    namespace: default',
    `current-context: ${contextName}`,
    'preferences: {}',
    '',
  ].join('\n');
}

export function writeKubeconfig(dataDir: string, server: string, credentials: ServerCredentials): string {
  const path = join(dataDir, 'kubeconfig');
  writeSecretFile(path, kubeconfigYaml(server, credentials));
  return path;
}
