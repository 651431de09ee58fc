import { Container, Title } from '@mantine/core';

/** Placeholder: its issue fills this page in. */
export function Component() {
  return (
    <Container py="xl">
      <Title order={1}>Painel Administrativo</Title>
    </Container>
  );
}
