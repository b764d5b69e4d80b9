import { z } from 'zod';
import { CRACKER_SORTS } from '../../engine/crackersCatalogue.ts';
import { SHIPMENT_STATUSES } from '../../engine/order.ts';
import { PRODUCT_SORTS } from '../../engine/product.ts';

/** The shop over REST: products, cart, checkout, orders, crackers. Money in paise. */

export const ProductSort = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof ProductSort>;

export const CrackerSort = z.enum(CRACKER_SORTS);
export type CrackerSort = z.infer<typeof CrackerSort>;

/** A product as the API gives it: the spec's field names, money in paise. */
export const Product = z.object({
  id: z.string(),
  product_code: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  original_price: z.number().int(),
  image_url: z.string(),
  images: z.array(z.string()),
  rating: z.number(),
  ratings: z.number().int(),
  stock: z.number().int().describe('Units left after reservations'),
  in_stock: z.boolean(),
  category: z.string(),
  brand: z.string(),
  color: z.string(),
  reward_points: z.number().int(),
});
export type Product = z.infer<typeof Product>;

const list = z
  .string()
  .max(500)
  .transform((s) =>
    s
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );
const paise = z.coerce.number().int().min(0).max(1_000_000_000);

/** `GET /api/products` query: the shop's search, filters, sort and page. */
export const ProductsQuery = z.object({
  search: z.string().max(100).optional().describe('Matches name or description, case-insensitive'),
  category: z.string().max(60).optional(),
  brand: list.optional().describe('Comma-separated brands'),
  color: list.optional().describe('Comma-separated colours'),
  min_price: paise.optional().describe('Paise'),
  max_price: paise.optional().describe('Paise'),
  rating: z.coerce.number().int().min(1).max(5).optional().describe('At least this many stars'),
  in_stock: z.enum(['1', '0', 'true', 'false']).optional(),
  sort: ProductSort.optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});

export const ProductPage = z.object({
  success: z.boolean(),
  products: z.array(Product),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  page_size: z.number().int(),
});
export type ProductPage = z.infer<typeof ProductPage>;

export const Facet = z.object({ value: z.string(), count: z.number().int() });
export type Facet = z.infer<typeof Facet>;
export const Facets = z.object({ categories: z.array(Facet), brands: z.array(Facet), colors: z.array(Facet) });
export type Facets = z.infer<typeof Facets>;

/** A cart line with the product as it is now (price, stock, reward points come from the catalogue). */
export const CartLine = Product.pick({
  product_code: true,
  name: true,
  image_url: true,
  price: true,
  reward_points: true,
  stock: true,
  in_stock: true,
}).extend({ product_id: z.string(), quantity: z.number().int() });
export type CartLine = z.infer<typeof CartLine>;

export const CartPayload = z.object({
  success: z.boolean(),
  cart: z.array(CartLine),
  /** The member's reward cash, paise. */
  user_rewards: z.number().int(),
  total: z.number().int(),
  count: z.number().int(),
});
export type CartPayload = z.infer<typeof CartPayload>;

export const CheckoutData = CartPayload.extend({
  billing: z.object({ name: z.string(), email: z.string(), phone: z.string(), address: z.string() }),
});
export type CheckoutData = z.infer<typeof CheckoutData>;

export const CheckoutAnswer = z.object({
  success: z.boolean(),
  order_id: z.string(),
  order_code: z.string(),
  total: z.number().int(),
  paid: z.boolean(),
  razorpay_order_id: z.string().nullable(),
  checkout_url: z.string().nullable(),
});
export type CheckoutAnswer = z.infer<typeof CheckoutAnswer>;

export const PaymentStatus = z.enum(['pending', 'paid', 'failed']);
export const ShipmentStatus = z.enum(SHIPMENT_STATUSES);

/** A shop order as its member (and the admin) sees it. */
export const ShopOrder = z.object({
  id: z.string(),
  order_code: z.string(),
  user_id: z.string(),
  product_name: z.string().describe('The first item’s name, with “+ N more”'),
  image_url: z.string(),
  payment_status: PaymentStatus,
  shipment_status: ShipmentStatus,
  subtotal: z.number().int(),
  applied_reward: z.number().int(),
  total_amount: z.number().int(),
  created_at: z.string(),
  full_name: z.string(),
  email: z.string(),
  contact_number: z.string(),
  address: z.string(),
  payment_id: z.string().nullable(),
  items: z.array(
    z.object({
      product_id: z.string(),
      product_code: z.string(),
      name: z.string(),
      image_url: z.string(),
      price: z.number().int(),
      quantity: z.number().int(),
      applied_reward: z.number().int(),
    }),
  ),
});
export type ShopOrder = z.infer<typeof ShopOrder>;

export const Cracker = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  price: z.number().int(),
  strikeOff: z.number().int(),
  per: z.string(),
  image_path: z.string(),
  particulars: z.string(),
});
export type Cracker = z.infer<typeof Cracker>;

/** A crackers order placed with a referral code, as the referrer sees it (storefront §7). */
export const ReferralOrder = z.object({
  order_id: z.string(),
  customer_name: z.string(),
  phone: z.string(),
  district: z.string(),
  total_amount: z.number().int(),
  created_at: z.string(),
});
export type ReferralOrder = z.infer<typeof ReferralOrder>;

/** A member's own crackers order (reserved items). */
export const ReservedOrder = z.object({
  order_id: z.string(),
  created_at: z.string(),
  order_items: z.array(
    z.object({ id: z.string(), name: z.string(), price: z.number().int(), quantity: z.number().int() }),
  ),
  applied_reward: z.number().int(),
  total_amount: z.number().int(),
  district: z.string(),
});
export type ReservedOrder = z.infer<typeof ReservedOrder>;

