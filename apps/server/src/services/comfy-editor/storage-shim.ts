/**
 * The script the proxy puts first into the worker's editor page. The page runs sandboxed with an opaque
 * origin (editor-proxy.ts), where reading `localStorage` or `sessionStorage` throws, and ComfyUI's
 * frontends read them while their modules load (the legacy `api.js` in its constructor): without storage
 * they never start. Each missing store is replaced by one in memory that also answers property access
 * (`localStorage['Comfy.Settings.x']`, as the legacy frontend uses it). Nothing persists: the studio hands
 * the workflow in, and ComfyUI keeps its settings on its server.
 */
export const STORAGE_SHIM = `(function () {
  function memoryStorage() {
    var data = new Map();
    var api = {
      getItem: function (k) { k = String(k); return data.has(k) ? data.get(k) : null; },
      setItem: function (k, v) { data.set(String(k), String(v)); },
      removeItem: function (k) { data.delete(String(k)); },
      clear: function () { data.clear(); },
      key: function (i) { var keys = Array.from(data.keys()); return i < keys.length ? keys[i] : null; }
    };
    return new Proxy(api, {
      get: function (t, k) {
        if (k === 'length') return data.size;
        if (k in t) return t[k];
        return typeof k === 'string' && data.has(k) ? data.get(k) : undefined;
      },
      set: function (t, k, v) { data.set(String(k), String(v)); return true; },
      deleteProperty: function (t, k) { data.delete(String(k)); return true; },
      has: function (t, k) { return k in t || data.has(k); },
      ownKeys: function () { return Array.from(data.keys()); },
      getOwnPropertyDescriptor: function (t, k) {
        return data.has(k) ? { value: data.get(k), enumerable: true, configurable: true, writable: true } : undefined;
      }
    });
  }
  ['localStorage', 'sessionStorage'].forEach(function (name) {
    try { if (window[name]) return; } catch (e) { /* denied: replaced below */ }
    Object.defineProperty(window, name, { value: memoryStorage(), configurable: true });
  });
})();`;

/** The page with the shim as its first script (right after `<head>`, else at the very start). */
export function withStorageShim(html: string): string {
  const tag = `<script>${STORAGE_SHIM}</script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return tag + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + tag + html.slice(at);
}
