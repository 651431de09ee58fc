/** Where Vagas keeps its data in Firestore: the collections and the settings' documents. */
export const collections = {
  /** The candidates: `leads/{autoId}`. */
  leads: 'leads',
  /** An admin's notes on a lead: `leads/{id}/notes/{autoId}`. */
  notes: 'notes',
  /** What happened to a lead, written by the server: `leads/{id}/timeline/{entryId}`. */
  timeline: 'timeline',
  /** The team's WhatsApp message templates. */
  messageTemplates: 'message_templates',
  /** The team's saved views of the Leads list (named filters). */
  savedViews: 'saved_views',
  /** Single documents of settings (`settingsDocuments`). */
  settings: 'settings',
  /** The admin allow-list, `admins/{lowercased email}`: no client reads or writes it. */
  admins: 'admins',
  /** Every change of the team: admins read it, only the server writes it. */
  adminAudit: 'admin_audit',
  /** What was done to candidates' data (retention runs, erasures), without personal data. */
  privacyAudit: 'audit',
  /** The per-device limit's records, `devices/{device id}`: written with each lead, read by no client. */
  devices: 'devices',
  /** The jobs and localities each form offers, `vacancies/{form~kind~value}`: admins only. */
  vacancies: 'vacancies',
  /** Each form's open vacancies, `vacancy_lists/{form}`: public, written only by the server. */
  vacancyLists: 'vacancy_lists',
} as const;

/** The documents of `settings/`. */
export const settingsDocuments = {
  /** The WhatsApp link, the countdown and the redirect counter (public read). */
  redirect: 'redirect',
  /** The tracking pixel's id (public read). */
  tracking: 'tracking',
  /** How long leads stay in the trash (server only). */
  retention: 'retention',
} as const;

/** The lead's subcollections, deleted with it. */
export const leadSubcollections = [collections.notes, collections.timeline] as const;
