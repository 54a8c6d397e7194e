/** What every tab of a client's page is given (client-tabs.tsx lists the tabs). */
import type { ReportLink } from '@dojo/console-protocol';

/** Links into other features, which the app layer builds (features never import each other). */
export interface ClientPageLinks {
  /** The console URL of a report card's evidence; undefined when the console has no page for it. */
  reportLink(link: ReportLink): string | undefined;
}

export interface ClientTabProps {
  client: string;
  links: ClientPageLinks;
}
