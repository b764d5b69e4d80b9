import { randomBytes, randomUUID } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import { DomainError } from '../../engine/decider.ts';
import type { ProductDetails } from '../../engine/product.ts';
import { productDecider, productStream } from '../../engine/product.ts';
import { productsTable } from '../../projections/catalogue.ts';
import type { SessionUser } from '../auth/session.ts';
import { actorOf } from '../auth/session.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { ProductForm } from '../contract/shop.ts';
import { imageTypeOf, storeUpload, uploadUrl } from '../uploads/images.ts';

export const DEFAULT_PRODUCT_IMAGE = '/products/default.svg';

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
        { maxKb: Math.floor(deps.config.UPLOAD_MAX_BYTES / 1000) },
      );
    }
    const bytes = new Uint8Array(await image.arrayBuffer());
    const kind = imageTypeOf(bytes);
    if (!kind) throw new ApiError(415, 'NOT_AN_IMAGE', 'Only image files (PNG, JPEG, GIF or WebP) can be uploaded.');
    imageUrl = uploadUrl(storeUpload(deps, bytes, kind));
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
