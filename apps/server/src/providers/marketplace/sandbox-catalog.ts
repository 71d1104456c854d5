import type { RegionCode } from '@crossmarket/domain';

/** Real Amazon category names with a median price (USD), its spread, and sub categories. */
export interface SandboxCategory {
  name: string;
  median: number;
  sigma: number;
  subs: string[];
  /** Share of products per size tier, small-standard first. */
  sizes: [number, number, number, number, number, number];
}

export const SANDBOX_CATEGORIES: readonly SandboxCategory[] = [
  {
    name: 'Toys & Games',
    median: 24,
    sigma: 0.7,
    subs: ['Building Toys', 'Puzzles', 'Dolls & Accessories'],
    sizes: [0.35, 0.5, 0.1, 0.04, 0.01, 0],
  },
  {
    name: 'Home & Kitchen',
    median: 29,
    sigma: 0.8,
    subs: ['Kitchen & Dining', 'Storage & Organization', 'Bedding'],
    sizes: [0.25, 0.55, 0.12, 0.06, 0.02, 0],
  },
  {
    name: 'Electronics',
    median: 45,
    sigma: 0.9,
    subs: ['Headphones', 'Computer Accessories', 'Portable Audio & Video'],
    sizes: [0.45, 0.45, 0.07, 0.03, 0, 0],
  },
  {
    name: 'Sports & Outdoors',
    median: 32,
    sigma: 0.8,
    subs: ['Exercise & Fitness', 'Camping & Hiking', 'Cycling'],
    sizes: [0.25, 0.5, 0.15, 0.07, 0.03, 0],
  },
  {
    name: 'Beauty & Personal Care',
    median: 17,
    sigma: 0.6,
    subs: ['Skin Care', 'Hair Care', 'Makeup'],
    sizes: [0.7, 0.3, 0, 0, 0, 0],
  },
  {
    name: 'Health & Household',
    median: 19,
    sigma: 0.6,
    subs: ['Vitamins & Dietary Supplements', 'Household Supplies', 'Medical Supplies & Equipment'],
    sizes: [0.55, 0.42, 0.03, 0, 0, 0],
  },
  {
    name: 'Pet Supplies',
    median: 22,
    sigma: 0.7,
    subs: ['Dogs', 'Cats', 'Fish & Aquatic Pets'],
    sizes: [0.3, 0.55, 0.1, 0.05, 0, 0],
  },
  {
    name: 'Office Products',
    median: 18,
    sigma: 0.7,
    subs: ['Office & School Supplies', 'Office Electronics', 'Office Furniture & Lighting'],
    sizes: [0.45, 0.45, 0.07, 0.03, 0, 0],
  },
  {
    name: 'Tools & Home Improvement',
    median: 35,
    sigma: 0.9,
    subs: ['Power Tools', 'Hand Tools', 'Lighting & Ceiling Fans'],
    sizes: [0.2, 0.5, 0.15, 0.1, 0.04, 0.01],
  },
  {
    name: 'Baby',
    median: 26,
    sigma: 0.7,
    subs: ['Feeding', 'Nursery', 'Diapering'],
    sizes: [0.3, 0.55, 0.1, 0.05, 0, 0],
  },
  {
    name: 'Grocery & Gourmet Food',
    median: 14,
    sigma: 0.5,
    subs: ['Snack Foods', 'Beverages', 'Pantry Staples'],
    sizes: [0.5, 0.5, 0, 0, 0, 0],
  },
  {
    name: 'Clothing, Shoes & Jewelry',
    median: 28,
    sigma: 0.7,
    subs: ['Women', 'Men', 'Girls'],
    sizes: [0.5, 0.5, 0, 0, 0, 0],
  },
  {
    name: 'Automotive',
    median: 31,
    sigma: 0.9,
    subs: ['Car Care', 'Replacement Parts', 'Interior Accessories'],
    sizes: [0.25, 0.5, 0.15, 0.07, 0.03, 0],
  },
  {
    name: 'Arts, Crafts & Sewing',
    median: 16,
    sigma: 0.6,
    subs: ['Painting, Drawing & Art Supplies', 'Sewing', 'Craft Supplies & Materials'],
    sizes: [0.55, 0.43, 0.02, 0, 0, 0],
  },
  {
    name: 'Musical Instruments',
    median: 55,
    sigma: 1.0,
    subs: ['Guitars', 'Keyboards & MIDI', 'Studio Recording Equipment'],
    sizes: [0.2, 0.45, 0.2, 0.1, 0.05, 0],
  },
  {
    name: 'Patio, Lawn & Garden',
    median: 38,
    sigma: 0.9,
    subs: ['Gardening & Lawn Care', 'Outdoor Décor', 'Grills & Outdoor Cooking'],
    sizes: [0.15, 0.45, 0.2, 0.12, 0.06, 0.02],
  },
  {
    name: 'Cell Phones & Accessories',
    median: 15,
    sigma: 0.7,
    subs: ['Cases, Holsters & Sleeves', 'Chargers & Power Adapters', 'Screen Protectors'],
    sizes: [0.8, 0.2, 0, 0, 0, 0],
  },
  {
    name: 'Video Games',
    median: 39,
    sigma: 0.6,
    subs: ['PlayStation 5', 'Nintendo Switch', 'PC'],
    sizes: [0.7, 0.3, 0, 0, 0, 0],
  },
];

