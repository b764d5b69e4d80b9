import type { Deps } from '../../../api/deps.ts';
import { roomsAdminRoutes } from '../../../api/rooms/adminRoutes.ts';
import { call, mount } from '../../helpers/routeDeps.ts';

/** The smallest PNG header the upload check accepts. */
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

export interface AddedProduct {
  id: string;
  product_code: string;
  slug: string;
  price: number;
  image: string;
}

/** Adds a product as an admin would, through the rooms-admin route (multipart form). */
export const addProduct = async (
  deps: Pick<Deps, 'clock' | 'readDb' | 'commands' | 'config' | 'sessions' | 'log'>,
  adminCookie: string,
  fields: Record<string, string> = {},
  image?: Uint8Array<ArrayBuffer>,
): Promise<AddedProduct> => {
  const form = new FormData();
  const all = {
    name: 'Boat Rockerz 450',
    slug: 'boat-rockerz-450',
    price: '199900',
    stock: '5',
    reward_points: '10',
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.set(k, v);
  if (image) form.set('image', new File([image], 'photo.png', { type: 'image/png' }));
  const app = mount(deps, '/api/admin', roomsAdminRoutes(deps));
  const res = await call<{ product: AddedProduct }>(app, 'POST', '/api/admin/products', { form, cookie: adminCookie });
  if (res.status !== 200) throw new Error(`adding a product failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.product;
};

/** Creates a deal room for `productId` as an admin would; returns its code. */
export const createRoom = async (
  deps: Pick<Deps, 'clock' | 'readDb' | 'commands' | 'config' | 'sessions' | 'log'>,
  adminCookie: string,
  productId: string,
  rules: Record<string, unknown> = {},
): Promise<string> => {
  const app = mount(deps, '/api/admin', roomsAdminRoutes(deps));
  const res = await call<{ room_code: string }>(app, 'POST', '/api/admin/rooms', {
    cookie: adminCookie,
    json: {
      product_id: productId,
      base_price: 500_00,
      max_price: 5_000_00,
      bid_value: 10_00,
      bid_seconds: 60,
      scheduled_time: deps.clock.now() + 3_600_000,
      ...rules,
    },
  });
  if (res.status !== 200) throw new Error(`creating a room failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.room_code;
};
