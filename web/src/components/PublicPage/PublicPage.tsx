/**
 * Layout of the public pages: a tinted full-height background, a top bar and a narrow centred
 * column. Plain elements drawn by PublicPage.module.css, not Mantine's Container and ActionIcon:
 * every kilobyte here is on each public page's first visit.
 */
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
        <header className={classes.bar}>
          <div>{topLeft}</div>
          {adminLink !== 'none' && (
            <Link
              to={routes.adminLogin}
              title={publicTexts.adminLinkTitle}
              aria-label={publicTexts.adminLinkTitle}
              className={classes.adminLink}
              data-size={adminLink === 'icon' ? 'lg' : 'md'}
              data-discreet={adminLink === 'discreet' || undefined}
            >
              <LockIcon size={adminLink === 'icon' ? 20 : 16} />
            </Link>
          )}
        </header>
      )}
      <main className={classes.main} data-align={align}>
        <div className={classes.column}>{children}</div>
      </main>
    </div>
  );
}
