import type { MailMessage } from './mailer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sign-in email: the link, valid for 15 minutes and for one use (see the security model). */
export function magicLinkMessage(to: string, link: string): MailMessage {
  const text = [
    'Sign in to Cinegraph with this link:',
    '',
    link,
    '',
    'The link expires in 15 minutes and can be used once.',
    'If you did not ask to sign in, ignore this email; nobody can sign in without the link.',
  ].join('\n');
  const href = escapeHtml(link);
  const html = [
    '<p>Sign in to Cinegraph with this link:</p>',
    `<p><a href="${href}">Sign in to Cinegraph</a></p>`,
    `<p>Or paste this address into your browser:<br>${href}</p>`,
    '<p>The link expires in 15 minutes and can be used once.</p>',
    '<p>If you did not ask to sign in, ignore this email; nobody can sign in without the link.</p>',
  ].join('\n');
  return { to, subject: 'Your Cinegraph sign-in link', text, html };
}
