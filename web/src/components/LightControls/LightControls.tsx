/**
 * Light stand-ins for Mantine's Badge, Checkbox, NativeSelect, ActionIcon and Switch: plain elements
 * with one class each, drawn alike (LightControls.module.css). For what a list repeats on every row
 * and for the panel's first screen (issue 25); forms and dialogs keep Mantine's components.
 */
import {
  useEffect,
  useRef,
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  type CSSProperties,
  type ReactNode,
} from 'react';
import classes from './LightControls.module.css';

export interface LightBadgeProps {
  /** Background and text colours (CSS values, Mantine's variables welcome). */
  bg: string;
  fg: string;
  size?: 'md' | 'xs';
  children: ReactNode;
  'data-color'?: string;
}

export function LightBadge({ bg, fg, size = 'md', children, ...data }: LightBadgeProps) {
  const style = { '--badge-bg': bg, '--badge-fg': fg } as CSSProperties;
  return (
    <span className={classes.badge} data-badge="" data-size={size} style={style} {...data}>
      {children}
    </span>
  );
}

export interface LightCheckboxProps {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}

export function LightCheckbox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: LightCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  // 'indeterminate' is a DOM property only (no attribute).
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={classes.checkbox}
      aria-label={label}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

export interface LightSelectProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
  width?: number;
  onChange: (value: string) => void;
}

export function LightSelect({
  label,
  value,
  options,
  disabled,
  width,
  onChange,
}: LightSelectProps) {
  return (
    <select
      className={classes.select}
      aria-label={label}
      value={value}
      disabled={disabled}
      style={width === undefined ? undefined : { width }}
      onChange={(event) => onChange(event.currentTarget.value)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

type IconColor = 'green' | 'red';

/** A square icon button (`aria-label` names it); `loading` shows a spinner and disables it. */
export function LightIconButton({
  color,
  loading = false,
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { color: IconColor; loading?: boolean }) {
  return (
    <button
      type="button"
      className={classes.icon}
      data-color={color}
      data-loading={loading || undefined}
      aria-busy={loading || undefined}
      disabled={disabled || loading}
      {...props}
    />
  );
}

/** An icon link drawn as LightIconButton. */
export function LightIconLink({
  color,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { color: IconColor }) {
  return <a className={classes.icon} data-color={color} {...props} />;
}

export interface LightSwitchProps {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  'aria-describedby'?: string;
}

/** An on/off switch (`role="switch"`), named by its label. */
export function LightSwitch({ label, checked, disabled, onChange, ...aria }: LightSwitchProps) {
  return (
    <label className={classes.switch} data-disabled={disabled || undefined}>
      <input
        type="checkbox"
        role="switch"
        className={classes.switchInput}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
        {...aria}
      />
      <span className={classes.track} aria-hidden="true">
        <span className={classes.thumb} />
      </span>
      <span className={classes.switchLabel}>{label}</span>
    </label>
  );
}
