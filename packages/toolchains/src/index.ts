/**
 * Programs in other languages, built for the test suite: the real clients and operators we did
 * not write (client-go, controller-runtime, kube-rs, kopf, the Java Operator SDK) and the real
 * kube-apiserver, each built from its own registry (the Go module proxy, crates.io, Maven
 * Central, PyPI) into a cache outside the repository.
 *
 * Promises:
 * - A build lands in the cache whole or not at all (built beside, then renamed), so two test
 *   files building the same thing at once, or a build killed halfway, never leave a broken
 *   program behind; the second run of a suite finds it and takes seconds.
 * - A missing toolchain is said in one line naming what to install, and the suite that needs it
 *   skips — except under `CI=true`, where it is an error: CI on this project's machine has every
 *   toolchain, so a skip there would hide a suite that never ran.
 *
 * Misuse: calling the build functions from product code (they are for tests, scripts and
 * benchmarks only; dependency-cruiser enforces it), or writing into the repository's tree.
 */
export { toolchainCacheDir } from './cache-dir.ts';
export { cargoBuild, type CargoBuildOptions } from './cargo.ts';
export { findToolchain, requireToolchain, type Toolchain, type ToolchainName } from './find-toolchain.ts';
export { goBuild, goInstall, type GoBuildOptions } from './go.ts';
export { mavenPackage, type JavaCommand, type MavenPackageOptions } from './maven.ts';
export { pythonSdist } from './python-sdist.ts';
export { pythonVenv, type PythonVenv, type PythonVenvOptions } from './python-venv.ts';
export { runLogged, type RunOptions } from './run.ts';
