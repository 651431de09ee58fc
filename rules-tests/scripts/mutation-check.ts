/**
 * Mutation check of firestore.rules: removes or weakens one rule at a time and runs the test file
 * that covers it against the mutant (VAGAS_RULES_FILE). Every mutant must be killed (some test
 * fails); a surviving mutant means a rule without a test. A mutant marked `equivalent` cannot change
 * any outcome (another clause already denies) and must survive. `--property` also runs the fast-check
 * file against the lead-validation mutants. `--only id,id` picks mutants. Exit 1 if any survives.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deviceMutants, type DeviceMutant } from './device-mutants.js';
import { recordMutants, type RecordMutant } from './record-mutants.js';

interface Mutant {
  id: string;
  /** The rule (as docs/product.md "Security rules" states it) that it removes. */
  bullet: string;
  find: string;
  replace: string;
  file:
    | 'leads'
    | 'lead-source'
    | 'lead-screening'
    | 'settings'
    | 'admins'
    | 'generated-rules'
    | 'vacancies'
    | 'stats'
    | RecordMutant['file']
    | DeviceMutant['file'];
  /** Also run the property tests: leads-property.test.ts, or `propertyFile`. */
  property?: boolean;
  propertyFile?: string;
  /** Why the mutant cannot change any outcome (it must then survive). */
  equivalent?: string;
}

