/** Numbers as the panel writes them: pt-BR, everywhere (counters, dialogs, toasts, pager, charts). */

const countFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** A count: 2005 → '2.005'. */
export function formatCount(n: number): string {
  return countFormat.format(n);
}
