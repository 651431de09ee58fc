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
} as const;

/** The prerendered public routes. */
export const publicRoutes = [routes.root, routes.callCenter, routes.redirect] as const;
