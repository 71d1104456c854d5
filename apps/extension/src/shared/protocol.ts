import type {
  InventoryAddProductsResult,
  LatestProductRow,
  LookupRequestInput,
  LookupResult,
  ProductHistory,
  RegionCode,
  Watch,
  WatchCreate,
} from '@crossmarket/domain';
import type { Prefs } from './settings';

/** One of the user's inventories, as much of it as the panel's choice needs. */
export interface InventoryChoice {
  id: string;
  title: string;
  from_country: string;
  to_country: string;
}

/** The seller's watches of one product in one marketplace, and how many they have of their plan's limit. */
export interface ProductWatches {
  watches: Watch[];
  used: number;
  limit: number;
}

/**
 * What a content script or the options page asks the service worker. Every call to Crossmarket goes
 * through the worker: a content script's fetch would run under Amazon's page rules, and the token stays
 * out of the page's reach.
 */
export type Request =
  | { type: 'status' }
  | { type: 'remember'; values: Prefs }
  | { type: 'verify' }
  /** Whether Crossmarket answers at `server` (no token sent): the options page's Test address. */
  | { type: 'probe'; server: string }
  | { type: 'latest'; asin: string }
  /** The product's public price and rank history in one marketplace (issue 49; no credit). */
  | { type: 'history'; marketplace: RegionCode; asin: string; days: 30 | 90 | 365 }
  | { type: 'lookup'; body: LookupRequestInput }
  | { type: 'inventories'; from: RegionCode; to: RegionCode }
  | { type: 'addToInventory'; inventoryId: string; lookupId: string }
  | { type: 'newReport'; asin: string; from: RegionCode; to: RegionCode }
  /** Opens a report's page (filtered to `asin` when given) in a tab: the panel never holds the address. */
  | { type: 'openReport'; reportId: string; asin?: string }
  /** Issue 49: the product's watches on one marketplace; a new one (checked by `watchCreateSchema`); removal. */
  | { type: 'watches'; marketplace: RegionCode; asin: string }
  | { type: 'addWatch'; body: WatchCreate }
  | { type: 'removeWatch'; id: string }
  | { type: 'openOptions' };

/** Who asked: the options page, or a content script (inside Amazon's page). */
export type Caller = 'options' | 'content';

/** What only the options page may ask: whether an address is Crossmarket, and whether the token works. */
export const OPTIONS_ONLY: ReadonlySet<Request['type']> = new Set(['probe', 'verify']);

/** The answer of each request type. */
export interface Answers {
  /** `server` only for the options page (issue 57): a content script learns whether, not where. */
  status: { signedIn: boolean; server: string | null; prefs: Prefs };
  remember: null;
  verify: { r_count: number };
  probe: null;
  latest: LatestProductRow;
  history: ProductHistory;
  lookup: LookupResult;
  inventories: InventoryChoice[];
  addToInventory: InventoryAddProductsResult;
  newReport: { report_id: string };
  openReport: null;
  watches: ProductWatches;
  addWatch: Watch;
  removeWatch: null;
  openOptions: null;
}

/**
 * How a call ended: the answer, or why not. `signed-out`: no address or token saved, or the server
 * refused the token (401); `unreachable`: no answer at all; `refused`: the server said no (its code and
 * English message; the panel says the codes it knows in the page's language).
 */
export type Outcome<T> =
  | { ok: true; data: T }
  | { ok: false; reason: 'signed-out' }
  | { ok: false; reason: 'unreachable' }
  | {
      ok: false;
      reason: 'refused';
      status: number;
      code: string;
      /** The server's English text; `key` and `params` say it in another language. */
      message: string;
      key?: string;
      params?: Record<string, string | number>;
    };

export type Send = <R extends Request>(request: R) => Promise<Outcome<Answers[R['type']]>>;

/** The worker through chrome.runtime messaging (what the panel and the options page use outside tests). */
export const sendToWorker: Send = (request) => chrome.runtime.sendMessage(request);
