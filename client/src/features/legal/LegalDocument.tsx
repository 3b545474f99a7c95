import { Fragment, type ReactNode } from 'react';
import './legal.css';

/** One titled section of a legal text; `id` becomes the in-page anchor. */
export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Lets long titles such as "Term/Termination/Suspension" wrap after a slash on narrow screens. */
function Breakable({ text }: { text: string }) {
  const parts = text.split('/');
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && (
            <>
              /<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}

/** "Last updated …" with a machine-readable date. `isoDate` is yyyy-MM-dd. */
export function LastUpdated({ isoDate, label }: { isoDate: string; label: string }) {
  return (
    <p className="legal-updated">
      Last updated <time dateTime={isoDate}>{label}</time>
    </p>
  );
}

/** Links to each section; a nav landmark rather than a heading so section headings stay the only h2s. */
export function TableOfContents({ sections, label = 'Contents' }: { sections: LegalSection[]; label?: string }) {
  return (
    <nav className="legal-toc" aria-label={label}>
      <p className="legal-toc__label" aria-hidden="true">
        {label}
      </p>
      <ol>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>
              <Breakable text={section.title} />
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The table of contents followed by every section as an h2 with its body. */
export function LegalSections({ sections }: { sections: LegalSection[] }) {
  return (
    <>
      <TableOfContents sections={sections} />
      {sections.map((section) => (
        <section key={section.id} id={section.id} className="legal-section" aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>
            <Breakable text={section.title} />
          </h2>
          {section.body}
        </section>
      ))}
    </>
  );
}

/** A link that opens in a new tab and says so to screen-reader users. */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="legal-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** "© 2025 Company". The year is read at render time, so it is always the current one. */
export function Copyright({ companyName }: { companyName: string }) {
  return <p className="legal-copyright">{`© ${new Date().getFullYear()} ${companyName}`}</p>;
}
