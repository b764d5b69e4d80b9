import { SHOP_TAXONOMY_STREAM, shopTaxonomyDecider } from '../../engine/shopTaxonomy.ts';
import type { Deps } from '../../api/deps.ts';
import { handleCommand } from '../../api/commandHandler.ts';
import type { ProductDetails } from '../../engine/product.ts';
import { productDecider, productStream } from '../../engine/product.ts';

export interface SeedProduct extends ProductDetails {
  stock: number;
  /** Which drawing the image uses (scripts/seed/catalogueImages.ts). */
  kind: string;
}

type Row = [
  category: string,
  kind: string,
  name: string,
  brand: string,
  colour: string,
  price: number,
  original: number,
  rating: number,
  ratings: number,
  stock: number,
  points: number,
  description: string,
];

/** Prices in whole rupees here; stock 0 and 1 on purpose (out of stock, last unit). */
// prettier-ignore
const data: Row[] = [
  ['Mobiles', 'phone', 'Nila X5 5G Smartphone', 'Nila', 'Blue', 18999, 24999, 4.4, 1280, 25, 400, '6.5-inch AMOLED display, 128 GB storage, 50 MP camera and a 5000 mAh battery that lasts a full day of calls and video.'],
  ['Mobiles', 'phone', 'Nila Note 12 Pro', 'Nila', 'Black', 24999, 32999, 4.6, 940, 12, 500, '120 Hz curved display, 256 GB storage and 67 W fast charging — a full charge in about 40 minutes.'],
  ['Mobiles', 'phone', 'Chola C3 Lite Phone', 'Chola', 'Green', 8999, 11999, 3.9, 410, 40, 150, 'A light everyday phone with dual SIM, 64 GB storage and a bright 6.1-inch screen; Tamil keyboard built in.'],
  ['Mobiles', 'tablet', 'Chola Tab 10 Tablet', 'Chola', 'Silver', 15999, 21999, 4.1, 260, 8, 300, '10.4-inch 2K display with quad speakers, made for online classes, films and video calls.'],
  ['Mobiles', 'tablet', 'Nila Pad Mini Tablet', 'Nila', 'Purple', 11499, 14999, 3.6, 95, 0, 250, 'An 8-inch tablet that fits a handbag, with 4G calling and a 5100 mAh battery.'],
  ['Mobiles', 'powerbank', 'Zenith 20000 mAh Power Bank', 'Zenith', 'Black', 1499, 2999, 4.3, 2200, 60, 30, 'Charges a phone four times over; 22.5 W fast charging with USB-C in and out.'],
  ['Mobiles', 'powerbank', 'Zenith Slim 10000 mAh Power Bank', 'Zenith', 'White', 899, 1799, 4.0, 1530, 1, 20, 'Pocket-thin aluminium power bank with two outputs and a charge level indicator.'],
  ['Mobiles', 'phone', 'Marina M1 Budget Phone', 'Marina', 'Red', 6499, 7999, 3.2, 180, 30, 100, 'A dependable first smartphone: 4G, 32 GB storage, a big battery and a loud speaker.'],
  ['Audio', 'headphones', 'Thendral Wave Headphones', 'Thendral', 'Black', 2499, 4999, 4.5, 860, 18, 60, 'Wireless over-ear headphones with 40 hours of play, soft cushions and a fold-flat design.'],
  ['Audio', 'headphones', 'Thendral Bass Pro Headphones', 'Thendral', 'Red', 3999, 6999, 4.2, 310, 10, 80, 'Deep bass tuning, active noise cancelling for bus rides and a built-in microphone for calls.'],
  ['Audio', 'earbuds', 'Nila Buds Air Earbuds', 'Nila', 'White', 1799, 3499, 4.1, 1900, 50, 40, 'True wireless earbuds with touch controls, 30 hours with the case and IPX4 sweat resistance.'],
  ['Audio', 'earbuds', 'Nila Buds Pro ANC Earbuds', 'Nila', 'Black', 4499, 7999, 4.7, 720, 6, 90, 'Hybrid noise cancelling, transparency mode and low-latency gaming mode in a compact case.'],
  ['Audio', 'speaker', 'Kaveri Boom Bluetooth Speaker', 'Kaveri', 'Blue', 2999, 4999, 4.0, 540, 22, 60, '20 W portable speaker, splash proof, with 12 hours of music and a strap for outings.'],
  ['Audio', 'speaker', 'Kaveri Mini Speaker', 'Kaveri', 'Orange', 999, 1999, 3.4, 230, 0, 20, 'A palm-sized speaker with FM radio and a memory card slot.'],
  ['Audio', 'speaker', 'Marina Party Speaker 40W', 'Marina', 'Black', 6999, 11999, 4.3, 150, 7, 140, 'Party speaker with lights, karaoke microphone input and 8 hours of battery.'],
  ['Audio', 'headphones', 'Thendral Kids Headphones', 'Thendral', 'Pink', 1199, 1999, 4.4, 88, 15, 25, 'Volume-limited headphones sized for children, with a sturdy bendable headband.'],
  ['Watches', 'watch', 'Pallava Classic Analog Watch', 'Pallava', 'Brown', 1999, 3999, 4.2, 450, 20, 40, 'Leather strap, white dial and Japanese quartz movement; water resistant to 30 m.'],
  ['Watches', 'watch', 'Pallava Gold Dial Watch', 'Pallava', 'Gold', 5499, 8999, 4.6, 210, 5, 110, 'A festive gold-tone watch with a sunray dial and a date window.'],
  ['Watches', 'watch', 'Pallava Steel Chrono Watch', 'Pallava', 'Silver', 7999, 12999, 4.8, 130, 4, 160, 'Stainless steel chronograph with a sapphire-coated glass and 100 m water resistance.'],
  ['Watches', 'smartwatch', 'Zenith Fit Smartwatch', 'Zenith', 'Black', 2999, 5999, 4.0, 1620, 35, 60, '1.8-inch display, heart rate and SpO2 tracking, 100 sports modes and 7 days of battery.'],
  ['Watches', 'smartwatch', 'Zenith Fit Pro Smartwatch', 'Zenith', 'Blue', 4999, 8999, 4.3, 780, 14, 100, 'Bluetooth calling from the wrist, AMOLED screen and built-in GPS for runs.'],
  ['Watches', 'smartwatch', 'Nila Active Smartwatch', 'Nila', 'Green', 3499, 5499, 3.8, 300, 0, 70, 'Slim smartwatch with sleep tracking, reminders and a silicone sports strap.'],
  ['Watches', 'watch', 'Pallava Ladies Watch', 'Pallava', 'Pink', 2499, 4499, 4.5, 260, 11, 50, 'Petite dial with crystal markers and a mesh bracelet.'],
  ['Watches', 'watch', 'Marina Sports Watch', 'Marina', 'Red', 1299, 2499, 2.9, 75, 25, 25, 'Digital sports watch with stopwatch, alarm and backlight.'],
  ['Kitchen', 'cooker', 'Vetri Home 5 L Pressure Cooker', 'Vetri Home', 'Silver', 1899, 2999, 4.6, 3100, 45, 40, 'Aluminium outer-lid cooker for families of four to six; works on gas and induction.'],
  ['Kitchen', 'cooker', 'Vetri Home 3 L Pressure Cooker', 'Vetri Home', 'Red', 1499, 2299, 4.4, 1200, 30, 30, 'Hard-anodised cooker that cooks rice and dal in minutes; safety valve and gasket included.'],
  ['Kitchen', 'kettle', 'Kaveri Electric Kettle 1.5 L', 'Kaveri', 'White', 1099, 1899, 4.1, 900, 28, 20, 'Boils water in under four minutes, with auto shut-off and a cool-touch handle.'],
  ['Kitchen', 'kettle', 'Kaveri Steel Kettle 1.8 L', 'Kaveri', 'Silver', 1399, 2199, 4.0, 640, 16, 25, 'Stainless steel inside and out, no plastic taste, 1500 W.'],
  ['Kitchen', 'tiffin', 'Vetri Home 3-Tier Tiffin Box', 'Vetri Home', 'Silver', 599, 999, 4.7, 2500, 80, 10, 'Classic stainless steel tiffin carrier with three leak-proof tiers and a clip handle.'],
  ['Kitchen', 'tiffin', 'Vetri Home Kids Tiffin Box', 'Vetri Home', 'Blue', 349, 599, 4.3, 700, 55, 5, 'A small two-compartment lunch box for school, easy for little hands to open.'],
  ['Kitchen', 'mixer', 'Aadhi Mixer Grinder 750 W', 'Aadhi', 'White', 3499, 5499, 4.4, 1800, 20, 70, 'Three jars for chutneys, masalas and batter; overload protection and a 5-year motor warranty.'],
  ['Kitchen', 'mixer', 'Aadhi Juicer Mixer 500 W', 'Aadhi', 'Red', 2599, 3999, 3.7, 420, 9, 50, 'Juicer jar with a fine mesh plus two grinding jars for everyday cooking.'],
  ['Home Decor', 'lamp', 'Malli Brass Table Lamp', 'Malli', 'Gold', 2299, 3999, 4.5, 330, 12, 45, 'Hand-finished brass base with a cotton shade; a warm light for the pooja room or study.'],
  ['Home Decor', 'lamp', 'Malli Reading Lamp', 'Malli', 'Black', 1499, 2499, 4.0, 210, 18, 30, 'Adjustable arm and an LED bulb that is kind to the eyes for late-night reading.'],
  ['Home Decor', 'vase', 'Malli Ceramic Flower Vase', 'Malli', 'Teal', 899, 1499, 4.2, 150, 25, 15, 'Glazed ceramic vase, 30 cm tall, for fresh or dried flowers.'],
  ['Home Decor', 'vase', 'Malli Terracotta Vase', 'Malli', 'Orange', 699, 1199, 4.6, 95, 3, 12, 'Hand-thrown terracotta from Tamil Nadu potters, each one slightly different.'],
  ['Home Decor', 'clock', 'Chola Wooden Wall Clock', 'Chola', 'Brown', 1299, 2199, 4.3, 410, 20, 25, 'Sheesham wood frame with large numerals that read easily across a room.'],
  ['Home Decor', 'clock', 'Chola Silent Wall Clock', 'Chola', 'White', 999, 1699, 3.5, 120, 0, 20, 'Sweep movement with no ticking, for bedrooms and offices.'],
  ['Home Decor', 'cushion', 'Thendral Kalamkari Cushion Cover Set', 'Thendral', 'Maroon', 799, 1399, 4.4, 260, 40, 15, 'Set of five hand-block-printed cotton covers, 40 × 40 cm, with hidden zips.'],
  ['Home Decor', 'cushion', 'Thendral Cotton Cushion Set', 'Thendral', 'Yellow', 599, 999, 3.9, 80, 35, 10, 'Soft cotton covers in a sunny solid colour, set of two.'],
  ['Fashion', 'saree', 'Kaveri Kanchipuram Silk Saree', 'Kaveri', 'Maroon', 8999, 14999, 4.8, 620, 8, 180, 'Pure silk with a contrast zari border and rich pallu, with an unstitched blouse piece.'],
  ['Fashion', 'saree', 'Kaveri Chettinad Cotton Saree', 'Kaveri', 'Green', 1899, 2999, 4.5, 540, 24, 40, 'Breathable Chettinad checks for everyday wear, 5.5 m with blouse piece.'],
  ['Fashion', 'saree', 'Kaveri Soft Silk Saree', 'Kaveri', 'Pink', 3499, 5999, 4.3, 300, 0, 70, 'Lightweight soft silk that drapes easily, with a temple border.'],
  ['Fashion', 'shirt', 'Marina Linen Shirt', 'Marina', 'Blue', 1299, 2199, 4.1, 700, 40, 25, 'Cool linen-blend shirt for the summer, regular fit, sizes S to XXL.'],
  ['Fashion', 'shirt', 'Marina Formal Shirt', 'Marina', 'White', 999, 1799, 3.8, 420, 50, 20, 'Wrinkle-resistant cotton shirt for office days.'],
  ['Fashion', 'kurta', 'Aadhi Cotton Kurta', 'Aadhi', 'Yellow', 1199, 1999, 4.2, 360, 30, 25, 'Straight-cut cotton kurta with a mandarin collar.'],
  ['Fashion', 'kurta', 'Aadhi Festive Kurta', 'Aadhi', 'Purple', 1799, 2999, 4.6, 140, 6, 35, 'Silk-blend kurta with subtle embroidery for weddings and festivals.'],
  ['Fashion', 'shirt', 'Marina Polo T-Shirt', 'Marina', 'Black', 699, 1199, 2.6, 60, 70, 10, 'Pique cotton polo with a ribbed collar.'],
  ['Footwear', 'shoe', 'Zenith Runner Sports Shoes', 'Zenith', 'Blue', 2499, 4499, 4.3, 980, 26, 50, 'Cushioned running shoes with a breathable mesh upper and a grippy sole.'],
  ['Footwear', 'shoe', 'Zenith Trail Shoes', 'Zenith', 'Grey', 3299, 5499, 4.0, 210, 9, 65, 'Rugged shoes for hill treks, with a toe guard and deep lugs.'],
  ['Footwear', 'shoe', 'Pallava Leather Formal Shoes', 'Pallava', 'Brown', 2999, 4999, 4.5, 330, 12, 60, 'Genuine leather Oxfords with a padded insole for long days.'],
  ['Footwear', 'shoe', 'Pallava Canvas Sneakers', 'Pallava', 'White', 1499, 2499, 3.9, 520, 40, 30, 'Classic low-top canvas sneakers that go with everything.'],
  ['Footwear', 'sandal', 'Chola Kolhapuri Sandals', 'Chola', 'Brown', 899, 1499, 4.4, 610, 33, 15, 'Handcrafted leather Kolhapuris with a cushioned footbed.'],
  ['Footwear', 'sandal', 'Chola Comfort Sandals', 'Chola', 'Black', 699, 1199, 3.3, 140, 0, 12, 'Lightweight daily sandals with an adjustable strap.'],
  ['Footwear', 'sandal', 'Malli Ladies Flats', 'Malli', 'Pink', 799, 1299, 4.1, 260, 21, 15, 'Soft, flexible flats with a bow detail, comfortable all day.'],
  ['Footwear', 'shoe', 'Zenith Kids Shoes', 'Zenith', 'Red', 999, 1699, 4.6, 190, 17, 20, 'Velcro-strap shoes for school and play, with light-up heels.'],
  ['Bags', 'backpack', 'Pallava Travel Backpack 35 L', 'Pallava', 'Black', 1999, 3499, 4.4, 870, 22, 40, 'Water-resistant backpack with a padded laptop sleeve and a rain cover.'],
  ['Bags', 'backpack', 'Pallava Laptop Backpack', 'Pallava', 'Grey', 1599, 2799, 4.2, 640, 30, 30, 'Slim office backpack for 15.6-inch laptops, with a USB charging port.'],
  ['Bags', 'backpack', 'Marina School Bag', 'Marina', 'Blue', 899, 1499, 4.0, 300, 45, 15, 'Roomy school bag with three compartments and padded straps.'],
  ['Bags', 'handbag', 'Malli Leather Handbag', 'Malli', 'Brown', 2799, 4999, 4.5, 230, 7, 55, 'Full-grain leather tote with an inner zip pocket.'],
  ['Bags', 'handbag', 'Malli Party Clutch Handbag', 'Malli', 'Gold', 1499, 2499, 3.6, 70, 14, 30, 'Sequinned clutch with a detachable chain strap.'],
  ['Bags', 'suitcase', 'Zenith Cabin Suitcase 55 cm', 'Zenith', 'Teal', 3999, 7499, 4.3, 410, 10, 80, 'Hard-shell cabin trolley with four spinner wheels and a TSA lock.'],
  ['Bags', 'suitcase', 'Zenith Large Suitcase 75 cm', 'Zenith', 'Purple', 5999, 9999, 4.1, 190, 1, 120, 'Check-in size trolley with an expandable zip for the trip home.'],
  ['Bags', 'handbag', 'Aadhi Jute Tote Bag', 'Aadhi', 'Yellow', 399, 699, 4.7, 520, 90, 5, 'Sturdy jute tote for the market, reusable for years.'],
  ['Computers', 'laptop', 'Chola Book 14 Laptop', 'Chola', 'Silver', 54999, 69999, 4.2, 210, 6, 900, '14-inch full HD laptop, 16 GB RAM, 512 GB SSD, weighs just 1.4 kg.'],
  ['Computers', 'laptop', 'Nila Book Pro 16 Laptop', 'Nila', 'Grey', 89999, 109999, 4.7, 88, 3, 1500, '16-inch 2.5K display, 32 GB RAM and 1 TB SSD for creators and coders.'],
  ['Appliances', 'fan', 'Aadhi Pedestal Fan', 'Aadhi', 'White', 2999, 4499, 4.0, 760, 20, 50, 'High-speed pedestal fan with adjustable height and a remote.'],
  ['Appliances', 'fan', 'Aadhi Table Fan', 'Aadhi', 'Blue', 1799, 2699, 3.9, 420, 0, 30, 'Compact 400 mm table fan with three speeds and oscillation.'],
];

