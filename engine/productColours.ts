/** The catalogue's colour names and their hex: the product drawings and the shop's colour swatches both use them. */
export const PRODUCT_COLOURS: Readonly<Record<string, string>> = {
  Black: '#2b2f33',
  White: '#f5f5f2',
  Red: '#d64541',
  Blue: '#2f6fd6',
  Green: '#2e9e6a',
  Silver: '#b8bec6',
  Gold: '#d4a531',
  Pink: '#e07aa5',
  Brown: '#8b5a3c',
  Yellow: '#f2c230',
  Grey: '#7b8088',
  Orange: '#f08a24',
  Purple: '#7e57c2',
  Teal: '#17898a',
  Maroon: '#7d1f2b',
};
