import { useEffect, useState } from 'react';
import type { z } from '../../../../domain/zod';
import { adminRequest } from './admin-api';

interface ResourceState<T> {
  path: string | null;
  request: string | null;
  value: T | null;
  failed: boolean;
}

/**
 * A read that depends on what is open on the tab, not on the address (the order in its dialog, the
 * recipe of the chosen product), so the route's clientLoader cannot make it. Read when `path`
 * changes, again when `version` does (after a save) or on `retry()`; what was read for the same path
 * stays shown meanwhile, and a failure stays shown until a reading succeeds.
 */
export function useAdminResource<S extends z.ZodType>(
  schema: S,
  path: string | null,
  { version = 0, failure }: { version?: number; failure: string },
) {
  const [attempt, setAttempt] = useState(0);
  const request = path === null ? null : `${path}#${version}#${attempt}`;
  const [state, setState] = useState<ResourceState<z.output<S>>>({
    path: null,
    request: null,
    value: null,
    failed: false,
  });

  useEffect(() => {
    if (path === null || request === null) return;
    const controller = new AbortController();
    adminRequest(schema, path, { signal: controller.signal })
      .then((value) => setState({ path, request, value, failed: false }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(failure, error);
        setState((before) => ({
          path,
          request,
          value: before.path === path ? before.value : null,
          failed: true,
        }));
      });
    return () => controller.abort();
  }, [schema, path, request, failure]);

  const samePath = state.path === path;
  return {
    value: samePath ? state.value : null,
    failed: samePath && state.failed,
    loading: state.request !== request,
    retry: () => setAttempt((n) => n + 1),
  };
}
