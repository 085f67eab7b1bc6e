import { Button } from '@mantine/core';
import { Link } from 'react-router';
import type { ContentDocument, ContentSection } from '../content/types';
import { useT } from '../lib/use-t';
import { useIntl } from 'react-intl';
import classes from './Article.module.css';

/** The section's body is HTML compiled from the Markdown files at build time (app/content/compile.ts). */
function Section({ section, id, headingPrefix }: { section: ContentSection; id: string; headingPrefix?: string }) {
  return (
    <section className={classes.section} id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={classes.h2}>
        {headingPrefix && <span className={classes.number}>{headingPrefix}</span>}
        {section.heading}
      </h2>
      <div className={classes.prose} dangerouslySetInnerHTML={{ __html: section.html }} />
    </section>
  );
}

/** /about, /about/methodology, /TraderChat: a lead, sections (anchored `section-N` unless the Markdown names one) and an optional call to action. */
export function SimplePageView({ page }: { page: ContentDocument }) {
  const cta = page.cta;
  return (
    <article className={classes.page}>
      <header className={classes.hero}>
        <div className={classes.heroInner}>
          <h1 className={classes.h1}>{page.title}</h1>
          <div className={classes.lead} dangerouslySetInnerHTML={{ __html: page.introHtml }} />
          {cta && (
            <Button component={Link} to={cta.href} size="md" color="yellow.6" c="dark.9" className={classes.cta}>
              {cta.label}
            </Button>
          )}
        </div>
      </header>
      <div className={classes.body}>
        {page.sections.map((section, i) => (
          <Section key={i} section={section} id={section.id ?? `section-${i + 1}`} />
        ))}
      </div>
    </article>
  );
}

/** /service, /privacy, /cookie: numbered sections with a table of contents. */
export function LegalDocumentView({ doc }: { doc: ContentDocument }) {
  const t = useT();
  const intl = useIntl();
  const updated = doc.updated && intl.formatDate(`${doc.updated}T00:00:00Z`, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return (
    <div className={`bw-container ${classes.legal}`}>
      <nav className={classes.toc} aria-labelledby="toc-title">
        <p id="toc-title" className={classes.tocTitle}>
          {t('legal.toc.title')}
        </p>
        <ol className={classes.tocList}>
          {doc.sections.map((section, i) => (
            <li key={i}>
              <a href={`#section-${i + 1}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      <article className={classes.document}>
        <header className={classes.docHead}>
          <h1 className={classes.h1Dark}>{doc.title}</h1>
          {updated && <p className={classes.updated}>{t('legal.document.updated', { date: updated })}</p>}
        </header>
        <div className={classes.intro} dangerouslySetInnerHTML={{ __html: doc.introHtml }} />
        {doc.sections.map((section, i) => (
          <Section key={i} section={section} id={`section-${i + 1}`} headingPrefix={`${i + 1}.`} />
        ))}
      </article>
    </div>
  );
}
