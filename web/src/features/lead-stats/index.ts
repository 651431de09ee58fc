/** Configurações → 'Contadores': an admin has the functions recount the panel's statistics. */
export { RecountCounters } from './components/RecountCounters/RecountCounters';
