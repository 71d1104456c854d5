import type { DangerousGoods } from '@crossmarket/domain';

// The catalogue attributes dangerous goods are read from (catalog items 2022-04-01, `includedData=attributes`).
// Names and shapes as in the model's getCatalogItem example (catalogItems_2022-04-01.json):
// `supplier_declared_dg_hz_regulation`, `batteries_required`, `batteries_included`,
// `includes_rechargable_battery` (Amazon's spelling), `battery.cell_composition`, `num_batteries`; the
// `lithium_battery` entry (energy content) follows Amazon's product type definitions, which the models
// repository does not hold. Each attribute is a list of entries (one per marketplace or value).
type Entry<T> = (T & { marketplace_id?: string })[];
export interface DangerousGoodsAttributes {
  supplier_declared_dg_hz_regulation?: Entry<{ value?: string }>;
  batteries_required?: Entry<{ value?: boolean }>;
  batteries_included?: Entry<{ value?: boolean }>;
  includes_rechargable_battery?: Entry<{ value?: boolean }>;
  battery?: Entry<{ cell_composition?: { value?: string }[] }>;
  num_batteries?: Entry<{ quantity?: number; type?: string }>;
  lithium_battery?: Entry<{ energy_content?: { value?: number; unit?: string } }>;
}

/** The regulation values that declare none: `not_applicable`, and `unknown`, which claims nothing either way. */
const NO_REGULATION = new Set(['not_applicable', 'unknown']);
const isLithium = (v: string | undefined) => typeof v === 'string' && v.toLowerCase().startsWith('lithium');

/** What the attributes declare; null when they declare nothing dangerous (or are absent). */
export function dangerousGoodsFrom(a: DangerousGoodsAttributes | undefined): DangerousGoods | null {
  if (!a) return null;
  const regulations = [
    ...new Set(
      (a.supplier_declared_dg_hz_regulation ?? [])
        .map((e) => e.value?.toLowerCase())
        .filter((v): v is string => typeof v === 'string' && !NO_REGULATION.has(v)),
    ),
  ];
  const yes = (entries: Entry<{ value?: boolean }> | undefined) =>
    (entries ?? []).some((e) => e.value === true);
  const batteries =
    yes(a.batteries_included) || yes(a.includes_rechargable_battery)
      ? 'included'
      : yes(a.batteries_required)
        ? 'required'
        : null;
  const wh = (a.lithium_battery ?? [])
    .map((e) => e.energy_content)
    .find((c) => typeof c?.value === 'number' && (c.unit ?? 'watt_hours').toLowerCase().startsWith('watt'));
  const lithium =
    (a.lithium_battery?.length ?? 0) > 0 ||
    (a.battery ?? []).some((b) => (b.cell_composition ?? []).some((c) => isLithium(c.value))) ||
    (a.num_batteries ?? []).some((n) => isLithium(n.type));
  const dg: DangerousGoods = { regulations, batteries, lithium, lithium_wh: wh?.value ?? null };
  return regulations.length || batteries || lithium ? dg : null;
}

/** The attributes the lookup cache keeps (cache-allow-list.ts): only the members read above. */
export function cachedDangerousGoods(a: DangerousGoodsAttributes): DangerousGoodsAttributes {
  const values = <T extends object>(entries: Entry<T> | undefined, keys: (keyof T)[]) =>
    entries?.map(
      (e) => Object.fromEntries(keys.filter((k) => e[k] !== undefined).map((k) => [k, e[k]])) as T,
    );
  const out: DangerousGoodsAttributes = {
    supplier_declared_dg_hz_regulation: values(a.supplier_declared_dg_hz_regulation, ['value']),
    batteries_required: values(a.batteries_required, ['value']),
    batteries_included: values(a.batteries_included, ['value']),
    includes_rechargable_battery: values(a.includes_rechargable_battery, ['value']),
    battery: values(a.battery, ['cell_composition']),
    num_batteries: values(a.num_batteries, ['quantity', 'type']),
    lithium_battery: values(a.lithium_battery, ['energy_content']),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}
