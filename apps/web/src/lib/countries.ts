// ISO 3166-1 alpha-2 codes; names come from the browser's Intl data in the interface language.
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  );

/** Names a seller may type that the Intl data no longer uses (issue 46: "Turk" must find Türkiye). */
const FORMER_NAMES: Record<string, string> = {
  TR: 'Turkey Türkiye',
  CZ: 'Czech Republic',
  MK: 'Macedonia',
  SZ: 'Swaziland',
  CV: 'Cape Verde',
  CI: 'Ivory Coast',
  MM: 'Burma',
};

/** Letters without their accents: "Türkiye" is also found as "Turkiye". */
const plain = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

export interface CountryOption {
  value: string;
  label: string;
  /** What the search matches: the name in the interface language and in English, with and without accents, and former names. */
  search: string;
}

const cache = new Map<string, CountryOption[]>();

/** Country options sorted by their name in `lang`; the stored value is the ISO code. */
export function countryOptions(lang: string): CountryOption[] {
  const known = cache.get(lang);
  if (known) return known;
  const names = new Intl.DisplayNames([lang], { type: 'region' });
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  const options = CODES.map((code) => {
    const label = names.of(code) ?? code;
    const words = [label, english.of(code) ?? '', FORMER_NAMES[code] ?? ''];
    return { value: code, label, search: [...words, ...words.map(plain)].join(' ') };
  }).sort((a, b) => a.label.localeCompare(b.label, lang));
  cache.set(lang, options);
  return options;
}
