/** Layout of the public pages: a tinted full-height background, a top bar and a narrow centred column. */
import { ActionIcon, Box, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { publicTexts } from '@/domain/messages';
import { LockIcon } from '@/components/icons';
import classes from './PublicPage.module.css';
import { routes } from '@/config/routes';

export interface PublicPageProps {
  /** Background tint: the equipment maker (green), the call center (indigo) or WhatsApp. */
  tone: 'farm' | 'callCenter' | 'whatsapp';
  /** Content at the top left (e.g. the link to the call-center page). */
  topLeft?: ReactNode;
  /** The link to the admin login: an icon, a discreet icon, or none. */
  adminLink?: 'icon' | 'discreet' | 'none';
  /**
   * Vertical placement of the column: at the top on phones and centred on wider screens (default),
   * centred everywhere (short pages: 404), or at the top everywhere (content that changes height).
   */
  align?: 'responsive' | 'center' | 'top';
  children: ReactNode;
}

export function PublicPage({
  tone,
  topLeft,
  adminLink = 'none',
  align = 'responsive',
  children,
}: PublicPageProps) {
  return (
    <div className={classes.root} data-tone={tone}>
      {(topLeft || adminLink !== 'none') && (
        <Box component="header" className={classes.bar}>
          <div>{topLeft}</div>
          {adminLink !== 'none' && (
            <ActionIcon
              component={Link}
              to={routes.adminLogin}
              title={publicTexts.adminLinkTitle}
              aria-label={publicTexts.adminLinkTitle}
              variant="subtle"
              color="gray"
              size={adminLink === 'icon' ? 'lg' : 'md'}
              radius="xl"
              className={adminLink === 'discreet' ? classes.discreet : undefined}
            >
              <LockIcon size={adminLink === 'icon' ? 20 : 16} />
            </ActionIcon>
          )}
        </Box>
      )}
      <main className={classes.main} data-align={align}>
        <Container size={480} px={0} w="100%">
          {children}
        </Container>
      </main>
    </div>
  );
}
