/** The Lixeira tab (being built). */
import { Text } from '@mantine/core';

export function TrashTab() {
  return <Text c="dimmed">A lixeira ainda não está disponível nesta versão.</Text>;
}
