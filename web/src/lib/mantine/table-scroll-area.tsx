/**
 * Mantine's ScrollArea as Table.ScrollContainer sees it (vite.config.ts resolves its import here).
 * Mantine's Table carries its ScrollContainer, so any page drawing a table loaded all of ScrollArea
 * (its scrollbars, observers and contexts: about 5 KB gzip): the panel's first screen too, whose
 * leads list scrolls in a plain box. The container is Mantine's ScrollArea once a module has
 * given it here: table-scroll.ts does, and the tables that scroll in one take their container
 * from it (their code loads after the panel's first screen). Without it, the same box scrolls
 * natively.
 */
import type { ScrollAreaProps } from '@mantine/core';
import type { ComponentType, CSSProperties, Ref } from 'react';

type Props = ScrollAreaProps & { ref?: Ref<HTMLDivElement> };

let real: ComponentType<Props> | null = null;

/** Makes Table.ScrollContainer scroll in `component` (Mantine's ScrollArea). */
export function provideTableScrollArea(component: ComponentType<Props>): void {
  real = component;
}

export function ScrollArea(props: Props) {
  if (real) {
    const Real = real;
    return <Real {...props} />;
  }
  const { className, style, children, ref } = props;
  return (
    <div ref={ref} className={className} style={{ ...(style as CSSProperties), overflow: 'auto' }}>
      {children}
    </div>
  );
}
