// `npm test`: every suite in turn, then one closing line "N passed, N failed[, N skipped]".
// Typecheck, lint, the format check and the dependency rules count as one check each; Vitest and Playwright
// contribute their own test counts (read from their JSON reports).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { findChromium } from './chromium.mjs';
import { findPythonKubernetes } from './python-kubernetes.mjs';

const results = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Every failed test by file and name, repeated at the end: a CI log is often read only from its tail. */
const failedTests = [];
const reportDir = 'test-results/reports';
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: exit ${child.status ?? child.signal} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return child.status === 0;
}

function check(label, ok) {
  if (ok) results.passed++;
  else {
    results.failed++;
    failures.push(label);
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

check('typecheck (tsc -b)', run('typecheck', 'npx', ['tsc', '-b']));
check('lint (eslint)', run('lint', 'npx', ['eslint', '.']));
check('format (prettier --check)', run('format', 'npx', ['prettier', '--check', '**/*.{ts,tsx,js,mjs,cjs}']));
check('dependency rules (dependency-cruiser)', run('dependency rules', 'npx', ['depcruise', '--config', '.dependency-cruiser.cjs', 'packages', 'apps', 'e2e']));

// The Python-client suite runs inside Vitest; it skips itself (counted as skipped) without the client.
const python = findPythonKubernetes();
if (python) console.log(`\n[python] using ${python} for the Python-client suite`);

/**
 * One Vitest run, its counts added to the totals. The suites that run real programs in other
 * languages (test/operators/, the kube-apiserver oracle) run after the rest, one file at a
 * time: each starts whole consoles, JVMs and Go servers, and beside the fast suites on two
 * cores they made timing-sensitive tests wait.
 */
function runVitest(label, args, reportName) {
  const report = `${reportDir}/${reportName}`;
  const ok = run(
    label,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    python ? { DOJO_PYTHON: python } : {},
  );
  const vitest = readJson(report);
  if (!vitest) return check(`${label} (no report)`, false);
  results.passed += vitest.numPassedTests;
  results.failed += vitest.numFailedTests;
  results.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  if (vitest.numFailedTests > 0) failures.push(`${vitest.numFailedTests} ${label} test(s)`);
  for (const file of vitest.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failedTests.push({ name: `${relative(process.cwd(), file.name)} › ${test.fullName}`, message: test.failureMessages?.[0] });
    }
  }
  if (!ok && vitest.numFailedTests === 0) check(`${label} (suite error)`, false);
}

// Folders, and single files elsewhere that build and run another language's program (cargo, go).
const otherLanguages = [
  'test/operators/',
  'test/kube-apiserver/',
  'packages/apiserver/src/oracle/',
  'apps/server/bench/support/operator-convergence.test.ts',
  'packages/apiserver/src/admission/webhooks/webhook-admission.controller-runtime.test.ts',
];
runVitest(
  'unit and integration tests',
  otherLanguages.flatMap((path) => ['--exclude', path.endsWith('/') ? `${path}**` : path]),
  'vitest.json',
);
runVitest('real operators and the kube-apiserver oracle', [...otherLanguages, '--fileParallelism=false'], 'vitest-other-languages.json');

check('web build (vite)', run('web build', 'npm', ['run', 'build', '--silent']));

let chromiumPath;
try {
  chromiumPath = await findChromium();
  console.log(`\n[chromium] using ${chromiumPath}`);
} catch (err) {
  console.error(`\n[chromium] ${err.message}`);
  check('find Chromium for end-to-end tests', false);
}
if (chromiumPath) {
  // The end-to-end console starts from an empty data dir every run.
  rmSync('test-results/e2e-data', { recursive: true, force: true });
  const playwrightReport = `${reportDir}/playwright.json`;
  const e2eOk = run('end-to-end tests (Playwright + Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_CHROMIUM_PATH: chromiumPath,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  const stats = readJson(playwrightReport)?.stats;
  if (stats) {
    results.passed += stats.expected + stats.flaky;
    results.failed += stats.unexpected;
    results.skipped += stats.skipped;
    if (stats.unexpected > 0) failures.push(`${stats.unexpected} end-to-end test(s)`);
    collectPlaywrightFailures(readJson(playwrightReport)?.suites ?? []);
    if (!e2eOk && stats.unexpected === 0) check('playwright run (suite error)', false);
  } else check('playwright run (no report)', false);
}

/** Playwright's JSON nests suites by file and describe block; a spec failed when a test of it was unexpected. */
function collectPlaywrightFailures(suites, titles = []) {
  for (const suite of suites) {
    const path = suite.file && titles.length === 0 ? [suite.file] : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      const failed = spec.tests?.find((test) => test.status === 'unexpected');
      if (failed) failedTests.push({ name: [...path, spec.title].join(' › '), message: failed.results?.at(-1)?.error?.message });
    }
    collectPlaywrightFailures(suite.suites ?? [], path);
  }
}

/**
 * The start of each failure's message, in the last lines a log shows: a CI log kept only by
 * its tail still says which assertion failed and what it received.
 */
function excerpt(message) {
  if (!message) return '';
  // eslint-disable-next-line no-control-regex
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '').trim();
  const lines = plain
    .split('\n')
    .slice(0, 12)
    .map((line) => `      ${line.slice(0, 300)}`);
  return `\n${lines.join('\n')}`;
}
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map(({ name, message }) => `  ✗ ${name}${excerpt(message)}`).join('\n')}`);
if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
const skipped = results.skipped ? `, ${results.skipped} skipped` : '';
console.log(`\n${results.passed} passed, ${results.failed} failed${skipped}`);
process.exit(results.failed === 0 ? 0 : 1);
