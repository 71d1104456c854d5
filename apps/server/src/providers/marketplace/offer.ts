import type { Offer, SellerOffer } from '@crossmarket/domain';

/** A seller's offer as a snapshot's buy box / lowest offer, with the delivery window the provider knows. */
export const offerFrom = (o: SellerOffer, s_dates: Offer['s_dates']): Offer => ({
  // An offer without its seller (Amazon's `SellerId` is optional) is an unknown seller, not a seller "".
  seller_id: o.seller_id || null,
  seller_name: o.seller_name || null,
  is_fba: o.is_fba,
  buy_price: o.buy_price,
  import_fee: o.import_fee,
  shipping_fee: o.shipping_fee,
  s_dates,
});
