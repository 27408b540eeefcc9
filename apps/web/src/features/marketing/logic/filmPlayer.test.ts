import { describe, expect, it } from 'vitest';
import { filmSource, videoIdOf, type Film } from './filmPlayer';

const film = (fields: Partial<Film>): Film => ({
  id: 'f',
  title: 'T',
  director: '@d',
  duration: '0:06',
  year: 2025,
  thumbnail: '/t.jpg',
  ...fields,
});

describe('the theatre player', () => {
  it('takes the 11-character id from the usual link shapes', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(videoIdOf(link), link).toBe('dQw4w9WgXcQ');
    }
  });

  it('refuses an id that is not exactly 11 characters, and other hosts', () => {
    expect(videoIdOf('https://youtu.be/dQw4w9WgXc')).toBeNull();
    expect(videoIdOf('https://youtu.be/dQw4w9WgXcQQ')).toBeNull();
    expect(videoIdOf('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoIdOf('not a link')).toBeNull();
  });

  it('embeds with autoplay, plays a file of the site, or shows an external page', () => {
    expect(filmSource(film({ videoLink: 'https://youtu.be/dQw4w9WgXcQ' }))).toEqual({
      kind: 'embed',
      url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    });
    expect(filmSource(film({ videoLink: '/media/theatre/neon-rain.webm' }))).toEqual({
      kind: 'file',
      url: '/media/theatre/neon-rain.webm',
    });
    expect(filmSource(film({ iframeUrl: 'https://player.example.com/42' }))).toEqual({
      kind: 'page',
      url: 'https://player.example.com/42',
    });
    expect(filmSource(film({ videoLink: 'https://youtu.be/short' }))).toEqual({ kind: 'none' });
    expect(filmSource(film({ iframeUrl: 'javascript:alert(1)' }))).toEqual({ kind: 'none' });
  });
});
