import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireToolchain } from './find-toolchain.ts';
import { mavenPackage } from './maven.ts';

// The cache's local Maven repository is shared with the suites that build operators, so this
// test downloads nothing once they have run (and only Maven's own plugins when they have not).
const tools = requireToolchain('mvn', 'toolchains: maven builds') && requireToolchain('java', 'toolchains: maven builds');
const work = mkdtempSync(join(tmpdir(), 'dojo-toolchains-maven-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const plugin = (artifact: string, version: string, configuration = '') =>
  `<plugin><groupId>org.apache.maven.plugins</groupId><artifactId>${artifact}</artifactId><version>${version}</version>${configuration}</plugin>`;

function writeProject(dir: string, body: string): void {
  const pom = `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId><artifactId>hello</artifactId><version>1</version>
  <properties><maven.compiler.release>17</maven.compiler.release><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
  <build><plugins>
    ${plugin('maven-compiler-plugin', '3.14.0')}
    ${plugin('maven-resources-plugin', '3.3.1')}
    ${plugin('maven-surefire-plugin', '3.5.2', '<configuration><skip>true</skip></configuration>')}
    ${plugin('maven-jar-plugin', '3.4.2', '<configuration><archive><manifest><mainClass>Hello</mainClass></manifest></archive></configuration>')}
  </plugins></build></project>`;
  mkdirSync(join(dir, 'src', 'main', 'java'), { recursive: true });
  writeFileSync(join(dir, 'pom.xml'), pom);
  writeFileSync(join(dir, 'src', 'main', 'java', 'Hello.java'), `public class Hello { public static void main(String[] a) { ${body} } }\n`);
}

describe.skipIf(!tools)('mavenPackage', () => {
  it('packages a project once, outside its folder, and reuses it until its sources change', async () => {
    const dir = mkdtempSync(join(work, 'hello-'));
    writeProject(dir, 'System.out.println("hello");');
    const first = await mavenPackage(dir, 'hello');
    expect(first.jar).not.toContain(dir);
    expect(execFileSync(first.command, first.args, { encoding: 'utf8' })).toBe('hello\n');
    expect(await mavenPackage(dir, 'hello')).toEqual(first);
    writeProject(dir, 'System.out.println("changed");');
    const second = await mavenPackage(dir, 'hello');
    expect(second.jar).not.toBe(first.jar);
    expect(execFileSync(second.command, second.args, { encoding: 'utf8' })).toBe('changed\n');
  }, 600_000);

  it('says why a build failed', async () => {
    const dir = mkdtempSync(join(work, 'broken-'));
    writeProject(dir, 'undefinedThing();');
    await expect(mavenPackage(dir, 'broken')).rejects.toThrow(/cannot find symbol/);
  }, 600_000);
});
