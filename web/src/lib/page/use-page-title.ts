/** Sets the document's title while a page is shown (the prerendered HTML already carries it). */
import { useEffect } from 'react';
import { pageTitle } from '@/domain/page-titles';

export function usePageTitle(route: string): void {
  useEffect(() => {
    document.title = pageTitle(route);
  }, [route]);
}
