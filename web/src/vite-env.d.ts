/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Firebase web app config for a real project; unset means the local demo-vagas project. */
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  /** App Check's reCAPTCHA Enterprise site key (a real project only; README, "Deploying"). */
  readonly VITE_RECAPTCHA_ENTERPRISE_SITE_KEY?: string;
  /** Emulator addresses (host:port) for a demo- project; tests point these at free ports. */
  readonly VITE_FIRESTORE_EMULATOR_HOST?: string;
  readonly VITE_AUTH_EMULATOR_HOST?: string;
  readonly VITE_FUNCTIONS_EMULATOR_HOST?: string;
}
