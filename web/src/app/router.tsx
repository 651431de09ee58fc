/** The router of the browser: the app's routes (routes.tsx) over the address bar's history. */
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes';

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
