/**
 * `node --import tsx probed-entry.ts <script> [args...]`: runs `script` with
 * process-probe.ts loaded first. (A second `--import` of a .ts file does not work on Node 20:
 * tsx's loader is not registered yet when it loads.) `script` sees its usual `process.argv`.
 */
import { pathToFileURL } from 'node:url';
import './process-probe.ts';

const [script, ...args] = process.argv.slice(2);
if (!script) throw new Error('usage: probed-entry.ts <script> [args...]');
process.argv = [process.argv[0]!, script, ...args];
await import(pathToFileURL(script).href);
