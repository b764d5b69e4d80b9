import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { t, useLang } from '../i18n/index.ts';
import { SITE } from './site.ts';

/** Sets the tab title to "{title} · Vetri Deals" while the page is shown. */
export const usePageTitle = (title: string | null): void => {
  const lang = useLang();
  useEffect(() => {
    document.title = title ? `${title} · ${SITE.name}` : t('Vetri Deals — invite-only deals and shop');
  }, [title, lang]);
};

/** True once the window has scrolled past `threshold` px. */
export const useScrolledPast = (threshold: number): boolean => {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
};

/** Calls `tick` every `ms` while `enabled`; restarting whenever `resetKey` changes. */
export const useInterval = (tick: () => void, ms: number, enabled = true, resetKey: unknown = null): void => {
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  }, [tick, ms, enabled, resetKey]);
};

/**
 * Open/closed state for a header popover (cart, search): closes on navigation, on a press
 * outside the element holding `ref`, and on Escape.
 */
export const useDismissable = <T extends HTMLElement>() => {
  const [open, setOpen] = useState(false);
  const ref = useRef<T>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return { open, setOpen, ref };
};
