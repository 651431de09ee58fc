/**
 * A small set of views of one thing ('Lista', 'Quadro', 'Para hoje'): the WAI-ARIA tabs pattern
 * (arrow keys, Home and End move and choose) on plain elements, drawn as a segmented control. The
 * chosen view is the caller's (the panel keeps it in the address).
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import classes from './ViewTabs.module.css';

export interface ViewTabsProps<V extends string> {
  /** The tab list's accessible name. */
  label: string;
  views: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
  children: ReactNode;
}

export function ViewTabs<V extends string>({
  label,
  views,
  value,
  onChange,
  children,
}: ViewTabsProps<V>) {
  const id = useId();
  const buttons = useRef(new Map<V, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = views.length - 1;
    const to = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const view = views[to]!.value;
    buttons.current.get(view)?.focus();
    onChange(view);
  };
  return (
    <div className={classes.root}>
      <div role="tablist" aria-label={label} className={classes.list}>
        {views.map((view, index) => (
          <button
            key={view.value}
            ref={(button) => {
              if (button) buttons.current.set(view.value, button);
              else buttons.current.delete(view.value);
            }}
            type="button"
            role="tab"
            id={`${id}-${view.value}-tab`}
            aria-controls={`${id}-panel`}
            aria-selected={view.value === value}
            tabIndex={view.value === value ? 0 : -1}
            className={classes.tab}
            onClick={() => view.value !== value && onChange(view.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {view.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${value}-tab`}>
        {children}
      </div>
    </div>
  );
}
