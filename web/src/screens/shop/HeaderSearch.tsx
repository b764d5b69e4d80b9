import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { SearchIcon } from './parts.tsx';
import { SearchBox } from './SearchBox.tsx';
import './shop.css';
import './header.css';

/** The header's search: a field on wide screens, a button that opens a search bar under the header elsewhere. */
export const HeaderSearch = () => {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="header-search" ref={ref}>
      <div className="header-search-inline">
        <SearchBox />
      </div>
      <button
        type="button"
        className="search-toggle"
        aria-label="Search products"
        aria-expanded={open}
        data-testid="search-toggle"
        onClick={() => setOpen((o) => !o)}
      >
        <SearchIcon />
      </button>
      {open && (
        <div className="search-popover">
          <div className="container">
            <SearchBox autoFocus onDone={() => setOpen(false)} />
          </div>
        </div>
      )}
    </div>
  );
};
