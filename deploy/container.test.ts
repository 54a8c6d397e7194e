/**
 * The Dockerfile and docker-compose.yml, checked without a Docker engine: parsed, and held to
 * what matters (pinned images, non-root, read-only root, loopback-only ports, the kubeconfig
 * k3s writes reaching the console).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseCli } from '@dojo/server';
import { parseDockerfile, type Instruction, type Stage } from './testing/dockerfile.ts';
import { repoRoot } from './testing/rendered-base.ts';

const rootPackage = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string; workspaces: string[]; engines: { node: string } };
const dockerfile = parseDockerfile(readFileSync(join(repoRoot, 'Dockerfile'), 'utf8'));
const dockerignore = readFileSync(join(repoRoot, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8')) as any;
const k3s = compose.services.k3s;
const consoleService = compose.services.console;

const runtime = dockerfile.stages.at(-1)!;
const build = dockerfile.stages.find((s) => s.name === 'build')!;
const all = (stage: Stage, keyword: string): Instruction[] => stage.instructions.filter((i) => i.keyword === keyword);
const last = (stage: Stage, keyword: string): Instruction | undefined => all(stage, keyword).at(-1);
const run = (stage: Stage): string =>
  all(stage, 'RUN')
    .map((i) => i.args)
    .join('\n');

/** name:tag with a version in the tag: "node:20.20.2-bookworm-slim", "rancher/k3s:v1.32.4-k3s1". */
const pinned = /^[\w./-]+:v?\d+\.\d+\.\d+[\w.-]*$/;

/** "A.B.C" satisfies ">=X.Y <Z" (the engines form package.json uses). */
function satisfies(version: string, range: string): boolean {
  const parts = (v: string): number[] => v.split('.').map(Number);
  const compare = (a: number[], b: number[]): number => a.map((x, i) => x - (b[i] ?? 0)).find((d) => d !== 0) ?? 0;
  return range.split(/\s+/).every((term) => {
    const [, op, bound] = /^(>=|<=|>|<)(.+)$/.exec(term)!;
    const c = compare(parts(version), parts(bound!));
    return op === '>=' ? c >= 0 : op === '>' ? c > 0 : op === '<=' ? c <= 0 : c < 0;
  });
}

describe('the Dockerfile', () => {
  it('builds in one stage and runs from another, both on a pinned Node 20 that package.json supports', () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of dockerfile.stages) {
      expect(stage.from).toMatch(pinned);
      expect(stage.from).toMatch(/^node:20\.\d+\.\d+-bookworm-slim$/);
    }
    const nodeVersion = /^node:(\d+\.\d+\.\d+)/.exec(runtime.from)![1]!;
    expect(satisfies(nodeVersion, rootPackage.engines.node), `${nodeVersion} within ${rootPackage.engines.node}`).toBe(true);
  });

  it('compiles better-sqlite3, installs with npm ci, builds the UI and prunes devDependencies in the build stage only', () => {
    expect(run(build)).toMatch(/apt-get install[^\n]*python3 make g\+\+/);
    expect(run(build)).toMatch(/\bnpm ci\b/);
    expect(run(build)).toMatch(/\bnpm run build\b/);
    expect(run(build)).toMatch(/\bnpm prune --omit=dev\b/);
    expect(run(runtime)).not.toMatch(/g\+\+|apt-get install/);
  });

  it("copies every workspace's package.json before npm ci, so the install layer is cached and complete", () => {
    const workspaces = rootPackage.workspaces.flatMap((glob) => {
      const parent = glob.replace(/\/\*$/, '');
      return readdirSync(join(repoRoot, parent))
        .filter((d) => existsSync(join(repoRoot, parent, d, 'package.json')))
        .map((d) => `${parent}/${d}`);
    });
    const npmCi = build.instructions.findIndex((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args));
    const copiedBefore = build.instructions
      .slice(0, npmCi)
      .filter((i) => i.keyword === 'COPY')
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
    for (const workspace of workspaces) expect(copiedBefore).toContain(`${workspace}/package.json`);
    expect(copiedBefore).toEqual(expect.arrayContaining(['package.json', 'package-lock.json']));
  });

  it('keeps tsx, which runs the server, through the prune', () => {
    expect(run(build)).toMatch(/deploy\/image\/keep-packages\.ts \S+ tsx[\s\S]*npm prune[\s\S]*cp -a/);
    expect(existsSync(join(repoRoot, 'deploy/image/keep-packages.ts'))).toBe(true);
    expect(dockerignore).not.toContain('deploy');
  });

  it('runs as uid 10001, with the data directory on a volume', () => {
    expect(last(runtime, 'USER')?.args).toBe('10001:10001');
    expect(run(runtime)).toMatch(/useradd [^\n]*--uid 10001/);
    expect(last(runtime, 'VOLUME')?.exec).toEqual(['/data']);
    expect(run(runtime)).toMatch(/chown 10001:10001 \/data/);
    // A new volume copies the image's /data: private from the start (the console refuses an open one that holds files).
    expect(run(runtime)).toMatch(/chmod 700 \/data/);
  });

  it('starts `dojo-console up` on all interfaces with /data, exposes 8080 and checks /healthz', () => {
    expect(last(runtime, 'ENTRYPOINT')?.exec).toEqual(['node', '--import', 'tsx', 'apps/server/src/cli.ts']);
    const cmd = last(runtime, 'CMD')!.exec!;
    expect(parseCli(cmd, {})).toMatchObject({ name: 'up', options: { host: '0.0.0.0', dataDir: '/data', port: 8080 } });
    expect(last(runtime, 'EXPOSE')?.args).toBe('8080');
    expect(last(runtime, 'HEALTHCHECK')?.args).toMatch(/CMD \[.*\/healthz/);
  });

  it('ships the built UI and the sources the server runs from, nothing from the build tools', () => {
    const copied = all(runtime, 'COPY').map((i) => i.args);
    expect(copied.every((args) => args.startsWith('--from=build '))).toBe(true);
    expect(copied.join('\n')).toContain('/app/apps/web/dist');
    expect(copied.join('\n')).toContain('/app/apps/server');
  });

  it('leaves installed, built and recorded state out of the build context', () => {
    expect(dockerignore).toEqual(expect.arrayContaining(['node_modules', '**/node_modules', '.dojo-console', 'test-results', 'bench-results', '.git']));
  });
});