/** Size tiers: the heaviest shipping weight (lb) and the largest package (inches) of each. */
export const SIZE_TIERS = [
  { name: 'small-standard-size', maxLb: 1, dims: [15, 12, 0.75] },
  { name: 'large-standard-size', maxLb: 20, dims: [18, 14, 8] },
  { name: 'small-oversize', maxLb: 70, dims: [60, 30, 20] },
  { name: 'medium-oversize', maxLb: 150, dims: [108, 40, 30] },
  { name: 'large-oversize', maxLb: 150, dims: [108, 60, 40] },
  { name: 'special-oversize', maxLb: 300, dims: [140, 70, 50] },
] as const;

/**
 * Import duty and taxes a buyer in the destination pays on goods shipped from another country, as a share
 * of the item price (rounded public figures; the US has a de minimis threshold we ignore here).
 */
export const IMPORT_RATE: Record<RegionCode, number> = {
  us: 0.05,
  ca: 0.13,
  uk: 0.2,
  mx: 0.16,
  au: 0.1,
  ae: 0.05,
  sg: 0.09,
};

/** Price level of each marketplace relative to the US, before currency conversion. */
export const PRICE_LEVEL: Record<RegionCode, number> = {
  us: 1,
  ca: 1.12,
  uk: 1.05,
  mx: 1.18,
  au: 1.2,
  ae: 1.1,
  sg: 1.15,
};

export const BRANDS = [
  'Acme',
  'Northwind',
  'Contoso',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Vandelay',
  'Stark',
  'Wayne',
  'Tyrell',
  'Cyberdyne',
  'Soylent',
  'Wonka',
  'Gringotts',
  'Oscorp',
  'Aperture',
  'Pied Piper',
  'Dunder',
  'Monarch',
  'Nakatomi',
  'Duff',
  'Krusty',
  'Massive',
  'Buy n Large',
  'Zorg',
  'Virtucon',
];

export const NOUNS = [
  'Organizer',
  'Set',
  'Kit',
  'Bottle',
  'Lamp',
  'Stand',
  'Case',
  'Mat',
  'Brush',
  'Holder',
  'Speaker',
  'Charger',
  'Puzzle',
  'Backpack',
  'Blender',
  'Tool',
  'Cable',
  'Pillow',
  'Toy',
  'Game',
];
export const ADJECTIVES = [
  'Portable',
  'Wooden',
  'Stainless',
  'Wireless',
  'Compact',
  'Deluxe',
  'Foldable',
  'Eco',
  'Classic',
  'Smart',
  'Ultra',
  'Mini',
  'Heavy-Duty',
  'Premium',
  'Magnetic',
];

export const SELLER_NAMES = [
  'Prime Goods',
  'BestDeal US',
  'Everyday Store',
  'QuickShip',
  'Trendy Finds',
  'HomePlus',
  'GadgetHub',
  'Value Mart',
  'Top Seller',
  'BrightBuy',
  'Daily Outlet',
  'Maple Trade',
  'Harbor Supply',
  'Atlas Retail',
];

/**
 * Cubic inches a pound of goods takes in its shipping box: ~100 for dense goods (tools, liquids) to ~300
 * for light bulky ones (bedding, toys); carriers' dimensional divisor of 139 in³/lb sits between, so some
 * parcels are charged by their size and some by their weight, as in a real list.
 */
export const PACKING_IN3_PER_LB: readonly [number, number] = [100, 300];

/** The least a product of a given shipping weight sells for in the US (USD): heavy goods are not cheap. */
export const PRICE_PER_LB = { base: 4, perLb: 2.5 } as const;

/** Share of products scarce in a given marketplace, and how much dearer they are there (a factor). */
export const SCARCE = { share: 0.12, min: 1.25, max: 1.9 } as const;
