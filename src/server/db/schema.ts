/**
 * The whole data model. Money is stored in integer cents (`*_cents`); timestamps are
 * timestamptz. After changing this file run `npm run db:generate` and commit the new migration.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from '../../domain/orders.js';
import { PAYMENT_INTENT_STATUSES, type PaymentIntentStatus } from '../../domain/payment-intents.js';
import { MAX_SUBSCRIBE_SAVE_PERCENT, SUBSCRIPTION_STATUSES } from '../../domain/subscriptions.js';
import type { NutritionFacts } from '../../domain/nutrition-facts.js';
import type { TaxClass, TaxCode } from '../../domain/tax.js';
import type { ConnectionType, DeviceClass, VitalMetric } from '../../domain/web-vitals.js';

/** A PostgreSQL tsvector, read as its text form (search, decision 0064). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Nutrition per serving; products and their competitors share the fields. */
const nutritionColumns = () => ({
  calories: real('calories'),
  protein: real('protein'),
  fat: real('fat'),
  carbs: real('carbs'),
  fiber: real('fiber'),
  glutenFree: boolean('gluten_free'),
  grainFree: boolean('grain_free'),
});

/** A check's list of allowed values, as SQL literals: `'a', 'b'` (the values are our own constants). */
const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------
// Accounts

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** argon2id hash; null for accounts created through Google sign-in only */
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number'),
    address: text('address'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSubscribedEmail: boolean('is_subscribed_email').notNull().default(true),
    isSubscribedPhone: boolean('is_subscribed_phone').notNull().default(true),
    /** When the owner proved the address is theirs (a link followed, Google, or ADMIN_EMAIL); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** An e-mail change waiting for its link to be followed; `email` stays the address until then. */
    pendingEmail: text('pending_email'),
    /**
     * The account's Stripe Customer, made at its first checkout with a subscription line: the card
     * that payment saves is attached to it for the renewals (decision 0058). Null until then, and
     * with the test processor.
     */
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // E-mails are unique whatever their case.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    uniqueIndex('users_stripe_customer_id_key').on(t.stripeCustomerId),
  ],
);

/**
 * A customer's address book (decision 0049): the shipping form's fields, at most
 * MAX_SAVED_ADDRESSES per account, one of them the default. `users.address` carries the default's
 * one-line summary. Goes with the account (erasure deletes the account row).
 */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    province: text('province').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('Canada'),
    phoneNumber: text('phone_number').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_addresses_user_id_idx').on(t.userId),
    // At most one default per account.
    uniqueIndex('saved_addresses_one_default_per_user')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Server-side sessions: the browser holds a random token, the database only its SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    /**
     * How the session began: 'full' by a password, Google or a reset link; 'restore' by a cart
     * restore link, which may shop and pay but not change the account's e-mail or password
     * (decision 0040).
     */
    kind: text('kind', { enum: ['full', 'restore'] })
      .notNull()
      .default('full'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
    check('sessions_kind_check', sql`${t.kind} in ('full', 'restore')`),
  ],
);

