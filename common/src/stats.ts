/**
 * The lead statistics the Cloud Functions keep (`stats/leads` and one `stats_daily/{day}` per
 * São Paulo day), so the panel reads a few documents instead of counting every lead. Days are
 * calendar days in America/Sao_Paulo, which has kept UTC-3 all year since 2019 (no daylight
 * saving), so a fixed offset names them without a time-zone database.
 */

/** Where the statistics live: `stats/leads`, `stats_daily/{YYYY-MM-DD}`, `stats_events/{id}`. */
export const statsCollections = {
  stats: 'stats',
  leadsStats: 'leads',
  daily: 'stats_daily',
  events: 'stats_events',
} as const;

const saoPauloOffsetMs = -3 * 60 * 60 * 1000;

/** The São Paulo calendar day of `date`, as 'YYYY-MM-DD' (the id of its `stats_daily` document). */
export function statsDayKey(date: Date): string {
  return new Date(date.getTime() + saoPauloOffsetMs).toISOString().slice(0, 10);
}

/** 00:00 in São Paulo of the day `dayKey` ('YYYY-MM-DD'). */
export function statsDayStart(dayKey: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dayKey);
  if (!match) throw new Error(`Not a day key (YYYY-MM-DD): ${dayKey}`);
  const [, year, month, day] = match.map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!) - saoPauloOffsetMs);
}
