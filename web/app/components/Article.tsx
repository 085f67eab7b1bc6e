import { Button } from '@mantine/core';
import { Link } from 'react-router';
import type { ContentSection, LegalDocument, SimplePage } from '../content/types';
import { useT } from '../lib/use-t';
import { useIntl } from 'react-intl';
import classes from './Article.module.css';

function Section({ section, id, headingPrefix }: { section: ContentSection; id: string; headingPrefix?: string }) {
  return (
    <section className={classes.section} id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={classes.h2}>
        {headingPrefix && <span className={classes.number}>{headingPrefix}</span>}
        {section.heading}
      </h2>
      {section.paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      {section.formula && (
        <pre className={classes.formula} data-testid="formula">
          {section.formula.join('\n')}
        </pre>
      )}
      {section.list && (
        <ul className={classes.list}>
          {section.list.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /about, /TraderChat: a lead, sections and an optional call to action. `sectionIds` names anchors the content links to. */
export function SimplePageView({ page, sectionIds = {} }: { page: SimplePage; sectionIds?: Record<number, string> }) {
  const cta = page.cta;
  return (
    <article className={classes.page}>
      <header className={classes.hero}>
        <div className={classes.heroInner}>
          <h1 className={classes.h1}>{page.title}</h1>
          <p className={classes.lead}>{page.lead}</p>
          {cta && (
            <Button component={Link} to={cta.href} size="md" color="yellow.6" c="dark.9" className={classes.cta}>
              {cta.label}
            </Button>
          )}
        </div>
      </header>
      <div className={classes.body}>
        {page.sections.map((section, i) => (
          <Section key={i} section={section} id={sectionIds[i] ?? `section-${i + 1}`} />
        ))}
      </div>
    </article>
  );
}

/** /service, /privacy, /cookie: numbered sections with a table of contents. */
export function LegalDocumentView({ doc }: { doc: LegalDocument }) {
  const t = useT();
  const intl = useIntl();
  const updated = intl.formatDate(`${doc.updated}T00:00:00Z`, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
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
          <p className={classes.updated}>
            {t('legal.document.updated', { date: updated })}
          </p>
        </header>
        {doc.intro.map((p, i) => (
          <p key={i} className={classes.intro}>
            {p}
          </p>
        ))}
        {doc.sections.map((section, i) => (
          <Section key={i} section={section} id={`section-${i + 1}`} headingPrefix={`${i + 1}.`} />
        ))}
      </article>
    </div>
  );
}
