import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contentKeys, fetchDownloads } from '../../pages/content/contentApi.ts';
import { APP_URL } from '../links.ts';

/** A path of this site (opens in the same tab), as opposed to an operator's external address. */
export function isSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/**
 * Whether the header offers the App link (issue 20): an external app address always; the
 * site's own download centre only once the operator has published an app there, so the link
 * never leads to an empty page. Shares the download centre's cached list.
 */
export function useAppLinkShown(): boolean {
  const lang = useTranslation().i18n.language;
  const internal = isSitePath(APP_URL);
  const downloads = useQuery({ queryKey: contentKeys.public(lang, 'downloads'), queryFn: fetchDownloads, enabled: internal, staleTime: 5 * 60_000 });
  return !internal || (downloads.data?.some((item) => item.kind === 'app') ?? false);
}
