/**
 * A light menu button (the WAI-ARIA menu button pattern) for what a list repeats on every card:
 * plain elements, and the menu is drawn only while open, so a board of 80 cards holds 80 buttons,
 * not 80 of Mantine's Menu (each a floating-ui instance). Enter, Space or ArrowDown open it on the
 * first item (ArrowUp on the last); the arrows, Home and End move; Enter picks; Escape and Tab close
 * it, and a click elsewhere does too. Focus goes back to the button.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import classes from './MenuButton.module.css';

export interface MenuButtonItem {
  label: string;
  onSelect: () => void;
}

export interface MenuButtonProps {
  /** The button's accessible name ('Mover Ana Souza'), also the menu's. */
  label: string;
  /** What the button shows (its text or an icon). */
  children: ReactNode;
  items: readonly MenuButtonItem[];
  disabled?: boolean;
  className?: string;
  /** Takes the focus when it appears (a card moved from the keyboard, in its new column). */
  autoFocus?: boolean;
}

/** Where a key moves the focus from item `at` of `count` (null: a key that does not move it). */
function itemForKey(key: string, at: number, count: number): number | null {
  const moves: Record<string, number> = {
    ArrowDown: (at + 1) % count,
    ArrowUp: (at - 1 + count) % count,
    Home: 0,
    End: count - 1,
  };
  return key in moves ? moves[key]! : null;
}

export function MenuButton({
  label,
  children,
  items,
  disabled,
  className,
  autoFocus,
}: MenuButtonProps) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const entries = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (autoFocus) button.current?.focus();
  }, [autoFocus]);

  useEffect(() => {
    if (!open) return;
    entries.current[open === 'first' ? 0 : items.length - 1]?.focus();
    const away = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open, items.length]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const at = entries.current.indexOf(document.activeElement as HTMLButtonElement);
    const to = itemForKey(event.key, at, items.length);
    if (to !== null) {
      event.preventDefault();
      entries.current[to]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={root} className={`${classes.root} ${className ?? ''}`}>
      <button
        ref={button}
        type="button"
        className={classes.button}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? `${id}-menu` : undefined}
        disabled={disabled}
        onClick={() => setOpen(open ? false : 'first')}
        onKeyDown={onButtonKey}
      >
        {children}
      </button>
      {open && (
        <div
          role="menu"
          id={`${id}-menu`}
          aria-label={label}
          className={classes.menu}
          onKeyDown={onMenuKey}
        >
          {items.map((item, index) => (
            <button
              key={item.label}
              ref={(element) => {
                entries.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={classes.item}
              onClick={() => {
                close();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
