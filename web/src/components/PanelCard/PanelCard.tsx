/**
 * A bordered card of the panel (the Leads list, the Lixeira). Its padding changes with the screen
 * through a class: Mantine's responsive style props (`p={{ base, sm }}`) add a <style> element per
 * component as it renders, and each one restyles the whole page (web/README.md, "The panel's open
 * on a slow phone").
 */
import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './PanelCard.module.css';

export function PanelCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" className={classes.card}>
      {children}
    </Paper>
  );
}
