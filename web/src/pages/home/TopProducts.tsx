/**
 * Top Products (storefront §2): 1 featured and 6 smaller in-stock products with rating, struck-through original
 * price and current price. It arrives with the shop; until then it renders nothing rather than a made-up list.
 */
export const TopProducts = () => null;
