// Runs first (index.html loads it before main.js, and it imports nothing
// statically, so it does not wait for the module graph): a Diplomacy game
// seen before in this tab has its map drawing preloaded at once, beside the
// game's view (which index.html preloads) and the modules; map.js's fetch
// of it then takes the preloaded answer. A Here I Stand game seen before
// has its page's modules loaded at once (docs/perf.md).
try {
  const m = location.pathname.match(/^\/games\/(\d+)/);
  const variant = m && sessionStorage.getItem('concordat:dip-variant:' + m[1]);
  if (variant) {
    const l = document.createElement('link');
    l.rel = 'preload';
    l.as = 'fetch';
    l.crossOrigin = 'anonymous';
    l.href = new URL('../maps/' + encodeURIComponent(variant) + '.json', import.meta.url).href;
    document.head.append(l);
  }
  // A Here I Stand game seen before: its page's modules (loaded only for such games) start now,
  // and with them the board drawing (his/page.js fetches it at once for a game seen before).
  if (m && sessionStorage.getItem('concordat:his-game:' + m[1])) import('./his/page.js').catch(() => {});
} catch { /* no session storage: the drawing loads after the game */ }
