/**
 * A column's first answer, and what each 'Mostrar mais' adds: more than a 1280 x 800 screen shows
 * (about five cards), and few enough that four columns' first answers cost the SDK little to
 * process before the first card shows.
 */
export const cardsPerPage = 12;
