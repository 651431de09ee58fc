/** Settings of the functions codebase: its region, and where the data lives (@vagas/common). */
import { collections, settingsDocuments } from '@vagas/common';

export const functionsConfig = {
  /** Must match appConfig.functionsRegion in web/src/config/app-config.json (test/config-sync.test.ts). */
  region: 'us-central1',
  /** Allow-list of admin emails: `admins/{lowercased email}`, denied to every client by the rules. */
  adminsCollection: collections.admins,
  /** Every change of the team made from the panel: `admin_audit/{autoId}`; admins read, nobody writes. */
  auditCollection: collections.adminAudit,
  /** The redirect settings document whose `redirect_count` only countRedirect changes. */
  redirectSettingsPath: `${collections.settings}/${settingsDocuments.redirect}`,
  /** How long leads stay in the trash: `trash_days` (null: kept until deleted by hand). Admin SDK only. */
  retentionSettingsPath: `${collections.settings}/${settingsDocuments.retention}`,
  /** What was done to candidates' data (retention runs, erasures), without personal data. Admin SDK only. */
  privacyAuditCollection: collections.privacyAudit,
  leadsCollection: collections.leads,
} as const;
