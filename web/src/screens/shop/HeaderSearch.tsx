import { t } from '../../i18n/index.ts';
import { useDismissable } from '../../lib/hooks.ts';
import { SearchIcon } from './parts.tsx';
import { SearchBox } from './SearchBox.tsx';
import './shop.css';
import './header.css';

/** The header's search: a field on wide screens, a button that opens a search bar under the header elsewhere. */
export const HeaderSearch = () => {
  const { open, setOpen, ref } = useDismissable<HTMLDivElement>();

  return (
    <div className="header-search" ref={ref}>
      <div className="header-search-inline">
        <SearchBox />
      </div>
      <button
        type="button"
        className="search-toggle"
        aria-label={t('Search products')}
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
