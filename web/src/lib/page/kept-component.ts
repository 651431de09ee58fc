/**
 * A component whose code is fetched on demand and kept once fetched. Until its code is there it is
 * a `lazy` component (the boundary above shows its fallback); once it is, the component itself is
 * rendered. Through `lazy` alone, the first render after the fetch still suspends, and React holds
 * the content of a boundary that has just shown its fallback for 300 ms: a view or drawer whose
 * code was already there took a third of a second to show.
 */
import { lazy, useMemo, type ComponentType } from 'react';

export interface KeptComponent<P> {
  /** Fetches the code (once; later calls share the fetch); resolves to the component. */
  load: () => Promise<ComponentType<P>>;
  /** The component to render now: itself once fetched, else the `lazy` one (see useKept). */
  current: () => ComponentType<P>;
}

export function keptComponent<P>(
  fetchComponent: () => Promise<ComponentType<P>>,
): KeptComponent<P> {
  let fetched: ComponentType<P> | null = null;
  let fetching: Promise<ComponentType<P>> | null = null;
  const load = () =>
    (fetching ??= fetchComponent().then(
      (component) => (fetched = component),
      (error: unknown) => {
        // A failed download may be retried (the next opening asks again).
        fetching = null;
        throw error;
      },
    ));
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return { load, current: () => fetched ?? Lazy };
}

/**
 * `kept`'s component, chosen again only when `opening` changes (what shows it opens: a view chosen,
 * a record's id): the code arriving while the lazy one shows must not mount it a second time.
 */
export function useKept<P>(kept: KeptComponent<P>, opening: unknown): ComponentType<P> {
  // `opening` is the reason to choose again, though the choice does not read it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => kept.current(), [kept, opening]);
}
