/**
 * 'Para hoje''s first answer, and what each 'Mostrar mais' adds: more than a 1280 x 800 screen
 * shows (about six steps), and few enough that the SDK processes the first answer quickly on a slow
 * phone (50 steps were about 0.2 s of its work at 4x CPU before the first step showed).
 */
export const stepsPerPage = 20;
