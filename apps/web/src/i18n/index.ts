import { LANG_COOKIE, LANG_COOKIE_DAYS, resolveLang, type Lang } from '@platter/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from '../lib/cookies.ts';
import accountSecurityEn from './accountSecurity.en.json';
import accountSecurityRu from './accountSecurity.ru.json';
import accountSecurityZh from './accountSecurity.zh.json';
import adminCoreEn from './adminCore.en.json';
import adminCoreRu from './adminCore.ru.json';
import adminCoreZh from './adminCore.zh.json';
import en from './en.json';
import ru from './ru.json';
import walletEn from './wallet.en.json';
import walletRu from './wallet.ru.json';
import walletZh from './wallet.zh.json';
import walletAdminEn from './walletAdmin.en.json';
import walletAdminRu from './walletAdmin.ru.json';
import walletAdminZh from './walletAdmin.zh.json';
import poolAdminEn from './poolAdmin.en.json';
import poolAdminRu from './poolAdmin.ru.json';
import poolAdminZh from './poolAdmin.zh.json';
import poolLinesEn from './poolLines.en.json';
import poolLinesRu from './poolLines.ru.json';
import poolLinesZh from './poolLines.zh.json';
import poolPlotsEn from './poolPlots.en.json';
import poolPlotsRu from './poolPlots.ru.json';
import poolPlotsZh from './poolPlots.zh.json';
import poolPublicEn from './poolPublic.en.json';
import poolPublicRu from './poolPublic.ru.json';
import poolPublicZh from './poolPublic.zh.json';
import poolUserEn from './poolUser.en.json';
import poolUserRu from './poolUser.ru.json';
import poolUserZh from './poolUser.zh.json';
import contentEn from './content.en.json';
import contentRu from './content.ru.json';
import contentZh from './content.zh.json';
import exportsEn from './exports.en.json';
import exportsRu from './exports.ru.json';
import exportsZh from './exports.zh.json';
import reviewsEn from './reviews.en.json';
import reviewsRu from './reviews.ru.json';
import reviewsZh from './reviews.zh.json';
import inmailEn from './inmail.en.json';
import inmailRu from './inmail.ru.json';
import inmailZh from './inmail.zh.json';
import feedbackEn from './feedback.en.json';
import feedbackRu from './feedback.ru.json';
import feedbackZh from './feedback.zh.json';
import zh from './zh.json';
import chiappEn from './chiapp.en.json';
import chiappRu from './chiapp.ru.json';
import chiappZh from './chiapp.zh.json';
import verificationEn from './verification.en.json';
import verificationRu from './verification.ru.json';
import verificationZh from './verification.zh.json';
import centreNavEn from './centreNav.en.json';
import centreNavRu from './centreNav.ru.json';
import centreNavZh from './centreNav.zh.json';
import revenueEn from './revenue.en.json';
import revenueRu from './revenue.ru.json';
import revenueZh from './revenue.zh.json';
import pocEn from './poc.en.json';
import pocRu from './poc.ru.json';
import pocZh from './poc.zh.json';
import financeEn from './finance.en.json';
import financeRu from './finance.ru.json';
import financeZh from './finance.zh.json';

/**
 * Every visible string lives in these catalogues (same keys in each language; tested). Some
 * areas keep their strings in files of their own, each under one top-level key named like
 * the file (`wallet`, `walletAdmin`, `poolUser`, `poolPublic`, `poolAdmin`, `poolPlots`, `poolLines`, `adminCore`, `content`, `exports`, `reviews`, `inmail`, `verification`, `accountSecurity`, `feedback`, `centreNav`, `revenue`, `poc`, `finance`).
 */
