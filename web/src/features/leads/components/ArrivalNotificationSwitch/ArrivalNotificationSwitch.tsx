/** The opt-in switch of desktop notifications of arrivals; says why when the browser will not show them. */
import { Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { LightSwitch } from '@/components/LightControls/LightControls';
import type { ArrivalNotifications } from '@/features/leads/hooks/use-arrival-notifications';
import { leadsTexts } from '@/features/leads/messages';

const texts = leadsTexts.notification;

export function ArrivalNotificationSwitch({
  notifications,
}: {
  notifications: ArrivalNotifications;
}) {
  const { on, access, asking, setOn } = notifications;
  const hintId = useId();
  const blocked =
    access === 'denied' ? texts.denied : access === 'unsupported' ? texts.unsupported : null;
  return (
    <Stack gap={2} maw={360}>
      <LightSwitch
        label={texts.label}
        aria-describedby={hintId}
        checked={on}
        disabled={asking || access === 'unsupported'}
        onChange={(checked) => void setOn(checked)}
      />
      <Text
        id={hintId}
        size="xs"
        c={blocked ? 'red.9' : 'gray.7'}
        role={blocked ? 'alert' : undefined}
      >
        {blocked ?? texts.description}
      </Text>
    </Stack>
  );
}
