/**
 * Deployment-specific names and ids, in one place (app-config.json, also read by scripts and
 * the rules tests): change them there to re-brand a deployment.
 */
import config from './app-config.json';

export interface AppConfig {
  /** The incubator-equipment maker that owns the root page and the admin panel. */
  companyName: string;
  /** The call-center employer in Aracaju; `slug` (its short name in lowercase) is the page's route. */
  callCenterEmployer: { name: string; slug: string };
  /** Fixed Meta Pixel that always receives the second CompleteRegistration event. */
  fixedPixelId: string;
  /** Firebase region of the callable functions. */
  functionsRegion: string;
  /** Where candidates ask to see, correct or delete their data (the '/privacidade' page, LGPD). */
  privacyContactEmail: string;
}

export const appConfig: AppConfig = config;