// prettier-ignore
const mutants: Mutant[] = [
  // leads: reads
  { id: 'lead-read-public', bullet: 'only admins get/list leads', file: 'leads',
    find: 'match /leads/{leadId} {\n      allow get, list: if isAdmin();', replace: 'match /leads/{leadId} {\n      allow get, list: if true;' },
  { id: 'lead-read-signed-in', bullet: 'only admins get/list leads', file: 'leads',
    find: 'match /leads/{leadId} {\n      allow get, list: if isAdmin();', replace: 'match /leads/{leadId} {\n      allow get, list: if request.auth != null;' },
  { id: 'admin-any-claim', bullet: 'admin means token.admin == true', file: 'leads',
    find: "request.auth.token.get('admin', false) == true", replace: "request.auth.token.get('admin', false) != false" },
  // leads: create
  { id: 'create-anything', bullet: 'lead create: exactly one form', file: 'leads', property: true,
    find: 'allow create: if isValidLead(request.resource.data)\n        && isDeviceSend(leadId, request.resource.data);', replace: 'allow create: if isDeviceSend(leadId, request.resource.data);' },
  { id: 'create-extra-keys', bullet: 'lead create: no extra key', file: 'leads', property: true,
    find: 'return data.keys().hasAll(keys) && data.keys().hasOnly(keys.concat(optionalLeadKeys()));', replace: 'return data.keys().hasAll(keys);' },
  { id: 'create-missing-keys', bullet: 'lead create: no missing key', file: 'leads', property: true,
    find: 'return data.keys().hasAll(keys) && data.keys().hasOnly(keys.concat(optionalLeadKeys()));', replace: 'return data.keys().hasOnly(keys.concat(optionalLeadKeys()));',
    equivalent: 'every lead field is also checked, and reading a missing field is an error that denies' },
  { id: 'create-status', bullet: "lead create: status == 'novo'", file: 'leads', property: true,
    find: "        && ((data.status == 'novo' && !isDoubtfulNewLead(data)) || data.status == 'suspeito')\n", replace: '\n' },
  { id: 'create-created-at', bullet: 'lead create: created_at == request.time', file: 'leads', property: true,
    find: '        && data.created_at == request.time\n        && data.deleted_at == null;', replace: '        && data.deleted_at == null;' },
  { id: 'create-deleted-at', bullet: 'lead create: deleted_at == null', file: 'leads', property: true,
    find: '        && data.created_at == request.time\n        && data.deleted_at == null;', replace: '        && data.created_at == request.time;' },
  { id: 'create-nome-bounds', bullet: 'lead create: nome non-empty, bounded', file: 'leads', property: true,
    find: 'isStringOfSize(data.nome, 1, 200)', replace: 'data.nome is string' },
  { id: 'create-nome-type', bullet: 'lead create: nome a string', file: 'leads', property: true,
    find: 'isStringOfSize(data.nome, 1, 200)', replace: 'true' },
  { id: 'create-whatsapp-length', bullet: 'lead create: whatsapp <= 15', file: 'leads', property: true,
    find: 'isStringOfSize(data.whatsapp, 1, 15)', replace: 'data.whatsapp is string' },
  { id: 'create-whatsapp-chars', bullet: 'lead create: whatsapp digits/()/space/-', file: 'leads', property: true,
    find: "        && data.whatsapp.matches('[0-9() -]+')\n", replace: '\n' },
  { id: 'create-root-vaga', bullet: 'lead create: vaga a vacancy of its form', file: 'leads', property: true,
    find: "isOpenVacancy('root', 'job', data.vaga, data)", replace: 'true' },
  { id: 'create-root-cidade', bullet: 'lead create: cidade a vacancy of its form', file: 'leads', property: true,
    find: "isOpenVacancy('root', 'locality', data.cidade, data)", replace: 'true' },
  { id: 'create-cc-vaga', bullet: 'lead create: [employer] job, a vacancy of its form', file: 'leads', property: true,
    find: "isOpenVacancy('callCenter', 'job', data.vaga, data)", replace: 'true' },
  { id: 'create-cc-cidade', bullet: 'lead create: cidade a vacancy of its form', file: 'leads', property: true,
    find: "isOpenVacancy('callCenter', 'locality', data.cidade, data)", replace: 'true' },
  { id: 'create-idade-bounds', bullet: 'lead create: idade int 16..70', file: 'leads', property: true,
    find: 'isIntBetween(data.idade, 16, 70)', replace: 'data.idade is int' },
  { id: 'create-idade-type', bullet: 'lead create: idade an int', file: 'leads', property: true,
    find: 'isIntBetween(data.idade, 16, 70)', replace: 'data.idade >= 16 && data.idade <= 70' },
  { id: 'create-tempo', bullet: 'lead create: tempo_experiencia from the list', file: 'leads', property: true,
    find: '        && data.tempo_experiencia in tempoExperienciaOptions();', replace: ';' },
  // leads: the hand-written rules composing the generated checks
  { id: 'create-root-common', bullet: 'lead create: every field valid (root)', file: 'leads', property: true,
    find: 'hasLeadKeys(data, rootLeadKeys())\n        && isValidNewLeadCommon(data)', replace: 'hasLeadKeys(data, rootLeadKeys())' },
  { id: 'create-root-fields', bullet: 'lead create: every field valid (root)', file: 'leads', property: true,
    find: '        && isValidRootLeadFields(data);', replace: ';' },
  { id: 'create-cc-common', bullet: 'lead create: every field valid (call center)', file: 'leads', property: true,
    find: 'hasLeadKeys(data, callCenterLeadKeys())\n        && isValidNewLeadCommon(data)', replace: 'hasLeadKeys(data, callCenterLeadKeys())' },
  { id: 'create-cc-fields', bullet: 'lead create: every field valid (call center)', file: 'leads', property: true,
    find: '        && isValidCallCenterLeadFields(data);', replace: ';' },
  // leads: the optional visit source
  { id: 'source-anything', bullet: 'lead source: exactly its shape', file: 'lead-source', property: true,
    find: "(!('source' in data) || isValidLeadSource(data.source))", replace: 'true' },
  { id: 'source-not-map', bullet: 'lead source: a map', file: 'lead-source', property: true,
    find: '      return source is map\n        && ', replace: '      return ',
    equivalent: 'keys() of a string, list or null is an error that denies' },
  { id: 'source-fbclid-missing', bullet: 'lead source: fbclid present', file: 'lead-source', property: true,
    find: "source.keys().hasAll(['fbclid'])\n        && ", replace: '',
    equivalent: 'reading the missing fbclid (is bool, below) is an error that denies' },
  { id: 'source-extra-keys', bullet: 'lead source: no other key', file: 'lead-source', property: true,
    find: "        && source.keys().hasOnly(['utm_source', 'utm_medium', 'utm_campaign', 'fbclid'])\n", replace: '\n' },
  { id: 'source-fbclid-type', bullet: 'lead source: fbclid a boolean', file: 'lead-source', property: true,
    find: '\n        && source.fbclid is bool;', replace: ';' },
  ...(['utm_source', 'utm_medium', 'utm_campaign'] as const).map((field): Mutant => ({
    id: `source-${field}-bounds`, bullet: `lead source: ${field} 1..100 characters`, file: 'lead-source', property: true,
    find: `isStringOfSize(source.${field}, 1, 100)`, replace: `source.${field} is string`,
  })),
  ...(['utm_source', 'utm_medium', 'utm_campaign'] as const).map((field): Mutant => ({
    id: `source-${field}-type`, bullet: `lead source: ${field} a string`, file: 'lead-source', property: true,
    find: `isStringOfSize(source.${field}, 1, 100)`, replace: 'true',
  })),
  // leads: the screening (a doubtful lead set aside at write time; admins release, never hold)
  { id: 'screen-doubt-ignored', bullet: 'a doubtful lead is never new', file: 'lead-screening', property: true,
    find: "data.status == 'novo' && !isDoubtfulNewLead(data)", replace: "data.status == 'novo'" },
  { id: 'screen-honeypot', bullet: 'a honeypot filled: set aside', file: 'lead-screening', property: true,
    find: "\n        || ('honeypot' in data && data.honeypot != '');", replace: ';' },
  { id: 'screen-ddd', bullet: 'a DDD not in use: set aside', file: 'lead-screening', property: true,
    find: "      return !data.whatsapp.matches('[() -]*(1[() -]*", replace: "      return false && !data.whatsapp.matches('[() -]*(1[() -]*" },
  { id: 'screen-held-refused', bullet: 'a page may store its lead set aside', file: 'lead-screening',
    find: " || data.status == 'suspeito')\n", replace: ')\n' },
  { id: 'screen-honeypot-bounds', bullet: 'the honeypot a bounded text', file: 'lead-screening', property: true,
    find: 'isStringOfSize(data.honeypot, 0, 200)', replace: 'true' },
  { id: 'screen-fill-bounds', bullet: 'fill_seconds an int 0..3600', file: 'lead-screening', property: true,
    find: 'isIntBetween(data.fill_seconds, 0, 3600)', replace: 'data.fill_seconds is number' },
  { id: 'screen-admin-holds', bullet: 'admins never set a lead aside', file: 'lead-screening',
    find: "(data.status in statusOptions() || (data.status == 'suspeito' && resource.data.status == 'suspeito'))", replace: "(data.status in statusOptions() || data.status == 'suspeito')" },
  { id: 'screen-admin-keeps', bullet: 'admins trash and restore a held lead', file: 'lead-screening',
    find: "(data.status in statusOptions() || (data.status == 'suspeito' && resource.data.status == 'suspeito'))", replace: 'data.status in statusOptions()' },
  { id: 'screen-verdict-retry', bullet: "a retry may drop the server's verdict", file: 'lead-screening',
    find: "['search_keys', 'phone_key', 'contacted', 'name_key'].concat(serverLeadKeys())", replace: "['search_keys', 'phone_key', 'contacted', 'name_key']" },
  // leads: admin changes, delete
  { id: 'admin-update-anything', bullet: 'admins change only status and deleted_at', file: 'leads',
    find: 'changedKeys().hasOnly(managedLeadKeys())', replace: 'true' },
  { id: 'admin-status-value', bullet: 'admin status: a valid value', file: 'leads',
    find: 'data.status in statusOptions()', replace: 'true' },
  { id: 'admin-deleted-at-type', bullet: 'admin deleted_at: timestamp or null', file: 'leads',
    find: '(data.deleted_at == null || data.deleted_at is timestamp)', replace: 'true' },
  { id: 'admin-fields', bullet: 'admin changes: each field valid', file: 'leads',
    find: '        && isValidManagedLeadFields(data);', replace: ';' },
  { id: 'admin-update-removed', bullet: 'admins classify/trash/restore', file: 'leads',
    find: '(isAdmin() && isValidLeadManagement(request.resource.data))', replace: 'false' },
  { id: 'update-not-admin', bullet: 'nobody else updates leads', file: 'leads',
    find: '(isAdmin() && isValidLeadManagement(request.resource.data))', replace: 'isValidLeadManagement(request.resource.data)' },
  { id: 'delete-public', bullet: 'only admins delete leads', file: 'leads',
    find: 'isCreateRetry(request.resource.data);\n      allow delete: if isAdmin();', replace: 'isCreateRetry(request.resource.data);\n      allow delete: if true;' },
  { id: 'delete-removed', bullet: 'admins delete leads', file: 'leads',
    find: 'isCreateRetry(request.resource.data);\n      allow delete: if isAdmin();', replace: 'isCreateRetry(request.resource.data);\n      allow delete: if false;' },
  // leads: retry
  { id: 'retry-removed', bullet: 'retry of a lost create allowed', file: 'leads',
    find: '        || isCreateRetry(request.resource.data);', replace: ';' },
  { id: 'retry-any-change', bullet: 'retry changes only created_at', file: 'leads',
    find: "changedKeys().hasOnly(['created_at'])", replace: 'true' },
  { id: 'retry-client-time', bullet: 'retry sets created_at = request.time', file: 'leads',
    find: '        && data.created_at == request.time\n        && request.time <', replace: '        && request.time <' },
  { id: 'retry-no-window', bullet: 'retry within 10 minutes', file: 'leads',
    find: "        && request.time < resource.data.created_at + duration.value(10, 'm');", replace: ';' },
  // settings
  { id: 'redirect-get-admin', bullet: 'settings/redirect public get', file: 'settings',
    find: "match /settings/redirect {\n      allow get: if true;", replace: 'match /settings/redirect {\n      allow get: if isAdmin();' },
  { id: 'tracking-get-admin', bullet: 'settings/tracking public get', file: 'settings',
    find: 'match /settings/tracking {\n      allow get: if true;', replace: 'match /settings/tracking {\n      allow get: if isAdmin();' },
  { id: 'settings-list', bullet: 'settings: get only', file: 'settings',
    find: "match /settings/redirect {\n      allow get: if true;", replace: "match /settings/{id} {\n      allow list: if true;\n    }\n    match /settings/redirect {\n      allow get: if true;" },
  { id: 'redirect-write-public', bullet: 'settings: only admins write', file: 'settings',
    find: '      allow update: if isAdmin()\n        && isValidRedirectSettings', replace: '      allow update: if true\n        && isValidRedirectSettings' },
  { id: 'tracking-write-public', bullet: 'settings: only admins write', file: 'settings',
    find: 'allow create, update: if isAdmin() && isValidTrackingSettings', replace: 'allow create, update: if isValidTrackingSettings' },
  { id: 'link-any-scheme', bullet: 'whatsapp_link an http(s) URL', file: 'settings',
    find: "link.matches('https?://[^\\\\s/?#]+\\\\S*')", replace: 'true' },
  { id: 'link-unbounded', bullet: 'whatsapp_link bounded length', file: 'settings',
    find: 'isStringOfSize(link, 1, 2000)', replace: 'link is string' },
  { id: 'redirect-time-bounds', bullet: 'redirect_time int 1..30', file: 'settings',
    find: 'isIntBetween(data.redirect_time, minRedirectTime(), maxRedirectTime())', replace: 'data.redirect_time is int' },
  { id: 'redirect-time-type', bullet: 'redirect_time an int', file: 'settings',
    find: 'isIntBetween(data.redirect_time, minRedirectTime(), maxRedirectTime())', replace: 'data.redirect_time >= 1 && data.redirect_time <= 30' },
  { id: 'redirect-count-update', bullet: 'redirect_count never client-written', file: 'settings',
    find: "        && changedKeys().hasOnly(['whatsapp_link', 'redirect_time', 'updated_at']);", replace: ';' },
  { id: 'redirect-count-create', bullet: 'redirect_count never client-written', file: 'settings',
    find: "        && !('redirect_count' in request.resource.data);", replace: ';' },
  { id: 'redirect-extra-keys', bullet: 'settings: only the editable fields', file: 'settings',
    find: "        && data.keys().hasOnly(['whatsapp_link', 'redirect_time', 'redirect_count', 'updated_at'])\n", replace: '\n' },
  { id: 'redirect-updated-at', bullet: 'settings: updated_at == request.time', file: 'settings',
    find: '        && isIntBetween(data.redirect_time, minRedirectTime(), maxRedirectTime())\n        && data.updated_at == request.time;', replace: '        && isIntBetween(data.redirect_time, minRedirectTime(), maxRedirectTime());' },
  { id: 'pixel-digits', bullet: 'pixel_id digits only', file: 'settings',
    find: "        && data.pixel_id.matches('[0-9]*')\n", replace: '\n' },
  { id: 'pixel-length', bullet: 'pixel_id bounded', file: 'settings',
    find: 'isStringOfSize(data.pixel_id, 0, 32)', replace: 'data.pixel_id is string' },
  { id: 'tracking-keys', bullet: 'settings: only the editable fields', file: 'settings',
    find: "hasExactly(data, ['pixel_id', 'updated_at'])", replace: "data.keys().hasAll(['pixel_id'])" },
  { id: 'tracking-updated-at', bullet: 'settings: updated_at == request.time', file: 'settings',
    find: "        && data.pixel_id.matches('[0-9]*')\n        && data.updated_at == request.time;", replace: "        && data.pixel_id.matches('[0-9]*');" },
  // allow-list and the rest
  { id: 'allow-list-readable', bullet: 'admin allow-list: admins read, no client writes', file: 'admins',
    find: 'match /admins/{email} {\n      allow get, list: if isAdmin();', replace: 'match /admins/{email} {\n      allow get, list: if request.auth != null;' },
  { id: 'allow-list-writable', bullet: 'admin allow-list: admins read, no client writes', file: 'admins',
    find: 'match /admins/{email} {\n      allow get, list: if isAdmin();\n      allow write: if false;', replace: 'match /admins/{email} {\n      allow get, list: if isAdmin();\n      allow write: if isAdmin();' },
  { id: 'audit-readable', bullet: 'team audit: admins read, no client writes', file: 'admins',
    find: 'match /admin_audit/{entryId} {\n      allow get, list: if isAdmin();', replace: 'match /admin_audit/{entryId} {\n      allow get, list: if request.auth != null;' },
  { id: 'audit-writable', bullet: 'team audit: admins read, no client writes', file: 'admins',
    find: 'match /admin_audit/{entryId} {\n      allow get, list: if isAdmin();\n      allow write: if false;', replace: 'match /admin_audit/{entryId} {\n      allow get, list: if isAdmin();\n      allow write: if isAdmin();' },
  { id: 'audit-closed', bullet: 'team audit: admins read, no client writes', file: 'admins',
    find: 'match /admin_audit/{entryId} {\n      allow get, list: if isAdmin();', replace: 'match /admin_audit/{entryId} {\n      allow get, list: if false;' },
  // the counters kept by the leadStats functions
  { id: 'stats-read-public', bullet: 'counters: admins read them, no client writes', file: 'stats',
    find: 'match /stats/{statsId} {\n      allow get, list: if isAdmin();', replace: 'match /stats/{statsId} {\n      allow get, list: if request.auth != null;' },
  { id: 'stats-closed', bullet: 'counters: admins read them, no client writes', file: 'stats',
    find: 'match /stats/{statsId} {\n      allow get, list: if isAdmin();', replace: 'match /stats/{statsId} {\n      allow get, list: if false;' },
  { id: 'stats-writable', bullet: 'counters: admins read them, no client writes', file: 'stats',
    find: 'match /stats/{statsId} {\n      allow get, list: if isAdmin();\n      allow write: if false;', replace: 'match /stats/{statsId} {\n      allow get, list: if isAdmin();\n      allow write: if isAdmin();' },
  { id: 'stats-daily-read-public', bullet: 'counters: admins read them, no client writes', file: 'stats',
    find: 'match /stats_daily/{day} {\n      allow get, list: if isAdmin();', replace: 'match /stats_daily/{day} {\n      allow get, list: if request.auth != null;' },
  { id: 'stats-daily-closed', bullet: 'counters: admins read them, no client writes', file: 'stats',
    find: 'match /stats_daily/{day} {\n      allow get, list: if isAdmin();', replace: 'match /stats_daily/{day} {\n      allow get, list: if false;' },
  { id: 'stats-daily-writable', bullet: 'counters: admins read them, no client writes', file: 'stats',
    find: 'match /stats_daily/{day} {\n      allow get, list: if isAdmin();\n      allow write: if false;', replace: 'match /stats_daily/{day} {\n      allow get, list: if isAdmin();\n      allow write: if isAdmin();' },
  { id: 'stats-ledger-open', bullet: "counters' ledger: no client access", file: 'stats',
    find: 'match /stats_events/{eventId} {\n      allow read, write: if false;', replace: 'match /stats_events/{eventId} {\n      allow read, write: if isAdmin();' },
  { id: 'catch-all-open', bullet: 'anything else: no client access', file: 'admins',
    find: 'match /{document=**} {\n      allow read, write: if false;', replace: 'match /{document=**} {\n      allow read, write: if request.auth != null;' },
  // the block generated from web/src/domain
  { id: 'vacancy-id-drift', bullet: 'vacancy ids as the web app writes them', file: 'generated-rules',
    find: "return form + '~' + kind + '~' + value;", replace: "return form + '/' + kind + '/' + value;" },
  { id: 'employer-drift', bullet: "call-center jobs with the '[employer] ' prefix", file: 'generated-rules',
    find: "data.value == '[Conecta] ' + data.label", replace: 'data.value == data.label' },
  // vacancies: what a lead may name
  { id: 'vacancy-closed-open', bullet: 'lead create: a closed vacancy refuses a lead sent at once', file: 'vacancies',
    find: '&& (get(vacancy).data.open == true', replace: '&& (true' },
  { id: 'vacancy-exists', bullet: 'lead create: a value no vacancy has is refused', file: 'vacancies',
    find: '        && exists(vacancy)\n', replace: '',
    equivalent: 'get() of a missing document is an error that denies' },
  { id: 'vacancy-waited', bullet: 'lead create: a closed vacancy takes what was sent before the closing', file: 'vacancies',
    find: "\n          || ('submitted_at' in data && data.submitted_at < get(vacancy).data.closed_at));", replace: ');' },
  { id: 'vacancy-waited-any-time', bullet: 'lead create: only what was sent before the closing', file: 'vacancies',
    find: 'data.submitted_at < get(vacancy).data.closed_at', replace: "data.submitted_at is timestamp" },
  // vacancies: the documents
  { id: 'vacancy-read-public', bullet: 'vacancies: admins read them', file: 'vacancies',
    find: 'match /vacancies/{vacancyId} {\n      allow get, list: if isAdmin();', replace: 'match /vacancies/{vacancyId} {\n      allow get, list: if true;' },
  { id: 'vacancy-read-admin', bullet: 'vacancies: admins read them', file: 'vacancies',
    find: 'match /vacancies/{vacancyId} {\n      allow get, list: if isAdmin();', replace: 'match /vacancies/{vacancyId} {\n      allow get, list: if false;' },
  { id: 'vacancy-list-closed', bullet: 'vacancy lists: anyone gets one', file: 'vacancies',
    find: 'match /vacancy_lists/{form} {\n      allow get: if true;', replace: 'match /vacancy_lists/{form} {\n      allow get: if isAdmin();' },
  { id: 'vacancy-list-writable', bullet: 'vacancy lists: no client writes', file: 'vacancies',
    find: 'match /vacancy_lists/{form} {\n      allow get: if true;\n      allow write: if false;', replace: 'match /vacancy_lists/{form} {\n      allow get: if true;\n      allow write: if isAdmin();' },
  { id: 'vacancy-create-public', bullet: 'vacancies: only admins add', file: 'vacancies',
    find: 'allow create: if isAdmin() && isValidNewVacancy(vacancyId, request.resource.data);', replace: 'allow create: if isValidNewVacancy(vacancyId, request.resource.data);' },
  { id: 'vacancy-create-anything', bullet: 'vacancies: each new one valid', file: 'vacancies',
    find: 'allow create: if isAdmin() && isValidNewVacancy(vacancyId, request.resource.data);', replace: 'allow create: if isAdmin();' },
  { id: 'vacancy-update-public', bullet: 'vacancies: only admins open, close, move', file: 'vacancies',
    find: 'allow update: if isAdmin() && isValidVacancyChange(request.resource.data);', replace: 'allow update: if isValidVacancyChange(request.resource.data);' },
  { id: 'vacancy-update-anything', bullet: 'vacancies: each change valid', file: 'vacancies',
    find: 'allow update: if isAdmin() && isValidVacancyChange(request.resource.data);', replace: 'allow update: if isAdmin();' },
  { id: 'vacancy-delete', bullet: 'vacancies: nobody deletes one', file: 'vacancies',
    find: 'match /vacancies/{vacancyId} {', replace: 'match /vacancies/{vacancyId} {\n      allow delete: if isAdmin();' },
  { id: 'vacancy-keys', bullet: 'vacancy create: exactly its keys', file: 'vacancies',
    find: "hasExactly(data, ['form', 'kind', 'value', 'label', 'group', 'open', 'order', 'closed_at', 'updated_at'])", replace: 'true' },
  { id: 'vacancy-label', bullet: 'vacancy create: label 1..80', file: 'vacancies',
    find: '        && isStringOfSize(data.label, 1, maxVacancyLabel())\n', replace: '\n' },
  { id: 'vacancy-value', bullet: "vacancy create: the value is the form's label (and group)", file: 'vacancies',
    find: '        && isValidVacancyValue(data)\n', replace: '\n' },
  { id: 'vacancy-id', bullet: 'vacancy create: the id is form~kind~value', file: 'vacancies',
    find: '        && vacancyId == vacancyDocumentId(data.form, data.kind, data.value)\n', replace: '\n' },
  { id: 'vacancy-order', bullet: 'vacancy create: a place 0..100000', file: 'vacancies',
    find: '        && data.open is bool\n        && isIntBetween(data.order, 0, maxVacancyOrder())\n        && data.closed_at == (data.open', replace: '        && data.open is bool\n        && data.closed_at == (data.open' },
  { id: 'vacancy-open-type', bullet: 'vacancy create: open a boolean', file: 'vacancies',
    find: '        && data.open is bool\n        && isIntBetween(data.order, 0, maxVacancyOrder())\n        && data.closed_at == (data.open', replace: '        && isIntBetween(data.order, 0, maxVacancyOrder())\n        && data.closed_at == (data.open',
    equivalent: 'closed_at is compared with a choice on open, an error for a non-boolean' },
  { id: 'vacancy-closed-at', bullet: 'vacancy create: closed_at null, or now when created closed', file: 'vacancies',
    find: '        && data.closed_at == (data.open ? null : request.time)\n', replace: '\n' },
  { id: 'vacancy-updated-at', bullet: 'vacancy create: updated_at == request.time', file: 'vacancies',
    find: '        && data.closed_at == (data.open ? null : request.time)\n        && data.updated_at == request.time;', replace: '        && data.closed_at == (data.open ? null : request.time);' },
  { id: 'vacancy-change-keys', bullet: 'vacancy change: open, order, closed_at only', file: 'vacancies',
    find: "changedKeys().hasOnly(['open', 'order', 'closed_at', 'updated_at'])", replace: 'true' },
  { id: 'vacancy-change-order', bullet: 'vacancy change: a place 0..100000', file: 'vacancies',
    find: "changedKeys().hasOnly(['open', 'order', 'closed_at', 'updated_at'])\n        && data.open is bool\n        && isIntBetween(data.order, 0, maxVacancyOrder())", replace: "changedKeys().hasOnly(['open', 'order', 'closed_at', 'updated_at'])\n        && data.open is bool" },
  { id: 'vacancy-change-open-type', bullet: 'vacancy change: open a boolean', file: 'vacancies',
    find: "changedKeys().hasOnly(['open', 'order', 'closed_at', 'updated_at'])\n        && data.open is bool", replace: "changedKeys().hasOnly(['open', 'order', 'closed_at', 'updated_at'])" },
  { id: 'vacancy-closing-time', bullet: 'vacancy change: closing stamps closed_at, nothing else moves it', file: 'vacancies',
    find: '        && data.closed_at == (resource.data.open == true && data.open == false\n          ? request.time\n          : resource.data.closed_at)\n', replace: '\n' },
  { id: 'vacancy-closing-any-time', bullet: 'vacancy change: closing stamps the request time', file: 'vacancies',
    find: '          ? request.time\n          : resource.data.closed_at)', replace: '          ? data.closed_at\n          : resource.data.closed_at)' },
  { id: 'vacancy-change-updated-at', bullet: 'vacancy change: updated_at == request.time', file: 'vacancies',
    find: '          : resource.data.closed_at)\n        && data.updated_at == request.time;', replace: '          : resource.data.closed_at);' },
  // the candidate's record
  ...recordMutants,
  // the per-device limit
  ...deviceMutants,
];

