/**
 * `node --import tsx prober-entry.ts`, forked by separate-prober.ts: a ResponsivenessProber in a
 * process that does nothing else. Messages: `{start: ProberOptions}` starts it,
 * `{stop: true}` stops it and answers `{result: ResponsivenessResult}`.
 */
import { ResponsivenessProber, type ProberOptions } from './responsiveness-prober.ts';

let prober: ResponsivenessProber | undefined;
process.on('message', (message: { start?: ProberOptions; stop?: true }) => {
  if (message.start) {
    prober = new ResponsivenessProber(message.start);
    prober.start();
    process.send!({ started: true });
  } else if (message.stop && prober) {
    void prober.stop().then((result) => process.send!({ result }, () => process.exit(0)));
  }
});
