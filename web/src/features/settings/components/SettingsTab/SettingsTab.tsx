/** The Configurações tab (being built). */
import { Text } from '@mantine/core';

export function SettingsTab() {
  return <Text c="dimmed">As configurações ainda não estão disponíveis nesta versão.</Text>;
}
