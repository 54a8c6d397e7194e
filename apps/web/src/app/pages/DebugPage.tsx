/**
 * Debugging one controller live, with its workqueue and timeline on the same page so the
 * effect of every control is visible at once.
 */
import { EmptyState, Loading } from '../../components/EmptyState.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Panel } from '../../components/Panel.tsx';
import { useControllerDetails } from '../../features/controllers/api/controller-details.ts';
import { BreakpointsEditor } from '../../features/controllers/components/BreakpointsEditor.tsx';
import { ControllerPicker } from '../../features/controllers/components/ControllerPicker.tsx';
import { DebugControls } from '../../features/controllers/components/DebugControls.tsx';
import { FaultsEditor } from '../../features/controllers/components/FaultsEditor.tsx';
import { WorkqueueView } from '../../features/controllers/components/WorkqueueView.tsx';
import { useSimulators } from '../../features/simulators/api/simulators.ts';
import { ReconcileTimeline } from '../../features/telemetry/components/ReconcileTimeline.tsx';
import { navigate } from '../../lib/router.tsx';
import { panelsOf } from '../module-panels.ts';
import { useObjectPageLink, useQueueKeyLink } from '../object-links.ts';
import { paths } from '../paths.ts';
import { useChosenController } from './use-chosen-controller.ts';

function ControllerDebugger({ name }: { name: string }) {
  const details = useControllerDetails(name);
  const objectLink = useObjectPageLink();
  const keyLink = useQueueKeyLink(details.data?.forKind);
  // A module's debug panel (the Discord simulator's faults) only while that module runs its simulator.
  const modulePanels = (useSimulators().data ?? []).flatMap((simulator) => {
    const debug = panelsOf(simulator).debug;
    return debug ? [{ simulator, ...debug }] : [];
  });
  if (details.isPending) return <Loading />;
  if (details.error) return <ErrorNotice error={details.error} title={`Could not load controller ${name}`} />;
  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-2">
        <Panel title="Run control">
          <DebugControls details={details.data} />
        </Panel>
        <Panel
          title="Breakpoints"
          description="A worker that takes a key with a breakpoint holds it, and the controller stops, until you step, continue or resume; then it stops there again only for a real change."
        >
          <BreakpointsEditor details={details.data} />
        </Panel>
        <Panel title="Fault injection" description="Make this controller's next writes conflict, its next reconciles throw, or every reconcile slow.">
          <FaultsEditor details={details.data} />
        </Panel>
        {modulePanels.map(({ simulator, title, description, component: ModulePanel }) => (
          <Panel key={simulator.name} title={title} description={description}>
            <ModulePanel simulator={simulator} />
          </Panel>
        ))}
      </div>
      <Panel title="Timeline" level={3}>
        <ReconcileTimeline controller={name} objectLink={objectLink} windowMs={20_000} />
      </Panel>
      <WorkqueueView name={name} keyLink={keyLink} />
    </div>
  );
}

const debugOf = (controller: string) => paths.debug({ controller });

export function DebugPage({ controller }: { controller?: string | undefined }) {
  const { name, controllers } = useChosenController(controller, debugOf);
  return (
    <>
      <PageHeader
        title="Debug"
        description="Pause, step, set breakpoints and inject faults; watch the effect in the timeline and the workqueue below."
        actions={<ControllerPicker value={name} onChange={(n) => n && navigate(debugOf(n))} />}
      />
      {controllers.isPending ? (
        <Loading />
      ) : controllers.error ? (
        <ErrorNotice error={controllers.error} title="Could not load controllers" />
      ) : name ? (
        <ControllerDebugger key={name} name={name} />
      ) : (
        <EmptyState title="No controllers are running yet." />
      )}
    </>
  );
}