const slugify = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The demo shop catalogue: 68 products over 10 categories, 10 brands and 15 colours. Prices in paise. */
export const catalogueProducts: SeedProduct[] = data.map(
  ([category, kind, name, brand, color, price, original, rating, ratings, stock, points, description], i) => {
    const id = `p${1001 + i}`;
    const product_code = `VD${1001 + i}`;
    const image_url = `/products/${product_code.toLowerCase()}.svg`;
    return {
      id,
      product_code,
      slug: slugify(name),
      name,
      description,
      price: price * 100,
      original_price: original * 100,
      image_url,
      images: [image_url],
      rating,
      ratings,
      category,
      brand,
      color,
      reward_points: points,
      is_active: true,
      stock,
      kind,
    };
  },
);

/** Adds every demo product once (a product that already exists is left as it is). */
export const seedCatalogue = async (deps: Deps): Promise<void> => {
  const now = deps.clock.now();
  for (const { stock, kind: _kind, ...product } of catalogueProducts) {
    const stream = productStream(product.id);
    const existing = await deps.store.readStream(stream, { limit: 1 });
    if (existing.length > 0) continue;
    await handleCommand(
      deps.commands,
      stream,
      productDecider,
      { type: 'AddProduct', data: { product, stock, now } },
      { actor: 'system', now, commandId: `seed-product-${product.id}` },
    );
  }
  // The category and brand lists start with what the demo catalogue uses, and the add-product defaults.
  const lists = {
    category: new Set(['General', ...catalogueProducts.map((p) => p.category)]),
    brand: new Set(['Vetri', ...catalogueProducts.map((p) => p.brand)]),
  };
  for (const kind of ['category', 'brand'] as const) {
    for (const name of lists[kind]) {
      await handleCommand(
        deps.commands,
        SHOP_TAXONOMY_STREAM,
        shopTaxonomyDecider,
        { type: 'AddToTaxonomy', data: { kind, name, now } },
        { actor: 'system', now, commandId: `seed-taxonomy-${kind}-${name}` },
      );
    }
  }
};
