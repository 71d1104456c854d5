import { regionByCode, type RegionCode } from '@crossmarket/domain';
import { Tooltip } from 'antd';

/** A country as the reports list shows it: flag and code, the name on hover. */
export function Country({ code }: { code: string }) {
  const region = regionByCode(code as RegionCode);
  return (
    <Tooltip title={region.name}>
      <span>
        {region.flag} {region.flag_code}
      </span>
    </Tooltip>
  );
}

/** The form's option for a country: flag, name and code. */
export const countryOption = (code: RegionCode) => {
  const region = regionByCode(code);
  return { value: code, label: `${region.flag} ${region.name} (${region.flag_code})` };
};
