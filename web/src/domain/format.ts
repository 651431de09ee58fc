/** Numbers as the panel writes them: pt-BR, everywhere (counters, dialogs, toasts, pager, charts). */

/**
 * A count: 2005 → '2.005'. Whole numbers only, grouped by hand: building an Intl.NumberFormat
 * loads the locale's data, about 45 ms of a 4x-throttled panel open before the first rows.
 */
export function formatCount(n: number): string {
  const whole = Math.round(n);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return whole < 0 ? `-${digits}` : digits;
}

/** A count and its noun, singular for one: (1, 'dia', 'dias') → '1 dia'; (2005, …) → '2.005 dias'. */
export function countOf(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