export const areaCatalogues = {
  wallet: { en: walletEn, zh: walletZh, ru: walletRu },
  walletAdmin: { en: walletAdminEn, zh: walletAdminZh, ru: walletAdminRu },
  poolUser: { en: poolUserEn, zh: poolUserZh, ru: poolUserRu },
  poolPublic: { en: poolPublicEn, zh: poolPublicZh, ru: poolPublicRu },
  poolAdmin: { en: poolAdminEn, zh: poolAdminZh, ru: poolAdminRu },
  verification: { en: verificationEn, zh: verificationZh, ru: verificationRu },
  poolPlots: { en: poolPlotsEn, zh: poolPlotsZh, ru: poolPlotsRu },
  poolLines: { en: poolLinesEn, zh: poolLinesZh, ru: poolLinesRu },
  chiapp: { en: chiappEn, zh: chiappZh, ru: chiappRu },
  adminCore: { en: adminCoreEn, zh: adminCoreZh, ru: adminCoreRu },
  content: { en: contentEn, zh: contentZh, ru: contentRu },
  exports: { en: exportsEn, zh: exportsZh, ru: exportsRu },
  reviews: { en: reviewsEn, zh: reviewsZh, ru: reviewsRu },
  inmail: { en: inmailEn, zh: inmailZh, ru: inmailRu },
  accountSecurity: { en: accountSecurityEn, zh: accountSecurityZh, ru: accountSecurityRu },
  feedback: { en: feedbackEn, zh: feedbackZh, ru: feedbackRu },
  centreNav: { en: centreNavEn, zh: centreNavZh, ru: centreNavRu },
  revenue: { en: revenueEn, zh: revenueZh, ru: revenueRu },
  poc: { en: pocEn, zh: pocZh, ru: pocRu },
  finance: { en: financeEn, zh: financeZh, ru: financeRu },
} as const;

export const catalogues = {
  en: {
    ...en,
    ...walletEn,
    ...walletAdminEn,
    ...poolUserEn,
    ...poolPublicEn,
    ...poolAdminEn,
    ...poolPlotsEn,
    ...poolLinesEn,
    ...chiappEn,
    ...adminCoreEn,
    ...contentEn,
    ...exportsEn,
    ...reviewsEn,
    ...inmailEn,
    ...feedbackEn,
    ...verificationEn,
    ...accountSecurityEn,
    ...centreNavEn,
    ...revenueEn,
    ...pocEn,
    ...financeEn,
  },
  zh: {
    ...zh,
    ...walletZh,
    ...walletAdminZh,
    ...poolUserZh,
    ...poolPublicZh,
    ...poolAdminZh,
    ...poolPlotsZh,
    ...poolLinesZh,
    ...chiappZh,
    ...adminCoreZh,
    ...contentZh,
    ...exportsZh,
    ...reviewsZh,
    ...inmailZh,
    ...feedbackZh,
    ...verificationZh,
    ...accountSecurityZh,
    ...centreNavZh,
    ...revenueZh,
    ...pocZh,
    ...financeZh,
  },
  ru: {
    ...ru,
    ...walletRu,
    ...walletAdminRu,
    ...poolUserRu,
    ...poolPublicRu,
    ...poolAdminRu,
    ...poolPlotsRu,
    ...poolLinesRu,
    ...chiappRu,
    ...adminCoreRu,
    ...contentRu,
    ...exportsRu,
    ...reviewsRu,
    ...inmailRu,
    ...feedbackRu,
    ...verificationRu,
    ...accountSecurityRu,
    ...centreNavRu,
    ...revenueRu,
    ...pocRu,
    ...financeRu,
  },
} as const;

/** The `lang` attribute of <html>: zh is Traditional Chinese. */
export const HTML_LANG: Record<Lang, string> = { en: 'en', zh: 'zh-Hant', ru: 'ru' };

export function initialLang(): Lang {
  const cookie = typeof document === 'undefined' ? undefined : readCookie(LANG_COOKIE);
  const accept = typeof navigator === 'undefined' ? undefined : (navigator.languages ?? [navigator.language]).join(',');
  return resolveLang(cookie, accept);
}

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: catalogues.en },
    zh: { translation: catalogues.zh },
    ru: { translation: catalogues.ru },
  },
  lng: initialLang(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'zh', 'ru'],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

function syncHtmlLang(lang: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = HTML_LANG[lang as Lang] ?? lang;
}
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

/** Switches the interface language and keeps it in the h9_lang cookie for 365 days. */
export function applyLanguage(lang: Lang): void {
  writeCookie(LANG_COOKIE, lang, { days: LANG_COOKIE_DAYS, path: '/' });
  void i18n.changeLanguage(lang);
}

export default i18n;