/**
 * Single-use links sent by e-mail (users/account-links.ts): a password reset, the confirmation of an
 * account's address, or of a new address. The link carries a random 256-bit token; only its SHA-256
 * is stored. `email` is the address the link was sent to: following it proves that address.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset-password', 'verify-email', 'change-email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_token_hash_key').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose, t.createdAt),
    index('account_tokens_expires_at_idx').on(t.expiresAt),
    check(
      'account_tokens_purpose_check',
      sql`${t.purpose} in ('reset-password', 'verify-email', 'change-email')`,
    ),
  ],
);

/**
 * Failed sign-ins, one row per key ("account:<email>" and "client:<ip>"), for the login throttle:
 * in the database so that every instance sees the same count without extra infrastructure.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_failures_key_idx').on(t.key, t.createdAt),
    index('auth_failures_created_at_idx').on(t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Catalogue

/** Page configuration of a category. */
export interface CategoryConfig {
  features: { icon: string; label: string }[];
  qualityPromise: { text: string; imageUrl: string };
  ingredientHighlight: {
    imageUrl: string;
    altText: string;
    tag: string;
    title: string;
    description: string;
    points: string[];
  };
}

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  config: jsonb('config').$type<CategoryConfig>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    sizeGrams: integer('size_grams'),
    priceCents: integer('price_cents').notNull(),
    sku: text('sku').unique(),
    imageUrl: text('image_url'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    idealTimeOfDay: text('ideal_time_of_day'),
    nutritionLabelUrl: text('nutrition_label_url'),
    nutritionInfo: text('nutrition_info'),
    ingredients: jsonb('ingredients').$type<string[]>().notNull().default([]),
    allergens: jsonb('allergens').$type<string[]>().notNull().default([]),
    // Null when unknown ("N/A" on the page).
    ...nutritionColumns(),
    /**
     * Nutrition Facts (decision 0062): the Canadian table's serving and amounts per serving
     * (domain/stored/nutrition-facts.ts, parsed on read), or null for none. When present, the
     * product's five `nutrition` numbers (calories to fibre) come from it, not from the columns above.
     */
    nutritionFacts: jsonb('nutrition_facts').$type<NutritionFacts>(),
    /**
     * Units the shop can still sell, or null for made to order with no limit (decision 0022).
     * Checkouts being paid hold their units out of it (stock_reservations); 0 is sold out, still
     * shown.
     */
    stock: integer('stock'),
    /**
     * Subscribe and save (decision 0056): a subscription line costs this much percent less; 0 offers
     * subscriptions at the full price.
     */
    subscribeSavePercent: integer('subscribe_save_percent').notNull().default(0),
    /** false hides the product from the shop while keeping it for order history */
    isActive: boolean('is_active').notNull().default(true),
    /**
     * How sales tax treats it (decision 0066, domain/tax.ts TAX_CLASSES): 'standard' (taxable) or
     * 'zero_rated' (basic groceries), the owner's call per product.
     */
    taxClass: text('tax_class').$type<TaxClass>().notNull().default('standard'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // --- search (decision 0064) --- The weighted words full-text search reads, kept up to date by
    // PostgreSQL itself (name A, features B, description C, ingredients D; the category's name is added
    // at query time). Its GIN index, and the trigram index on the name that typo matching reads (pg_trgm's
    // operator class), are the migration's custom SQL.
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, features::text), 'B') || setweight(to_tsvector('english'::regconfig, description), 'C') || setweight(to_tsvector('english'::regconfig, ingredients::text), 'D')`,
    ),
    // --- end search ---
  },
  (t) => [
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check(
      'products_subscribe_save_percent_range',
      sql`${t.subscribeSavePercent} between 0 and ${sql.raw(String(MAX_SUBSCRIBE_SAVE_PERCENT))}`,
    ),
    index('products_category_id_idx').on(t.categoryId),
    check('products_tax_class_known', sql`${t.taxClass} in ('standard', 'zero_rated')`),
  ],
);

export const productHighlights = pgTable(
  'product_highlights',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    heading: text('heading').notNull(),
    subheading: text('subheading').notNull().default(''),
  },
  (t) => [index('product_highlights_product_id_idx').on(t.productId, t.position)],
);

export const productCompetitors = pgTable(
  'product_competitors',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    competitorName: text('competitor_name').notNull(),
    ...nutritionColumns(),
  },
  (t) => [index('product_competitors_product_id_idx').on(t.productId, t.position)],
);

export const productFaqs = pgTable(
  'product_faqs',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
  },
  (t) => [index('product_faqs_product_id_idx').on(t.productId, t.position)],
);

// ---------------------------------------------------------------------------------------------
// Product gallery (decision 0061)

/**
 * A product's photos, in the order the shop shows them, each with its alt text. The first one is
 * also `products.image_url` (cards, cart, orders, feeds), kept equal by modules/catalog/gallery.ts,
 * the one place that writes either.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** A stored image's URL (`/images/…-800w.webp`): its sizes are the srcset (src/domain/images.ts). */
    url: text('url').notNull(),
    alt: text('alt').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_images_product_id_idx').on(t.productId, t.position),
    uniqueIndex('product_images_product_url_unique').on(t.productId, t.url),
  ],
);

// End of product gallery
// ---------------------------------------------------------------------------------------------

/**
 * One row: a number that goes up with every change to the tables above, bumped by statement triggers
 * (migration 0004), whoever writes: the admin API, the seed, or an operator's SQL. Every instance
 * compares it with the version its catalogue cache was built from (modules/catalog/cache.ts).
 */
export const catalogState = pgTable(
  'catalog_state',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalog_state_single_row', sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------------------------------------
// Orders and payments

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** One of ORDER_STATUSES (domain/orders.ts); the check below holds the database to them. */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('Pending'),
    subtotalCents: integer('subtotal_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('CAD'),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentIntentId: text('payment_intent_id').unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    shippingAddress: text('shipping_address').notNull(),
    shippingAddress2: text('shipping_address2'),
    shippingCity: text('shipping_city').notNull(),
    shippingState: text('shipping_state').notNull(),
    shippingCountry: text('shipping_country').notNull().default('Canada'),
    shippingPostalCode: text('shipping_postal_code').notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /**
     * The parcel's carrier (domain/fulfilment.ts CARRIERS) and tracking number, set by an admin
     * (decision 0023).
     */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /**
     * When the order's personal fields were replaced for good (decision 0043): its customer deleted
     * the account, or it passed ORDER_RETENTION_YEARS. Amounts, dates, province and tax stay.
     */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_status_known', sql`${t.status} in (${oneOf(ORDER_STATUSES)})`),
    check(
      'orders_amounts_non_negative',
      sql`${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0
      and ${t.taxCents} >= 0 and ${t.totalCents} >= 0`,
    ),
    index('orders_user_id_idx').on(t.userId, t.createdAt),
    index('orders_created_at_idx').on(t.createdAt),
    // The Overview tab (decision 0023): orders waiting to ship, and GST by month of payment.
    index('orders_status_created_at_idx').on(t.status, t.createdAt),
    index('orders_paid_at_idx').on(t.paidAt),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    /** unit price at the time of the order */
    priceCents: integer('price_cents').notNull(),
    /** The product's tax class when it was ordered (decision 0066). */
    taxClass: text('tax_class').$type<TaxClass>().notNull().default('standard'),
    /**
     * The line's share of each tax, in cents (decision 0066); they add up to the order's taxes. Empty
     * on orders placed before taxes were kept per line: their tax is the order's alone.
     */
    taxes: jsonb('taxes').$type<{ code: TaxCode; amount_cents: number }[]>().notNull().default([]),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    index('order_items_order_id_idx').on(t.orderId),
    index('order_items_product_id_idx').on(t.productId),
  ],
);

/**
 * Each sales tax an order was charged (decision 0066): its rate then, the province it was charged
 * for, and how much of it was on the goods and on shipping. The order's tax_cents is their sum.
 */
export const orderTaxes = pgTable(
  'order_taxes',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    code: text('code').$type<TaxCode>().notNull(),
    /** Canada Post's two-letter code (domain/tax.ts PROVINCE_CODES). */
    province: text('province').notNull(),
    /** In thousandths of a percent (5% is 5000; domain/tax.ts RATE_SCALE). */
    rate: integer('rate').notNull(),
    goodsCents: integer('goods_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.code] }),
    check(
      'order_taxes_amounts',
      sql`${t.amountCents} = ${t.goodsCents} + ${t.shippingCents} and ${t.amountCents} >= 0`,
    ),
  ],
);

/**
 * A payment attempt with the provider (Stripe or the built-in test processor). It carries the
 * server-priced checkout it was created for, so an order can be finished from the intent alone.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('CAD'),
    /**
     * One of PAYMENT_INTENT_STATUSES (domain/payment-intents.ts, decision 0046), held to them by the
     * check below; never the provider's 'missing' answer.
     */
    status: text('status').$type<PaymentIntentStatus>().notNull(),
    clientSecretHash: text('client_secret_hash'),
    idempotencyKey: text('idempotency_key').unique(),
    checkout: jsonb('checkout').$type<Record<string, unknown>>().notNull(),
    lastError: text('last_error'),
    /**
     * When the reconciliation sweep last asked the provider about this intent (payments/reconcile.ts);
     * it asks less often as an unpaid intent ages.
     */
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    /**
     * When an unpaid intent stops holding its stock and can no longer be paid (decision 0022):
     * created plus PAYMENT_TTL_MINUTES. Null for intents made before expiry existed.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * What the provider has refunded of it, in cents (the test processor's own record; decision
     * 0022).
     */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /**
     * The client address the checkout came from (decision 0038): the units held by every account at
     * one address are bounded together, and the admin sees who holds what.
     */
    clientAddress: text('client_address'),
    /**
     * The card the payment saved for later charges (a checkout with a subscription line), or the
     * saved card a renewal charged (decision 0056).
     */
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payment_intents_status_known', sql`${t.status} in (${oneOf(PAYMENT_INTENT_STATUSES)})`),
    index('payment_intents_user_id_idx').on(t.userId),
    index('payment_intents_created_at_idx').on(t.createdAt),
    index('payment_intents_client_address_idx').on(t.clientAddress),
  ],
);

/**
 * The units a payment intent holds (decision 0022): `held` while it can be paid, `taken`
 * once its order exists, `released` when it expired or was cancelled. `counted` says the units were
 * taken out of products.stock (false for made-to-order products, which have no count).
 */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    intentId: text('intent_id')
      .notNull()
      .references(() => paymentIntents.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    counted: boolean('counted').notNull(),
    status: text('status', { enum: ['held', 'taken', 'released'] })
      .notNull()
      .default('held'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.intentId, t.productId] }),
    index('stock_reservations_held_idx')
      .on(t.productId)
      .where(sql`${t.status} = 'held'`),
    check('stock_reservations_quantity_positive', sql`${t.quantity} > 0`),
    check('stock_reservations_status_check', sql`${t.status} in ('held', 'taken', 'released')`),
  ],
);

/**
 * Every change of a product's count an admin made (decision 0039): an adjustment ('+24 received',
 * '-6 spoiled') or a count written in the product form. Written in the change's own transaction.
 * Checkouts' holds and sales are in stock_reservations. `admin_name` keeps the name as it was.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['adjustment', 'set'] }).notNull(),
    /** The change of the count on hand; null when the product went to or from made to order. */
    delta: integer('delta'),
    reason: text('reason'),
    note: text('note'),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminName: text('admin_name'),
    /** products.stock right after (what could be sold); null: made to order. */
    stockAfter: integer('stock_after'),
    /** On hand right after: stock_after plus the units checkouts held out of it. */
    onHandAfter: integer('on_hand_after'),
    /** Units held by checkouts that this change took: they do not come back when the checkout expires. */
    heldWrittenOff: integer('held_written_off').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_product_id_idx').on(t.productId, t.id),
    check('stock_movements_kind_check', sql`${t.kind} in ('adjustment', 'set')`),
  ],
);

/**
 * What happened to an order, and who did it (decision 0023): created, paid, status and shipping
 * changes, address edits, e-mails queued, refunds. Written in the same transaction as the change it
 * records, so the timeline is also the audit trail of admin actions on orders. `actor_name` keeps
 * the admin's name as it was, even if the account changes or goes.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    summary: text('summary').notNull(),
    actorKind: text('actor_kind', { enum: ['customer', 'admin', 'system'] }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_order_id_idx').on(t.orderId, t.id),
    check('order_events_actor_kind_check', sql`${t.actorKind} in ('customer', 'admin', 'system')`),
  ],
);

/**
 * Money given back on an order (decision 0022): each refund goes through the payment provider with
 * its own idempotency key, so a retry never refunds twice. `pending` until the provider has taken
 * it.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /**
     * What the refund gives back of the order's goods and shipping (decision 0070); each tax's part
     * is in order_refund_taxes. Together they make `amount_cents`.
     */
    goodsCents: integer('goods_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Who asked for it: the admin, or the customer cancelling; null once that account is deleted. */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_refunds_idempotency_key').on(t.idempotencyKey),
    index('order_refunds_order_id_idx').on(t.orderId),
    check('order_refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('order_refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/** Each tax a refund gives back (decision 0070): its share of the tax charged, in proportion. */
export const orderRefundTaxes = pgTable(
  'order_refund_taxes',
  {
    refundId: integer('refund_id')
      .notNull()
      .references(() => orderRefunds.id, { onDelete: 'cascade' }),
    code: text('code').$type<TaxCode>().notNull(),
    /** Canada Post's two-letter code of the province the tax was charged for. */
    province: text('province').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.code] }),
    check('order_refund_taxes_amount', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * The lines a refund by line gives back (decision 0071): how many units of which of the order's
 * lines. A refund by amount has none.
 */
export const orderRefundLines = pgTable(
  'order_refund_lines',
  {
    refundId: integer('refund_id')
      .notNull()
      .references(() => orderRefunds.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.orderItemId] }),
    index('order_refund_lines_order_item_id_idx').on(t.orderItemId),
    check('order_refund_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Provider events (webhooks) already handled, so each is applied once. */
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Marketing

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    source: text('source').notNull().default('website'),
    /**
     * pending (the confirmation link was sent and not followed), confirmed, or unsubscribed. Every
     * sign-up is written `pending`; the default only stands for sign-ups from before double opt-in
     * (decision 0042).
     */
    status: text('status').notNull().default('confirmed'),
    /** SHA-256 of the confirmation link's token while the sign-up is pending; null afterwards. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_lower_key').on(sql`lower(${t.email})`),
    index('newsletter_subscribers_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Where each person stands on marketing, one row per address and channel (decision 0042): the
 * profile's flags, the newsletter list and Klaviyo follow it. `email` is the person's address
 * (lower-cased) on both channels; an SMS row also holds the phone number it is about.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** email or sms */
    channel: text('channel').notNull(),
    granted: boolean('granted').notNull(),
    /** The account of that address when there is one. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    phoneNumber: text('phone_number'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('marketing_consents_email_channel_key').on(t.email, t.channel),
    index('marketing_consents_user_id_idx').on(t.userId),
  ],
);

/**
 * Every grant and withdrawal of marketing consent, never updated: the proof CASL asks the sender to
 * keep (who, which channel, how, the wording shown, when, from where).
 */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    consentId: integer('consent_id')
      .notNull()
      .references(() => marketingConsents.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    channel: text('channel').notNull(),
    granted: boolean('granted').notNull(),
    /** One of CONSENT_SOURCES (domain/consent.ts): registration, profile, newsletter, unsubscribe-link, … */
    source: text('source').notNull(),
    /** The words the person saw beside the box or button (or what the link said). */
    wording: text('wording').notNull(),
    /** Whether the box was already ticked when shown; null where no box was shown. */
    preTicked: boolean('pre_ticked'),
    phoneNumber: text('phone_number'),
    clientAddress: text('client_address'),
    /** The unsubscribe link's id that made this withdrawal: each link works once. */
    tokenId: text('token_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('consent_events_token_id_key').on(t.tokenId),
    index('consent_events_consent_id_idx').on(t.consentId),
    index('consent_events_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Keys the shop signs its own links with (the unsubscribe links), made at first use and kept in the
 * database so that every instance signs and verifies alike with nothing to configure.
 */
export const signingKeys = pgTable('signing_keys', {
  purpose: text('purpose').primaryKey(),
  /** base64url of 32 random bytes */
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** When an admin marked it read in the inbox (decision 0023); null while unread. */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    authorName: text('author_name').notNull(),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    reviewDate: date('review_date', { mode: 'string' }).notNull(),
    profilePhotoUrl: text('profile_photo_url'),
    /** 'seed', or 'google' for reviews fetched from the public reviews source */
    source: text('source').notNull().default('seed'),
    externalId: text('external_id').unique(),
    createdAt: createdAt(),
  },
  (t) => [check('reviews_rating_range', sql`${t.rating} between 1 and 5`)],
);

/** A signed-in shopper's cart saved at checkout, for the reminder e-mail and the restore link. */
export const abandonedCarts = pgTable(
  'abandoned_carts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    cartItems: jsonb('cart_items').$type<unknown[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    /** open (saved, reminder pending or sent), restored (its link was used), converted (ordered after) */
    status: text('status').notNull().default('open'),
    /** SHA-256 of the restore token e-mailed in the reminder; the token itself is never stored. */
    tokenHash: text('token_hash').unique(),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** SHA-256 of the handle given to the browser that saved the cart: it can delete, never restore. */
    handleHash: text('handle_hash').unique(),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('abandoned_carts_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Production recipes

export const ingredients = pgTable('ingredients', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const recipes = pgTable(
  'recipes',
  {
    id: serial('id').primaryKey(),
    /** null for shared bases such as the cookie dough */
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    instructions: text('instructions').notNull().default(''),
    cookingTimeMinutes: integer('cooking_time_minutes'),
    ovenTemperatureCelsius: integer('oven_temperature_celsius'),
    yieldQuantity: numeric('yield_quantity', { precision: 12, scale: 2, mode: 'number' }),
    yieldUnit: text('yield_unit'),
    totalYieldWeight: numeric('total_yield_weight', { precision: 12, scale: 2, mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('recipes_product_id_key').on(t.productId)],
);

export const recipeIngredients = pgTable(
  'recipe_ingredients',
  {
    id: serial('id').primaryKey(),
    recipeId: integer('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    ingredientId: integer('ingredient_id')
      .notNull()
      .references(() => ingredients.id, { onDelete: 'restrict' }),
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
    quantityInCups: numeric('quantity_in_cups', { precision: 12, scale: 2, mode: 'number' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('recipe_ingredients_recipe_id_idx').on(t.recipeId)],
);

// ---------------------------------------------------------------------------------------------
// Background work

/**
 * One row per instance, written by /api/health/ready: a write that commits is the proof that the
 * instance can take orders (modules/health/routes.ts).
 */
export const healthChecks = pgTable('health_checks', {
  instance: text('instance').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Durable jobs, claimed with FOR UPDATE SKIP LOCKED so several app instances can share them. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** makes enqueueing idempotent, e.g. one confirmation e-mail per order */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_pending_idx')
      .on(t.runAt)
      .where(sql`${t.completedAt} is null`),
  ],
);

/**
 * Every e-mail the shop sends, written in the same transaction as what caused it. With SMTP_URL a
 * worker delivers `pending` rows (claimed with SKIP LOCKED, retried with backoff); without it they
 * are kept here as `stored` and logged, so nothing is lost and development needs no mail server.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /**
     * transactional or commercial (decision 0044). A commercial row was written only while its
     * address had e-mail consent, and is not sent once that consent is withdrawn.
     */
    kind: text('kind').notNull().default('transactional'),
    /** Headers sent with the message: List-Unsubscribe (and -Post) on commercial e-mail. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /**
     * pending; sending (claimed by a worker, handoff under way); sent; failed (gave up); stored (no
     * mail server configured); unconfirmed (the worker died after the message was handed to the mail
     * server and before it could record the answer: never sent again, see mail/mailer.ts);
     * withdrawn (commercial, and its address withdrew consent before it went out: never sent)
     */
    status: text('status').notNull().default('pending'),
    /** The Message-ID header, fixed when the e-mail is written: a resend carries the same one. */
    messageId: text('message_id'),
    /** When a worker claimed the row for sending. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** When the whole message had reached the mail server, just before it was asked to accept it. */
    handedOffAt: timestamp('handed_off_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Images (decision 0030)

/** Bytes as PostgreSQL's bytea: node-postgres reads a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The images served under /images when no object storage is configured (modules/images): product
 * uploads, seed artwork and nutrition panels, one row per name. A name's bytes never change (names
 * are random or content-hashed), so rows are only ever inserted and deleted, never updated.
 */
export const images = pgTable(
  'images',
  {
    /** The path under /images, e.g. `products/3f9a…-800w.webp` (modules/images/names.ts). */
    name: text('name').primaryKey(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    /** Quoted base64url SHA-256 of the bytes: a strong ETag, the same on every instance. */
    etag: text('etag').notNull(),
    /** Milliseconds, as a JavaScript Date holds them: list()'s keyset compares the values it read. */
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // list(): every name, oldest first, a page at a time by (created_at, name).
    index('images_created_at_name_idx').on(t.createdAt, t.name),
  ],
);

/**
 * Stored images that nothing referred to at the last garbage collection, and since when
 * (modules/images/garbage.ts). A row goes when its image is referred to again or deleted; an image is
 * deleted only once it has been unreferenced for the whole grace period.
 */
export const imageOrphans = pgTable('image_orphans', {
  name: text('name').primaryKey(),
  unreferencedSince: timestamp('unreferenced_since', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Subscriptions (decision 0056)

/**
 * A card saved with the provider for charges the customer is not present for: Stripe's Customer and
 * PaymentMethod ids, or the test processor's token (whose behaviour stands for the test card it was
 * saved from). Only the brand, the last four digits and the expiry are kept to show.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerRef: text('customer_ref'),
    methodRef: text('method_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_methods_user_id_idx').on(t.userId),
    // A card is recorded once, whichever path saw its payment succeed first (decision 0058).
    uniqueIndex('payment_methods_provider_method_ref_key').on(t.provider, t.methodRef),
  ],
);

/**
 * A repeat delivery: products and quantities (subscription_items), an interval, the date of the
 * next order and the card and address it renews with. `cycle` counts the renewals ordered; the next
 * renewal is cycle + 1, and each cycle makes at most one order (subscription_renewals).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<(typeof SUBSCRIPTION_STATUSES)[number]>().notNull().default('active'),
    intervalWeeks: smallint('interval_weeks').notNull(),
    nextOrderAt: timestamp('next_order_at', { withTimezone: true }).notNull(),
    /** A pause with an end: the subscription resumes on its own then. Null: indefinitely, or not paused. */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    shippingInfo: jsonb('shipping_info').$type<Record<string, unknown>>().notNull(),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    cycle: integer('cycle').notNull().default(0),
    /** When the current cycle's renewal was first declined, and how many retries followed. */
    firstDeclinedAt: timestamp('first_declined_at', { withTimezone: true }),
    retriesMade: smallint('retries_made').notNull().default(0),
    /** When the current cycle first found everything sold out (it waits a day at a time). */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    /** When the reminder of the current cycle's renewal was e-mailed. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    firstOrderId: integer('first_order_id').references(() => orders.id, { onDelete: 'set null' }),
    lastOrderId: integer('last_order_id').references(() => orders.id, { onDelete: 'set null' }),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }).notNull(),
    cancelReason: text('cancel_reason'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('subscriptions_status_known', sql`${t.status} in (${oneOf(SUBSCRIPTION_STATUSES)})`),
    check('subscriptions_interval_known', sql`${t.intervalWeeks} in (2, 4, 6, 8)`),
    index('subscriptions_user_id_idx').on(t.userId),
    index('subscriptions_due_idx').on(t.status, t.nextOrderAt),
  ],
);

export const subscriptionItems = pgTable(
  'subscription_items',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.productId] }),
    index('subscription_items_product_id_idx').on(t.productId),
    check('subscription_items_quantity_range', sql`${t.quantity} between 1 and 99`),
  ],
);

/**
 * One attempt at a renewal: cycle N of a subscription, try K. Its payment intent carries the
 * attempt's idempotency key (`renewal-{subscription}-{cycle}-{attempt}`), so a repeat of the attempt
 * (a retried job, a second instance, a restart after a kill) charges once; the unique order per
 * cycle makes a second order of the same cycle impossible. The attempt keeps what it charges (the
 * amount, the priced snapshot, the card) from before the charge: the payment intent's row is written
 * when the provider has answered with its id (decision 0058).
 */
export const subscriptionRenewals = pgTable(
  'subscription_renewals',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull(),
    attempt: integer('attempt').notNull(),
    /** charging, paid, declined, requires_action, canceled */
    status: text('status').notNull(),
    /** schedule or order_now */
    reason: text('reason').notNull(),
    /** The provider's payment, once it answered the charge (decision 0058). */
    paymentIntentId: text('payment_intent_id').references(() => paymentIntents.id, {
      onDelete: 'set null',
    }),
    /** What the attempt charges, priced before the charge: the amount and its checkout snapshot. */
    amountCents: integer('amount_cents'),
    checkout: jsonb('checkout').$type<Record<string, unknown>>(),
    /** The saved card it charges. */
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscription_renewals_attempt_unique').on(t.subscriptionId, t.cycle, t.attempt),
    uniqueIndex('subscription_renewals_one_paid_per_cycle')
      .on(t.subscriptionId, t.cycle)
      .where(sql`${t.status} = 'paid'`),
    check(
      'subscription_renewals_status_known',
      sql`${t.status} in ('charging', 'paid', 'declined', 'requires_action', 'canceled')`,
    ),
  ],
);

/** A subscription's history, in the timeline style of orders: who did what, when. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    summary: text('summary').notNull(),
    actorKind: text('actor_kind', { enum: ['customer', 'admin', 'system'] }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscription_events_subscription_id_idx').on(t.subscriptionId, t.id),
    check('subscription_events_actor_kind_check', sql`${t.actorKind} in ('customer', 'admin', 'system')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Product reviews from verified buyers (decision 0063)

/**
 * A customer's review of a product they received: one per product and customer, edited in place.
 * `pending` until the owner publishes it (unless moderation is off), `hidden` once the owner hides
 * it; only `published` ones count for shoppers. `show_name` is the customer's choice to show
 * "Jane D." (taken from the account when shown, so a renamed or erased account follows).
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    showName: boolean('show_name').notNull().default(false),
    status: text('status', { enum: ['pending', 'published', 'hidden'] })
      .notNull()
      .default('pending'),
    /** Kept as a count beside the votes, so "most helpful" sorts on a column. */
    helpfulCount: integer('helpful_count').notNull().default(0),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_reviews_one_per_customer').on(t.productId, t.userId),
    index('product_reviews_published_idx').on(t.productId, t.status, t.createdAt),
    index('product_reviews_status_idx').on(t.status, t.createdAt),
    index('product_reviews_user_idx').on(t.userId),
    check('product_reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('product_reviews_status_known', sql`${t.status} in ('pending', 'published', 'hidden')`),
  ],
);

