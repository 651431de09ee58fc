/** Settings of the functions codebase (kept here so `firebase deploy` from functions/ is self-contained). */
export const functionsConfig = {
  /** Must match appConfig.functionsRegion in web/src/config/app-config.ts. */
  region: 'us-central1',
  /** Allow-list of admin emails: `admins/{lowercased email}`, denied to every client by the rules. */
  adminsCollection: 'admins',
  /** Every change of the team made from the panel: `admin_audit/{autoId}`; admins read, nobody writes. */
  auditCollection: 'admin_audit',
  /** The redirect settings document whose `redirect_count` only countRedirect changes. */
  redirectSettingsPath: 'settings/redirect',
  /** How long leads stay in the trash: `trash_days` (null: kept until deleted by hand). Admin SDK only. */
  retentionSettingsPath: 'settings/retention',
  /** What was done to candidates' data (retention runs, erasures), without personal data. Admin SDK only. */
  privacyAuditCollection: 'audit',
  leadsCollection: 'leads',
} as const;
