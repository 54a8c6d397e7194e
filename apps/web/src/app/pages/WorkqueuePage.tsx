import { EmptyState, Loading } from '../../components/EmptyState.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ControllerPicker } from '../../features/controllers/components/ControllerPicker.tsx';
import { WorkqueueView } from '../../features/controllers/components/WorkqueueView.tsx';
import { navigate } from '../../lib/router.tsx';
import { useQueueKeyLink } from '../object-links.ts';
import { paths } from '../paths.ts';
import { useChosenController } from './use-chosen-controller.ts';

const workqueueOf = (controller: string) => paths.workqueue({ controller });

export function WorkqueuePage({ controller }: { controller?: string | undefined }) {
  const { name, controllers } = useChosenController(controller, workqueueOf);
  const keyLink = useQueueKeyLink(controllers.data?.find((c) => c.name === name)?.forKind);
  return (
    <>
      <PageHeader
        title="Workqueue"
        description="What waits, what runs, what was merged, and what comes back later — per controller, refreshed every second."
        actions={<ControllerPicker value={name} onChange={(n) => n && navigate(workqueueOf(n))} />}
      />
      {controllers.isPending ? (
        <Loading />
      ) : controllers.error ? (
        <ErrorNotice error={controllers.error} title="Could not load controllers" />
      ) : name ? (
        <WorkqueueView key={name} name={name} keyLink={keyLink} />
      ) : (
        <EmptyState title="No controllers are running yet." />
      )}
    </>
  );
}
