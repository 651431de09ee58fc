/**
 * A lead's status as a coloured badge: novo blue, principal green, separado yellow, descartado red,
 * anything else grey. Shades chosen so the text keeps a 4.5:1 contrast (WCAG AA). A plain span
 * (LightBadge): lists draw one per row.
 */
import { LightBadge } from '@/components/LightControls/LightControls';

/** The colour docs/product.md gives a status (the Leads tab's badges). */
export function statusColor(status: string): string {
  return (
    (
      { novo: 'blue', principal: 'green', separado: 'yellow', descartado: 'red' } as Record<
        string,
        string
      >
    )[status] ?? 'gray'
  );
}

/** Background and text per colour name (Mantine's mid greens and blues are too light for white text). */
const swatches: Record<string, { bg: string; fg: string }> = {
  blue: { bg: 'var(--mantine-color-blue-8)', fg: 'white' },
  green: { bg: '#2b7a3b', fg: 'white' },
  yellow: { bg: 'var(--mantine-color-yellow-4)', fg: 'var(--mantine-color-dark-9)' },
  red: { bg: 'var(--mantine-color-red-9)', fg: 'white' },
  gray: { bg: 'var(--mantine-color-gray-7)', fg: 'white' },
};

export function StatusBadge({ status }: { status: string }) {
  const color = statusColor(status);
  const swatch = swatches[color] ?? swatches.gray!;
  // Never cut: at 1280 px the table once squeezed them to 'NO…', 'PRI…'.
  return (
    <LightBadge bg={swatch.bg} fg={swatch.fg} data-color={color}>
      {status || '-'}
    </LightBadge>
  );
}
