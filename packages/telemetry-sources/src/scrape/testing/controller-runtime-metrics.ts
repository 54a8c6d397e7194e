import { fileURLToPath } from 'node:url';

/** A controller-runtime v0.20 operator's /metrics page, as scraped (fixtures/): for endpoints that tests serve. */
export const controllerRuntimeMetricsPath = fileURLToPath(new URL('../fixtures/controller-runtime-v0.20.txt', import.meta.url));
