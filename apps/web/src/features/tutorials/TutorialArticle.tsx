import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pagerOf, tutorialPage, tutorialPath, type TutorialPage } from './logic/tutorialPages';

/** A tutorial page: its title and summary, the lesson, and the way to the previous and next pages. */
export function TutorialArticle({ slug, children }: { slug: string; children: ReactNode }) {
  const page = tutorialPage(slug);
  const { previous, next } = pagerOf(slug);
  return (
    <article className="max-w-4xl">
      <p className="text-xs font-semibold tracking-[0.14em] text-amber-300 uppercase">Tutorial</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl">{page.title}</h1>
      <p className="mt-3 text-base text-neutral-400 sm:text-lg">{page.summary}</p>
      <div className="mt-8 space-y-8 text-[15px] leading-relaxed text-neutral-300">{children}</div>
      <nav
        aria-label="Tutorial pages"
        className="mt-12 grid gap-3 border-t border-white/10 pt-6 sm:grid-cols-2"
      >
        {previous ? <PagerLink page={previous} label="Previous" /> : <span />}
        {next && <PagerLink page={next} label="Next" alignEnd />}
      </nav>
    </article>
  );
}

function PagerLink({ page, label, alignEnd }: { page: TutorialPage; label: string; alignEnd?: boolean }) {
  return (
    <Link
      to={tutorialPath(page.slug)}
      className={`rounded-xl border border-white/10 px-4 py-3 hover:border-amber-400/50 focus-visible:outline-2 focus-visible:outline-amber-400 ${
        alignEnd ? 'sm:text-right' : ''
      }`}
    >
      <span className="block text-xs text-neutral-500">{label}</span>
      <span className="font-medium text-neutral-100">{page.title}</span>
    </Link>
  );
}

/** A part of a lesson under its own heading. */
export function Lesson({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-xl font-semibold text-white">{title}</h2>
      {children}
    </section>
  );
}

/** A point the reader should not miss. */
export function Callout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside className="rounded-xl border border-amber-400/20 bg-amber-400/5 px-4 py-3">
      <p className="font-semibold text-amber-200">{title}</p>
      <div className="mt-1 text-neutral-300">{children}</div>
    </aside>
  );
}

/** A bulleted list of points, each a short sentence or a term and its meaning. */
export function Points({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-5 marker:text-amber-400/70">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/** A link to another tutorial page, inside the text. */
export function PageLink({ slug, children }: { slug: string; children: ReactNode }) {
  return (
    <Link to={tutorialPath(slug)} className="font-medium text-amber-300 underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}