/** "Helpful" votes: one per signed-in shopper and review. */
export const productReviewVotes = pgTable(
  'product_review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.userId] }),
    index('product_review_votes_user_idx').on(t.userId),
  ],
);

/**
 * The review request e-mail of an order (7 days after Delivered): a row is written in the
 * transaction that queues the e-mail, so each order gets it once, whichever instance or retry runs.
 */
export const reviewRequests = pgTable('review_requests', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Settings the owner changes in the dashboard, one row per key, the value as JSON parsed by its
 * versioned schema in src/domain/stored (e.g. `reviews`: { moderation }).
 */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * Real-user Web Vitals (decision 0072), kept only as histograms: how many page loads of a day, page
 * pattern, device class and connection had a metric in each bucket (domain/web-vitals.ts bucketOf).
 * No row per visit, no address, no client.
 */
export const webVitalBuckets = pgTable(
  'web_vital_buckets',
  {
    day: date('day', { mode: 'string' }).notNull(),
    route: text('route').notNull(),
    device: text('device').$type<DeviceClass>().notNull(),
    connection: text('connection').$type<ConnectionType>().notNull(),
    metric: text('metric').$type<VitalMetric>().notNull(),
    bucket: smallint('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.route, t.device, t.connection, t.metric, t.bucket] }),
    check('web_vital_buckets_count_positive', sql`${t.count} > 0`),
  ],
);
