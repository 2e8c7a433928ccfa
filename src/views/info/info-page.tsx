import type { ReactNode } from 'react';
import * as css from './info.css.ts';

/** The frame of every static page: a title, an optional lead line, then the page's sections. */
export function InfoPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <article className={css.page} aria-labelledby="info-title">
      <h1 id="info-title" className={css.title}>
        {title}
      </h1>
      {lead && <p className={css.lead}>{lead}</p>}
      {children}
    </article>
  );
}

export function InfoSection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className={css.section} aria-label={heading}>
      <h2 className={css.heading}>{heading}</h2>
      {children}
    </section>
  );
}
