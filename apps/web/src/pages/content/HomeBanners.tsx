import { isSafeContentUrl, type Banner } from '@platter/domain';
import { useQuery } from '@tanstack/react-query';
import { Carousel } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { contentKeys, fetchBanners } from './contentApi.ts';
import { useLang } from './shared.tsx';
import './content.css';

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
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery({ queryKey: contentKeys.public(lang, 'banners'), queryFn: fetchBanners });
  const banners = query.data ?? [];
  if (banners.length === 0) return null;
  return (
    <section className="home-banners" aria-label={t('content.banners')} data-testid="home-banners">
      <Carousel autoplay={banners.length > 1} autoplaySpeed={6000} dots={banners.length > 1}>
        {banners.map((banner) => (
          <div key={banner.id} data-testid={`home-banner-${banner.id}`}>
            <Slide banner={banner} />
          </div>
        ))}
      </Carousel>
    </section>
  );
}