describe('docker-compose.yml', () => {
  it('pins every image to a version, and builds the console image from the Dockerfile as this version', () => {
    for (const [name, service] of Object.entries<any>(compose.services)) {
      expect(service.image, name).toMatch(pinned);
      expect(service.image, name).not.toMatch(/:latest$/);
    }
    expect(k3s.image).toMatch(/^rancher\/k3s:v\d+\.\d+\.\d+-k3s\d+$/);
    expect(consoleService.build).toBe('.');
    expect(consoleService.image).toBe(`dojo-console:${rootPackage.version}`);
  });

  it('publishes ports on 127.0.0.1 only: the console on 8080, the API server on 6443', () => {
    const ports = Object.values<any>(compose.services).flatMap((s) => s.ports ?? []);
    for (const port of ports) expect(String(port)).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
    expect(k3s.ports).toEqual(['127.0.0.1:6443:6443']);
    expect(consoleService.ports).toEqual(['127.0.0.1:8080:8080']);
  });

  it('runs a privileged k3s server without traefik that writes a readable kubeconfig into a shared volume', () => {
    expect(k3s.privileged).toBe(true);
    expect(k3s.command).toMatch(/^server\b/);
    expect(k3s.command).toContain('--disable traefik');
    expect(k3s.command).toContain('--write-kubeconfig-mode 644');
    expect(k3s.command).toContain('--tls-san k3s');
    expect(k3s.healthcheck.test.join(' ')).toContain(k3s.environment.K3S_KUBECONFIG_OUTPUT);
  });

  it('hands the console the kubeconfig k3s wrote, through the same volume, rewritten to reach k3s by name', () => {
    const output: string = k3s.environment.K3S_KUBECONFIG_OUTPUT;
    const mountOf = (service: any, path: string): { volume: string; target: string } | undefined =>
      service.volumes
        .map((v: string) => {
          const [volume = '', target = ''] = v.split(':');
          return { volume, target };
        })
        .find((m: { target: string }) => path.startsWith(`${m.target}/`));
    const k3sMount = mountOf(k3s, output)!;
    const consoleMount = consoleService.volumes.map((v: string) => v.split(':')).find(([volume]: string[]) => volume === k3sMount.volume);
    expect(consoleMount, 'the console mounts the kubeconfig volume').toBeDefined();
    expect(compose.volumes).toHaveProperty(k3sMount.volume);
    const seenByConsole = `${consoleMount[1]}${output.slice(k3sMount.target.length)}`;

    const script: string = consoleService.entrypoint.at(-2);
    const kubeconfig = consoleService.command[consoleService.command.indexOf('--kubeconfig') + 1];
    expect(script).toContain(`${seenByConsole} > ${kubeconfig}`);
    expect(script).toMatch(/exec node --import tsx apps\/server\/src\/cli\.ts "\$\$@"/);
    expect(consoleService.depends_on.k3s.condition).toBe('service_healthy');

    // The rewrite, run on a kubeconfig as k3s writes it.
    const dir = mkdtempSync(join(tmpdir(), 'compose-kubeconfig-'));
    writeFileSync(join(dir, 'k3s.yaml'), 'clusters:\n- cluster:\n    certificate-authority-data: AAAA\n    server: https://127.0.0.1:6443\n  name: default\n');
    const sed = script
      .split('\n')
      .find((l) => l.startsWith('sed '))!
      .replace(seenByConsole, join(dir, 'k3s.yaml'))
      .replace(kubeconfig, join(dir, 'out.yaml'));
    execFileSync('/bin/sh', ['-ec', sed]);
    const rewritten = parse(readFileSync(join(dir, 'out.yaml'), 'utf8')) as { clusters: { cluster: { server: string } }[] };
    expect(rewritten.clusters[0]!.cluster.server).toBe('https://k3s:6443');
  });

  it('starts the console with that kubeconfig and --install-crds, keeping its data in a named volume', () => {
    expect(parseCli(consoleService.command, {})).toMatchObject({ name: 'up', options: { host: '0.0.0.0', port: 8080, dataDir: '/data', installCrds: true } });
    const data = consoleService.volumes.find((v: string) => v.endsWith(':/data'));
    expect(compose.volumes).toHaveProperty(data.split(':')[0]);
  });

  it("runs the console as the image's non-root user on a read-only root, without capabilities", () => {
    expect(consoleService.user ?? last(runtime, 'USER')?.args).not.toMatch(/^(0|root)\b/);
    expect(consoleService.read_only).toBe(true);
    expect(consoleService.tmpfs).toContain('/tmp');
    expect(consoleService.cap_drop).toEqual(['ALL']);
    expect(consoleService.security_opt).toContain('no-new-privileges:true');
  });
});
