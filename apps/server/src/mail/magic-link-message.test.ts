import { describe, expect, it } from 'vitest';
import { magicLinkMessage } from './magic-link-message';

describe('magicLinkMessage', () => {
  const link = 'https://cinegraph.example/verify?token=abc&next="/movies"<script>';

  it('addresses the sign-in link to the user and says it expires in 15 minutes and works once', () => {
    const message = magicLinkMessage('ada@example.com', link);
    expect(message.to).toBe('ada@example.com');
    expect(message.subject).toBe('Your Cinegraph sign-in link');
    expect(message.text).toContain(link);
    for (const body of [message.text, message.html ?? '']) {
      expect(body).toContain('expires in 15 minutes');
      expect(body).toContain('can be used once');
    }
  });

  it('escapes the link in the HTML body', () => {
    const html = magicLinkMessage('ada@example.com', link).html ?? '';
    expect(html).toContain(
      'href="https://cinegraph.example/verify?token=abc&#38;next=&#34;/movies&#34;&#60;script&#62;"',
    );
    expect(html).not.toContain('<script>');
  });
});
