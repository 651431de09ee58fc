/**
 * Light stand-ins for Mantine's Badge, Checkbox, NativeSelect, ActionIcon and Switch: plain
 * elements with one class each, drawn alike (LightControls.module.css). For what a list repeats on
 * every row and for the panel's first screen (web/README.md, "The panel's open on a slow phone");
 * forms and dialogs keep Mantine's components.
 */
import {
  useEffect,
  useId,
  useRef,
  type ComponentProps,
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

/**
 * A square icon button (`aria-label` names it); `loading` shows a spinner and disables it. Takes a
 * `ref` (a menu places its dropdown by it).
 */
export function LightIconButton({
  color,
  loading = false,
  disabled,
  ...props
}: ComponentProps<'button'> & { color: IconColor; loading?: boolean }) {
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

interface LightFieldProps {
  label: string;
  /** Under the control, and its accessible description. */
  description?: string;
}

/** The label, the control (given its id and describedby) and the description. */
function LightField({
  label,
  description,
  control,
}: LightFieldProps & {
  control: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const describedBy = description ? `${id}-description` : undefined;
  return (
    <div className={classes.field}>
      <label className={classes.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <div className={classes.fieldControl}>{control({ id, describedBy })}</div>
      {description && (
        <p className={classes.fieldDescription} id={describedBy}>
          {description}
        </p>
      )}
    </div>
  );
}

/** A labelled text input, size sm (Mantine's TextInput). */
export function LightTextField({
  label,
  description,
  value,
  onChange,
  type = 'text',
  placeholder,
  disabled,
  readOnly,
}: LightFieldProps & {
  value: string;
  onChange?: (value: string) => void;
  type?: 'text' | 'search';
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
}) {
  return (
    <LightField
      label={label}
      description={description}
      control={({ id, describedBy }) => (
        <input
          id={id}
          className={classes.input}
          type={type}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          readOnly={readOnly}
          aria-describedby={describedBy}
          onChange={(event) => onChange?.(event.currentTarget.value)}
        />
      )}
    />
  );
}

/** A labelled native select, size sm (Mantine's NativeSelect, with its chevron). */
export function LightSelectField({
  label,
  description,
  value,
  options,
  onChange,
  disabled,
}: LightFieldProps & {
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <LightField
      label={label}
      description={description}
      control={({ id, describedBy }) => (
        <>
          <select
            id={id}
            className={classes.input}
            value={value}
            disabled={disabled}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.currentTarget.value)}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <svg className={classes.chevron} viewBox="0 0 15 15" fill="none" aria-hidden="true">
            <path d={chevronPath} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
          </svg>
        </>
      )}
    />
  );
}

/** Mantine's ComboboxChevron: up and down arrows. */
const chevronPath =
  'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z';
