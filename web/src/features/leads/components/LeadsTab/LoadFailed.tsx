/** The list's failure to load, as Mantine's red alert (LeadsTab loads it only when it happens). */
import { Alert } from '@mantine/core';
import { leadsTexts } from '@/features/leads/messages';

export default function LoadFailed() {
  return <Alert color="red" title={leadsTexts.loadFailed} />;
}
