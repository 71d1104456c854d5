import fs from 'node:fs';
import path from 'node:path';
import { expect as pwExpect, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { PRESET_RULE_SETS } from '../packages/domain/src/pricing/presets';
import type { DevMailbox } from '../packages/domain/src/schemas/api-responses';
import type { ListingsView } from '../packages/domain/src/schemas/listings';
import type { CreatedReport, ReportDetail } from '../packages/domain/src/schemas/reports-responses';

export const PASSWORD = 'secret-123';
let counter = 0;
/** A fresh address per test, so journeys never share an account. */
export const newEmail = (tag: string) => `${tag}-${Date.now()}-${counter++}@example.com`.toLowerCase();

type Mail = DevMailbox[number];

/** The newest mail to `to` in the development mailbox whose subject matches. */
export async function mailFor(request: APIRequestContext, to: string, subject: RegExp): Promise<Mail> {
  for (let i = 0; i < 300; i++) {
    const mails = (await (await request.get('/dev/mailbox.json')).json()) as Mail[];
    const found = mails.find((m) => m.to === to && subject.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail "${subject}" for ${to}`);
}

export const linkIn = (mail: Mail) => mail.text.match(/https?:\/\/\S+/)![0];

/** Signs up through the API and follows the activation link: the page's context holds the session. */
export async function signedInUser(page: Page, tag: string): Promise<string> {
  const email = newEmail(tag);
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name: email, callbackURL: '/welcome' },
  });
  if (!res.ok()) throw new Error(`sign-up failed: ${await res.text()}`);
  const mail = await mailFor(page.request, email, /Activate/);
  await page.request.get(linkIn(mail), { maxRedirects: 0 });
  return email;
}

/** SQL on the program's embedded database (the credentials it keeps in DATA_DIR). */
export async function sql(text: string, values: unknown[] = []) {
  const dataDir = process.env.E2E_DATA_DIR!;
  const port = fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
  const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(port),
    user: 'postgres',
    password,
    database: 'crossmarket',
  });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The one address in the e2e program's ADMIN_EMAILS (the other journeys make operators by SQL). */
export const E2E_ADMIN_EMAIL = 'listed-operator@example.com';

/** The console's role (the shared e2e program lists one address in ADMIN_EMAILS; the server tests cover it). */
export async function makeOperator(email: string) {
  await sql(
    `update user_data set role = 'operator' where user_id = (select id from "user" where email = $1)`,
    [email],
  );
}

/** Marks the account as onboarded on a paid plan, so the signed-in shell opens (billing does this for real). */
export async function onboard(email: string, plan = 'L') {
  await sql(
    `update user_data set welcome_done = true, plan_code = $2, subscription_end = now() + interval '30 days'
     where user_id = (select id from "user" where email = $1)`,
    [email, plan],
  );
  await sql(
    `update user_profiles set first_name = 'Ayşe' where user_id = (select id from "user" where email = $1)`,
    [email],
  );
}

/** A signed-in user who bought `plan` with the 4242 card through the API. */
export async function subscriber(page: Page, plan = 'L'): Promise<string> {
  const email = await signedInUser(page, `sub-${plan}`);
  const created = await page.request.post('/api/create-subscription', {
    data: { price_id: `price_sandbox_${plan}` },
  });
  const { client_secret } = await created.json();
  const card = {
    number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 2,
    cvc: '123',
  };
  await page.request.post('/api/sandbox/confirm-payment', { data: { client_secret, card } });
  await pwExpect
    .poll(async () => (await (await page.request.get('/api/payments?status=paid')).json()).length, {
      timeout: 60_000,
    })
    .toBe(1);
  return email;
}

/** A finished sandbox report of these products (US → CA), created through the API as the page would. */
export async function finishedReport(page: Page, productIds: string[], title: string): Promise<string> {
  const created = await page.request.post('/api/reports', {
    data: {
      title,
      from_country: 'us',
      to_country: 'ca',
      marketplace: 'amazon',
      source: 'manual',
      product_ids: productIds.join('\n'),
    },
  });
  pwExpect(created.status()).toBe(201);
  const { report_id } = (await created.json()) as CreatedReport;
  await pwExpect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/reports/${report_id}`)).json()) as ReportDetail).finalized,
      { timeout: 120_000 },
    )
    .toBe(true);
  return report_id;
}

/** The report page's Filters & Settings panel (it starts closed: the results come first). */
export const filtersPanel = (page: Page) =>
  page.getByRole('button', { name: /^(Filters & Settings|Filtreler ve Ayarlar)/ });

/** Opens the report page's Filters & Settings panel, if it is not open already. */
export async function openFilters(page: Page) {
  const header = filtersPanel(page);
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await pwExpect(header).toHaveAttribute('aria-expanded', 'true');
}

/** A US → CA merchant-fulfilled inventory on the recommended rules, created through the API: its id. */
export async function usToCaInventory(request: APIRequestContext, title: string): Promise<string> {
  const created = await request.post('/api/inventories', {
    data: {
      title,
      from_country: 'us',
      to_country: 'ca',
      sell_type: 'fbm',
      settings: {
        handling_time: 2,
        parity: 1.35,
        parity_type: 'auto',
        default_category_commission_rate: 15,
        commission_rate_type: 'fixed',
        min_stock: 1,
        def_stock: 5,
        pricing_rules: PRESET_RULE_SETS.recommended,
      },
    },
  });
  pwExpect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** Waits for the inventory's last run (a dry run or a publish) to end; its listings then. */
async function runEnds(request: APIRequestContext, inventoryId: string): Promise<ListingsView> {
  let view: ListingsView | undefined;
  await pwExpect
    .poll(
      async () => {
        view = (await (await request.get(`/api/inventories/${inventoryId}/listings`)).json()) as ListingsView;
        return view.last_run?.status;
      },
      { timeout: 120_000 },
    )
    .toBe('done');
  return view!;
}

/** A US → CA inventory of these products with one live in the sandbox store: its SKU and ASIN. */
export async function liveListing(
  page: Page,
  ids: string[],
  reportTitle: string,
  inventoryTitle: string,
): Promise<{ sku: string; asin: string }> {
  const reportId = await finishedReport(page, ids, reportTitle);
  const inventoryId = await usToCaInventory(page.request, inventoryTitle);
  const added = await page.request.post(`/api/inventories/${inventoryId}/products`, {
    data: { report_id: reportId, product_ids: ids },
  });
  pwExpect(added.status()).toBe(200);
  const path = `/api/inventories/${inventoryId}/listings`;
  pwExpect((await page.request.post(path, { data: { mode: 'preview' } })).status()).toBe(202);
  await runEnds(page.request, inventoryId);
  pwExpect((await page.request.post(path, { data: { mode: 'publish' } })).status()).toBe(202);
  const view = await runEnds(page.request, inventoryId);
  const live = view.listings.find((l) => l.state === 'live');
  pwExpect(live, 'a listing live in the sandbox store').toBeTruthy();
  return { sku: live!.sku, asin: live!.product_id };
}
