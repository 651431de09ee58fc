/** Configurações → retention of trashed leads (LGPD). */
export { RetentionSettings } from './components/RetentionSettings/RetentionSettings';