const here = path.dirname(fileURLToPath(import.meta.url));
const workspace = path.resolve(here, '..');
const rulesPath = path.resolve(workspace, '../firestore.rules');
const source = readFileSync(rulesPath, 'utf8');
const outDir = path.join(tmpdir(), `vagas-rules-mutants-${process.pid}`);
mkdirSync(outDir, { recursive: true });

const args = process.argv.slice(2);
const withProperty = args.includes('--property');
const onlyArg = args.indexOf('--only');
const only = onlyArg >= 0 ? new Set(args[onlyArg + 1].split(',')) : null;

interface Outcome {
  /** Errors of the file as a whole (it did not load or run). */
  suiteErrors: string[];
  /** Tests that failed here but pass with the real rules, and suite errors. */
  newFailures: string[];
}

interface VitestReport {
  testResults: {
    message?: string;
    assertionResults: { status: string; fullName: string }[];
  }[];
}

/**
 * Tests that fail on the real rules, per file: known emulator differences (reported, kept as the
 * brief asks). A mutant is killed only by a failure outside this set.
 */
const baselineFailures = new Map<string, Set<string>>();

/** Runs one test file against `rulesFile` and reads vitest's JSON report. */
function runTests(file: string, rulesFile: string, tag: string, mayBail = true): Outcome {
  const report = path.join(outDir, `${tag}.json`);
  const known = baselineFailures.get(file);
  // Stop at the first failure, unless some failures are expected anyway.
  const bail = mayBail && !known?.size ? ['--bail=1'] : [];
  spawnSync(
    path.resolve(workspace, '../node_modules/.bin/vitest'),
    ['run', `test/${file}.test.ts`, ...bail, '--reporter=json', `--outputFile=${report}`],
    { cwd: workspace, env: { ...process.env, VAGAS_RULES_FILE: rulesFile }, stdio: 'ignore' },
  );
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
    const failed = json.testResults
      .flatMap((r) => r.assertionResults)
      .filter((a) => a.status === 'failed')
      .map((a) => a.fullName);
    const suiteErrors = json.testResults.flatMap((r) =>
      r.message ? [r.message.split('\n')[0]] : [],
    );
    return {
      suiteErrors,
      newFailures: [...suiteErrors, ...failed.filter((name) => !known?.has(name))],
    };
  } catch {
    return { suiteErrors: ['no vitest report'], newFailures: ['no vitest report'] };
  }
}

