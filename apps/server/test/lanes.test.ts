import { defaultLaneSettings, laneListSchema, laneResponseSchema } from '@crossmarket/domain';
import { describe, expect, it } from 'vitest';
import { jsonHeaders } from './helpers/auth';
import { alice, app, bob, setUpInventories } from './helpers/inventories';

// Alice and Bob on plan S, on this file's own database and app.
setUpInventories();

const call = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: payload ? jsonHeaders(cookie) : { cookie },
    ...(payload && { payload }),
  });

const fieldsOf = (res: { json(): { error: { fields: { field: string; key: string }[] } } }) =>
  res.json().error.fields.map((f) => `${f.field}: ${f.key}`);

const COURIER_CARD = {
  route: 'reship',
  carrier: 'post',
  rate_card: { per_parcel: 4.5, per_kg: 9, currency: 'USD' },
  conversion_fee_pct: 1,
};

describe('/api/lanes', () => {
  it('answers the defaults and the rules in force, with sources, for a lane nobody saved', async () => {
    const res = await call('GET', '/api/lanes/us/ca', alice);
    expect(res.statusCode).toBe(200);
    const lane = laneResponseSchema.parse(res.json());
    expect(lane).toMatchObject({ from: 'us', to: 'ca', saved: false, updated_at: null });
    expect(lane.settings).toEqual(defaultLaneSettings());
    expect(lane.settings.route).toBe('reship');
    const border = lane.rules.find((r) => r.family === 'border')!.row!;
    expect(border.source).toMatch(/^S\d/);
    expect(border.effective_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('stores a lane for its owner only; the defaults fill what the body leaves out', async () => {
    const put = await call('PUT', '/api/lanes/us/ca', alice, COURIER_CARD);
    expect(put.statusCode).toBe(200);
    const saved = laneResponseSchema.parse(put.json());
    expect(saved.saved).toBe(true);
    expect(saved.settings).toEqual({
      ...defaultLaneSettings(),
      ...COURIER_CARD,
      rate_card: { ...COURIER_CARD.rate_card, divisor: 5000 },
    });
    // Post from the US to Canada: the C$20 threshold row, not the courier's C$40/C$150.
    const border = saved.rules.find((r) => r.family === 'border')!.row!;
    const courier = laneResponseSchema.parse((await call('GET', '/api/lanes/us/ca', bob)).json());
    expect(border.id).not.toBe(courier.rules.find((r) => r.family === 'border')!.row!.id);

    expect(laneResponseSchema.parse((await call('GET', '/api/lanes/us/ca', alice)).json())).toEqual(saved);
    // Bob neither sees nor changes Alice's lane: his is still the defaults, and his save is his own.
    expect(courier).toMatchObject({ saved: false, settings: defaultLaneSettings() });
    const bobs = await call('PUT', '/api/lanes/us/ca', bob, { mode: 'simple' });
    expect(bobs.json().settings.mode).toBe('simple');
    const again = laneResponseSchema.parse((await call('GET', '/api/lanes/us/ca', alice)).json());
    expect(again.settings).toEqual(saved.settings);

    const list = laneListSchema.parse((await call('GET', '/api/lanes', bob)).json());
    expect(list.lanes.map((l) => [l.from, l.to, l.settings.mode])).toEqual([['us', 'ca', 'simple']]);
    expect(list.defaults).toEqual(defaultLaneSettings());
    expect(list.seller).toEqual({ establishment: 'other', registered_home: false });
  });

  it('names the field of a bad setting and refuses an unknown marketplace', async () => {
    const bad = await call('PUT', '/api/lanes/us/uk', alice, {
      route: 'teleport',
      rate_card: { per_parcel: -1, per_kg: 2, currency: 'XXX' },
      duty_pct: 101,
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(
      expect.arrayContaining([
        'route: validation.lane.route',
        'rate_card.per_parcel: validation.lane.perParcel',
        'rate_card.currency: validation.lane.currency',
        'duty_pct: validation.lane.duty',
      ]),
    );
    const lane = laneResponseSchema.parse((await call('GET', '/api/lanes/us/uk', alice)).json());
    expect(lane.saved).toBe(false);

    const unknown = await call('GET', '/api/lanes/us/de', alice);
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['to: validation.lane.country']);
    // Canada sells but does not buy.
    expect((await call('PUT', '/api/lanes/ca/us', alice, {})).statusCode).toBe(400);
  });

  it('lists the lanes of reports on the defaults and the saved ones first', async () => {
    const list = laneListSchema.parse((await call('GET', '/api/lanes', alice)).json());
    expect(list.lanes.map((l) => `${l.from}:${l.to}:${l.saved}`)).toEqual(['us:ca:true']);
  });
});
