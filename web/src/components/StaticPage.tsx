import type { ReactNode } from 'react';
import { t } from '../i18n/index.ts';
import { usePageTitle } from '../lib/hooks.ts';

type StaticPageProps = {
  title: string;
  lead: string;
  eyebrow?: string;
  /** e.g. "Last updated 1 November 2025" for policies. */
  note?: string;
  children: ReactNode;
  wide?: boolean;
};

/** The common frame of information pages: a heading band and a readable column. Its texts are given in English and shown translated. */
export const StaticPage = ({ title, lead, eyebrow, note, children, wide = false }: StaticPageProps) => {
  usePageTitle(t(title));
  return (
    <>
      <header className={`page-hero${wide ? ' page-hero--wide' : ''}`}>
        <div className="container">
          {eyebrow && <p className="eyebrow eyebrow--light">{t(eyebrow)}</p>}
          <h1>{t(title)}</h1>
          <p className="page-hero-lead">{t(lead)}</p>
          {note && <p className="page-hero-note">{t(note)}</p>}
        </div>
      </header>
      <div className={`container page-body${wide ? ' page-body--wide' : ''}`}>
        <article className="prose">{children}</article>
      </div>
    </>
  );
};

/** A bordered box inside a static page for the facts people look for first. */
export const Callout = ({ title, children }: { title: string; children: ReactNode }) => (
  <aside className="callout">
    <h2 className="callout-title">{t(title)}</h2>
    {children}
  </aside>
);
