import type { Film } from './logic/filmPlayer';

/**
 * The theatre's films and the residency's links: configuration of the marketing pages. The films ship
 * with the app (apps/web/public/media/theatre, made with ffmpeg: see its README); the links can be set at
 * build time with VITE_RESIDENCY_REGISTER_URL and VITE_DISCORD_URL.
 */
export const THEATRE_FILMS: readonly Film[] = [
  {
    id: 'lighthouse-keeper',
    title: 'The Lighthouse Keeper',
    director: '@mara.frames',
    duration: '0:06',
    year: 2025,
    thumbnail: '/media/theatre/lighthouse-keeper.jpg',
    videoLink: '/media/theatre/lighthouse-keeper.webm',
  },
  {
    id: 'neon-rain',
    title: 'Neon Rain',
    director: '@kaito.wav',
    duration: '0:06',
    year: 2025,
    thumbnail: '/media/theatre/neon-rain.jpg',
    videoLink: '/media/theatre/neon-rain.webm',
  },
  {
    id: 'tidal-memory',
    title: 'Tidal Memory',
    director: '@ines.nodes',
    duration: '0:06',
    year: 2025,
    thumbnail: '/media/theatre/tidal-memory.jpg',
    videoLink: '/media/theatre/tidal-memory.webm',
  },
];

const env = import.meta.env as Record<string, string | undefined>;

export const RESIDENCY_LINKS = {
  register:
    env.VITE_RESIDENCY_REGISTER_URL || 'mailto:residency@cinegraph.local?subject=Summer%20Residency%202025',
  discord: env.VITE_DISCORD_URL || 'https://discord.com/',
} as const;

/** The summer residency's facts (spec: business constants). */
export const RESIDENCY = {
  start: '15 June 2025',
  end: '15 August 2025',
  announcement: '30 August 2025',
  prizes: [
    { name: 'Storytelling', amount: '100 €', about: 'The film whose story stays with you.' },
    { name: 'Aesthetics', amount: '100 €', about: 'The most striking look, light and design.' },
    { name: 'Frontier', amount: '100 €', about: 'The boldest use of generative tools.' },
  ],
  maxSubmissions: 3,
  gpuMonths: 2,
  jurySize: 4,
} as const;
