/** The 'Contadores' card's pt-BR texts (Configurações). */
import type { ToastText } from '@/domain/messages';
import { countOf, formatCount } from '@/domain/format';

/** What each corrected counter is called on the panel. */
const counterNames: Record<string, string> = {
  trashed: 'Lixeira',
  'active.novo': 'Novo',
  'active.principal': 'Principal',
  'active.separado': 'Separado',
  'active.descartado': 'Descartado',
  'active.suspeito': 'Suspeitos',
};
const jobPrefix = 'vaga_all_time.';
/** 'active_by_vaga.<job>.<status>': a job's active leads in a status (the job may hold dots). */
const jobStatusPrefix = 'active_by_vaga.';

function jobStatusName(key: string): string {
  const rest = key.slice(jobStatusPrefix.length);
  const dot = rest.lastIndexOf('.');
  const status = rest.slice(dot + 1);
  return `Vaga ${rest.slice(0, dot)}, ${counterNames[`active.${status}`] ?? status}`;
}

/** Corrections named one by one; beyond them the toast says how many more. */
const namedCorrections = 6;

const nameOf = (key: string) =>
  counterNames[key] ??
  (key.startsWith(jobPrefix)
    ? `Vaga ${key.slice(jobPrefix.length)}`
    : key.startsWith(jobStatusPrefix)
      ? jobStatusName(key)
      : key);
const valueOf = (value: unknown) => (typeof value === 'number' ? formatCount(value) : '—');

export const leadStatsTexts = {
  title: 'Contadores',
  intro:
    'Os contadores do painel (total, status, Lixeira, Suspeitos) e os relatórios são atualizados pelo servidor a cada mudança. Recontar confere todos os leads e corrige o que estiver diferente.',
  recount: 'Recontar contadores',
} as const;

/**
 * The toast after a recount: what was corrected, counter by counter, and how many days of the
 * reports were rebuilt, or that nothing was.
 */
export function recountToast(
  corrected: Record<string, { was: unknown; now: unknown }>,
  daysCorrected: readonly string[] = [],
): ToastText {
  const entries = Object.entries(corrected);
  const parts = entries
    .slice(0, namedCorrections)
    .map(([key, { was, now }]) => `${nameOf(key)} ${valueOf(was)} → ${valueOf(now)}`);
  const more = entries.length - namedCorrections;
  if (more > 0) parts.push(`e mais ${countOf(more, 'contador', 'contadores')}`);
  if (daysCorrected.length > 0) {
    parts.push(`relatórios de ${countOf(daysCorrected.length, 'dia', 'dias')}`);
  }
  return {
    title:
      parts.length === 0
        ? 'Contadores conferidos: nada a corrigir.'
        : `Contadores corrigidos: ${parts.join('; ')}.`,
  };
}

export const recountErrorToast = (message: string | null): ToastText => ({
  title: 'Erro ao recontar os contadores',
  message: message ?? 'Tente novamente.',
});
