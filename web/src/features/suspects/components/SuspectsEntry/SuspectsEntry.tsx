/**
 * Where the panel shows that leads were set aside: above the Leads tab, only while some are
 * ('Suspeitos (N)', what it means, and 'Ver suspeitos', which opens the view). Its drawer's code
 * loads when first opened.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { suspectsTexts } from '@/features/suspects/messages';

const SuspectsDrawer = lazy(() =>
  import('../SuspectsDrawer/SuspectsDrawer').then((module) => ({
    default: module.SuspectsDrawer,
  })),
);

export interface SuspectsEntryProps {
  /** How many leads are held; null while counting. */
  count: number | null;
  /** A lead was released or trashed here: the panel counts again. */
  onChanged: () => void;
}

export function SuspectsEntry({ count, onChanged }: SuspectsEntryProps) {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const shown = (count ?? 0) > 0;
  return (
    <>
      {shown && (
        <Alert
          color="yellow"
          variant="light"
          title={suspectsTexts.entry(count ?? 0)}
          aria-label={suspectsTexts.title}
        >
          <Group justify="space-between" gap="xs">
            <Text size="sm">{suspectsTexts.explain}</Text>
            <Button
              size="xs"
              variant="filled"
              color="yellow.9"
              onClick={() => {
                setLoaded(true);
                setOpened(true);
              }}
            >
              {suspectsTexts.open}
            </Button>
          </Group>
        </Alert>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <SuspectsDrawer
            opened={opened}
            onClose={() => setOpened(false)}
            count={count}
            onChanged={onChanged}
          />
        </Suspense>
      )}
    </>
  );
}
