/** Each page's document title, by route: tabs and history tell the pages apart. */
import { appConfig } from '../config/app-config';
import { routes } from '../config/routes';

export const pageTitles = {
  [routes.root]: `Vagas de Emprego | ${appConfig.companyName}`,
  [routes.callCenter]: `Vagas de Call Center | ${appConfig.callCenterEmployer.name}`,
  [routes.redirect]: 'Redirecionando para o WhatsApp',
  [routes.privacy]: 'Privacidade e seus dados | Vagas',
  [routes.notFound]: 'Página não encontrada | Vagas',
  [routes.adminLogin]: 'Entrar | Painel Administrativo',
  [routes.admin]: `Painel Administrativo | ${appConfig.companyName}`,
} as const;

/** The title of the page at `route` (the 404 page's for an unknown one). */
export function pageTitle(route: string): string {
  return (pageTitles as Record<string, string>)[route] ?? pageTitles[routes.notFound];
}
