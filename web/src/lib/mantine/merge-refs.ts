/**
 * `useMergeRefs` of @floating-ui/react, for Mantine's ScrollArea only (vite.config.ts aliases its
 * import here). ScrollArea imports nothing else of Floating UI, but that import put the whole of
 * it (about 15 KB gzip) in the admin panel's first load, through the Leads table's scroll
 * container. Same contract: one callback ref setting every ref given (null when none is), the
 * same function while the refs are the same.
 */
import { mergeRefs } from '@mantine/hooks';
import { useMemo, type Ref } from 'react';

export function useMergeRefs<T>(
  refs: ReadonlyArray<Ref<T> | undefined>,
): ((node: T | null) => void | (() => void)) | null {
  return useMemo(
    () => (refs.every((ref) => ref == null) ? null : mergeRefs(...refs)),
    // The refs themselves are the dependencies, as in Floating UI.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    refs,
  );
}
