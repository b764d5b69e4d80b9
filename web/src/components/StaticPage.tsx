import type { ReactNode } from 'react';
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

/** The common frame of information pages: a heading band and a readable column. */
export const StaticPage = ({ title, lead, eyebrow, note, children, wide = false }: StaticPageProps) => {
  usePageTitle(title);
  return (
    <>
      <header className={`page-hero${wide ? ' page-hero--wide' : ''}`}>
        <div className="container">
          {eyebrow && <p className="eyebrow eyebrow--light">{eyebrow}</p>}
          <h1>{title}</h1>
          <p className="page-hero-lead">{lead}</p>
          {note && <p className="page-hero-note">{note}</p>}
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
    <h2 className="callout-title">{title}</h2>
    {children}
  </aside>
);
