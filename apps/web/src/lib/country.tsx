import { regionByCode, type RegionCode } from '@crossmarket/domain';
import { Tooltip } from 'antd';
import { AE, AU, CA, GB, MX, SG, US } from 'country-flag-icons/react/3x2';
import { useTranslation } from 'react-i18next';

// SVG flags: emoji flags are letters on Windows (and on Linux without a colour-emoji font).
const FLAGS: Record<string, typeof US> = { AE, AU, CA, GB, MX, SG, US };

const names = new Map<string, Intl.DisplayNames>();

/**
 * The country's name in `lang` ("Amerika Birleşik Devletleri" in Turkish), from the platform's data: a
 * marketplace's code, or any other country's as the tax rules name it (lower-case ISO, 'uk' for GB).
 */
export function regionName(code: string, lang: string): string {
  const region = regionByCode(code as RegionCode) as ReturnType<typeof regionByCode> | undefined;
  const iso = region?.flag_code ?? (code === 'uk' ? 'GB' : code.toUpperCase());
  try {
    let display = names.get(lang);
    if (!display) names.set(lang, (display = new Intl.DisplayNames([lang], { type: 'region' })));
    return display.of(iso) ?? region?.name ?? iso;
  } catch {
    return region?.name ?? iso;
  }
}

/** A country's flag, decorative: the code or the name beside it says which country it is. */
export function Flag({ code }: { code: string }) {
  const Svg = FLAGS[regionByCode(code as RegionCode).flag_code];
  if (!Svg) return null;
  return (
    <Svg
      aria-hidden="true"
      data-flag={code}
      style={{ width: '1.35em', height: '0.9em', verticalAlign: '-0.1em', borderRadius: 2 }}
    />
  );
}

/** Flag and code, the name in the interface language on hover (the reports and inventories lists). */
export function Country({ code }: { code: string }) {
  const { i18n } = useTranslation();
  const region = regionByCode(code as RegionCode);
  return (
    <Tooltip title={regionName(code, i18n.language)}>
      <span style={{ whiteSpace: 'nowrap' }}>
        <Flag code={code} /> {region.flag_code}
      </span>
    </Tooltip>
  );
}

/** A form's option for a country: flag, name in `lang` and code (the title, "Canada (CA)", in text). */
export function countryOption(code: RegionCode, lang: string) {
  const region = regionByCode(code);
  const name = regionName(code, lang);
  return {
    value: code,
    title: `${name} (${region.flag_code})`,
    label: (
      <span>
        <Flag code={code} /> {name} ({region.flag_code})
      </span>
    ),
  };
}
