/** The Configurações tab: tracking pixel, redirect settings and the team. */
export { SettingsTab } from './components/SettingsTab/SettingsTab';
