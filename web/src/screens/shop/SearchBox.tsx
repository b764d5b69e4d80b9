import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { formatRupees } from '../../lib/format.ts';
import { ProductImage, SearchIcon } from './parts.tsx';
import type { Product } from './shopApi.ts';
import { shopApi } from './shopApi.ts';
import './shop.css';
import './header.css';

export const SUGGESTION_LIMIT = 10;

/**
 * Storefront §2 search box: suggests up to 10 products whose name contains the text; picking one
 * opens /product/{code}; Enter or the search button goes to /shop?search=…; empty text does nothing.
 */
export const SearchBox = ({ onDone, autoFocus = false }: { onDone?: () => void; autoFocus?: boolean }) => {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const listId = useId();
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<Product[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    const needle = text.trim();
    if (!needle) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      shopApi
        .suggest(needle, controller.signal)
        .then(({ products }) => {
          setSuggestions(products.slice(0, SUGGESTION_LIMIT));
          setActive(-1);
        })
        .catch((error: unknown) => {
          if (!(error instanceof DOMException)) console.error('search: suggestions failed', error);
        });
    }, 180);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const finish = (to: string) => {
    setOpen(false);
    setText('');
    inputRef.current?.blur();
    onDone?.();
    void navigate(to);
  };

  const submit = () => {
    const picked = suggestions[active];
    if (open && picked) return finish(`/product/${encodeURIComponent(picked.product_code)}`);
    const needle = text.trim();
    if (!needle) return;
    finish(`/shop?search=${encodeURIComponent(needle)}`);
  };

  const showList = open && text.trim() !== '' && suggestions.length > 0;
  return (
    <form
      role="search"
      className="search-box"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <input
        ref={inputRef}
        type="search"
        value={text}
        autoFocus={autoFocus}
        placeholder={t('Search products')}
        aria-label={t('Search products')}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(suggestions.length - 1, i + 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((i) => Math.max(-1, i - 1));
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      <button type="submit" className="search-btn" aria-label={t('Search')}>
        <SearchIcon />
      </button>
      {showList && (
        <ul id={listId} role="listbox" className="search-suggestions" aria-label={t('Suggested products')}>
          {suggestions.map((p, i) => (
            <li
              key={p.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'is-active' : undefined}
              onMouseDown={(event) => {
                event.preventDefault();
                finish(`/product/${encodeURIComponent(p.product_code)}`);
              }}
            >
              <ProductImage src={p.image_url} alt="" className="search-thumb" />
              <span className="search-name" translate="no">
                {p.name}
              </span>
              <span className="search-price">{formatRupees(p.price, { whole: true })}</span>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
};
