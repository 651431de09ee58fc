/**
 * A honeypot (lead.ts `input.kind: 'honeypot'`): an input no person meets. It is off screen (not
 * `display: none`, which many scripts skip), hidden from screen readers, out of the tab order and
 * of autofill; its label asks to leave it blank in case anyone ever reaches it. A script that fills
 * every input fills it, and its application is set aside (the screening).
 */
import { applyTexts } from '@/features/apply/messages';
import classes from './HoneypotField.module.css';

export interface HoneypotFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
}

export function HoneypotField({ name, value, onChange }: HoneypotFieldProps) {
  return (
    <div className={classes.trap} aria-hidden="true">
      <label>
        {applyTexts.honeypot}
        <input
          type="text"
          name={name}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </label>
    </div>
  );
}
