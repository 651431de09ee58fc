/** The countdown: ring with the seconds left, the WhatsApp button, and navigation at zero. */
import {
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { WhatsAppIcon } from '@/components/icons';
import { publicTexts } from '@/domain/messages';
import { redirectTimeLimits } from '@/domain/options';
import type { RedirectSettings } from '@/domain/settings';
import { useCountdown } from '@/features/redirect/hooks/use-countdown';
import { redirectTexts } from '@/features/redirect/messages';
import { CountdownRing, ringSize } from '../CountdownRing/CountdownRing';
import { goTo } from './navigate';
import classes from './RedirectCountdown.module.css';

const texts = publicTexts.redirect;

export function RedirectCountdown({ whatsappLink, redirectTime }: RedirectSettings) {
  const remaining = useCountdown(redirectTime);
  // Scaled against the default 5 seconds whatever the delay (docs/product.md, "Public pages"): a
  // longer countdown keeps the ring full until 5 seconds are left.
  const ringValue = remaining / redirectTimeLimits.default;

  useEffect(() => {
    if (remaining === 0 && whatsappLink) goTo(whatsappLink);
  }, [remaining, whatsappLink]);

  return (
    <>
      <CountdownRing seconds={remaining} fraction={ringValue} />
      {remaining === 0 && !whatsappLink ? (
        // Nowhere to go: say what happens next instead of 'Conectando...' forever.
        <Text fw={500} ta="center" role="status">
          {redirectTexts.noLinkDone}
        </Text>
      ) : (
        <Connecting />
      )}
      {whatsappLink ? (
        <Button
          component="a"
          href={whatsappLink}
          size="md"
          radius="xl"
          fullWidth
          color="teal.9"
          leftSection={<WhatsAppIcon size={20} />}
        >
          {texts.goNow}
        </Button>
      ) : (
        <Button size="md" radius="xl" fullWidth disabled>
          {texts.noLink}
        </Button>
      )}
    </>
  );
}

function Connecting() {
  return (
    <Group gap={8} justify="center">
      <span className={classes.pulse} aria-hidden="true" />
      <Text fw={500}>{texts.connecting}</Text>
    </Group>
  );
}

/**
 * What shows while the settings are read: the ring's place holds a spinner and the button's is
 * kept empty, so the card has its final size and the heading does not move when they arrive.
 */
export function RedirectPending() {
  return (
    <>
      <Center w={ringSize} h={ringSize}>
        <Loader color="teal" size="lg" aria-label="Carregando" />
      </Center>
      <Connecting />
      <Box h={42} w="100%" aria-hidden="true" />
    </>
  );
}

/**
 * The card of the redirect page: the badge and heading are there from the first paint (the
 * prerendered HTML), `children` (the countdown, or what shows while the settings are read) below.
 */
export function RedirectCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', xs: 'xl' }} className={classes.card}>
      <Stack align="center" gap="md">
        <Badge
          color="red.9"
          variant="filled"
          radius="sm"
          leftSection={<span className={classes.liveDot} aria-hidden="true" />}
          className={classes.live}
        >
          {texts.live}
        </Badge>
        <div className={classes.heading}>
          <Title order={1} className={classes.title}>
            {texts.title}
          </Title>
          <Text c="gray.7" size="md" mt={4}>
            {texts.subtitle}
          </Text>
        </div>
        {children}
        <Text size="sm" c="gray.7">
          {texts.automatic}
        </Text>
      </Stack>
    </Paper>
  );
}
