#!/usr/bin/env node
// `dojo-console`: the repository ships TypeScript, not a build, so the command registers tsx's
// ESM loader and runs apps/server/src/cli.ts (exit statuses: 0 ok, 1 failure, 2 usage).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
