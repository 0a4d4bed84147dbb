// Runs first (index.html loads it before main.js, and it imports nothing,
// so it does not wait for the module graph): a Diplomacy game seen before
// in this tab has its map drawing preloaded at once, beside the game's view
// (which index.html preloads) and the modules; map.js's fetch of it then
// takes the preloaded answer (docs/perf.md).
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
} catch { /* no session storage: the drawing loads after the game */ }
