/**
 * Every route of the app, in one place: pages link and navigate with these, the router and the
 * prerender read them, and the browser tests import them.
 */
import config from './app-config.json';

export const routes = {
  /** The equipment maker's application page. */
  root: '/',
  /** The call-center application page: the employer's short name in lowercase. */
  callCenter: `/${config.callCenterEmployer.slug}`,
  /** The countdown page that sends call-center candidates to WhatsApp. */
  redirect: '/redirecionamento',
  /** What is collected from candidates, why, for how long, and how to ask for it (LGPD). */
  privacy: '/privacidade',
  /** The 404 page, prerendered to 404.html: what hosting answers, with status 404, for unknown paths. */
  notFound: '/404',
  adminLogin: '/admin/login',
  admin: '/admin',
  /** A lead's record, over the panel (a link to it can be shared). */
  leadRecord: '/admin/leads/:id',
} as const;

/**
 * The history state of a record opened from the list (its name's link): closing the record goes
 * back to that entry instead of adding one.
 */
export const openedFromList = { fromList: true } as const;

/** The address of the record of lead `id`. */
export function leadRecordPath(id: string): string {
  return `/admin/leads/${encodeURIComponent(id)}`;
}

/** The prerendered public routes. */
export const publicRoutes = [
  routes.root,
  routes.callCenter,
  routes.redirect,
  routes.privacy,
] as const;
