// Client-side routing over the History API: links within the site change
// the page without reloading it; the server answers every route with
// index.html, so a route's URL may be reloaded or shared.

const listeners = new Set();

/** Calls fn on every change of location; returns the unsubscriber. */
export function onRoute(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function changed() {
  for (const fn of listeners) fn(location.pathname);
}

/** Goes to a path of the site (replace: without a new history entry). */
export function navigate(to, replace) {
  if (to === location.pathname + location.search + location.hash) return;
  history[replace ? 'replaceState' : 'pushState'](null, '', to);
  changed();
}

window.addEventListener('popstate', changed);

// Same-origin links are routed here; modified clicks, downloads, targets and
// links to the API keep the browser's behaviour.
document.addEventListener('click', (e) => {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = e.target.closest && e.target.closest('a[href]');
  if (!a || a.target || a.hasAttribute('download') || a.origin !== location.origin) return;
  if (a.pathname.startsWith('/api/') || a.pathname.startsWith('/static/')) return;
  e.preventDefault();
  navigate(a.pathname + a.search + a.hash);
});

/**
 * Matches path against patterns such as "/games/:id/:tab?"; returns the
 * first route that matches with its parameters, or null.
 */
export function match(routes, path) {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  for (const route of routes) {
    const pat = route.path.split('/').filter(Boolean);
    const params = {};
    let ok = true;
    let i = 0;
    for (; i < pat.length; i++) {
      const p = pat[i];
      const optional = p.endsWith('?');
      const name = p.replace(/^:|\?$/g, '');
      if (p.startsWith(':')) {
        if (i >= parts.length) {
          if (optional) continue;
          ok = false;
          break;
        }
        params[name] = parts[i];
      } else if (parts[i] !== p) {
        ok = false;
        break;
      }
    }
    if (ok && parts.length <= pat.length) return { route, params };
  }
  return null;
}

/** The query parameters of the current location. */
export const query = () => new URLSearchParams(location.search);
