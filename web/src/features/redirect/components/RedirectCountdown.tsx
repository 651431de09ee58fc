/** The countdown card: ring with the seconds left, the WhatsApp button, and navigation at zero. */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { WhatsAppIcon } from '@/components/icons';
import { publicTexts } from '@/domain/messages';
import { redirectTimeLimits } from '@/domain/options';
import type { RedirectSettings } from '@/domain/settings';
import { useCountdown } from '@/features/redirect/hooks/use-countdown';
import { redirectTexts } from '@/features/redirect/messages';
import { CountdownRing } from './CountdownRing';
import { goTo } from './navigate';
import classes from './RedirectCountdown.module.css';

const texts = publicTexts.redirect;

export function RedirectCountdown({ whatsappLink, redirectTime }: RedirectSettings) {
  const remaining = useCountdown(redirectTime);
  // The ring is scaled against the default 5 seconds (spec section 9).
  const ringValue = remaining / redirectTimeLimits.default;

  useEffect(() => {
    if (remaining === 0 && whatsappLink) goTo(whatsappLink);
  }, [remaining, whatsappLink]);

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
        <CountdownRing seconds={remaining} fraction={ringValue} />
        {remaining === 0 && !whatsappLink ? (
          // Nowhere to go: say what happens next instead of 'Conectando...' forever.
          <Text fw={500} ta="center" role="status">
            {redirectTexts.noLinkDone}
          </Text>
        ) : (
          <Group gap={8} justify="center">
            <span className={classes.pulse} aria-hidden="true" />
            <Text fw={500}>{texts.connecting}</Text>
          </Group>
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
        <Text size="sm" c="gray.7">
          {texts.automatic}
        </Text>
      </Stack>
    </Paper>
  );
}
