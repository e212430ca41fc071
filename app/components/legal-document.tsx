import { Link } from 'react-router';
import { linkStyles } from '~/components/ui/styles';
import type { Block, Inline, LegalDocument } from '~/content/legal';

// Renders a privacy policy or terms document from ~/content/legal: a title, a contents list that
// links to each section's anchor, and the sections.

function Text({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          part
        ) : part.to.startsWith('mailto:') ? (
          <a key={index} href={part.to} className={linkStyles}>
            {part.label}
          </a>
        ) : (
          <Link key={index} to={part.to} className={linkStyles}>
            {part.label}
          </Link>
        ),
      )}
    </>
  );
}

function BlockView({ block }: { block: Block }) {
  if ('p' in block) {
    return (
      <p className="mt-3 text-slate-700">
        <Text parts={block.p} />
      </p>
    );
  }
  return (
    <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700">
      {block.list.map((item, index) => (
        <li key={index}>
          <Text parts={item} />
        </li>
      ))}
    </ul>
  );
}

export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{document.title}</h1>
      <p className="mt-2 text-sm text-slate-600">Last updated {document.updated}</p>
      <p className="mt-6 text-slate-700">
        <Text parts={document.intro} />
      </p>
      <nav aria-label="Contents" className="mt-6">
        <ol className="list-decimal space-y-1 pl-6 text-sm">
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={linkStyles}>
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className="mt-10 scroll-mt-6"
        >
          <h2 id={`${section.id}-title`} className="text-xl font-semibold text-slate-900">
            {section.heading}
          </h2>
          {section.blocks.map((block, index) => (
            <BlockView key={index} block={block} />
          ))}
        </section>
      ))}
    </article>
  );
}
