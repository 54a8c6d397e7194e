// The API server thread's entry (api-server-thread.ts starts it). The repository ships
// TypeScript, and a worker does not inherit a loader registered with `register()` (the
// `dojo-console` bin) or by a test runner, so the thread registers tsx itself.
import { register } from 'tsx/esm/api';

register();
await import('./api-server-thread-main.ts');
