-- An "Auto" parity that an update moved by more than the listings hold's 25 % (a rates table replaced, as
-- when the placeholder table gave way to the ECB's): from, to, the rates' source and day, and when. While
-- it stands, every far price move of the inventory waits for the seller, however few a run re-prices.
ALTER TABLE "inventories" ADD COLUMN "parity_jump" jsonb;
