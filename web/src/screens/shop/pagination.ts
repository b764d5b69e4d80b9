export type PageItem = number | 'gap';

/** Storefront §9: the first page, the last page and pages within 2 of the current, with ellipses between. */
export const pageItems = (current: number, pages: number): PageItem[] => {
  if (pages <= 1) return pages === 1 ? [1] : [];
  const shown = new Set([1, pages]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= pages) shown.add(p);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of [...shown].sort((a, b) => a - b)) {
    if (p - previous > 1) items.push('gap');
    items.push(p);
    previous = p;
  }
  return items;
};
