/**
 * Deployment-specific names and ids, in one place: change these to re-brand a deployment.
 */
export const appConfig = {
  /** The incubator-equipment maker that owns the root page and the admin panel. */
  companyName: '8 Rural Chocadeiras',
  /** The call-center employer in Aracaju. */
  callCenterEmployer: {
    name: 'Conecta',
    /** Route of the call-center page: the employer's short name in lowercase. */
    slug: 'conecta',
  },
  /** Fixed Meta Pixel that always receives the second CompleteRegistration event. */
  fixedPixelId: '1234567890123456',
  /** Firebase region of the callable functions. */
  functionsRegion: 'us-central1',
} as const;

export const callCenterPath = `/${appConfig.callCenterEmployer.slug}`;
