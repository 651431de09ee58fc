/**
 * The router of the browser: the app's routes (routes.tsx) over the address bar's history. A
 * change of address renders in the commit of the event that made it, not in a transition: the
 * panel's search box shows the address's text (app/admin-panel/use-panel-address.ts), which a
 * deferred render would set back under the caret while the admin types.
 */
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes';

export function AppRouter() {
  return (
    <BrowserRouter useTransitions={false}>
      <AppRoutes />
    </BrowserRouter>
  );
}
