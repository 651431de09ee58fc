/**
 * Mutants of the candidate's record rules (follow-up fields on the lead, notes, timeline,
 * message templates), run by mutation-check.ts like the others. With `--property` each also runs
 * record-property.test.ts.
 */
export interface RecordMutant {
  id: string;
  bullet: string;
  find: string;
  replace: string;
  file: 'lead-follow-up' | 'notes' | 'timeline-templates' | 'record-lists';
  property?: boolean;
  propertyFile?: string;
  equivalent?: string;
}

const p = { property: true, propertyFile: 'record-property' } as const;

// prettier-ignore
export const recordMutants: RecordMutant[] = [
  // follow-up fields on the lead
  { id: 'follow-up-keys-denied', bullet: 'admins write contact, responsible, undo mark', file: 'lead-follow-up', ...p,
    find: "return ['status', 'deleted_at', 'last_contacted_at', 'assigned_to', 'trash_undone_at'];", replace: "return ['status', 'deleted_at'];" },
  { id: 'contact-any-time', bullet: 'contact at request.time', file: 'lead-follow-up', ...p,
    find: '|| data.last_contacted_at == request.time)', replace: '|| true)' },
  { id: 'assign-anyone', bullet: 'responsible is allow-listed', file: 'lead-follow-up', ...p,
    find: '|| isAssignableAdmin(data.assigned_to))', replace: '|| data.assigned_to is string)' },
  { id: 'assign-not-listed', bullet: 'responsible is allow-listed', file: 'lead-follow-up', ...p,
    find: '\n        && exists(/databases/$(database)/documents/admins/$(email));', replace: ';' },
  { id: 'assign-unbounded', bullet: 'responsible email 3..254', file: 'lead-follow-up', ...p,
    find: 'isStringOfSize(email, 3, 254)', replace: 'email is string' },
  { id: 'assign-no-unassign', bullet: 'responsible may be cleared', file: 'lead-follow-up', ...p,
    find: ' || data.assigned_to == null', replace: '' },
  { id: 'undo-any-time', bullet: "'Desfazer' mark at request.time", file: 'lead-follow-up', ...p,
    find: '|| data.trash_undone_at == request.time)', replace: '|| true)' },
  { id: 'undo-not-restoring', bullet: "'Desfazer' mark only on a restore", file: 'lead-follow-up', ...p,
    find: '|| (data.deleted_at == null && resource.data.deleted_at != null)', replace: '|| (resource.data.deleted_at != null)' },
  { id: 'undo-not-trashed', bullet: "'Desfazer' mark only on a restore", file: 'lead-follow-up', ...p,
    find: '|| (data.deleted_at == null && resource.data.deleted_at != null)', replace: '|| (data.deleted_at == null)' },
  // notes
  { id: 'notes-read-signed-in', bullet: 'only admins read notes', file: 'notes',
    find: 'match /leads/{leadId}/notes/{noteId} {\n      allow get, list: if isAdmin();', replace: 'match /leads/{leadId}/notes/{noteId} {\n      allow get, list: if request.auth != null;' },
  { id: 'note-create-anything', bullet: 'a note: exactly its fields', file: 'notes', ...p,
    find: '&& isValidNewNote(request.resource.data)\n', replace: '\n' },
  { id: 'note-lead-missing', bullet: 'a note on an existing lead', file: 'notes',
    find: '\n        && exists(/databases/$(database)/documents/leads/$(leadId));', replace: ';' },
  { id: 'note-create-non-admin', bullet: 'only admins write notes', file: 'notes',
    find: '      allow create: if isAdmin()\n        && isValidNewNote', replace: '      allow create: if true\n        && isValidNewNote' },
  { id: 'note-extra-keys', bullet: 'a note: exactly its fields', file: 'notes', ...p,
    find: "hasExactly(data, ['text', 'author_uid', 'author_email', 'created_at', 'updated_at'])", replace: 'true' },
  { id: 'note-text-bounds', bullet: 'note text 1..2,000', file: 'notes', ...p,
    find: 'isStringOfSize(text, 1, noteTextMaxLength())', replace: 'text is string' },
  { id: 'note-author-uid', bullet: 'note author is the caller', file: 'notes', ...p,
    find: '\n        && data.author_uid == request.auth.uid', replace: '' },
  { id: 'note-author-email', bullet: 'note author is the caller', file: 'notes', ...p,
    find: '\n        && data.author_email == request.auth.token.email', replace: '' },
  { id: 'note-created-at', bullet: 'note created now', file: 'notes', ...p,
    find: '\n        && data.created_at == request.time\n        && data.updated_at == request.time;', replace: '\n        && data.updated_at == request.time;' },
  { id: 'note-updated-at-new', bullet: 'note created now', file: 'notes', ...p,
    find: '&& data.created_at == request.time\n        && data.updated_at == request.time;', replace: '&& data.created_at == request.time;' },
  { id: 'note-edit-keys', bullet: 'an edit changes only the text', file: 'notes', ...p,
    find: "changedKeys().hasOnly(['text', 'updated_at'])", replace: 'true' },
  { id: 'note-edit-text', bullet: 'note text 1..2,000', file: 'notes', ...p,
    find: '\n        && isValidNoteText(data.text)\n        && data.updated_at == request.time;', replace: '\n        && data.updated_at == request.time;' },
  { id: 'note-edit-stamp', bullet: 'an edit stamps updated_at', file: 'notes', ...p,
    find: '&& isValidNoteText(data.text)\n        && data.updated_at == request.time;', replace: '&& isValidNoteText(data.text);' },
  { id: 'note-edit-anyone', bullet: 'only the author edits', file: 'notes', ...p,
    find: 'allow update: if isAdmin() && isNoteAuthor() &&', replace: 'allow update: if isAdmin() &&' },
  { id: 'note-edit-non-admin', bullet: 'only admins write notes', file: 'notes',
    find: 'allow update: if isAdmin() && isNoteAuthor() &&', replace: 'allow update: if isNoteAuthor() &&' },
  { id: 'note-delete-anyone', bullet: 'only the author deletes', file: 'notes',
    find: 'allow delete: if isAdmin() && isNoteAuthor();', replace: 'allow delete: if isAdmin();' },
  { id: 'note-delete-non-admin', bullet: 'only admins write notes', file: 'notes',
    find: 'allow delete: if isAdmin() && isNoteAuthor();', replace: 'allow delete: if isNoteAuthor();' },
  // timeline
  { id: 'timeline-read-signed-in', bullet: 'only admins read the timeline', file: 'timeline-templates',
    find: 'match /leads/{leadId}/timeline/{entryId} {\n      allow get, list: if isAdmin();', replace: 'match /leads/{leadId}/timeline/{entryId} {\n      allow get, list: if request.auth != null;' },
  { id: 'timeline-admin-writes', bullet: 'no client writes the timeline', file: 'timeline-templates', ...p,
    find: 'allow write: if false;', replace: 'allow write: if isAdmin();' },
  { id: 'timeline-own-entries', bullet: 'no client writes the timeline', file: 'timeline-templates',
    find: 'allow write: if false;', replace: 'allow create: if isAdmin() && request.resource.data.actor_email == request.auth.token.email;' },
  // message templates
  { id: 'templates-read-signed-in', bullet: 'only admins read templates', file: 'timeline-templates',
    find: 'match /message_templates/{templateId} {\n      allow get, list: if isAdmin();', replace: 'match /message_templates/{templateId} {\n      allow get, list: if request.auth != null;' },
  { id: 'templates-write-anyone', bullet: 'only admins write templates', file: 'timeline-templates',
    find: 'allow create, update: if isAdmin() && isValidMessageTemplate', replace: 'allow create, update: if isValidMessageTemplate' },
  { id: 'templates-delete-anyone', bullet: 'only admins delete templates', file: 'timeline-templates',
    find: 'isValidMessageTemplate(request.resource.data);\n      allow delete: if isAdmin();', replace: 'isValidMessageTemplate(request.resource.data);\n      allow delete: if true;' },
  { id: 'template-extra-keys', bullet: 'a template: exactly its fields', file: 'timeline-templates', ...p,
    find: "hasExactly(data, ['name', 'text', 'updated_at'])", replace: 'true' },
  { id: 'template-name-bounds', bullet: 'template name 1..80', file: 'timeline-templates', ...p,
    find: 'isStringOfSize(data.name, 1, 80)', replace: 'data.name is string' },
  { id: 'template-text-bounds', bullet: 'template text 1..1,000', file: 'timeline-templates', ...p,
    find: 'isStringOfSize(data.text, 1, 1000)', replace: 'data.text is string' },
  { id: 'template-stamp', bullet: 'template updated_at == request.time', file: 'timeline-templates', ...p,
    find: 'isStringOfSize(data.text, 1, 1000)\n        && data.updated_at == request.time;', replace: 'isStringOfSize(data.text, 1, 1000);' },
  // one place for the limits
  { id: 'record-limit-drift', bullet: "record limits are the web app's", file: 'record-lists',
    find: 'return 2000;', replace: 'return 2001;' },
];
