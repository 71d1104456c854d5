import { describe, expect, it } from 'vitest';
import {
  canMoveOrder,
  isListedCarrier,
  ORDER_CARRIERS,
  ORDER_STATES,
  ORDER_TRANSITIONS,
  orderShipmentRequestSchema,
  ordersQuerySchema,
} from './orders';

describe('orders contract', () => {
  it('a pending order can only be paid or cancelled; final states go nowhere', () => {
    expect(ORDER_TRANSITIONS.pending).toEqual(['new', 'cancelled']);
    expect(canMoveOrder('pending', 'bought')).toBe(false);
    expect(canMoveOrder('delivered', 'problem')).toBe(false);
    expect(canMoveOrder('cancelled', 'to_buy')).toBe(false);
    for (const s of ORDER_STATES) for (const t of ORDER_TRANSITIONS[s]) expect(ORDER_STATES).toContain(t);
  });

  it('carriers match exactly, case included, and every marketplace offers Other', () => {
    expect(isListedCarrier('ca', 'Purolator')).toBe(true);
    expect(isListedCarrier('ca', 'PUROLATOR')).toBe(false);
    for (const list of Object.values(ORDER_CARRIERS)) expect(list).toContain('Other');
  });

  it('Other needs a carrier name; the tracking number is required', () => {
    const base = { tracking_number: 'TRK-1', ship_date: '2026-11-01T10:00:00Z' };
    const other = orderShipmentRequestSchema.safeParse({ ...base, carrier_code: 'Other' });
    expect(other.success).toBe(false);
    expect(other.error?.issues[0]?.path).toEqual(['carrier_name']);
    expect(
      orderShipmentRequestSchema.safeParse({ ...base, carrier_code: 'Other', carrier_name: 'Aramex Local' })
        .success,
    ).toBe(true);
    expect(
      orderShipmentRequestSchema.safeParse({ carrier_code: 'DHL', ship_date: base.ship_date }).success,
    ).toBe(false);
  });

  it('refuses a ship date ahead of now (a day of grace for time zones)', () => {
    const body = { carrier_code: 'UPS', tracking_number: 'TRK-1' };
    const ahead = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const refused = orderShipmentRequestSchema.safeParse({ ...body, ship_date: ahead });
    expect(refused.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['ship_date'], 'validation.orders.shipDateFuture'],
    ]);
    const today = new Date().toISOString();
    expect(orderShipmentRequestSchema.safeParse({ ...body, ship_date: today }).success).toBe(true);
  });

  it('the list query takes several states', () => {
    expect(ordersQuerySchema.parse({ state: 'to_buy,problem' }).state).toEqual(['to_buy', 'problem']);
    expect(ordersQuerySchema.safeParse({ state: 'nope' }).success).toBe(false);
  });
});
