/**
 * The consent notes under the forms' submit button (LGPD, Brazil's data protection law), each with
 * its version. A lead
 * records the version of the note its form showed (`consent_version`, lead.ts), and the rules
 * accept only the versions listed here, so what a candidate agreed to can be proven: the version
 * names the exact text below (and docs/product.md keeps every version's text).
 *
 * Changing a note's text: give it a new version and add that version at the end of its list. Keep
 * the old ones: an application that waited on a device still carries the version it was shown.
 */
import { appConfig } from '../config/app-config';

const note = (team: string) =>
  `Ao enviar sua candidatura, você concorda em ser contatado(a) pela equipe ${team}.`;

/** The note each form shows now, and its version. */
export const consentNotes = {
  root: { version: 'raiz-2026-11-25', text: note(appConfig.companyName) },
  callCenter: { version: 'conecta-2026-11-25', text: note(appConfig.callCenterEmployer.name) },
} as const;

/** Every version each form has shown, oldest first; the last is the current note's. */
export const consentVersions = {
  root: [consentNotes.root.version],
  callCenter: [consentNotes.callCenter.version],
} as const;