let survivors = 0;
const selected = mutants.filter((m) => !only || only.has(m.id));
console.log(
  `rules mutation check: ${selected.length} mutants of ${path.relative(process.cwd(), rulesPath)}`,
);

// The real rules first: their failures (if any) are known emulator differences, not kills.
for (const file of new Set(selected.map((m) => m.file))) {
  const base = runTests(file, rulesPath, `baseline-${file}`, false);
  if (base.suiteErrors.length) {
    console.error(`baseline ${file}.test.ts does not run: ${base.suiteErrors.join('; ')}`);
    process.exit(1);
  }
  baselineFailures.set(file, new Set(base.newFailures));
  if (base.newFailures.length) {
    console.log(`baseline  ${file}.test.ts already fails: ${base.newFailures.join('; ')}`);
  }
}

for (const mutant of selected) {
  const occurrences = source.split(mutant.find).length - 1;
  if (occurrences !== 1) {
    console.log(`ERROR     ${mutant.id}: the rule text occurs ${occurrences} times (expected 1)`);
    survivors += 1;
    continue;
  }
  const mutantFile = path.join(outDir, `${mutant.id}.rules`);
  writeFileSync(
    mutantFile,
    source.replace(mutant.find, () => mutant.replace),
  );
  const unit = runTests(mutant.file, mutantFile, mutant.id);
  let killed = unit.newFailures.length > 0;
  let detail = killed
    ? `${mutant.file}.test.ts: ${unit.newFailures[0]}`
    : `${mutant.file}.test.ts passes`;
  if (withProperty && mutant.property) {
    const prop = runTests(
      mutant.propertyFile ?? 'leads-property',
      mutantFile,
      `${mutant.id}-property`,
    );
    killed &&= prop.newFailures.length > 0;
    detail += prop.newFailures.length ? ' | property test fails too' : ' | PROPERTY TEST PASSES';
  }
  if (mutant.equivalent) {
    // Kept for readability; the rule below it already denies every such request.
    console.log(
      `${killed ? 'KILLED?!' : 'equiv.  '}  ${mutant.id.padEnd(22)} ${mutant.equivalent}`,
    );
    if (killed) survivors += 1;
    continue;
  }
  if (!killed) survivors += 1;
  console.log(
    `${killed ? 'killed  ' : 'SURVIVED'}  ${mutant.id.padEnd(22)} [${mutant.bullet}] ${detail}`,
  );
}

rmSync(outDir, { recursive: true, force: true });
const equivalents = selected.filter((m) => m.equivalent).length;
console.log(
  `${selected.length - equivalents - survivors}/${selected.length - equivalents} mutants killed` +
    (equivalents ? `, ${equivalents} equivalent` : ''),
);
process.exit(survivors === 0 ? 0 : 1);
