/** 'Limpar Dados''s progress while it moves the leads: a bar and 'N de M' (loaded with its dialog). */
import { Progress, Text } from '@mantine/core';
import { leadsTexts } from '@/features/leads/messages';

export function ClearProgress({ progress }: { progress: { done: number; total: number } | null }) {
  if (!progress) return null;
  return (
    <>
      <Progress
        value={progress.total ? (100 * progress.done) / progress.total : 0}
        aria-label={leadsTexts.progress(progress.done, progress.total)}
        animated
      />
      <Text size="sm" role="status">
        {leadsTexts.progress(progress.done, progress.total)}
      </Text>
    </>
  );
}
