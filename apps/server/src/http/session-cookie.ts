/** The cookie that carries a signed-in browser's session (here apart: the front door reads it too). */
export const SESSION_COOKIE = 'cinegraph_session';
