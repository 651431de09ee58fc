/** The Relatórios tab (being built). */
import { Text } from '@mantine/core';

export function ReportsTab() {
  return <Text c="dimmed">Relatórios detalhados serão implementados em breve.</Text>;
}
