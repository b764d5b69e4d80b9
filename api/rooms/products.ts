import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { DomainError } from '../../engine/decider.ts';
import type { ProductDetails } from '../../engine/product.ts';
import { productDecider, productStream } from '../../engine/product.ts';
import { productsTable } from '../../projections/catalogue.ts';
import type { SessionUser } from '../auth/session.ts';
import { actorOf } from '../auth/session.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe } from '../http/openapi.ts';
import { ProductForm } from '../contract/shop.ts';

export const DEFAULT_PRODUCT_IMAGE = '/products/default.svg';

/** Image types we accept, recognised by their first bytes (never by name or declared type). */
export const imageTypeOf = (bytes: Uint8Array): { ext: string; mime: string } | null => {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { ext: 'png', mime: 'image/png' };
  if (at(0, 0xff, 0xd8, 0xff)) return { ext: 'jpg', mime: 'image/jpeg' };
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return { ext: 'gif', mime: 'image/gif' };
  }
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return { ext: 'webp', mime: 'image/webp' };
  return null;
};
const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

const uploadsDir = (deps: Pick<Deps, 'config'>) => join(deps.config.DATA_DIR, 'uploads');

/**
 * Adds a product through the product decider (`engine/product.ts`): fields checked, slug and code
 * unique, and an optional image stored under DATA_DIR/uploads after checking its bytes and size.
 */
export const createProductFromForm = async (
  deps: Pick<Deps, 'clock' | 'readDb' | 'commands' | 'config'>,
  admin: SessionUser,
  form: Record<string, unknown>,
) => {
  const parsed = ProductForm.safeParse(
    Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string' && v !== '')),
  );
  if (!parsed.success) {
    throw new ApiError(
      400,
      'VALIDATION',
      parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    );
  }
  const f = parsed.data;
  const code = f.product_code ?? `VD${randomBytes(3).toString('hex').toUpperCase()}`;
  const clash = deps.readDb.orm
    .select({ id: productsTable.id, slug: productsTable.slug })
    .from(productsTable)
    .where(or(eq(productsTable.slug, f.slug), eq(productsTable.productCode, code)))
    .get();
  if (clash) {
    throw new DomainError(
      'PRODUCT_EXISTS',
      clash.slug === f.slug ? 'A product with this slug already exists.' : 'A product with this code already exists.',
    );
  }
  let imageUrl = DEFAULT_PRODUCT_IMAGE;
  const image = form.image;
  if (image instanceof File && image.size > 0) {
    if (image.size > deps.config.UPLOAD_MAX_BYTES) {
      throw new ApiError(
        413,
        'IMAGE_TOO_LARGE',
        `Images must be at most ${Math.floor(deps.config.UPLOAD_MAX_BYTES / 1000)} KB.`,
      );
    }
    const bytes = new Uint8Array(await image.arrayBuffer());
    const kind = imageTypeOf(bytes);
    if (!kind) throw new ApiError(415, 'NOT_AN_IMAGE', 'Only image files (PNG, JPEG, GIF or WebP) can be uploaded.');
    mkdirSync(uploadsDir(deps), { recursive: true });
    const name = `${randomUUID()}.${kind.ext}`;
    writeFileSync(join(uploadsDir(deps), name), bytes, { mode: 0o644 });
    imageUrl = `/api/uploads/${name}`;
  }
  const active = ['1', 'true', 'active', 'Active'].includes(f.is_active);
  const product: ProductDetails = {
    id: randomUUID(),
    product_code: code,
    slug: f.slug,
    name: f.name,
    description: f.description,
    price: f.price,
    original_price: f.original_price ?? f.price,
    image_url: imageUrl,
    images: [imageUrl],
    rating: 0,
    ratings: 0,
    category: f.category,
    brand: f.brand,
    color: f.color,
    reward_points: f.reward_points,
    is_active: active,
  };
  const now = deps.clock.now();
  await handleCommand(
    deps.commands,
    productStream(product.id),
    productDecider,
    { type: 'AddProduct', data: { product, stock: f.stock, now } },
    { actor: actorOf(admin), now },
  );
  return {
    success: true,
    product: {
      id: product.id,
      product_code: code,
      name: product.name,
      slug: product.slug,
      price: product.price,
      stock: f.stock,
      is_active: active ? 1 : 0,
      image: imageUrl,
    },
  };
};

/** Uploaded product images, served with their checked type. */
export const uploadsRoutes = (deps: Pick<Deps, 'config'>) =>
  new Hono().get('/:name', describe({ summary: 'An uploaded product image', tags: ['shop'] }), (c) => {
    const name = c.req.param('name');
    const match = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.exec(name);
    if (!match) throw new ApiError(404, 'NOT_FOUND', 'No such image.');
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(uploadsDir(deps), name));
    } catch {
      throw new ApiError(404, 'NOT_FOUND', 'No such image.');
    }
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': MIME[match[1]!]!,
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
