/** The browser router over the app's routes (see routes.tsx). */
import { createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';

export function createAppRouter() {
  return createBrowserRouter(routes);
}
