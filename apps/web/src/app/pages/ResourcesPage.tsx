import { PageHeader } from '../../components/PageHeader.tsx';
import { ResourceKindList } from '../../features/resources/components/ResourceKindList.tsx';
import { paths } from '../paths.ts';

export function ResourcesPage() {
  return (
    <>
      <PageHeader title="Resources" description="Every kind the cluster serves. Lists and details update live over watch." />
      <ResourceKindList listPath={(type) => paths.resourceList({ gvr: type })} />
    </>
  );
}
