/**
 * The tabs of a connected client's page, one row each: its id in the URL, its label, its panel.
 * Adding a tab is one row here.
 */
import type { ComponentType } from 'react';
import type { ClientTabProps } from './client-tab-props.ts';
import { ControlsTab } from './ControlsTab.tsx';
import { FaultsTab } from './FaultsTab.tsx';
import { RbacTab } from './RbacTab.tsx';
import { ReportCardTab } from './ReportCardTab.tsx';
import { StalenessTab } from './StalenessTab.tsx';

export interface ClientTab {
  readonly id: string;
  readonly label: string;
  readonly component: ComponentType<ClientTabProps>;
}

export type { ClientPageLinks, ClientTabProps } from './client-tab-props.ts';

export const clientTabs: readonly ClientTab[] = [
  { id: 'controls', label: 'Controls', component: ControlsTab },
  { id: 'faults', label: 'Faults', component: FaultsTab },
  { id: 'staleness', label: 'Staleness', component: StalenessTab },
  { id: 'rbac', label: 'RBAC', component: RbacTab },
  { id: 'report', label: 'Report card', component: ReportCardTab },
];

export const defaultClientTab = 'controls';
