/** The Relatórios tab (its own chunk: app/ imports it lazily). */
export { ReportsTab } from './components/ReportsTab/ReportsTab';
