/**
 * The external systems the running operator modules simulate (the Discord API, a Kafka
 * broker...), one section each: what it is, where it listens, and its module's own panel
 * (app/module-panels.ts) when the module has one.
 */
import { useEffect } from 'react';
import type { SimulatorSummary } from '@dojo/console-protocol';
import { EmptyState, Loading } from '../../components/EmptyState.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Panel } from '../../components/Panel.tsx';
import { useSimulators } from '../../features/simulators/api/simulators.ts';
import { navigate } from '../../lib/router.tsx';
import { panelsOf } from '../module-panels.ts';
import { paths } from '../paths.ts';

function SimulatorSection({ simulator }: { simulator: SimulatorSummary }) {
  const ModulePanel = panelsOf(simulator).simulator;
  return (
    <Panel
      level={2}
      title={simulator.label}
      description={
        <>
          Started by the <strong>{simulator.module}</strong> operator module, listening at <code className="break-all">{simulator.url}</code>
          {simulator.note ? <> · {simulator.note}</> : null}
        </>
      }
      bodyClassName={ModulePanel ? 'p-4' : 'hidden'}
    >
      {ModulePanel ? <ModulePanel simulator={simulator} /> : null}
    </Panel>
  );
}

export function SimulatorsPage() {
  const simulators = useSimulators();
  return (
    <>
      <PageHeader
        title="Simulators"
        description="The external systems the running operators talk to, simulated by the console: what each holds, and the faults it injects."
      />
      {simulators.isPending ? (
        <Loading />
      ) : simulators.error ? (
        <ErrorNotice error={simulators.error} title="Could not load the simulators" />
      ) : simulators.data.length === 0 ? (
        <EmptyState title="No simulators are running.">The operators in use talk to no external system the console simulates.</EmptyState>
      ) : (
        <div className="flex flex-col gap-5">
          {simulators.data.map((simulator) => (
            <SimulatorSection key={simulator.name} simulator={simulator} />
          ))}
        </div>
      )}
    </>
  );
}

/** `/discord`, the Discord page before it became the Discord simulator's panel: old links land on Simulators. */
export function RedirectToSimulators() {
  useEffect(() => navigate(paths.simulators({}), { replace: true }), []);
  return <Loading />;
}
