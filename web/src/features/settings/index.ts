/** The Configurações tab: tracking pixel and redirect settings. */
export { SettingsTab } from './components/SettingsTab/SettingsTab';
