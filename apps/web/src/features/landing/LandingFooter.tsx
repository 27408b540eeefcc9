import { BrandMark } from '../../app/layout/BrandMark';
import { DiscordIcon, InstagramIcon } from './landingIcons';
import { SOCIAL_LINKS } from './media';

const ICONS = { instagram: InstagramIcon, discord: DiscordIcon } as const;

export function LandingFooter() {
  return (
    <footer className="border-t border-white/[0.06]">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-6 py-12 sm:flex-row sm:items-center sm:justify-between lg:px-8">
        <div className="flex items-center gap-3">
          <BrandMark className="size-7" />
          <p className="text-sm text-neutral-400">The studio for AI-assisted filmmaking.</p>
        </div>
        <div className="flex items-center gap-6">
          <ul aria-label="Cinegraph elsewhere" className="flex items-center gap-2">
            {SOCIAL_LINKS.map((link) => {
              const Icon = ICONS[link.network];
              return (
                <li key={link.network}>
                  <a
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Cinegraph on ${link.label}`}
                    className="inline-flex size-10 items-center justify-center rounded-lg text-neutral-400 ring-1 ring-white/10 transition-colors hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
                  >
                    <Icon className="size-5" />
                  </a>
                </li>
              );
            })}
          </ul>
          <p className="text-sm text-neutral-500">© 2025 Cinegraph</p>
        </div>
      </div>
    </footer>
  );
}
