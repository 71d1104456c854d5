import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/client';
import { injectJson } from './auth';

/** Two token keys, one written in hex and one in base64, as an operator may set them. */
export const KEY_A = 'a1'.repeat(32);
export const KEY_B = Buffer.alloc(32, 0x5b).toString('base64');

export const call = injectJson;

/** POST /api/amazon/connections: the consent link, and the state in it. */
export async function startConnecting(app: App, cookie: string, region: string) {
  const res = await call(app, 'POST', '/api/amazon/connections', cookie, { region });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json<{ authorize_url: string }>().authorize_url);
  return { url, state: url.searchParams.get('state')! };
}

/** Amazon's redirect back to us, as a path with its query. */
export const callbackPath = (params: Record<string, string>) =>
  `/api/amazon/callback?${new URLSearchParams(params)}`;

/** Follows a redirect step in the seller's browser: the Location it answers. */
export async function browse(app: App, path: string, cookie?: string) {
  const res = await app.inject({
    method: 'GET',
    url: path,
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
  return { res, location: res.headers.location as string | undefined };
}

/** The sandbox consent page's two forms (GET to the callback) as the URLs a click navigates to. */
export function consentChoices(html: string): { allow: string; decline: string } {
  const forms = [
    ...html.matchAll(/<form method="get" action="([^"]+)">(.*?)<button[^>]*>(\w+)<\/button><\/form>/g),
  ];
  const url = (form: RegExpMatchArray) => {
    const fields = [...form[2]!.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)];
    return `${form[1]}?${new URLSearchParams(fields.map((f): [string, string] => [f[1]!, f[2]!.replace(/&amp;/g, '&')]))}`;
  };
  const byLabel = Object.fromEntries(forms.map((f) => [f[3]!, url(f)]));
  expect(Object.keys(byLabel)).toEqual(['Allow', 'Decline']);
  return { allow: byLabel.Allow!, decline: byLabel.Decline! };
}

/** Every stored connection column as text (bytes in UTF-8, hex and base64), to search for a secret. */
export async function storedText(db: Db): Promise<string> {
  const rows = await db.execute<Record<string, unknown>>(sql`select * from amazon_connections`);
  return JSON.stringify(rows.rows, (_key, value: unknown) => {
    if (value && typeof value === 'object' && (value as { type?: string }).type === 'Buffer') {
      const bytes = Buffer.from((value as { data: number[] }).data);
      return [bytes.toString('utf8'), bytes.toString('hex'), bytes.toString('base64')].join(' ');
    }
    return value;
  });
}

export async function connectionRows(db: Db, userId: string) {
  const rows = await db.execute<{
    region: string;
    status: string;
    selling_partner_id: string;
    key_id: string;
    // Timestamps as PostgreSQL writes them (this pool reads them as text).
    connected_at: string;
    renew_by: string;
    revoked_at: string | null;
    reminder_sent_at: string | null;
  }>(sql`select * from amazon_connections where user_id = ${userId} order by region`);
  return rows.rows;
}
