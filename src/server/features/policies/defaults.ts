import type { PolicyName } from '#contract/policy-paths';

/**
 * Each policy's text until the owner writes their own (decision 0097): version 1, a sensible
 * start for a store that sells IPTV subscriptions and a streaming box. The owner should read
 * and adapt them to their business and their country's law; they are not legal advice.
 */
export const DEFAULT_POLICIES: Record<PolicyName, string> = {
  terms: `# Terms of Service

These terms apply to every subscription, free trial and streaming box bought from StreamPlus.
By paying for an order you agree to them and to our [Refund Policy](/refund-policy).

## The service

- A subscription gives access to our IPTV service for the period of the plan you bought,
  starting when your login details are issued.
- Each device included in your plan may use one login at a time. Sharing logins beyond the
  devices you paid for may lead to the suspension of the subscription.
- We aim for 99.9% uptime but cannot promise that every channel is available at every moment;
  channel line-ups may change.

## Your account

- Keep your login details private. You are responsible for what is done with them.
- Give a working email address: your login details, receipts and notices are sent to it.

## Acceptable use

You may use the service for private viewing only. You may not resell, rebroadcast or
publicly show it, or use it in a way that breaks the law where you live.

## Payments and renewals

- Prices are shown at checkout and charged in US dollars.
- A subscription with automatic renewal is charged before it ends; we email you beforehand,
  and you can turn automatic renewal off at any time in your account.

## Streaming boxes

A box is shipped to the address you give at checkout. Delivery times are estimates.

## Changes

We may change these terms. The version in force when you pay applies to that order.

## Contact

Questions? Email [support@streamplus.tv](mailto:support@streamplus.tv).
`,
  privacy: `# Privacy Policy

This policy says what StreamPlus collects about you, why, and what you can ask of us.

## What we collect

- **Order details:** your name, email address, phone number if given, and for a streaming
  box your postal address.
- **Payment details:** card payments are handled by our payment provider; we never see or
  store your full card number. Crypto payments are handled by our crypto payment provider.
- **When you pay:** your IP address, your browser's user agent and the time, kept with the
  order as a record of your agreement to our terms.
- **Service use:** the devices on your subscription and their status, to run the service.

## Why we use it

To deliver your subscription, send your login details, receipts and service notices, answer
support requests, prevent fraud and meet our legal duties.

## Emails

We email you about your orders and subscriptions. Renewal reminders carry a link to stop them.
We never sell your data and do not send third-party advertising.

## How long we keep it

Order and payment records are kept as long as the law requires for accounting. You may ask
us to delete your account when you no longer have a running subscription.

## Your rights

You can ask for a copy of your data, to correct it, or to delete it, by emailing
[support@streamplus.tv](mailto:support@streamplus.tv).
`,
  'refund-policy': `# Refund Policy

We want you to be happy with StreamPlus. Try the service first with our free trial.

## Subscriptions

- If the service does not work for you, ask for a refund within **7 days** of your purchase
  and we refund the full price.
- After 7 days, subscriptions are not refunded, except where the service was unavailable
  for a long time through our fault; we may then refund or extend your subscription.
- A refund ends the subscription and its logins.

## Streaming boxes

An unused box in its original packaging may be returned within **14 days** of delivery for a
refund of its price. Shipping costs are not refunded.

## Gift card cashback

A refunded order earns no gift card cashback. If the gift card was already delivered, its
value is taken from the refund.

## How to ask

Email [support@streamplus.tv](mailto:support@streamplus.tv) with your order number. Refunds
go back to the card or are arranged for a crypto payment, usually within 5-10 business days.
`,
};
