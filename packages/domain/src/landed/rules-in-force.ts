import type { RegionCode } from '../regions';
import type { LaneSettings, SellerTaxProfile } from '../schemas/lanes';
import {
  BORDER_RULES,
  COLLECTION_RULES,
  CUSTOMS_VALUE_RULES,
  DSF_RULES,
  DUTY_RULES,
  FEE_TAX_RULES,
  PRICE_TAX_RULES,
  borderRule,
  collectionRule,
  customsValueRule,
  DEFAULT_CONVERSION_FEE,
  dsfRule,
  dutyRule,
  feeTaxRule,
  priceTaxRule,
  type RuleRow,
} from './rules';

export const RULE_FAMILIES = [
  'price_tax',
  'collection',
  'border',
  'customs_value',
  'duty',
  'fee_tax',
  'digital_services_fee',
  'conversion_fee',
] as const;
export type RuleFamily = (typeof RULE_FAMILIES)[number];

const FAMILY_OF = new Map<string, RuleFamily>(
  (
    [
      ['price_tax', PRICE_TAX_RULES],
      ['collection', COLLECTION_RULES],
      ['border', BORDER_RULES],
      ['customs_value', CUSTOMS_VALUE_RULES],
      ['duty', DUTY_RULES],
      ['fee_tax', FEE_TAX_RULES],
      ['digital_services_fee', DSF_RULES],
      ['conversion_fee', [DEFAULT_CONVERSION_FEE]],
    ] as const
  ).flatMap(([family, rows]) => rows.map((r: RuleRow) => [r.id, family] as const)),
);

/** The family a rule row belongs to, by its id (what its name is made of); undefined for no row. */
export const ruleFamilyOf = (id: string): RuleFamily | undefined => FAMILY_OF.get(id);

/**
 * The rule rows a lane uses on a day, one per family (null where none applies: no collection on a US
 * sale, no border on a domestic lane, no DSF for a US seller on amazon.com): what the Lanes section shows
 * with each row's source and start date.
 */
export function rulesInForce(
  from: RegionCode,
  to: RegionCode,
  lane: Pick<LaneSettings, 'carrier'>,
  seller: SellerTaxProfile,
  on: string,
): { family: RuleFamily; row: RuleRow | null }[] {
  const domestic = from === to;
  const collect = collectionRule(to, on);
  const rows: Record<RuleFamily, RuleRow | null> = {
    price_tax: priceTaxRule(to, on),
    collection:
      !domestic || (collect?.domestic_nonestablished && seller.establishment !== to) ? collect : null,
    border: domestic ? null : borderRule(to, from, lane.carrier, on),
    customs_value: domestic ? null : customsValueRule(to, on),
    duty: domestic ? null : dutyRule(to, null, on),
    fee_tax: feeTaxRule(to, seller.establishment, on),
    digital_services_fee: dsfRule(to, seller.establishment, on),
    conversion_fee: DEFAULT_CONVERSION_FEE,
  };
  return RULE_FAMILIES.map((family) => ({ family, row: rows[family] }));
}
