/**
 * One scraped endpoint above its controllers' cards: its name and URL, how the console proves
 * itself to it and checks its certificate, and "Remove" for an endpoint added in the console
 * (one given with --scrape goes away by restarting without the flag, and says so).
 */
import { useState } from 'react';
import type { ScrapeTargetStatus } from '@dojo/console-protocol';
import { Button } from '../../../components/Button.tsx';
import { Badge } from '../../../components/ConditionChip.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { useRemoveScrapeTarget } from '../api/scrape-targets.ts';
import { authenticationText, tlsText } from '../model/scrape-text.ts';

export function ScrapeTargetHeader({ target, editable }: { target: ScrapeTargetStatus; editable: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveScrapeTarget();
  const tls = tlsText(target.tlsVerification);
  return (
    <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
      <span className="font-semibold text-slate-800 dark:text-slate-200">{target.name}</span>
      <span className="truncate font-mono text-xs text-slate-500 dark:text-slate-400">{target.url}</span>
      <Badge>{authenticationText(target.authentication)}</Badge>
      {tls ? <Badge tone={target.tlsVerification === 'skip-verify' ? 'unknown' : 'neutral'}>{tls}</Badge> : null}
      {editable && target.source === 'console' ? (
        <Button variant="ghost" className="ml-auto" onClick={() => setConfirming(true)} aria-label={`Remove metrics endpoint ${target.name}`}>
          Remove
        </Button>
      ) : null}
      {editable && target.source === 'flag' ? <span className="ml-auto text-xs text-slate-500 dark:text-slate-400">given with --scrape</span> : null}
      {remove.error ? <ErrorNotice error={remove.error} title={`Could not remove ${target.name}`} /> : null}
      <ConfirmDialog
        open={confirming}
        title={`Stop scraping ${target.name}?`}
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(target.name, { onSettled: () => setConfirming(false) })}
      >
        Its cards go, and it is not scraped after a restart. {target.url} itself is not touched.
      </ConfirmDialog>
    </div>
  );
}
