import type { App } from '../../src/app';

/** The supplier lists tests' column mapping of `SUPPLIER_HEADER` files. */
export const SUPPLIER_MAPPING = {
  identifier: 0,
  name: 1,
  cost: 2,
  pack_size: 3,
  min_order: 4,
  supplier_sku: 5,
};

/** POST /api/supplier-lists as a browser sends it: the fields, then the file (none: left out). */
export function uploadSupplierList(
  app: App,
  cookie: string,
  file: { name: string; bytes: Uint8Array } | null,
  fields: Record<string, string> = {},
) {
  const boundary = '----crossmarket-supplier';
  const parts: Buffer[] = [];
  const all = {
    supplier_name: 'Acme Wholesale',
    country: 'us',
    currency: 'USD',
    mapping: JSON.stringify(SUPPLIER_MAPPING),
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST',
    url: '/api/supplier-lists',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}
