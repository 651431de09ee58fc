/**
 * Where the panel shows that leads were set aside, only while some are: 'Suspeitos (N)', what it
 * means, and 'Ver suspeitos', which opens the view (its drawer's code loads when first opened).
 * The count arrives after the list's first rows: on a wider screen the entry sits on the Leads
 * tab's views line, beside 'Lista | Quadro | Para hoje', where it moves nothing (as a block above
 * the tab it pushed the rows down under the admin's first click).
 */
import { Button, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { suspectsTexts } from '@/features/suspects/messages';
import classes from './SuspectsEntry.module.css';

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
        <div className={classes.entry} role="group" aria-label={suspectsTexts.title}>
          <Text size="sm" fw={700} c="yellow.9" className={classes.count}>
            {suspectsTexts.entry(count ?? 0)}
          </Text>
          <Text size="xs" c="gray.8" className={classes.explain} title={suspectsTexts.explain}>
            {suspectsTexts.explain}
          </Text>
          <Button
            className={classes.open}
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
        </div>
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
