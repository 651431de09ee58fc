import { Center, Loader } from '@mantine/core';

/** Shown while a route's chunk loads. */
export function RouteFallback() {
  return (
    <Center h="100vh">
      <Loader aria-label="Carregando" />
    </Center>
  );
}
