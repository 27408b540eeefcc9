import type { ReactNode } from 'react';
import { PageShell } from '../../ui/PageShell';
import { RESIDENCY, RESIDENCY_LINKS } from './communityConfig';

const LINK =
  'inline-flex h-11 items-center rounded-lg px-5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-white/10 bg-neutral-900/70 p-5">
      <dt className="text-xs font-semibold tracking-wider text-amber-400/80 uppercase">{label}</dt>
      <dd className="mt-2 text-lg font-semibold text-white">{children}</dd>
    </div>
  );
}

/** /residencies: the summer residency, its dates, prizes, jury and rules, with Register and Discord. */
export function ResidenciesPage() {
  const external = (url: string) =>
    /^https?:/.test(url) ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <PageShell narrow>
      <p className="text-xs font-semibold tracking-[0.2em] text-amber-400/80 uppercase">Residencies</p>
      <h1 className="mt-2 text-4xl font-semibold tracking-tight text-white">Summer Residency 2025</h1>
      <p className="mt-4 text-lg text-neutral-300">
        Two months to make a film with Cinegraph, from {RESIDENCY.start} to {RESIDENCY.end}, with free GPU
        access and three prizes.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <a
          href={RESIDENCY_LINKS.register}
          {...external(RESIDENCY_LINKS.register)}
          className={`${LINK} bg-amber-400 text-neutral-950 hover:bg-amber-300`}
        >
          Register
        </a>
        <a
          href={RESIDENCY_LINKS.discord}
          {...external(RESIDENCY_LINKS.discord)}
          className={`${LINK} bg-neutral-800 text-neutral-100 ring-1 ring-white/10 hover:bg-neutral-700`}
        >
          Join us on Discord
        </a>
      </div>

      <dl className="mt-12 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Fact label="Dates">
          {RESIDENCY.start} to {RESIDENCY.end}
        </Fact>
        <Fact label="Winners announced">{RESIDENCY.announcement}</Fact>
        <Fact label="GPU access">{RESIDENCY.gpuMonths} months free</Fact>
        <Fact label="Submissions">Up to {RESIDENCY.maxSubmissions} per resident</Fact>
      </dl>

      <section className="mt-12">
        <h2 className="text-2xl font-semibold text-white">Prizes</h2>
        <p className="mt-2 text-neutral-400">{RESIDENCY.prizes.length} prizes of 100 euro each.</p>
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {RESIDENCY.prizes.map((prize) => (
            <li
              key={prize.name}
              data-testid="residency-prize"
              className="rounded-xl border border-amber-400/20 bg-amber-400/5 p-5"
            >
              <p className="text-2xl font-bold text-amber-300">{prize.amount}</p>
              <p className="mt-1 font-semibold text-white">{prize.name}</p>
              <p className="mt-2 text-sm text-neutral-400">{prize.about}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-12 space-y-4 text-neutral-300">
        <h2 className="text-2xl font-semibold text-white">How it works</h2>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Register, then use Cinegraph with free GPU access for {RESIDENCY.gpuMonths} months,{' '}
            {RESIDENCY.start} to {RESIDENCY.end}.
          </li>
          <li>
            Submit up to {RESIDENCY.maxSubmissions} works by {RESIDENCY.end}.
          </li>
          <li>
            A jury of {RESIDENCY.jurySize} filmmakers and artists awards the Storytelling, Aesthetics and
            Frontier prizes; the winners are announced on {RESIDENCY.announcement}.
          </li>
          <li>Your works are shared publicly only with your permission.</li>
        </ul>
      </section>
    </PageShell>
  );
}
