/**
 * The controller a page is about: the one in the URL, else the operator's main controller (the
 * session names it), else the first operator controller.
 */
import { useEffect } from 'react';
import { useControllers } from '../../features/controllers/api/controllers.ts';
import { useSession } from '../../features/session/api/session.ts';
import { navigate } from '../../lib/router.tsx';

export function useChosenController(fromUrl: string | undefined, pathFor: (name: string) => string) {
  const controllers = useControllers();
  const { data: session } = useSession();
  const named = controllers.data?.find((c) => session?.operators.includes(c.name));
  const fallback = named?.name ?? controllers.data?.find((c) => c.role === 'operator')?.name ?? controllers.data?.[0]?.name;
  useEffect(() => {
    if (!fromUrl && fallback) navigate(pathFor(fallback), { replace: true });
  }, [fromUrl, fallback, pathFor]);
  return { name: fromUrl ?? fallback, controllers };
}
