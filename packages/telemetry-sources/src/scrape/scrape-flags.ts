/**
 * The per-target flags beside `--scrape NAME=URL`, each naming the target it belongs to (the
 * NAME=VALUE form keeps a URL free of credentials, and a token out of `ps`):
 *   --scrape-token-file NAME=FILE          bearer token read from FILE at every scrape
 *   --scrape-token-from-kubeconfig NAME    the kubeconfig user's bearer token (what kubectl sends)
 *   --scrape-ca NAME=FILE                  PEM CA bundle that signs the endpoint's certificate
 *   --scrape-insecure-skip-verify NAME     accept any certificate
 * Every problem is an Error that names the flag; the CA file is read (and parsed) here, so a
 * wrong path stops the console before it starts rather than on its first scrape.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseCaBundle } from './ca-bundle.ts';
import type { ScrapeTargetSpec } from './scrape-spec.ts';

export interface ScrapeTargetFlags {
  tokenFile?: readonly string[];
  tokenFromKubeconfig?: readonly string[];
  ca?: readonly string[];
  insecureSkipVerify?: readonly string[];
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function pair(flag: string, raw: string): [string, string] {
  const eq = raw.indexOf('=');
  if (eq <= 0 || eq === raw.length - 1) throw new Error(`invalid ${flag} "${raw}": NAME=FILE, NAME being a --scrape target`);
  return [raw.slice(0, eq), raw.slice(eq + 1)];
}

/** The specs with their flags applied; a flag for a NAME no --scrape gives, or two ways of authenticating one target, is an Error. */
export function applyScrapeFlags(specs: readonly ScrapeTargetSpec[], flags: ScrapeTargetFlags): ScrapeTargetSpec[] {
  const byName = new Map(specs.map((s) => [s.name, { ...s } as Mutable<ScrapeTargetSpec>]));
  const target = (flag: string, name: string) => {
    const spec = byName.get(name);
    if (!spec) throw new Error(`${flag} names "${name}", which no --scrape NAME=URL gives`);
    return spec;
  };
  const https = (flag: string, spec: ScrapeTargetSpec) => {
    if (!spec.url.startsWith('https:')) throw new Error(`${flag} ${spec.name}: ${spec.url} is not https`);
  };
  for (const raw of flags.tokenFile ?? []) {
    const [name, file] = pair('--scrape-token-file', raw);
    const spec = target('--scrape-token-file', name);
    if (!existsSync(file)) throw new Error(`--scrape-token-file ${name}: no file "${file}"`);
    spec.bearerTokenFile = file;
  }
  for (const name of flags.tokenFromKubeconfig ?? []) {
    const spec = target('--scrape-token-from-kubeconfig', name);
    if (spec.bearerTokenFile) throw new Error(`${name}: --scrape-token-file and --scrape-token-from-kubeconfig exclude each other`);
    spec.bearerTokenFromKubeconfig = true;
  }
  for (const raw of flags.ca ?? []) {
    const [name, file] = pair('--scrape-ca', raw);
    const spec = target('--scrape-ca', name);
    https('--scrape-ca', spec);
    let pem: string;
    try {
      pem = readFileSync(file, 'utf8');
    } catch (err) {
      throw new Error(`--scrape-ca ${name}: cannot read "${file}" (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, { cause: err });
    }
    try {
      spec.ca = parseCaBundle(pem);
    } catch (err) {
      throw new Error(`--scrape-ca ${name}: "${file}" holds ${(err as Error).message}`, { cause: err });
    }
  }
  for (const name of flags.insecureSkipVerify ?? []) {
    const spec = target('--scrape-insecure-skip-verify', name);
    https('--scrape-insecure-skip-verify', spec);
    if (spec.ca) throw new Error(`${name}: --scrape-ca and --scrape-insecure-skip-verify exclude each other`);
    spec.insecureSkipVerify = true;
  }
  return [...byName.values()];
}
