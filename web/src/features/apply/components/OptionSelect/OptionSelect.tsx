/**
 * The application forms' selects (Vaga, Cidade / Localização, Tempo de Experiência): a Mantine
 * Select chosen from a fixed list, never cleared once chosen. Its list is mounted when it opens:
 * Mantine's Combobox keeps every closed list mounted by default (a portal with each option, a
 * scroll area and a positioned popover per select), which the public pages then rendered right
 * after hydration, in one long task (on /conecta, three selects and 22 options were most of its
 * Total Blocking Time).
 */
import { Select, type ComboboxData, type SelectProps } from '@mantine/core';

export interface OptionSelectProps extends Omit<
  SelectProps,
  'value' | 'onChange' | 'data' | 'comboboxProps'
> {
  data: ComboboxData;
  /** The chosen option's value, '' for none. */
  value: string;
  onChange: (value: string) => void;
}

/** Closed, nothing of the list is rendered; it is mounted on open and unmounted on close. */
const comboboxProps = { keepMounted: false } as const;

export function OptionSelect({ value, onChange, ...props }: OptionSelectProps) {
  return (
    <Select
      allowDeselect={false}
      {...props}
      comboboxProps={comboboxProps}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
    />
  );
}
