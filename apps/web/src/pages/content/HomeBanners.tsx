import { isSafeContentUrl, type Banner } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHydrated } from '../../app/prerendered.ts';
import { contentKeys, fetchBanners } from './contentApi.ts';
import './content.css';

/** antd's Carousel (react-slick) loads only when there are banners to turn. */
const Carousel = lazy(() => import('antd/es/carousel/index.js'));

/** A banner's picture with its caption; linked when the operator gave it a link (a site path stays in the app). */
function Slide({ banner }: { banner: Banner }) {
  const picture = (
    <>
      <img className="banner__image" src={isSafeContentUrl(banner.image_url, 'image') ? banner.image_url : undefined} alt={banner.title} />
      <span className="banner__caption">{banner.title}</span>
    </>
  );
  const link = banner.link_url && isSafeContentUrl(banner.link_url) ? banner.link_url : '';
  if (!link) return <div className="banner">{picture}</div>;
  if (link.startsWith('/') || link.startsWith('#')) {
    return (
      <Link className="banner" to={link}>
        {picture}
      </Link>
    );
  }
  return (
    <a className="banner" href={link} target="_blank" rel="noopener noreferrer">
      {picture}
    </a>
  );
}

/** The home page's carousel of the banners showing now (GET /api/home/banner); nothing when there are none. */
export function HomeBanners() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const query = useQuery({ queryKey: contentKeys.public(lang, 'banners'), queryFn: fetchBanners });
  // Hydrating the page drawn without banners: none yet, even if they have come.
  const banners = (useHydrated() ? query.data : undefined) ?? [];
  if (banners.length === 0) return null;
  return (
    <section className="home-banners" aria-label={t('content.banners')} data-testid="home-banners">
      {/* Until the carousel has loaded, the first banner in the same place and size. */}
      <Suspense fallback={<Slide banner={banners[0] as Banner} />}>
        <Carousel autoplay={banners.length > 1} autoplaySpeed={6000} dots={banners.length > 1}>
          {banners.map((banner) => (
            <div key={banner.id} data-testid={`home-banner-${banner.id}`}>
              <Slide banner={banner} />
            </div>
          ))}
        </Carousel>
      </Suspense>
    </section>
  );
}
