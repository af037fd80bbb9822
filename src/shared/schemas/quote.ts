// On-ramp quotes (New Transaction): an indicative quote while the amount is typed, a locked quote
// with a one-time id and an expiry, and the receipt of its execution. USD figures are exact decimal
// text with 2 decimals ("20.00"), CC amounts the ledger's 10-decimal text, the price and the rate
// exact decimal text: never a float.
import { z } from 'zod';
import { ONRAMP_PROVIDERS } from '../transaction-labels';
import { ledgerAmount, usdPrice } from './answer-parts';
import { uuidId } from './ids';
import { timestamp } from './timestamp';
import { affectedParties } from './send';

/** The amounts the on-ramp takes: whole cents from 1.00 to 50.00 USD (the spec's New Transaction limits). */
const QUOTE_AMOUNT = /^(?:[1-4]\d|[1-9])(?:\.\d{1,2})?$|^50(?:\.0{1,2})?$/;

export const quoteAmountUsd = z
  .string()
  .regex(QUOTE_AMOUNT, 'amount_usd must be 1 to 50 USD with at most 2 decimals')
  .meta({ description: 'USD to pay, 1 to 50 with at most 2 decimals, as decimal text', example: '20.00' });
const destinationAsset = z.literal('CC').meta({ description: 'The asset bought: Canton Coin' });
const usdText = z.string().regex(/^\d+\.\d{2}$/, 'USD with 2 decimals');

export const indicativeQuoteQuery = z.object({ amount_usd: quoteAmountUsd, destination_asset: destinationAsset });

export const lockQuoteBody = z
  .object({
    amount_usd: quoteAmountUsd,
    onramp_provider: z.enum(ONRAMP_PROVIDERS).meta({
      description: 'How it is paid: simulated USDC or Apple Pay, or `usd_balance`, the available dollars of the USD account of the wallet’s account',
    }),
    wallet_id: uuidId.meta({ description: 'One of your Canton wallets, which receives the CC' }),
    destination_asset: destinationAsset,
  })
  .meta({ id: 'LockQuoteBody' });

export const quoteIdParam = z.object({ id: uuidId });

const quoteFigures = {
  input_amount_usd: usdText.meta({ description: 'What you pay, USD', example: '20.00' }),
  fees_usd: usdText.meta({ description: 'The fee, USD, taken from the amount before conversion', example: '2.50' }),
  exchange_rate: usdPrice.meta({
    description: 'CC per USD after the spread (95% of the market rate), exact decimal text rounded down',
    example: '6.0471037555',
  }),
  price_usd: usdPrice.meta({ description: 'The market price of one CC in USD the quote uses', example: '0.1571' }),
  destination_asset: destinationAsset,
  net_destination_amount: ledgerAmount.meta({ description: 'CC you receive: (amount - fee) x rate, rounded down to 10 decimals', example: '105.8243157224' }),
};

export const indicativeQuote = z.object({ ...quoteFigures, indicative: z.literal(true) }).meta({ id: 'IndicativeQuote' });

export const lockedQuote = z
  .object({
    id: uuidId,
    ...quoteFigures,
    onramp_provider: z.enum(ONRAMP_PROVIDERS),
    wallet_id: uuidId,
    created_at: timestamp,
    expires_at: timestamp.meta({ description: 'The quote can be executed until then (30 s after it was locked)' }),
  })
  .meta({ id: 'LockedQuote' });

/** The receipt of an executed quote: the US Remittance Rule's disclosures (12 CFR 1005.31). */
export const quoteReceipt = z
  .object({
    quote_id: uuidId,
    transaction_id: uuidId,
    amount_paid_usd: usdText,
    fees_usd: usdText,
    exchange_rate: usdPrice,
    amount_received: ledgerAmount,
    destination_asset: destinationAsset,
    wallet_id: uuidId,
    onramp_provider: z.enum(ONRAMP_PROVIDERS),
    /** Simulated: no real payment rail moved money. */
    simulated: z.literal(true),
    executed_at: timestamp,
    funds_available_at: timestamp.meta({ description: 'When the CC can be used: at once (simulated)' }),
    /** [the wallet's party]: its balance changed. */
    affectedParties,
  })
  .meta({ id: 'QuoteReceipt' });
