/**
 * The two-letter codes of the country list (countries.ts), alone: validating a code needs no
 * names, and every form's schema validates one, so the names (19 kB) stay out of every page's
 * script. countries.test.ts holds the two lists equal.
 */
const LIST =
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AZ BA BB BD BE BF BG BH BI BJ BM BN BO BR BS BT BW BY BZ ' +
  'CA CD CF CG CH CI CK CL CM CN CO CR CU CV CW CY CZ DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IN IQ IR IS ' +
  'IT JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MG MH ' +
  'MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF ' +
  'PG PH PK PL PM PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SK SL SM SN SO SR SS ST ' +
  'SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF ' +
  'WS XK YE YT ZA ZM ZW';
const CODES = new Set(LIST.split(' '));

/** Whether a two-letter code (case-insensitive) is in the country list. */
export function isCountryCode(code: string): boolean {
  return CODES.has(code.toUpperCase());
}

/** Every code, sorted. */
export const COUNTRY_CODES: readonly string[] = [...CODES];
