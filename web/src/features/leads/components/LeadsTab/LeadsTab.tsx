/** The Leads tab (being built). */
import { Text } from '@mantine/core';

export function LeadsTab() {
  return <Text c="dimmed">A lista de leads ainda não está disponível nesta versão.</Text>;
}
