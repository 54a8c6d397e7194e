/** The Report card tab of a client's page: its card, with the evidence linked where the console has a page for it. */
import { Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { ReportCard } from '../ReportCard.tsx';
import { useClientReport } from '../api/client-report.ts';
import type { ClientTabProps } from './client-tab-props.ts';

export function ReportCardTab({ client, links }: ClientTabProps) {
  const report = useClientReport(client);
  if (report.error) return <ErrorNotice error={report.error} />;
  if (!report.data) return <Loading label="Reading its report card…" />;
  return <ReportCard card={report.data} linkOf={links.reportLink} />;
}
