/** Top Products (storefront §2): 1 featured and 6 smaller in-stock products; built with the shop. */
export { TopProducts } from '../../screens/shop/TopProducts.tsx';