/** `POST /api/admin/products` (multipart, with an optional image): a new product. Money in paise. */
const money = z.coerce.number().int('must be whole paise').min(0).max(1_000_000_000);
const count = z.coerce.number().int().min(0).max(1_000_000);
export const ProductForm = z.object({
  name: z.string().trim().min(1, 'name is required').max(120),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lowercase words joined by hyphens')
    .max(120),
  description: z.string().trim().max(4000).default(''),
  price: money.describe('Paise'),
  original_price: money.optional().describe('Paise; defaults to price'),
  stock: count,
  reward_points: count,
  is_active: z.enum(['1', '0', 'true', 'false', 'active', 'inactive', 'Active', 'Inactive']).default('1'),
  product_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{3,20}$/)
    .optional(),
  category: z.string().trim().max(60).default('General'),
  brand: z.string().trim().max(60).default('Vetri'),
  color: z.string().trim().max(40).default('Assorted'),
});

/** The answer to a new product. */
export const ProductCreated = z.object({
  success: z.boolean(),
  product: z.object({
    id: z.string(),
    product_code: z.string(),
    name: z.string(),
    slug: z.string(),
    price: z.number().int(),
    stock: z.number().int(),
    is_active: z.number().int(),
    image: z.string(),
  }),
});
export type ProductCreated = z.infer<typeof ProductCreated>;

// ── Crackers season ──────────────────────────────────────────────────────────────────────
const SeasonDate = z.iso.date().describe('India date, YYYY-MM-DD');
export const CrackersSeasonDto = z.object({
  opens_on: SeasonDate,
  closes_on: SeasonDate,
  bands: z
    .array(z.object({ order_by: SeasonDate, deliver_by: SeasonDate }))
    .min(1)
    .max(4)
    .describe('Orders up to and including order_by are delivered by deliver_by'),
});
export type CrackersSeasonDto = z.infer<typeof CrackersSeasonDto>;
/** `GET /api/crackers/season`: the season (null before admins set one) and whether orders are taken today. */
export const CrackersSeasonView = z.object({
  season: CrackersSeasonDto.nullable(),
  open: z.boolean(),
  message: z.string().nullable().describe('Why orders are not taken today, in words'),
});
export type CrackersSeasonView = z.infer<typeof CrackersSeasonView>;

// ── Admin product operations ─────────────────────────────────────────────────────────────
export const AdminProductsQuery = z.object({
  q: z.string().max(100).optional().describe('Name or product code'),
  listed: z.enum(['all', 'listed', 'delisted']).default('all'),
});
/** A product as admins see it: the shop's fields, in the shop or not, with units on hand and held. */
export const AdminProduct = Product.pick({
  id: true,
  product_code: true,
  slug: true,
  name: true,
  description: true,
  price: true,
  original_price: true,
  image_url: true,
  images: true,
  category: true,
  brand: true,
  color: true,
  reward_points: true,
}).extend({
  listed: z.boolean(),
  stock: z.number().int().describe('Units on hand'),
  reserved: z.number().int().describe('Units held by checkouts in progress'),
});
export type AdminProduct = z.infer<typeof AdminProduct>;
export const AdminProductList = z.object({ products: z.array(AdminProduct) });
const imagePath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/(uploads|products)\/[\w./-]+$/, 'Use an uploaded image (/uploads/…) or a catalogue image (/products/…).');
/** `PATCH /api/admin/products/:id`: any of these; the rest stay. Money in paise. */
export const EditProductBody = z
  .object({
    name: z.string().trim().min(1).max(120),
    description: z.string().trim().max(4000),
    price: money,
    original_price: money,
    image_url: imagePath,
    images: z.array(imagePath).min(1).max(8),
    category: z.string().trim().max(60),
    brand: z.string().trim().max(60),
    color: z.string().trim().max(40),
    reward_points: count,
  })
  .partial()
  .strict();
export const StockBody = z.object({ stock: count });
export const ListedBody = z.object({ listed: z.boolean() });
export const AdminProductAnswer = z.object({ success: z.boolean(), message: z.string(), product: AdminProduct });
export const TaxonomyKindParam = z.object({ kind: z.enum(['categories', 'brands']) });
export const TaxonomyBody = z.object({ name: z.string().max(60) });
export const Taxonomy = z.object({
  categories: z.array(z.object({ name: z.string(), products: z.number().int() })),
  brands: z.array(z.object({ name: z.string(), products: z.number().int() })),
});
export type Taxonomy = z.infer<typeof Taxonomy>;

// ── Tax invoices ─────────────────────────────────────────────────────────────────────────
const InvoiceLineDto = z.object({
  description: z.string(),
  hsn: z.string(),
  rate: z.number(),
  quantity: z.number().int(),
  unitPaise: z.number().int(),
  discountPaise: z.number().int(),
  totalPaise: z.number().int(),
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
});
export const InvoiceDto = z.object({
  number: z.string(),
  financialYear: z.string(),
  seq: z.number().int(),
  source: z.object({ kind: z.enum(['shop_order', 'deal_purchase']), id: z.string(), reference: z.string() }),
  buyer: z.object({ userId: z.string(), name: z.string(), address: z.string(), state: z.string() }),
  lines: z.array(InvoiceLineDto),
  totals: z.object({
    taxablePaise: z.number().int(),
    cgstPaise: z.number().int(),
    sgstPaise: z.number().int(),
    igstPaise: z.number().int(),
    totalPaise: z.number().int(),
  }),
  at: z.number().int(),
});
export type InvoiceDto = z.infer<typeof InvoiceDto>;
export const Seller = z.object({ name: z.string(), gstin: z.string(), address: z.string(), state: z.string() });
export type Seller = z.infer<typeof Seller>;
