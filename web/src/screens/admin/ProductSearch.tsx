import { useEffect, useId, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { api } from '../../lib/api.ts';
import { formatRupees } from '../../lib/format.ts';
import { ProductImage } from '../../ui/kit.tsx';
import type { Product as ContractProduct } from '../../../../api/contract/shop.ts';

export type Product = Pick<ContractProduct, 'id' | 'name' | 'price' | 'product_code' | 'image_url'>;

/** Live auction spec §2: a product search (name contains, any case) that fills product, name and total price. */
export const ProductSearch = ({
  picked,
  onPick,
  initial,
}: {
  picked: Product | null;
  onPick: (p: Product | null) => void;
  initial: string;
}) => {
  const [text, setText] = useState(initial);
  const [results, setResults] = useState<Product[] | null>(null);
  const [open, setOpen] = useState(false);
  const listId = useId();

  useEffect(() => {
    const q = text.trim();
    if (!q || (picked && picked.name === text)) {
      setResults(null);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      api<{ products: Product[] }>(`/api/products/suggest?q=${encodeURIComponent(q)}`, { signal: ctrl.signal })
        .then((res) => {
          setResults(res.products);
          setOpen(true);
        })
        .catch((error: unknown) => {
          if (!(error instanceof DOMException)) setResults([]);
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [text, picked]);

  return (
    <div className="vd-form-field vd-form-field--wide product-search">
      <label htmlFor="room-product">
        {t('Product')} <span className="vd-req">*</span>
      </label>
      <input
        id="room-product"
        type="search"
        role="combobox"
        aria-expanded={open && !!results}
        aria-controls={listId}
        aria-autocomplete="list"
        autoComplete="off"
        placeholder={t('Type part of a product name')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (picked) onPick(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      {open && results && (
        <ul className="product-options" id={listId} role="listbox">
          {results.length === 0 && (
            <li className="product-option-empty">
              {tRich(
                'No products match “<q>{query}</q>”.',
                { q: (words) => <span translate="no">{words}</span> },
                { query: text.trim() },
              )}
            </li>
          )}
          {results.map((p) => (
            <li key={p.id} role="option" aria-selected={picked?.id === p.id}>
              <button
                type="button"
                className="product-option"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  onPick(p);
                  setText(p.name);
                  setOpen(false);
                }}
              >
                <ProductImage src={p.image_url} alt="" className="product-option-image" />
                <span translate="no">{p.name}</span>
                <span className="muted">{formatRupees(p.price)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {picked ? (
        <p className="vd-form-hint" data-testid="picked-product">
          {tRich(
            'Selected: <name>{name}</name> ({code}), {price}',
            { name: (words) => <strong translate="no">{words}</strong> },
            { name: picked.name, code: picked.product_code, price: formatRupees(picked.price) },
          )}
        </p>
      ) : (
        <p className="vd-form-hint">{t('Search by name (any part, any case) and pick one.')}</p>
      )}
    </div>
  );
};
