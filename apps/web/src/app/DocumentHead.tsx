import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pageTitle } from '../lib/title.ts';

function setMeta(name: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** document.title from the first path segment; keywords and description from the catalogue. */
export function DocumentHead() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const title = pageTitle(pathname, (key) => t(key), t('site.name'));
    if (title !== null) document.title = title;
  }, [pathname, t, i18n.language]);
  useEffect(() => {
    setMeta('keywords', t('meta.keywords'));
    setMeta('description', t('meta.description'));
  }, [t, i18n.language]);
  return null;
}
