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
  adminLogin: '/admin/login',
  admin: '/admin',
  /** A lead's record, over the panel (a link to it can be shared). */
  leadRecord: '/admin/leads/:id',
} as const;

/** The address of the record of lead `id`. */
export function leadRecordPath(id: string): string {
  return `/admin/leads/${encodeURIComponent(id)}`;
}

/** The prerendered public routes. */
export const publicRoutes = [routes.root, routes.callCenter, routes.redirect] as const;
